# The sample's time limit (8s) reached inside the swarm (an explicit time cap of 60s is above it); each member calls once at its start, since the time before the swarm starts varies.
model "default" {
  provider = "mockllm"
  outputs  = [for i in range(20) : { content = "ok", usage = { input_tokens = 10, output_tokens = 2 } }]
}

task "parity" {
  dataset {
    file = "../../samples.jsonl"
  }
  scorer "match" {}
  limits {
    time = "8s"
  }
}

swarm "team" {
  member "scripted" {
    name = "a"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "20000ms" },
        { action = "submit", answer = "7" },
      ]
    }
  }
  member "scripted" {
    name = "b"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "20000ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  budget {
    time = "60s"
  }
  controller "leaderless" {}
}

eval "sample_time_limit" {
  task  = task.parity
  swarm = swarm.team
}

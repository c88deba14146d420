# Repeated default member names: two scripted members are numbered across the roster.
model "default" {
  provider = "mockllm"
  outputs  = [for i in range(20) : { content = "ok", usage = { input_tokens = 10, output_tokens = 2 } }]
}

task "parity" {
  dataset {
    file = "../../samples.jsonl"
  }
  scorer "match" {}
}

swarm "team" {
  member "scripted" {
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "300ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  member "scripted" {
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "1000ms" },
        { action = "submit", answer = "7" },
      ]
    }
  }
  controller "leaderless" {}
}

eval "repeated_default_names" {
  task  = task.parity
  swarm = swarm.team
}

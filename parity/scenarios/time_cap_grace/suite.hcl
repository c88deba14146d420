# A time cap derived from the sample's 20s time limit with reserve 0.8 (4s), grace 0.5s: the sleeping members are stopped and cancelled.
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
    time = "20s"
  }
}

swarm "team" {
  member "scripted" {
    name = "a"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "10000ms" },
        { action = "generate" },
        { action = "submit", answer = "7" },
      ]
    }
  }
  member "scripted" {
    name = "b"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "10000ms" },
        { action = "generate" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  budget {
    grace = "0.5s"
    reserve = 0.8
  }
  controller "leaderless" {}
}

eval "time_cap_grace" {
  task  = task.parity
  swarm = swarm.team
}

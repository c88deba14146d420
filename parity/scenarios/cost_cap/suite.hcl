# A cost cap on a priced model: 0.02 dollars a call, cap 0.05; the swarm ends swarm_cap.
model "default" {
  provider = "mockllm"
  name     = "priced"
  outputs  = [for i in range(20) : { content = "ok", usage = { input_tokens = 10, output_tokens = 2 } }]
  price {
    input  = 1000
    output = 5000
  }
}

task "parity" {
  dataset {
    file = "../../samples.jsonl"
  }
  scorer "match" {}
}

swarm "team" {
  member "scripted" {
    name = "a"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "generate" },
        { action = "generate" },
        { action = "sleep", duration = "200ms" },
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
        { action = "sleep", duration = "500ms" },
        { action = "generate" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  budget {
    cost = 0.05
  }
  controller "leaderless" {}
}

eval "cost_cap" {
  task  = task.parity
  swarm = swarm.team
}

# The sample's message limit (5) reached inside the swarm by one member while the other still runs.
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
    messages = 5
  }
}

swarm "team" {
  member "scripted" {
    name = "a"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "200ms" },
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
        { action = "sleep", duration = "1500ms" },
        { action = "generate" },
        { action = "sleep", duration = "1000ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  budget {
    tokens = 1000
  }
  controller "leaderless" {}
}

eval "sample_message_limit" {
  task  = task.parity
  swarm = swarm.team
}

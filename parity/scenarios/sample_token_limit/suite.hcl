# The sample's token limit (30) reached inside the swarm (an explicit token cap of 1000 is above it).
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
    tokens = 30
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

eval "sample_token_limit" {
  task  = task.parity
  swarm = swarm.team
}

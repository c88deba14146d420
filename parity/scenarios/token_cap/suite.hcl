# A pooled token cap: once the swarm's calls reach it, every member whose next call meets it ends swarm_cap.
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
    tokens = 30
  }
  controller "leaderless" {}
}

eval "token_cap" {
  task  = task.parity
  swarm = swarm.team
}

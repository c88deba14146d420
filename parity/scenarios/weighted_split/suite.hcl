# Weighted split [3, 1] of a token cap: the light member ends at its share of 12 tokens, the heavy one answers.
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
    name = "heavy"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "generate" },
        { action = "sleep", duration = "800ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  member "scripted" {
    name = "light"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "generate" },
        { action = "generate" },
        { action = "submit", answer = "7" },
      ]
    }
  }
  budget {
    tokens = 48
    split = [3, 1]
  }
  controller "leaderless" {}
}

eval "weighted_split" {
  task  = task.parity
  swarm = swarm.team
}

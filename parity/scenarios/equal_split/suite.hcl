# Equal split of a token cap: each member gets half; the busy one ends at its share, the other answers.
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
    name = "busy"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "generate" },
        { action = "generate" },
        { action = "generate" },
        { action = "submit", answer = "7" },
      ]
    }
  }
  member "scripted" {
    name = "calm"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "800ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  budget {
    tokens = 48
    split = "equal"
  }
  controller "leaderless" {}
}

eval "equal_split" {
  task  = task.parity
  swarm = swarm.team
}

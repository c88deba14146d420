# First submission wins: fast submits first, slow is stopped at its next call.
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
    name = "fast"
    config {
      steps = [
        { action = "generate", prompt = "Answer quickly." },
        { action = "sleep", duration = "500ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  member "scripted" {
    name = "slow"
    config {
      steps = [
        { action = "generate", prompt = "Think." },
        { action = "sleep", duration = "2000ms" },
        { action = "generate", prompt = "Now answer." },
        { action = "submit", answer = "7" },
      ]
    }
  }
  controller "leaderless" {}
}

eval "first_submission" {
  task  = task.parity
  swarm = swarm.team
}

# No submission: both members reach their turn limit, so the swarm has no answer.
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
    limits {
      turns = 1
    }
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "200ms" },
        { action = "generate" },
        { action = "submit", answer = "7" },
      ]
    }
  }
  member "scripted" {
    name = "b"
    limits {
      turns = 1
    }
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "500ms" },
        { action = "generate" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  controller "leaderless" {}
}

eval "no_submission" {
  task  = task.parity
  swarm = swarm.team
}

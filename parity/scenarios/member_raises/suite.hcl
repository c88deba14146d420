# A member raising: the sample ends in error, the sibling is cancelled, no answer.
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
    name = "crasher"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "300ms" },
        { action = "fail", message = "boom" },
      ]
    }
  }
  member "scripted" {
    name = "steady"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "2000ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  controller "leaderless" {}
}

eval "member_raises" {
  task  = task.parity
  swarm = swarm.team
}

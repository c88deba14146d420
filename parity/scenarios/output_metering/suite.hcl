# Token limits metered their own ways: a pooled cap on output tokens
# (tokens = "output:14"), one member's output-metered limit (b) and another's
# on all tokens (c). b and c each stop at their own limit, d answers, and a's
# fourth call meets the cap.
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
        { action = "sleep", duration = "300ms" },
        { action = "generate" },
        { action = "sleep", duration = "300ms" },
        { action = "generate" },
        { action = "sleep", duration = "300ms" },
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
        { action = "generate" },
        { action = "generate" },
        { action = "submit", answer = "7" },
      ]
    }
    limits {
      tokens = "output:4"
    }
  }
  member "scripted" {
    name = "c"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "generate" },
        { action = "submit", answer = "7" },
      ]
    }
    limits {
      tokens = 12
    }
  }
  member "scripted" {
    name = "d"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "150ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  budget {
    tokens = "output:14"
  }
  controller "leaderless" {}
}

eval "output_metering" {
  task  = task.parity
  swarm = swarm.team
}

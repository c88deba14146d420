# Member token, message, turn and time limits each end their member; the last one answers.
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
    name = "tok"
    limits {
      tokens = 20
    }
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "generate" },
        { action = "generate" },
        { action = "submit", answer = "7" },
      ]
    }
  }
  member "scripted" {
    name = "msg"
    limits {
      messages = 3
    }
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "generate", prompt = "More." },
        { action = "generate", prompt = "More." },
        { action = "submit", answer = "7" },
      ]
    }
  }
  member "scripted" {
    name = "turn"
    limits {
      turns = 2
    }
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "generate" },
        { action = "generate" },
        { action = "submit", answer = "7" },
      ]
    }
  }
  member "scripted" {
    name = "slowpoke"
    limits {
      time = "1s"
    }
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "3000ms" },
        { action = "submit", answer = "7" },
      ]
    }
  }
  member "scripted" {
    name = "steady"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "1800ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  controller "leaderless" {}
}

eval "member_limits" {
  task  = task.parity
  swarm = swarm.team
}

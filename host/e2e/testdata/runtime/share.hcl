# A split budget: 300 tokens split [2, 1, 0] gives shares of 200, 100 and 0.
# "small" spends its share and ends "share" (the pool is not raised); "none"
# has no share at all and is refused its first call.
model "default" {
  provider = "mockllm"
}

task "t" {
  dataset {
    sample {
      id     = "s1"
      input  = "What is 6 times 7?"
      target = "42"
    }
  }
  scorer "match" {}
}

swarm "s" {
  member "scripted" {
    name = "big"
    config {
      steps = [
        { action = "sleep", duration = "300ms" },
        { action = "generate", prompt = "sure?" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  member "scripted" {
    name = "small"
    config {
      steps = [
        { action = "generate", prompt = "one" },
        { action = "generate", prompt = "two" },
        { action = "generate", prompt = "three" },
        { action = "generate", prompt = "four" },
        { action = "submit", answer = "talked" },
      ]
    }
  }
  member "scripted" {
    name = "none"
    config {
      steps = [{ action = "generate", prompt = "may I?" }]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
  }
  channels = []
  budget {
    tokens = 300
    split  = [2, 1, 0]
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

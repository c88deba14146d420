# Golden case: first: the earliest submission wins; the others end stopped
model "default" {
  provider = "mockllm"
  outputs  = ["thinking"]
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
    name = "slow"
    config {
      steps = [
        { action = "sleep", duration = "1500ms" },
        { action = "generate", prompt = "go" },
        { action = "submit", answer = "slow says 42" },
      ]
    }
  }
  member "scripted" {
    name = "quick"
    config {
      steps = [
        { action = "generate", prompt = "go" },
        { action = "submit", answer = "quick says 41" },
      ]
    }
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

# Golden case: last: every member runs to its end; the latest submission wins
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
    name  = "worker"
    count = 3
    config {
      steps = [
        { action = "generate", prompt = "go" },
        { action = "submit", answer = "worker {index} says 42" },
      ]
    }
  }
  member "scripted" {
    name = "late"
    config {
      steps = [
        { action = "sleep", duration = "1500ms" },
        { action = "submit", answer = "late says 42" },
      ]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
    final              = "last"
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

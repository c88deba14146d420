# Gate checks: the task's first scorer checks each candidate answer in the
# member's loop; a failed check with continue_on_fail lets the member go on.
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
  scorer "match" {
    gate = true
  }
}

swarm "s" {
  member "scripted" {
    name = "stubborn"
    config {
      steps = [{ action = "submit", answer = "41" }]
    }
  }
  member "scripted" {
    name = "learner"
    config {
      steps = [
        { action = "submit", answer = "41", continue_on_fail = true },
        { action = "sleep", duration = "100ms" },
        { action = "submit", answer = "42", continue_on_fail = true },
        { action = "submit", answer = "never reached" },
      ]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
    final              = "last"
  }
  channels = []
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

# A member that raises ends the sample in error, as in Inspect Swarm: the
# others are cancelled at once, there is no answer, no final event, the
# sample is not scored, and the member's reason is in its evidence and in
# the sample's error.
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
    name = "solver"
    config {
      steps = [{ action = "submit", answer = "42" }]
    }
  }
  member "scripted" {
    name = "buggy"
    config {
      steps = [{ action = "sleep", duration = "100ms" }, { action = "fail", message = "the tool broke" }]
    }
  }
  member "scripted" {
    name = "slow"
    config {
      steps = [{ action = "hang" }]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
  }
  channels = []
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

# The swarm time cap, derived from the task limit (1s × (1 − reserve 0.5)),
# stops the swarm itself ("swarm_time") before the sample limit: the hanging
# member is cancelled after a grace clipped to half the remaining time; the
# answer is final and no EvalSample.limit is written.
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
  limits {
    time = "1s"
  }
}

swarm "s" {
  member "scripted" {
    name = "solver"
    config {
      steps = [{ action = "submit", answer = "42" }]
    }
  }
  member "scripted" {
    name = "hanger"
    config {
      steps = [{ action = "hang" }]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
  }
  channels = []
  budget {
    reserve = 0.5
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

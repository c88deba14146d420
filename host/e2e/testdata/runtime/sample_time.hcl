# A sample time limit ends the sample: the hanging member is cancelled, the
# answer so far is the output and stays provisional, and the log's
# EvalSample.limit says so. budget.time is set above the limit, so no
# derived swarm time cap stops the swarm first.
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
    time = "1h"
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

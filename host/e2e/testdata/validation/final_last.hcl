# leaderless refuses final = "last" with stop_on_submission = true (the
# default), as Inspect Swarm does: the swarm would stop at the first
# submission, so the latest would always be the first.
model "default" {
  provider = "mockllm"
}

task "t" {
  dataset {
    sample {
      input  = "What is 6 times 7?"
      target = "42"
    }
  }
  scorer "match" {}
}

swarm "s" {
  member "scripted" {
    count = 2
  }
  controller "leaderless" {
    final = "last"
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

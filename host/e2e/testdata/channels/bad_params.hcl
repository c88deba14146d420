# Channels: out-of-range messages parameters and a route naming an unknown
# member are configuration errors, each at its value.
model "default" {
  provider = "mockllm"
}

task "t" {
  dataset {
    sample {
      input  = "hi"
      target = "x"
    }
  }
  scorer "match" {}
}

swarm "s" {
  member "scripted" {
    count = 2
  }
  channel "messages" {
    delivery   = "push"
    max_bytes  = 70000
    max_unread = 0
    rate       = "many"
    max_wait   = "2h"
    routes     = { "scripted-1" = ["scripted-3"] }
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

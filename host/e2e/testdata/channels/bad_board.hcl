# Channels: out-of-range shared_memory parameters and a bad delivery mode
# are configuration errors, each at its value.
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
    delivery = "push"
  }
  channel "shared_memory" {
    max_files       = 0
    max_file_bytes  = 1000
    max_board_bytes = 999
    rate            = [0, 60]
    max_wait        = 7200
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

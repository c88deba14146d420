# A Python scorer's schema and ValidateConfig diagnostics, with file and line.
plugin "scorer" "tolerance" {
  source = "../../../../examples/python-scorer/plugins/swarmhost-scorer-tolerance"
}

model "default" {
  provider = "mockllm"
}

task "negative" {
  dataset {
    sample {
      input  = "pi?"
      target = "3.14"
    }
  }
  scorer "tolerance" {
    rel_tol = -1
  }
}

task "unknown" {
  dataset {
    sample {
      input  = "pi?"
      target = "3.14"
    }
  }
  scorer "tolerance" {
    rel_tol  = 0.1
    relative = true
  }
}

swarm "solo" {
  member "scripted" {
    config {
      steps = [{ action = "submit", answer = "3.14" }]
    }
  }
  controller "leaderless" {}
}

eval "a" {
  task  = task.negative
  swarm = swarm.solo
}

eval "b" {
  task  = task.unknown
  swarm = swarm.solo
}

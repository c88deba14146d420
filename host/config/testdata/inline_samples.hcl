task "t" {
  dataset {
    shuffle = true
    seed    = 42
    limit   = 2
    auto_id = false
    sample {
      id       = "q1"
      input    = "What is 2 + 2?"
      target   = "4"
      metadata = { topic = "arith", level = 1 }
      files    = { "data.txt" = "1 2 3" }
      setup    = "echo ready"
    }
    sample {
      id      = 2
      input   = [{ role = "user", content = "Pick one" }]
      target  = ["A", "B"]
      choices = ["A", "B", "C"]
    }
    sample {
      input = "no id"
    }
  }
  epochs {
    count    = 3
    reducers = ["median", "at_least_2", "max", "best_at_2"]
  }
}

swarm "s" {
  member "scripted" {}
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

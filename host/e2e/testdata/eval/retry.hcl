# Errored samples: sample "broken"'s setup always fails, sample "ok" passes.
# Eval "some" runs both; eval "all" only the broken one.
model "default" {
  provider = "mockllm"
  outputs  = ["thinking"]
}

task "some" {
  dataset {
    sample {
      id     = "ok"
      input  = "What is 6 times 7?"
      target = "42"
    }
    sample {
      id     = "broken"
      input  = "What is 6 times 7?"
      target = "42"
      setup  = "exit 3"
    }
  }
  scorer "match" {}
  sandbox "local" {}
}

task "all" {
  dataset {
    sample {
      id     = "broken"
      input  = "What is 6 times 7?"
      target = "42"
      setup  = "exit 3"
    }
  }
  scorer "match" {}
  sandbox "local" {}
}

swarm "s" {
  member "scripted" {
    config {
      steps = [{ action = "submit", answer = "42" }]
    }
  }
  channels = []
}

eval "some" {
  task  = task.some
  swarm = swarm.s
}

eval "all" {
  task  = task.all
  swarm = swarm.s
}

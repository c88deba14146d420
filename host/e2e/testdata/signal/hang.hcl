# A swarm whose member ignores the soft stop: Ctrl-C must still end the run
# (grace, then hard cancel), finish the log as cancelled, and kill every plugin.
model "default" {
  provider = "mockllm"
}

task "t" {
  dataset {
    sample {
      id     = "s1"
      input  = "wait"
      target = "x"
    }
  }
  scorer "match" {}
}

swarm "s" {
  member "scripted" {
    name = "stubborn"
    config {
      steps = [{ action = "generate", prompt = "hi" }, { action = "hang" }]
    }
  }
  budget {
    grace = "1s"
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

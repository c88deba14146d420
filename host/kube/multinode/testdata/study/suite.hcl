# The study of the multi-node tests (host/kube/multinode): twelve samples × two epochs, four of
# the twelve answered wrong, reduced two ways. Each sample takes three seconds (the member sleeps)
# and every process runs one sample at a time (the model's max_connections), so that a shard of
# six is still running when its pod is deleted or its node stopped.
model "default" {
  provider        = "mockllm"
  outputs         = ["thinking"]
  max_connections = 1
}

task "t" {
  dataset {
    sample {
      id     = 1
      input  = "What is 6 times 7?"
      target = "42"
    }
    sample {
      id     = 2
      input  = "What is 40 plus 2?"
      target = "42"
    }
    sample {
      id     = 3
      input  = "What is 2 plus 2?"
      target = "4"
    }
    sample {
      id     = 4
      input  = "What is 84 halved?"
      target = "42"
    }
    sample {
      id     = 5
      input  = "What is 7 times 7?"
      target = "49"
    }
    sample {
      id     = 6
      input  = "What is 43 minus 1?"
      target = "42"
    }
    sample {
      id     = 7
      input  = "What is 21 doubled?"
      target = "42"
    }
    sample {
      id     = 8
      input  = "What is 50 minus 8?"
      target = "42"
    }
    sample {
      id     = 9
      input  = "What is 3 times 3?"
      target = "9"
    }
    sample {
      id     = 10
      input  = "What is 14 times 3?"
      target = "42"
    }
    sample {
      id     = 11
      input  = "What is 100 minus 1?"
      target = "99"
    }
    sample {
      id     = 12
      input  = "What is 6 plus 36?"
      target = "42"
    }
  }
  scorer "match" {
    location = "exact"
  }
  epochs {
    count    = 2
    reducers = ["mean", "max"]
  }
}

swarm "s" {
  member "scripted" {
    name = "worker"
    config {
      steps = [
        { action = "generate", prompt = "go" },
        { action = "sleep", duration = "3s" },
        { action = "submit", answer = "42" },
      ]
    }
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

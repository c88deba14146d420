# A sharded run (host/e2e/shard_e2e_test.go, host/sandbox/kubernetes job test): six samples, two of
# which the swarm gets wrong, under two epochs with two reducers, a gate and two scorers, so that the
# merged log of the shards has real results to recompute.
model "default" {
  provider = "mockllm"
  outputs  = ["thinking"]
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
  }
  sandbox "local" {}
  scorer "match" {
    gate     = true
    location = "exact"
  }
  scorer "exec" {
    command = ["sh", "-c", "test -f answer.txt"]
  }
  epochs {
    count    = 2
    reducers = ["mean", "max"]
  }
}

swarm "s" {
  member "scripted" {
    name = "checker"
    config {
      steps = [
        { action = "generate", prompt = "go" },
        { action = "submit", answer = "41", continue_on_fail = true },
        { action = "write_file", path = "answer.txt", content = "42" },
        { action = "submit", answer = "42" },
      ]
    }
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

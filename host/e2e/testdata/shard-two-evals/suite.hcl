# Two evals of one task, for merging the shard logs of a whole suite at once
# (host/e2e/shard_e2e_test.go).
model "default" {
  provider = "mockllm"
  outputs  = ["thinking"]
}

task "t" {
  dataset {
    sample {
      id     = "a"
      input  = "What is 6 times 7?"
      target = "42"
    }
    sample {
      id     = "b"
      input  = "What is 2 plus 2?"
      target = "4"
    }
    sample {
      id     = "c"
      input  = "What is 40 plus 2?"
      target = "42"
    }
  }
  scorer "match" {}
}

swarm "s" {
  member "scripted" {
    name = "m"
    config {
      steps = [{ action = "submit", answer = "42" }]
    }
  }
}

eval "first" {
  task  = task.t
  swarm = swarm.s
}

eval "second" {
  task  = task.t
  swarm = swarm.s
}

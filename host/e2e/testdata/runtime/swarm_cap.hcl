# Concurrent members under a pooled token cap: the first member whose call
# takes the pool over the cap ends "swarm_cap" and stops the swarm; calls in
# flight are recorded, so the ledger shows the overshoot.
model "default" {
  provider = "mockllm"
}

task "t" {
  dataset {
    sample {
      id     = "s1"
      input  = "What is 6 times 7?"
      target = "42"
    }
  }
  scorer "match" {}
}

swarm "s" {
  member "scripted" {
    name  = "worker"
    count = 4
    config {
      steps = [
        { action = "generate", prompt = "one" },
        { action = "generate", prompt = "two" },
        { action = "generate", prompt = "three" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
  }
  channels = []
  budget {
    tokens = 100
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

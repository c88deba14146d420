# vote with stop_on_majority: three of four agree (a strict majority of the
# roster), so the swarm stops and the slow member ends stopped.
model "default" {
  provider = "mockllm"
  outputs  = ["thinking"]
}

task "t" {
  dataset {
    sample {
      id     = "s1"
      input  = "What is the capital of France?"
      target = "Paris"
    }
  }
  scorer "match" {}
}

swarm "s" {
  member "scripted" {
    name = "a"
    config {
      steps = [{ action = "submit", answer = "Paris" }]
    }
  }
  member "scripted" {
    name = "b"
    config {
      steps = [
        { action = "sleep", duration = "200ms" },
        { action = "submit", answer = "paris " },
      ]
    }
  }
  member "scripted" {
    name = "c"
    config {
      steps = [
        { action = "sleep", duration = "400ms" },
        { action = "submit", answer = "PARIS" },
      ]
    }
  }
  # The slow member's model call comes long after the majority: refused.
  member "scripted" {
    name = "slow"
    config {
      steps = [
        { action = "sleep", duration = "3s" },
        { action = "generate", prompt = "go" },
        { action = "submit", answer = "Lyon" },
      ]
    }
  }
  controller "vote" {
    stop_on_majority = true
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

# escalate: the first member errors without submitting, so the others start.
model "default" {
  provider = "mockllm"
  outputs  = ["thinking"]
}

task "t" {
  dataset {
    sample {
      id     = "s1"
      input  = "What is 6 times 7?"
      target = "42"
    }
  }
  scorer "match" {
    gate = true
  }
}

swarm "s" {
  # a member that errors ends only itself, not the sample
  contain_member_errors = true
  member "scripted" {
    name = "cheap"
    config {
      steps = [
        { action = "generate", prompt = "go" },
        { action = "fail" },
      ]
    }
  }
  member "scripted" {
    name = "expert"
    config {
      steps = [
        { action = "generate", prompt = "go" },
        { action = "submit", answer = "The answer is 42" },
      ]
    }
  }
  controller "escalate" {
    first = "cheap"
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

# Golden case: no submission: every member gives up (unsubmitted); empty
# output, no_submissions
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
  scorer "match" {}
}

swarm "s" {
  member "scripted" {
    count = 2
    config {
      steps = [
        { action = "generate", prompt = "go" },
        { action = "give_up", message = "cannot do it" },
      ]
    }
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

# The non-submission endings of Inspect Swarm 0.1.0, through the real
# plugins: a member that gives up (react's way: an output that stopped for
# model_length or content_filter) ends "unsubmitted"; one that stops itself
# (agent.StopSelf) ends "member_limit:custom"; neither is ever the answer,
# and the others go on.
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
    name = "giver"
    config {
      steps = [{ action = "give_up", message = "42" }]
    }
  }
  member "scripted" {
    name = "filtered"
    config {
      steps = [{ action = "give_up", stop_reason = "content_filter", message = "42" }]
    }
  }
  member "scripted" {
    name = "quitter"
    config {
      steps = [{ action = "stop_self", message = "enough" }, { action = "submit", answer = "never" }]
    }
  }
  member "scripted" {
    name = "solver"
    config {
      steps = [{ action = "sleep", duration = "200ms" }, { action = "submit", answer = "42" }]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
  }
  channels = []
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

# The scripted agent's `crash` step kills its plugin process mid-sample: that
# member ends errored, the swarm goes on, and the next sample runs on a
# relaunched process.
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
    sample {
      id     = "s2"
      input  = "And 40 plus 2?"
      target = "42"
    }
  }
  scorer "match" {}
}

swarm "s" {
  # a member that errors ends only itself, not the sample
  contain_member_errors = true
  member "scripted" {
    name = "solver"
    config {
      steps = [{ action = "submit", answer = "42" }]
    }
  }
  member "scripted" {
    name = "crasher"
    config {
      steps = [
        { action = "sleep", duration = "500ms" },
        { action = "generate", prompt = "about to crash" },
        { action = "crash" },
      ]
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

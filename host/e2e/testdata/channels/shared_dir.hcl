# Channels: with per-member sandboxes the filesystem channel's shared
# directory is linked into each member's sandbox at .swarm/, so a note one
# member appends is read by another from its own sandbox.
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
  sandbox "local" {
    per_member = true
  }
}

swarm "s" {
  member "scripted" {
    name  = "writer"
    tools = ["exec"]
    config {
      steps = [
        { action = "exec", command = ["sh", "-c", "echo 'writer: the answer is 42' >> .swarm/notes.md && touch .swarm/scratch/writer/done"] },
        { action = "submit", answer = "42" },
      ]
    }
  }
  member "scripted" {
    name  = "reader"
    tools = ["exec"]
    config {
      steps = [
        { action = "exec", command = ["sh", "-c", "while [ ! -f .swarm/scratch/writer/done ]; do sleep 0.02; done; cat .swarm/notes.md"] },
        { action = "submit", answer = "42" },
      ]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

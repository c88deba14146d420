# The filesystem channel's parameters as Inspect Swarm checks them: with
# per-member sandboxes the shared directory is a shared volume (no scratch).
model "default" {
  provider = "mockllm"
}

task "t" {
  dataset {
    sample {
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
    count = 2
  }
  channel "filesystem" {
    scratch = "mine/{member}"
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

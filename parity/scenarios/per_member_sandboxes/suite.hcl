# Per-member sandboxes: each member works in its own sandbox, named after it
# (no channels: the filesystem channel describes a shared sandbox).
model "default" {
  provider = "mockllm"
  outputs  = [for i in range(20) : { content = "ok", usage = { input_tokens = 10, output_tokens = 2 } }]
}

task "parity" {
  dataset {
    file = "../../samples.jsonl"
  }
  scorer "match" {}
  sandbox "local" {
    per_member = true
  }
}

swarm "team" {
  member "scripted" {
    name = "a"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "300ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  member "scripted" {
    name = "b"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "1000ms" },
        { action = "submit", answer = "7" },
      ]
    }
  }
  channels = []
  controller "leaderless" {}
}

eval "per_member_sandboxes" {
  task  = task.parity
  swarm = swarm.team
}

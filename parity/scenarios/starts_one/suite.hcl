# A controller that starts only the first member: the others never start, so they
# have no member_result evidence.
model "default" {
  provider = "mockllm"
  outputs  = [for i in range(20) : { content = "ok", usage = { input_tokens = 10, output_tokens = 2 } }]
}

task "parity" {
  dataset {
    file = "../../samples.jsonl"
  }
  scorer "match" {}
}

swarm "team" {
  member "scripted" {
    name = "a"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "200ms" },
        { action = "submit", answer = "7" },
      ]
    }
  }
  member "scripted" {
    name = "b"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "600ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  member "scripted" {
    name = "c"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "1000ms" },
        { action = "submit", answer = "9" },
      ]
    }
  }
  controller "first-only" {}
}

eval "starts_one" {
  task  = task.parity
  swarm = swarm.team
}

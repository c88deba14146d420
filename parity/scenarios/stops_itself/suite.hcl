# An agent stopping itself: member_limit:custom, the sibling goes on and answers.
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
    name = "quitter"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "200ms" },
        { action = "stop_self", message = "nothing to add" },
      ]
    }
  }
  member "scripted" {
    name = "steady"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "800ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  controller "leaderless" {}
}

eval "stops_itself" {
  task  = task.parity
  swarm = swarm.team
}

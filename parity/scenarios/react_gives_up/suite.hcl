# react giving up: its model's output stops for model_length, so react returns
# without an answer (unsubmitted); the scripted member answers.
model "default" {
  provider = "mockllm"
  outputs  = [for i in range(20) : { content = "ok", usage = { input_tokens = 10, output_tokens = 2 } }]
}

model "long" {
  provider = "mockllm"
  name     = "long"
  outputs  = [for i in range(20) : { content = "too long", stop_reason = "model_length", usage = { input_tokens = 10, output_tokens = 2 } }]
}

task "parity" {
  dataset {
    file = "../../samples.jsonl"
  }
  scorer "match" {}
}

swarm "team" {
  member "react" {
    name  = "reactor"
    model = model.long
    tools = []
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

eval "react_gives_up" {
  task  = task.parity
  swarm = swarm.team
}

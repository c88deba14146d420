# A swarm of one with no channels: the only member answers.
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
    name = "solo"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "submit", answer = "42" },
      ]
    }
  }
  channels = []
  controller "leaderless" {}
}

eval "swarm_of_one" {
  task  = task.parity
  swarm = swarm.team
}

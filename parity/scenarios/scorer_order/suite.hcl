# Several scorers, one repeated: the sample's scores in the task's scorer order
# (match, includes, match1) and the repeated scorer named match1 in the results.
model "default" {
  provider = "mockllm"
  outputs  = [for i in range(20) : { content = "ok", usage = { input_tokens = 10, output_tokens = 2 } }]
}

task "parity" {
  dataset {
    file = "../../samples.jsonl"
  }
  scorer "match" {}
  scorer "includes" {}
  scorer "match" {}
}

swarm "team" {
  member "scripted" {
    name = "fast"
    config {
      steps = [
        { action = "generate", prompt = "Answer quickly." },
        { action = "sleep", duration = "500ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  member "scripted" {
    name = "slow"
    config {
      steps = [
        { action = "generate", prompt = "Think." },
        { action = "sleep", duration = "2000ms" },
        { action = "generate", prompt = "Now answer." },
        { action = "submit", answer = "7" },
      ]
    }
  }
  controller "leaderless" {}
}

eval "scorer_order" {
  task  = task.parity
  swarm = swarm.team
}

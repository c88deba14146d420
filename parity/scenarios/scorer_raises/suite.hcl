# A scorer that raises, after one that scores and before another: the sample
# ends in error with the first scorer's score only, and the eval fails, as
# Inspect does. The raising scorer is the same Python code on both sides
# (parity/lib/parity_scorers.py), here through the Inspect bridge.
model "default" {
  provider = "mockllm"
  outputs  = [for i in range(20) : { content = "ok", usage = { input_tokens = 10, output_tokens = 2 } }]
}

task "parity" {
  dataset {
    file = "../../samples.jsonl"
  }
  scorer "match" {}
  scorer "parity" {
    name = "parity_scorers:raises"
  }
  scorer "includes" {}
}

swarm "team" {
  member "scripted" {
    name = "a"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "submit", answer = "42" },
      ]
    }
  }
  controller "leaderless" {}
}

eval "scorer_raises" {
  task  = task.parity
  swarm = swarm.team
}

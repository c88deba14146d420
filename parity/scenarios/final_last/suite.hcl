# stop_on_submission false with final last: every member runs to its end, the latest submission is the answer.
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
    name = "early"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "300ms" },
        { action = "submit", answer = "7" },
      ]
    }
  }
  member "scripted" {
    name = "late"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "1000ms" },
        { action = "generate" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
    final              = "last"
  }
}

eval "final_last" {
  task  = task.parity
  swarm = swarm.team
}

# A member giving up with an output stopped for content_filter ends
# unsubmitted and is never the answer; the other member answers.
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
        { action = "give_up", stop_reason = "content_filter", message = "I cannot" },
      ]
    }
  }
  member "scripted" {
    name = "steady"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "600ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
  }
}

eval "gives_up_filtered" {
  task  = task.parity
  swarm = swarm.team
}

# A member stopped at its next model call still gets its notice first: a writes
# a file and submits, which stops the swarm; b's next model call is refused
# (stopped), but its notice is given first (notified evidence, metrics).
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
        { action = "create", path = "/shared_memory/answer.md", content = "42" },
        { action = "sleep", duration = "200ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  member "scripted" {
    name = "b"
    config {
      steps = [
        { action = "sleep", duration = "2000ms" },
        { action = "generate", prompt = "Go." },
        { action = "submit", answer = "7" },
      ]
    }
  }
  controller "leaderless" {}
  channels = ["shared_memory"]
}

eval "notice_then_stopped" {
  task  = task.parity
  swarm = swarm.team
}

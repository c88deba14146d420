# Notices stay in the member's conversation: b is told of a's first file at its
# first model call and of the second at its next, whose request sends the first
# notice again; the notices count toward b's message limit (7), so its third
# call is refused (member_limit:message). Requests compared (compare-requests).
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
        { action = "create", path = "/shared_memory/one.md", content = "one" },
        { action = "sleep", duration = "500ms" },
        { action = "create", path = "/shared_memory/two.md", content = "two" },
        { action = "sleep", duration = "1500ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  member "scripted" {
    name = "b"
    limits {
      messages = 7
    }
    config {
      steps = [
        { action = "sleep", duration = "200ms" },
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "600ms" },
        { action = "generate" },
        { action = "generate" },
        { action = "submit", answer = "7" },
      ]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
  }
  channels = ["shared_memory"]
}

eval "notice_in_conversation" {
  task  = task.parity
  swarm = swarm.team
}

# A notice then a view: b is told at its model call that a wrote files (ids and writer, no content), then views one; c polls, waits for b's file and gets no notice.
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
        { action = "create", path = "/shared_memory/doc.md", content = "the answer is 42" },
        { action = "append", path = "/shared_memory/log", content = "a wrote doc" },
        { action = "sleep", duration = "1000ms" },
        { action = "append", path = "/shared_memory/go", content = "go" },
        { action = "sleep", duration = "6000ms" },
        { action = "generate" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  member "scripted" {
    name = "b"
    config {
      steps = [
        { action = "wait", path = "/shared_memory/go" },
        { action = "generate", prompt = "Go." },
        { action = "view", path = "f-1" },
        { action = "append", path = "/shared_memory/b-done", content = "done" },
        { action = "sleep", duration = "1000ms" },
        { action = "generate" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  member "scripted" {
    name = "c"
    delivery = "poll"
    config {
      steps = [
        { action = "sleep", duration = "500ms" },
        { action = "wait", path = "/shared_memory/b-done" },
        { action = "sleep", duration = "2500ms" },
        { action = "generate", prompt = "Go." },
        { action = "view", path = "/shared_memory" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
  }
  channels = ["shared_memory"]
  channel "shared_memory" {

  }
}

eval "board_notice_view" {
  task  = task.parity
  swarm = swarm.team
}

# Concurrent edits on the board: b viewed version 1, a edits it, b's insert is refused as stale until b views again.
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
        { action = "create", path = "/shared_memory/doc.md", content = "one\ntwo" },
        { action = "sleep", duration = "400ms" },
        { action = "str_replace", path = "/shared_memory/doc.md", old_str = "two", new_str = "TWO" },
        { action = "sleep", duration = "3000ms" },
        { action = "generate" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  member "scripted" {
    name = "b"
    config {
      steps = [
        { action = "sleep", duration = "200ms" },
        { action = "view", path = "/shared_memory/doc.md" },
        { action = "sleep", duration = "400ms" },
        { action = "insert", path = "/shared_memory/doc.md", insert_line = 1, content = "b was here", continue_on_error = true },
        { action = "view", path = "f-1" },
        { action = "insert", path = "/shared_memory/doc.md", insert_line = 1, content = "b was here" },
        { action = "append", path = "/shared_memory/log", content = "b inserted" },
        { action = "generate" },
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

eval "board_stale_edit" {
  task  = task.parity
  swarm = swarm.team
}

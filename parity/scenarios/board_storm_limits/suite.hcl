# Every storm limit of the board: a file's bytes and lines, the board's files and bytes, the write rate.
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
        { action = "create", path = "/shared_memory/x", content = "123456789012345678901", continue_on_error = true },
        { action = "create", path = "/shared_memory/x", content = "1\n2\n3\n4", continue_on_error = true },
        { action = "create", path = "/shared_memory/x", content = "1234567890" },
        { action = "create", path = "/shared_memory/y", content = "1234567890" },
        { action = "create", path = "/shared_memory/z", content = "1", continue_on_error = true },
        { action = "str_replace", path = "/shared_memory/x", old_str = "1234567890", new_str = "1234567890123456", continue_on_error = true },
        { action = "append", path = "/shared_memory/y", content = "a" },
        { action = "append", path = "/shared_memory/y", content = "b", continue_on_error = true },
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
    max_files = 2
    max_file_bytes = 20
    max_file_lines = 3
    max_board_bytes = 25
    rate = [3, 60]
  }
}

eval "board_storm_limits" {
  task  = task.parity
  swarm = swarm.team
}

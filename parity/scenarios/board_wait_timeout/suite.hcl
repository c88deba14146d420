# swarm_wait ends at its timeout while the other member is busy; max_wait clips a longer timeout.
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
        { action = "sleep", duration = "5000ms" },
        { action = "generate" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  member "scripted" {
    name = "b"
    config {
      steps = [
        { action = "wait", timeout = 1 },
        { action = "wait", timeout = 50 },
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
    max_wait = 1
  }
}

eval "board_wait_timeout" {
  task  = task.parity
  swarm = swarm.team
}

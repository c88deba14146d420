# swarm_wait woken by another member's end, then by every other member having ended.
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
        { action = "sleep", duration = "300ms" },
        { action = "generate" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  member "scripted" {
    name = "b"
    config {
      steps = [
        { action = "wait", path = "f-9" },
        { action = "wait" },
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

eval "board_wait_end" {
  task  = task.parity
  swarm = swarm.team
}

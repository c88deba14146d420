# swarm_wait woken by a change: b waits on a directory, a writes elsewhere and then under it.
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
        { action = "create", path = "/shared_memory/other", content = "x" },
        { action = "sleep", duration = "300ms" },
        { action = "create", path = "/shared_memory/results/r1", content = "42" },
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
        { action = "wait", path = "/shared_memory/results" },
        { action = "view", path = "/shared_memory/results/r1" },
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

eval "board_wait_change" {
  task  = task.parity
  swarm = swarm.team
}

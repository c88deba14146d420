# The react agent drives the shared_memory board and reads its budget:
# mockllm scripts one member's tool calls (create, view, swarm_wait,
# swarm_resources) before it submits. The swarm has a token cap, so
# swarm_resources is offered.
model "default" {
  provider = "mockllm"
  outputs = [
    { tool = "shared_memory", arguments = { command = "create", path = "/shared_memory/plan.md", file_text = "count, then check" } },
    { tool = "shared_memory", arguments = { command = "view", path = "f-1" } },
    { tool = "swarm_wait", arguments = { timeout = 5 } },
    { tool = "swarm_resources", arguments = {} },
    { content = "Done.", tool = "submit", arguments = { answer = "42" } },
  ]
}

task "t" {
  dataset {
    sample {
      id     = "s1"
      input  = "What is 6 times 7?"
      target = "42"
    }
  }
  scorer "match" {}
}

swarm "s" {
  member "react" {
    name = "solo"
  }
  controller "leaderless" {}
  channels = ["shared_memory"]
  channel "shared_memory" {}
  budget {
    tokens = 100000
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

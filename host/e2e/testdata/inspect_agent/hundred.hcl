# A hundred Inspect react() members in one sample, over two plugin processes
# (TestInspectAgentHundredMembers). Past about 20 concurrent bridged members
# inspect_ai 0.3.285's adaptive connection limit held calls forever (each
# member runs its own event loop; the limit is one per process): the bridge
# sets an explicit, never-reached limit and the host queues the calls.
plugin "agent" "inspect" {
  source = "../../../../plugins-python/inspect-agent/swarmhost-agent-inspect"
  # spread over two worker processes (TestInspectAgentHundredMembers counts them)
  workers   = 2
  placement = "member" # one sample: its members spread over both
}

model "default" {
  provider = "mockllm"
  outputs = [for i in range(100) : {
    tool      = "submit"
    arguments = { answer = "Paris" }
    usage     = { input_tokens = 10, output_tokens = 2 }
  }]
}

task "t" {
  dataset {
    sample {
      id     = "france"
      input  = "What is the capital of France?"
      target = "Paris"
    }
  }
  scorer "match" {}
}

swarm "s" {
  member "inspect" {
    name  = "reactor"
    count = 100
    tools = []
    config {
      agent = "inspect_ai/react"
    }
  }
  controller "leaderless" {
    stop_on_submission = false
  }
}

eval "inspect_hundred" {
  task  = task.t
  swarm = swarm.s
}

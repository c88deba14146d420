# Inspect's react() calling a host tool (bash) once, then its own submit
# (TestInspectAgentHostToolLoggedOnce): the host runs bash and logs it, under
# the id of the model's tool call, once.
plugin "agent" "inspect" {
  source = "../../../../plugins-python/inspect-agent/swarmhost-agent-inspect"
}

model "default" {
  provider = "mockllm"
  outputs = [for i in range(6) : i % 2 == 0 ?
    { tool = "bash", arguments = { command = "echo hi" }, usage = { input_tokens = 10, output_tokens = 2 } } :
    { tool = "submit", arguments = { answer = "hi" }, usage = { input_tokens = 10, output_tokens = 2 } }
  ]
}

task "t" {
  dataset {
    sample {
      id     = "1"
      input  = "Say hi with bash."
      target = "hi"
    }
    sample {
      id     = "2"
      input  = "Say hi with bash again."
      target = "hi"
    }
  }
  scorer "match" {}
}

swarm "s" {
  member "inspect" {
    name  = "sayer"
    tools = ["bash"]
    config {
      agent = "inspect_ai/react"
    }
  }
  controller "leaderless" {}
}

eval "inspect_host_tool" {
  task  = task.t
  swarm = swarm.s
}

# An Inspect agent using Inspect's sandbox() as a member: it writes a file,
# cats it (exec) and reads it back, in its own local sandbox, through
# AgentHost's sandbox calls (TestInspectAgentSandbox).
plugin "agent" "inspect" {
  source = "../../../../plugins-python/inspect-agent/swarmhost-agent-inspect"
}

model "default" {
  provider = "mockllm"
}

task "t" {
  dataset {
    sample {
      id     = "1"
      input  = "Write a note."
      target = "from the sandbox|from the sandbox"
    }
  }
  scorer "match" {
    location = "exact"
  }
  sandbox "local" {
    per_member = true
  }
}

swarm "s" {
  member "inspect" {
    name  = "writer"
    tools = []
    config {
      agent = "inspect_member_fixtures:sandboxer"
    }
  }
  controller "leaderless" {}
}

eval "inspect_sandbox" {
  task  = task.t
  swarm = swarm.s
}

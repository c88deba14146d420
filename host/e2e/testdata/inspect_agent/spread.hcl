# Bridged members spread over the plugin's worker processes
# (TestInspectAgentMembersSpreadOverWorkers): one sample, eight members,
# two workers; each member marks its process's pid in var.dir.
variable "dir" {
  type = string
}

plugin "agent" "inspect" {
  source  = "../../../../plugins-python/inspect-agent/swarmhost-agent-inspect"
  workers   = 2
  placement = "member"
  trust   = "trusted" # the members write their marks outside a sandbox
}

model "default" {
  provider = "mockllm"
}

task "t" {
  dataset {
    sample {
      id     = "one"
      input  = "Which process?"
      target = "any"
    }
  }
  scorer "match" {}
}

swarm "s" {
  member "inspect" {
    name  = "marker"
    count = 8
    tools = []
    config {
      agent = "inspect_member_fixtures:pid_marker"
      args  = { dir = var.dir }
    }
  }
  controller "leaderless" {
    stop_on_submission = false
  }
}

eval "inspect_spread" {
  task  = task.t
  swarm = swarm.s
}

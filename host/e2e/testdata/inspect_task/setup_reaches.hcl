# An Inspect task whose setup step writes into the sample's sandbox what it got from the eval's model, and
# whose tool (use_tools) the members other than the task's solver call: a Go react member and Inspect's
# react() bridged (TestInspectTaskSetupAndTools).
plugin "task" "inspect" {
  source = "../../../../plugins-python/inspect-task/swarmhost-task-inspect"
}

plugin "agent" "inspect" {
  source = "../../../../plugins-python/inspect-agent/swarmhost-agent-inspect"
}

# The eval's model (the first member's): the setup step's get_model() reaches it.
model "plain" {
  provider = "mockllm"
}

# The react members call the task's read_note tool, then submit (mockllm replays the outputs per member).
model "reader" {
  provider = "mockllm"
  name     = "reader" # its calls' events say mockllm/reader: the task's config reaches it in part
  outputs = [
    { tool = "read_note", arguments = {} },
    { tool = "submit", arguments = { answer = "read" } },
  ]
}

task "notes" {
  inspect = "../../../../plugins-python/inspect-task/testdata/fixture_tasks.py@setup_reaches"
}

swarm "solver_and_react" {
  member "solver" {
    model = model.plain
  }
  member "react" {
    model = model.reader
  }
  member "inspect" {
    name  = "bridged"
    model = model.reader
    tools = [] # no sandbox tools: the task's tools come all the same
    config {
      agent = "inspect_ai/react"
    }
  }
  # every member runs to its end, whoever answers first
  controller "leaderless" {
    stop_on_submission = false
  }
}

eval "notes" {
  task  = task.notes
  swarm = swarm.solver_and_react
}

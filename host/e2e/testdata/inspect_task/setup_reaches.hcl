# An Inspect task whose setup step writes into the sample's sandbox what it got from the eval's model, and
# whose tool (use_tools) a member other than the task's solver calls (TestInspectTaskSetupAndTools).
plugin "task" "inspect" {
  source = "../../../../plugins-python/inspect-task/swarmhost-task-inspect"
}

# The eval's model (the first member's): the setup step's get_model() reaches it.
model "plain" {
  provider = "mockllm"
}

# The react member calls the task's read_note tool, then submits.
model "reader" {
  provider = "mockllm"
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
}

eval "notes" {
  task  = task.notes
  swarm = swarm.solver_and_react
}

# mind2web_sc from inspect-evals, unchanged: its compose sandbox (the image it names is built here by
# scripts/containers.sh, never pulled), its solver run whole by each member, grouped metrics.
plugin "task" "inspect" {
  source = "../../plugins-python/inspect-task/swarmhost-task-inspect"
}

model "mock" {
  provider = "mockllm"
}

task "guard" {
  inspect = "inspect_evals/mind2web_sc"
}

swarm "solo" {
  member "solver" {
    model = model.mock
  }
}

eval "guard_solo" {
  task  = task.guard
  swarm = swarm.solo
}

# An explicit cap above the task's limit of the same kind is a warning: the
# sample's limit would end the swarm first, without a final step.
task "t" {
  dataset { file = "arith.jsonl" }
  limits {
    tokens = 1000
    time   = "1m"
  }
}

swarm "s" {
  member "scripted" {}
  budget {
    tokens = 5000
    time   = "2m"
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

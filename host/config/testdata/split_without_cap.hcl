# A split budget needs a token or cost cap to divide (Inspect Swarm refuses
# it too); the time cap is never split.
task "t" {
  dataset { file = "arith.jsonl" }
  limits {
    time = "10m"
  }
}

swarm "s" {
  member "scripted" {
    count = 2
  }
  budget {
    split = "equal"
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

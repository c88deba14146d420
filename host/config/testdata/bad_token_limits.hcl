# Token limit strings Inspect would not parse, and a limit of zero: each an
# error at its attribute.
task "t" {
  dataset { file = "arith.jsonl" }
  limits {
    tokens = "output:1.5"
  }
}

swarm "s" {
  member "scripted" {
    limits { tokens = "cached+output:10" }
  }
  budget {
    tokens = "output:0"
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

# Names as Inspect Swarm gives them: default names (the plugin's) that more
# than one member has are numbered across the whole roster, in roster order
# (scripted-1 … scripted-4, react-1, react-2 below); a name given with
# `name` is never renumbered (solo); counted blocks with a name are
# name-1 … name-k (w-1, w-2).
task "t" {
  dataset { file = "arith.jsonl" }
}

swarm "s" {
  member "scripted" {
    count = 3
  }
  member "react" {}
  member "scripted" {}
  member "scripted" {
    name = "solo"
  }
  member "react" {}
  member "scripted" {
    name  = "w"
    count = 2
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

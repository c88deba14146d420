task "t" {
  dataset { file = "arith.jsonl" }
  sandbox "docker" {
    compose = "compose/comparator.yaml"
  }
}

swarm "s" {
  member "scripted" {
    name              = "prover"
    count             = 2
    sandbox           = "{member}"
    visible_sandboxes = ["comparator"]
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

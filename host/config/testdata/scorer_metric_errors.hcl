# per-key metrics: a key's metrics must be a list of known names.
task "t" {
  dataset { file = "arith.jsonl" }
  scorer "match" {
    metrics = { utility = "accuracy" }
  }
  scorer "match" {
    metrics = { utility = ["median"] }
  }
}

swarm "s" {
  member "scripted" {}
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

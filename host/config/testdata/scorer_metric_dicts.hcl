# metrics as Inspect declares them: per-key lists for dict-valued scores, a
# glob key, a list mixing both.
task "t" {
  dataset { file = "arith.jsonl" }
  scorer "match" {
    metrics = { utility = ["accuracy", "stderr"], security = ["mean"] }
  }
  scorer "match" {
    metrics = ["accuracy", { "*" = ["mean", "var"] }]
  }
}

swarm "s" {
  member "scripted" {}
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

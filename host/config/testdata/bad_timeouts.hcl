# Deadline attributes must be durations of at least 10ms.
task "t" {
  dataset { file = "arith.jsonl" }
  scorer "match" {
    score_timeout = "1ms"
  }
}

swarm "s" {
  member "scripted" {}
  controller "leaderless" {
    call_timeout = "soon"
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

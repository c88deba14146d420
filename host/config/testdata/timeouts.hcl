# Deadlines: score_timeout on scorers, call_timeout on controllers,
# start_timeout on plugin blocks; removed before the plugin's own schema.
plugin "scorer" "match" {
  start_timeout = "45s"
}

task "t" {
  dataset { file = "arith.jsonl" }
  scorer "match" {
    score_timeout = "2m"
    location      = "exact"
  }
}

swarm "s" {
  member "scripted" {}
  controller "leaderless" {
    call_timeout = "10s"
    final        = "last"
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

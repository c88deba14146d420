# a study: a swarm of three, a baseline of four epochs and one agent at 3×
# the budget, on the same samples; k comes from the swarm's size.
task "t" {
  dataset { file = "arith.jsonl" }
  scorer "match" {
    member_scores = true
  }
}

task "t4" {
  dataset { file = "arith.jsonl" }
  scorer "match" {}
  epochs {
    count    = 4
    reducers = ["mean", "pass_at_3", "best_at_3"]
  }
}

swarm "three" {
  member "scripted" {
    count = 3
  }
}

swarm "one" {
  member "scripted" {}
  channels = []
}

eval "team" {
  task  = task.t
  swarm = swarm.three
}

eval "attempts" {
  task  = task.t4
  swarm = swarm.one
}

eval "big" {
  task  = task.t
  swarm = swarm.one
}

study "s" {
  arm "swarm" { eval = eval.team }
  arm "attempts" { eval = eval.attempts }
  arm "big" {
    eval = eval.big
    role = "single"
  }
  bootstrap {
    resamples  = 500
    seed       = 7
    confidence = 0.9
  }
}

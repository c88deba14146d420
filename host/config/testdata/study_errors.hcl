# a study's mistakes: a baseline short of epochs and of more than one
# agent, two baselines, arms on different samples, a bad role, a repeated
# label, a bad confidence, a swarm arm's k, and a study with nothing to take k from.
task "t" {
  dataset { file = "arith.jsonl" }
  scorer "match" {}
  epochs { count = 2 }
}

task "other" {
  dataset { file = "qa.csv" }
  scorer "match" {}
}

swarm "three" {
  member "scripted" {
    count = 3
  }
}

swarm "one" {
  member "scripted" {}
}

eval "team" {
  task  = task.t
  swarm = swarm.three
}

eval "attempts" {
  task  = task.t
  swarm = swarm.one
}

eval "elsewhere" {
  task  = task.other
  swarm = swarm.one
}

study "bad" {
  arm "swarm" {
    eval = eval.team
    k    = 2
  }
  arm "attempts" { eval = eval.attempts }
  arm "wide" {
    eval = eval.team
    role = "baseline"
  }
  arm "elsewhere" { eval = eval.elsewhere }
  arm "elsewhere" { eval = eval.attempts }
  arm "odd" {
    eval = eval.attempts
    role = "oracle"
  }
  arm "missing" { eval = eval.nope }
  bootstrap { confidence = 1.5 }
}

study "nothing" {}

study "no_k" {
  arm "one" { eval = eval.elsewhere }
}

# Token limits and caps written as Inspect writes them: "output:N" meters
# output tokens, "all:N" every token, a formula what it says; suffixes k, m
# and b. Each meters its own way (tokens_metering); a number meters as the
# task's token_metering says. The output-metered cap is above the task's
# limit, which meters every token: no warning, as in Inspect Swarm.
task "t" {
  dataset { file = "arith.jsonl" }
  limits {
    tokens = "1.5k"
  }
}

swarm "s" {
  member "scripted" {
    name = "a"
    limits { tokens = "output:200" }
  }
  member "scripted" {
    name = "b"
    limits { tokens = "(input*0.1)+output:300" }
  }
  budget {
    tokens = "output:2k"
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

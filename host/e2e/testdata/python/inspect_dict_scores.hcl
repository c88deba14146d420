# A dict-valued Inspect scorer ({"utility": C/I, "security": 1/0}) with
# per-key metrics (TestInspectScorerDictScores): the results, the summary,
# the log's header and Inspect's dataframes show one score per key.
plugin "scorer" "inspect" {
  source = "../../../../plugins-python/inspect/swarmhost-scorer-inspect"
}

model "default" {
  provider = "mockllm"
}

task "t" {
  dataset {
    sample {
      id     = "a"
      input  = "?"
      target = "42"
    }
    sample {
      id     = "b"
      input  = "?"
      target = "7"
    }
    sample {
      id     = "c"
      input  = "?"
      target = "the secret 42"
    }
  }
  scorer "inspect" {
    name    = "inspect_scorer_fixtures:utility_security"
    metrics = { utility = ["accuracy", "stderr"], security = ["accuracy"] }
  }
}

swarm "solo" {
  member "scripted" {
    config {
      steps = [{ action = "submit", answer = "the secret 42" }]
    }
  }
  controller "leaderless" {}
}

eval "inspect_dict" {
  task  = task.t
  swarm = swarm.solo
}

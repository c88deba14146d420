# Inspect's store() in an Inspect scorer (TestInspectScorerStorePerSample):
# the scorer marks store() with its sample's id and is correct when the
# store holds that mark alone and the sample's result record.
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
      target = "x"
    }
    sample {
      id     = "b"
      input  = "?"
      target = "x"
    }
    sample {
      id     = "c"
      input  = "?"
      target = "x"
    }
  }
  scorer "inspect" {
    name = "inspect_scorer_fixtures:store_marks"
  }
}

swarm "solo" {
  member "scripted" {
    config {
      steps = [{ action = "submit", answer = "x" }]
    }
  }
  controller "leaderless" {}
}

eval "inspect_store" {
  task  = task.t
  swarm = swarm.solo
}

# Inspect's model-graded scorers through the inspect plugin: get_model() is
# the model block the scorer block names, called through the host
# (ScorerHost.Generate), which logs each call in the scorer's span and
# counts it in the sample's model usage. A scorer block without a model
# raises, which ends its sample in error, saying so.
plugin "scorer" "inspect" {
  source = "../../../../plugins-python/inspect/swarmhost-scorer-inspect"
}

model "default" {
  provider = "mockllm"
}

model "lenient" {
  provider = "mockllm"
  name     = "lenient"
  outputs  = ["The answer matches.\nGRADE: C"]
}

model "strict" {
  provider = "mockllm"
  name     = "strict"
  outputs  = ["Not what was asked.\nGRADE: I"]
}

task "graded" {
  dataset {
    sample {
      id     = "q1"
      input  = "What is six times seven?"
      target = "42"
    }
  }
  scorer "inspect" {
    name  = "inspect_ai/model_graded_qa"
    model = model.lenient
  }
  scorer "inspect" {
    name  = "inspect_ai/model_graded_fact"
    model = model.strict
  }
  scorer "inspect" {
    name = "inspect_ai/model_graded_qa"
  }
}

swarm "solo" {
  member "scripted" {
    config {
      steps = [{ action = "submit", answer = "42" }]
    }
  }
  controller "leaderless" {}
}

eval "model_graded" {
  task  = task.graded
  swarm = swarm.solo
}

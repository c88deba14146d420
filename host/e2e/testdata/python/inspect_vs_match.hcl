# Inspect's own match() (through the inspect plugin) beside the Go match
# scorer, on one answer and several targets.
plugin "scorer" "inspect" {
  source = "../../../../plugins-python/inspect/swarmhost-scorer-inspect"
}

model "default" {
  provider = "mockllm"
}

task "answers" {
  dataset {
    sample {
      id     = "number"
      input  = "?"
      target = "42"
    }
    sample {
      id     = "phrase"
      input  = "?"
      target = "the ANSWER is 42."
    }
    sample {
      id     = "wrong"
      input  = "?"
      target = "41"
    }
    sample {
      id     = "begin"
      input  = "?"
      target = "The"
    }
  }
  scorer "inspect" {
    name = "inspect_ai/match"
    args = { location = "end" }
  }
  scorer "match" {
    location = "end"
  }
}

swarm "solo" {
  member "scripted" {
    config {
      steps = [{ action = "submit", answer = "The answer is 42" }]
    }
  }
  controller "leaderless" {}
}

eval "inspect_vs_match" {
  task  = task.answers
  swarm = swarm.solo
}

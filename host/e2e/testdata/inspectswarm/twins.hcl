# The task of task.py, run by swarmhost: two react members on mockllm, each
# with its own script. alice thinks aloud, calls submit without an answer
# (a tool call whose arguments fail), then submits 42; bob submits 7 at once.
# host/e2e/inspectswarm_test.go compares this suite's log with the log
# Inspect Swarm 0.1.0 writes for task.py.
model "alice" {
  provider = "mockllm"
  outputs = [
    "Let me think about it.",
    { content = "Submitting without an answer.", tool = "submit", arguments = {} },
    { content = "The answer is 42.", tool = "submit", arguments = { answer = "42" } },
  ]
}

model "bob" {
  provider = "mockllm"
  outputs = [
    { content = "It is 7.", tool = "submit", arguments = { answer = "7" } },
  ]
}

task "twins" {
  dataset {
    sample {
      id     = "q1"
      input  = "What is 6 times 7?"
      target = "42"
    }
  }
  scorer "match" {
    location = "end"
  }
}

swarm "swarm" {
  member "react" {
    name  = "alice"
    model = model.alice
  }
  member "react" {
    name  = "bob"
    model = model.bob
  }
  controller "leaderless" {
    stop_on_submission = false
  }
}

eval "twins" {
  task  = task.twins
  swarm = swarm.swarm
}

# A study (issue 30): does a swarm of 3 beat 3 independent attempts, or one
# agent with 3 times the budget? Run it, and get its report, with
#
#   make build
#   ./bin/swarmhost study examples/study --log-dir logs/study --out reports
#
# Deterministic (mockllm with fixed usage, scripted agents), so every number
# in the report can be worked out by hand (README.md does). The agent is a
# guesser: attempt i opens door i after i seconds. The swarm's member i is
# attempt i; the baseline's epoch i is attempt i; the single agent has the
# budget for three tries and uses the task's checker (gate = true) between
# them, as react(attempts=3) would.

model "default" {
  provider = "mockllm"
  # every call reads 100 tokens and writes 20 (so costs never depend on wording)
  outputs = [
    { content = "Let me pick a door.", usage = { input_tokens = 100, output_tokens = 20 } },
    { content = "Let me pick another door.", usage = { input_tokens = 100, output_tokens = 20 } },
    { content = "Let me pick the last door.", usage = { input_tokens = 100, output_tokens = 20 } },
  ]
  price {
    input  = 2  # dollars per million tokens
    output = 10
  }
}

# One attempt's budget is 150 tokens (a call is 120); the swarm of three and
# the single agent get three times that. Both tasks read the same samples.
task "doors" {
  dataset {
    file = "doors.jsonl"
  }
  scorer "match" {
    location = "exact"
    gate     = true
  }
  limits {
    tokens = 450
  }
}

task "doors_attempts" {
  dataset {
    file = "doors.jsonl"
  }
  scorer "match" {
    location = "exact"
    gate     = true
  }
  epochs {
    count    = 3
    reducers = ["mean", "pass_at_3", "best_at_3"]
  }
  limits {
    tokens = 150
  }
}

# Three guessers at once: guesser-i opens door i after i seconds; every
# member runs to its end (stop_on_submission = false) and the first
# submission is the answer.
swarm "three" {
  member "scripted" {
    name  = "guesser"
    count = 3
    config {
      steps = [
        { action = "generate", prompt = "Pick a door." },
        { action = "sleep", duration = "{index}s" },
        { action = "submit", answer = "{index}" },
      ]
    }
  }
  channels = []
  budget {
    split = "equal"
  }
  controller "leaderless" {
    stop_on_submission = false
    final              = "first"
  }
}

# One guesser: in epoch i it opens door i after i seconds (a sampled
# model's attempts differ from epoch to epoch).
swarm "one" {
  member "scripted" {
    name = "guesser"
    config {
      steps = [
        { action = "generate", prompt = "Pick a door." },
        { action = "sleep", duration = "{epoch}s" },
        { action = "submit", answer = "{epoch}" },
      ]
    }
  }
  channels = []
}

# One guesser with the budget of three: it opens door 1, and when the
# checker says no, spends another call and opens door 2, then door 3.
swarm "one_big" {
  member "scripted" {
    name = "guesser"
    config {
      steps = [
        { action = "generate", prompt = "Pick a door." },
        { action = "submit", answer = "1", continue_on_fail = true },
        { action = "generate", prompt = "Pick another door." },
        { action = "submit", answer = "2", continue_on_fail = true },
        { action = "generate", prompt = "Pick the last door." },
        { action = "submit", answer = "3" },
      ]
    }
  }
  channels = []
}

eval "swarm_of_3" {
  task  = task.doors
  swarm = swarm.three
}

eval "attempts" {
  task  = task.doors_attempts
  swarm = swarm.one
}

eval "one_big" {
  task  = task.doors
  swarm = swarm.one_big
}

study "doors" {
  arm "swarm" { eval = eval.swarm_of_3 }
  arm "attempts" { eval = eval.attempts }
  arm "big" {
    eval = eval.one_big
    role = "single"
  }
  bootstrap {
    resamples = 10000
    seed      = 1
  }
}

# Several scorers per task, gate counts and a scorer that fails everywhere, under two
# epochs with two reducers (host/e2e/eval_e2e_test.go).
model "default" {
  provider = "mockllm"
  outputs  = ["thinking"]
}

task "t" {
  dataset {
    sample {
      id     = "a"
      input  = "What is 6 times 7?"
      target = "42"
    }
    sample {
      id     = "b"
      input  = "What is 2 plus 2?"
      target = "4"
    }
  }
  sandbox "local" {}
  # The gate: each submit is checked in the member's loop with this scorer.
  scorer "match" {
    gate     = true
    location = "exact"
  }
  # Two exec scorers: logged as "exec" and "exec1", each with its metrics.
  scorer "exec" {
    command = ["sh", "-c", "test -f answer.txt"]
  }
  # This one fails everywhere: every sample is incorrect for it (0).
  scorer "exec" {
    command = ["sh", "-c", "test -f no-such-file.txt"]
    metrics = ["mean"]
  }
  epochs {
    count    = 2
    reducers = ["mean", "max"]
  }
}

swarm "s" {
  member "scripted" {
    name = "checker"
    config {
      steps = [
        { action = "generate", prompt = "go" },
        { action = "submit", answer = "41", continue_on_fail = true },
        { action = "write_file", path = "answer.txt", content = "42" },
        { action = "submit", answer = "42" },
      ]
    }
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

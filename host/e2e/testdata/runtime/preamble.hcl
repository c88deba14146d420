# The preamble: name, role, roster size and channel instructions, written by
# the host, never member-written text (the talker's answer never reaches the
# listener's preamble).
model "default" {
  provider = "mockllm"
}

task "t" {
  dataset {
    sample {
      id     = "s1"
      input  = "What is 6 times 7?"
      target = "42"
    }
  }
  scorer "match" {}
}

swarm "s" {
  member "scripted" {
    name = "talker"
    role = "solver"
    config {
      steps = [
        { action = "generate", prompt = "SECRET-ANSWER-{member}" },
        { action = "submit", answer = "SECRET-ANSWER-42" },
      ]
    }
  }
  member "scripted" {
    name  = "listener"
    role  = "critic"
    count = 2
    config {
      steps = [
        { action = "sleep", duration = "200ms" },
        { action = "generate", prompt = "what did the others say?" },
        { action = "submit", answer = "no idea" },
      ]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

# Per-member scores from a scorer that reads each member's sandbox (exec)
# and one that reads the output (match). Every member writes answer.txt in
# its own sandbox; "wrong" writes 41 and submits at once, which stops the
# swarm; "right" writes 42 and submits after 300 ms (in the grace period);
# "late" writes 42 but sleeps 2 s and is stopped at its next model call,
# with an empty output.
model "default" {
  provider = "mockllm"
  outputs  = ["ok"]
}

task "t" {
  dataset {
    sample {
      id     = "s"
      input  = "Write 42 to answer.txt"
      target = "42"
    }
  }
  sandbox "local" {
    per_member = true
  }
  scorer "exec" {
    command       = ["sh", "-c", "grep -qx 42 answer.txt"]
    member_scores = true
  }
  scorer "match" {
    member_scores = true
  }
}

swarm "w" {
  member "scripted" {
    name = "wrong"
    config {
      steps = [
        { action = "write_file", path = "answer.txt", content = "41" },
        { action = "submit", answer = "41" },
      ]
    }
  }
  member "scripted" {
    name = "right"
    config {
      steps = [
        { action = "write_file", path = "answer.txt", content = "42" },
        { action = "sleep", duration = "300ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  member "scripted" {
    name = "late"
    config {
      steps = [
        { action = "write_file", path = "answer.txt", content = "42" },
        { action = "sleep", duration = "2s" },
        { action = "generate", prompt = "Check." },
        { action = "submit", answer = "42" },
      ]
    }
  }
  controller "leaderless" {}
}

eval "sandboxes" {
  task  = task.t
  swarm = swarm.w
}

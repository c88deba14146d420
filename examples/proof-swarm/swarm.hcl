# The swarm of the proof-swarm example, shared by its local suite (suite.hcl) and its container one
# (containers/suite.hcl links this file): each suite declares var.check_time, how long a prover
# double-checks before it submits, and gives each member its own sandbox (per_member = true).

swarm "provers" {
  # A quick guesser: submits the trivial factor 1 at once, which stops the
  # swarm (leaderless, stop_on_submission = true).
  member "scripted" {
    name = "guesser"
    config {
      steps = [
        { action = "write_file", path = "answer.txt", content = "1" },
        { action = "submit", answer = "1" },
      ]
    }
  }
  # Two careful provers: each leaves its factor in answer.txt, then checks
  # its work before submitting — and is stopped first.
  member "scripted" {
    name = "prover-7"
    config {
      steps = [
        { action = "generate", prompt = "Find a factor." },
        { action = "write_file", path = "answer.txt", content = "7" },
        { action = "sleep", duration = var.check_time },
        { action = "generate", prompt = "Double-check it." },
        { action = "submit", answer = "7" },
      ]
    }
  }
  member "scripted" {
    name = "prover-13"
    config {
      steps = [
        { action = "generate", prompt = "Find a factor." },
        { action = "write_file", path = "answer.txt", content = "13" },
        { action = "sleep", duration = var.check_time },
        { action = "generate", prompt = "Double-check it." },
        { action = "submit", answer = "13" },
      ]
    }
  }
  controller "leaderless" {}
}

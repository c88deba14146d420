# The swarm of the shared-sandbox example, shared by its local suite (suite.hcl) and its container one
# (containers/suite.hcl links this file): each suite declares var.turn_ms, how long each member waits
# for the one before it.

swarm "builders" {
  # Writes the script's first lines...
  member "scripted" {
    name = "scaffolder"
    config {
      steps = [
        { action = "generate", prompt = "Write the scaffold." },
        { action = "write_file", path = "solve.sh", content = "#!/bin/sh\n# solve.sh: prints the sum of its arguments\n" },
        { action = "submit", answer = "Scaffolded solve.sh." },
      ]
    }
  }
  # ...then the implementer adds the sum to what the scaffolder left...
  member "scripted" {
    name  = "implementer"
    tools = ["exec"]
    config {
      steps = [
        { action = "sleep", duration = "${var.turn_ms}ms" },
        { action = "generate", prompt = "Implement it." },
        { action = "exec", command = ["sh", "-c", "echo 'echo $(( $1 + $2 ))' >> solve.sh"] },
        { action = "submit", answer = "solve.sh adds its arguments." },
      ]
    }
  }
  # ...and the tester tries it last; its submission is the answer. Its read waits (nobody writes to
  # it) until no other member is active, that is until the implementer has ended, however slow the
  # machine: the tester ends last, whatever the timings.
  member "scripted" {
    name  = "tester"
    tools = ["exec"]
    config {
      steps = [
        { action = "sleep", duration = "${var.turn_ms * 2}ms" },
        { action = "read", wait = "60s" },
        { action = "generate", prompt = "Try it." },
        { action = "exec", command = ["sh", "solve.sh", "2", "3"] },
        { action = "submit", answer = "solve.sh 2 3 prints 5." },
      ]
    }
  }
  # The messages channel, for the tester's read (no member sends).
  channel "messages" {}
  controller "leaderless" {
    stop_on_submission = false
    final              = "last"
  }
}

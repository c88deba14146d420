# The seed page's own Inspect scorers on per-member sandboxes: tests_pass()
# and any_member_proved() (seed_scorers.py), unchanged Inspect code, run by
# the seed plugin (plugins/swarmhost-scorer-seed) through swarmhost's Inspect
# bridge. Run it with:
#
#   make build venv && ./bin/swarmhost run examples/seed-scorers --log-dir logs

model "default" {
  provider = "mockllm"
  outputs  = ["Working on it."]
}

locals {
  # tests/run.sh: passes when the member's solution.sh prints the expected line.
  tests = {
    for want in ["42", "41", "40"] : want => <<-EOT
      out=$(sh solution.sh 2>&1)
      [ "$out" = "${want}" ] || { echo "solution.sh printed '$out', want '${want}'"; exit 1; }
    EOT
  }
}

# Each member writes its own solution.sh in its own sandbox; the tests
# differ per sample, so a different member passes each, and none the last.
task "solutions" {
  dataset {
    sample {
      id     = "wants-42"
      input  = "Write solution.sh, which prints the answer."
      target = "42"
      files  = { "tests/run.sh" = local.tests["42"] }
    }
    sample {
      id     = "wants-41"
      input  = "Write solution.sh, which prints the answer."
      target = "41"
      files  = { "tests/run.sh" = local.tests["41"] }
    }
    sample {
      id     = "wants-40"
      input  = "Write solution.sh, which prints the answer."
      target = "40"
      files  = { "tests/run.sh" = local.tests["40"] }
    }
  }
  sandbox "local" {
    per_member = true
  }
  scorer "seed" {
    name = "seed_scorers:tests_pass"
  }
}

swarm "coders" {
  member "scripted" {
    name = "coder-42"
    config {
      steps = [
        { action = "write_file", path = "solution.sh", content = "echo 42" },
        { action = "submit", answer = "done" },
      ]
    }
  }
  member "scripted" {
    name = "coder-41"
    config {
      steps = [
        { action = "write_file", path = "solution.sh", content = "echo 41" },
        { action = "submit", answer = "done" },
      ]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
  }
}

# The proof task of examples/proof-swarm, and its swarm: a quick guesser
# submits 1 and stops the swarm; the provers have left their factors in
# answer.txt but are stopped while they double-check, before they submit.
task "composite" {
  dataset {
    file = "../proof-swarm/numbers.jsonl"
  }
  sandbox "local" {
    per_member = true
  }
  scorer "seed" {
    name = "seed_scorers:any_member_proved"
  }
}

swarm "provers" {
  member "scripted" {
    name = "guesser"
    config {
      steps = [
        { action = "write_file", path = "answer.txt", content = "1" },
        { action = "submit", answer = "1" },
      ]
    }
  }
  member "scripted" {
    name = "prover-7"
    config {
      steps = [
        { action = "generate", prompt = "Find a factor." },
        { action = "write_file", path = "answer.txt", content = "7" },
        { action = "sleep", duration = "300ms" },
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
        { action = "sleep", duration = "300ms" },
        { action = "generate", prompt = "Double-check it." },
        { action = "submit", answer = "13" },
      ]
    }
  }
  controller "leaderless" {}
}

eval "tests_pass" {
  task  = task.solutions
  swarm = swarm.coders
}

eval "any_member_proved" {
  task  = task.composite
  swarm = swarm.provers
}

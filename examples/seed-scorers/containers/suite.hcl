# The seed's tests_pass() on containers, exactly as the seed page calls it:
# sandbox(m["sandbox"]).exec(["sh", "/tests/run.sh"]) in each member's own
# container (per_member = true), /tests/run.sh written into each from the
# sample's files. The same swarm and verdicts as ../suite.hcl's tests_pass.
# Needs an engine (scripts/containers.sh start); run it with:
#
#   DOCKER_HOST=unix:///run/podman/podman.sock ./bin/swarmhost run examples/seed-scorers/containers --log-dir logs

plugin "scorer" "seed" {
  source = "../plugins/swarmhost-scorer-seed"
}

model "default" {
  provider = "mockllm"
}

locals {
  tests = {
    for want in ["42", "41", "40"] : want => <<-EOT
      out=$(sh solution.sh 2>&1)
      [ "$out" = "${want}" ] || { echo "solution.sh printed '$out', want '${want}'"; exit 1; }
    EOT
  }
}

task "solutions" {
  dataset {
    sample {
      id     = "wants-42"
      input  = "Write solution.sh, which prints the answer."
      files  = { "/tests/run.sh" = local.tests["42"] }
    }
    sample {
      id     = "wants-41"
      input  = "Write solution.sh, which prints the answer."
      files  = { "/tests/run.sh" = local.tests["41"] }
    }
    sample {
      id     = "wants-40"
      input  = "Write solution.sh, which prints the answer."
      files  = { "/tests/run.sh" = local.tests["40"] }
    }
  }
  sandbox "docker" {
    image      = "localhost/swarmhost-busybox:2"
    per_member = true
  }
  scorer "seed" {
    name = "seed_scorers:tests_pass"
    args = { tests = "/tests/run.sh" }
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

eval "tests_pass" {
  task  = task.solutions
  swarm = swarm.coders
}

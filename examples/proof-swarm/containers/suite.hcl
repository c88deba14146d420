# proof-swarm on containers: the same swarm as ../suite.hcl, each member in a container of its own
# (sandbox = "{member}", one compose service each) and the comparator pattern as the seed's
# examples/proof_swarm.py has it: a comparator service that sees every member's /workspace read-only at
# /answers/<member> checks each answer there. Needs an engine (scripts/containers.sh start); run it with:
#
#   DOCKER_HOST=unix:///run/podman/podman.sock ./bin/swarmhost run examples/proof-swarm/containers --log-dir logs

model "default" {
  provider = "mockllm"
  outputs  = ["Let me look for a factor."]
}

task "composite" {
  dataset {
    file = "../numbers.jsonl"
  }
  # The compose file's services are the sample's sandboxes; problem.txt is written into each member's.
  sandbox "docker" {
    compose = "compose.yaml"
  }
  # The comparator: `verify <member>` in a throw-away copy of the comparator service, once per member
  # in the record. CORRECT if any member left a proof; metadata.passed names them.
  scorer "exec" {
    command = ["verify"]
    sandbox = "comparator"
  }
  scorer "match" {
    location = "exact"
  }
}

swarm "provers" {
  member "scripted" {
    name    = "guesser"
    sandbox = "{member}"
    config {
      steps = [
        { action = "write_file", path = "answer.txt", content = "1" },
        { action = "submit", answer = "1" },
      ]
    }
  }
  member "scripted" {
    name    = "prover-7"
    sandbox = "{member}"
    config {
      steps = [
        { action = "generate", prompt = "Find a factor." },
        { action = "write_file", path = "answer.txt", content = "7" },
        { action = "sleep", duration = "2s" },
        { action = "generate", prompt = "Double-check it." },
        { action = "submit", answer = "7" },
      ]
    }
  }
  member "scripted" {
    name    = "prover-13"
    sandbox = "{member}"
    config {
      steps = [
        { action = "generate", prompt = "Find a factor." },
        { action = "write_file", path = "answer.txt", content = "13" },
        { action = "sleep", duration = "2s" },
        { action = "generate", prompt = "Double-check it." },
        { action = "submit", answer = "13" },
      ]
    }
  }
  controller "leaderless" {}
}

eval "proof_swarm" {
  task  = task.composite
  swarm = swarm.provers
}

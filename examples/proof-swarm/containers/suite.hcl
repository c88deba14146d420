# proof-swarm on containers: the same swarm as ../suite.hcl, each member in a container of its own
# (per_member = true: the compose service named after the member) and the comparator pattern as the seed's
# examples/proof_swarm.py has it: a comparator service that sees every member's /workspace read-only at
# /answers/<member> checks each answer there. Needs an engine (scripts/containers.sh start); run it with:
#
#   DOCKER_HOST=unix:///run/podman/podman.sock ./bin/swarmhost run examples/proof-swarm/containers --log-dir logs

# Containers take longer to write to: the provers double-check for longer, so the guesser still
# submits first. The swarm is ../swarm.hcl (linked here as swarm.hcl).
variable "check_time" {
  default = "2s"
}

model "default" {
  provider = "mockllm"
  outputs  = ["Let me look for a factor."]
}

task "composite" {
  dataset {
    file = "../numbers.jsonl"
  }
  # The compose file's services are the sample's sandboxes; problem.txt is written into each member's.
  # (A member block's sandbox = "{member}" names the service the same way.)
  sandbox "docker" {
    compose    = "compose.yaml"
    per_member = true
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

eval "proof_swarm" {
  task  = task.composite
  swarm = swarm.provers
}

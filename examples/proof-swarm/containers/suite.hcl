# proof-swarm on containers: the same swarm as ../suite.hcl, each member in a container of its own
# (per_member = true: the compose service named after the member) and the seed's examples/proof_swarm.py
# scorer as the seed writes it (../proof_swarm.py, unchanged): any_member_proved() calls run_check() for
# every member in the record, which runs VERIFY with python3 in the comparator service, where every
# member's /workspace is mounted read-only at /answers/<member>. Needs an engine (scripts/containers.sh
# start) and the Debian image (make debian-image); run it with:
#
#   DOCKER_HOST=unix:///run/podman/podman.sock ./bin/swarmhost run examples/proof-swarm/containers --log-dir logs
#
# On the local cluster (scripts/k8s.sh start; make debian-image loads the image there too), switch the
# sandbox block's label: sandbox "kubernetes" { compose = "compose.yaml", per_member = true,
# pull_policy = "Never" }.

# The seed's scorer through swarmhost's Inspect bridge (../plugins/swarmhost-scorer-proof).
plugin "scorer" "proof" {
  source = "../plugins/swarmhost-scorer-proof"
}

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
  # The seed's any_member_proved(): CORRECT if any member left a proof; metadata.proved names them.
  scorer "proof" {
    name = "proof_swarm:any_member_proved"
  }
  scorer "match" {
    location = "exact"
  }
}

eval "proof_swarm" {
  task  = task.composite
  swarm = swarm.provers
}

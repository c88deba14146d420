# shared-sandbox on containers: the same swarm as ../suite.hcl, the members building solve.sh together in
# one container per sample (the seed's examples/shared_sandbox.py runs in Docker too); the scorer runs the
# tests on what they left, in a throw-away copy of that container. Needs an engine (scripts/containers.sh
# start); run it with:
#
#   DOCKER_HOST=unix:///run/podman/podman.sock ./bin/swarmhost run examples/shared-sandbox/containers --log-dir logs

# Containers take longer to write to: each member waits longer for the one before it. The swarm is
# ../swarm.hcl (linked here as swarm.hcl).
variable "turn_ms" {
  default = 1000
}

model "default" {
  provider = "mockllm"
  outputs  = ["On it."]
}

task "build_script" {
  dataset {
    file = "../tasks.jsonl"
  }
  # One container per sample, shared by every member: the compose file's default service.
  sandbox "docker" {
    compose = "compose.yaml"
  }
  # Run the sample's tests on what the members left. The members share one
  # sandbox, so running the tests once, through the tester's view, is
  # enough: member = "tester".
  scorer "exec" {
    command = ["sh", "tests/run.sh"]
    member  = "tester"
  }
}

eval "shared_sandbox" {
  task  = task.build_script
  swarm = swarm.builders
}

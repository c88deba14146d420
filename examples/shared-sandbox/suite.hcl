# Scoring what members leave in a shared sandbox (the seed's
# examples/shared_sandbox.py): three members build one script together,
# each doing its part; every member runs to its own end
# (stop_on_submission = false) and the answer is the last submission
# (final = "last"). The task's scorer runs the tests on the script they
# left. The swarm is in swarm.hcl. Run it with:
#
#   ./bin/swarmhost run examples/shared-sandbox --log-dir logs

# How long, in milliseconds, each member waits for the one before it (the tester twice as long).
variable "turn_ms" {
  default = 200
}

model "default" {
  provider = "mockllm"
  outputs  = ["On it."]
}

task "build_script" {
  dataset {
    file = "tasks.jsonl"
  }
  # One sandbox per sample, shared by every member (no per_member).
  sandbox "local" {}
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

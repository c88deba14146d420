# Budget visibility: a member makes one model call, reads the swarm's budget with host.budget() and answers
# with what it read (plugins/swarmhost-agent-budget-reader; task.py's budget_reader() is its twin).
model "default" {
  provider = "mockllm"
  outputs  = [for i in range(20) : { content = "ok", usage = { input_tokens = 10, output_tokens = 2 } }]
}

task "parity" {
  dataset {
    file = "../../samples.jsonl"
  }
  limits {
    token_metering = "output"
  }
  scorer "match" {}
}

swarm "team" {
  member "budget-reader" {
    name = "reader"
  }
  budget {
    tokens = 1000
    time   = "600s"
    split  = "equal"
  }
  controller "leaderless" {}
}

eval "budget_visible" {
  task  = task.parity
  swarm = swarm.team
}

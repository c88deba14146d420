# Inspect's own react() as swarm members, unchanged: the `inspect` agent
# plugin (plugins-python/inspect-agent) runs any Inspect agent with the
# host's model and tools. Here two react() members on mockllm answer each
# sample, each through react's own submit tool.
# Run: make build venv && ./bin/swarmhost run examples/inspect-react
# A real endpoint: see README.md (change the model block only).

plugin "agent" "inspect" {
  source = "../../plugins-python/inspect-agent/swarmhost-agent-inspect"
}

model "default" {
  provider = "mockllm"
  outputs = [for i in range(40) : {
    tool      = "submit"
    arguments = { answer = "Paris" }
    usage     = { input_tokens = 10, output_tokens = 2 }
  }]
}

task "capitals" {
  dataset {
    file = "capitals.jsonl"
  }
  scorer "match" {
    location = "end"
  }
}

swarm "reacts" {
  member "inspect" {
    name  = "reactor"
    count = 2
    tools = []
    config {
      agent = "inspect_ai/react"
      args = {
        prompt = "You are one of several agents answering the same question. Be brief."
      }
    }
  }
  controller "leaderless" {
    final = "first"
    # every member answers: they may run in different worker processes of
    # the plugin (its `workers`), so which submits first is not fixed
    stop_on_submission = false
  }
}

eval "reacts_on_capitals" {
  task  = task.capitals
  swarm = swarm.reacts
}

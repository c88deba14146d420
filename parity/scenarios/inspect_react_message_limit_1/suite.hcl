# Inspect's react() as the only member with a member message limit of 1,
# shorter than the member's starting conversation (input and preamble): Inspect Swarm ends the member as it builds that conversation, before its span and its agent.
# As inspect_react_message_limit (limit 4) otherwise; the `requests` part
# compares every model request with Inspect Swarm's (compare-requests).
plugin "agent" "inspect" {
  source = "../../../plugins-python/inspect-agent/swarmhost-agent-inspect"
}

model "default" {
  provider = "mockllm"
  outputs = [
    { content = "Let me think.", usage = { input_tokens = 10, output_tokens = 2 } },
    { content = "tool call for tool submit", tool = "submit", arguments = { answer = "42" }, usage = { input_tokens = 10, output_tokens = 2 } },
  ]
}

task "parity" {
  dataset {
    file = "../../samples.jsonl"
  }
  scorer "match" {}
}

swarm "team" {
  member "inspect" {
    name  = "reactor"
    limits {
      messages = 1
    }
    tools = []
    config {
      agent = "inspect_ai/react"
      args  = { prompt = "Answer the question, then submit it." }
    }
  }
  channels = []
  controller "leaderless" {}
}

eval "inspect_react_message_limit_1" {
  task  = task.parity
  swarm = swarm.team
}

# A scorer reaches a sandbox of the task that is no member's (the compose service comparator) by
# name, beside each member's own, as the seed's proof_swarm scorer does with sandbox("comparator"):
# the scenario's Inspect scorer (service_scorer.py) through the Inspect bridge. The sandboxes are
# containers (an engine: scripts/containers.sh start, DOCKER_HOST), the peer's local environments.
model "default" {
  provider = "mockllm"
  outputs  = [for i in range(20) : { content = "ok", usage = { input_tokens = 10, output_tokens = 2 } }]
}

task "parity" {
  dataset {
    file = "../../samples.jsonl"
  }
  scorer "service" {
    name = "service_scorer:reaches_every_sandbox"
  }
  sandbox "docker" {
    compose    = "compose.yaml"
    per_member = true
  }
}

swarm "team" {
  member "scripted" {
    name = "a"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "300ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  member "scripted" {
    name = "b"
    config {
      steps = [
        { action = "generate", prompt = "Go." },
        { action = "sleep", duration = "1000ms" },
        { action = "submit", answer = "7" },
      ]
    }
  }
  channels = []
  controller "leaderless" {}
}

eval "scorer_service_sandbox" {
  task  = task.parity
  swarm = swarm.team
}

# Inspect's store() in Inspect agent members (TestInspectAgentStorePerSample):
# two samples, one after the other, two members each in one of the plugin's
# two workers (placement = "sample").
# Each member adds its sample's input and its name to store() and answers
# what the store then holds: its own sample's input and both its members',
# never the other sample's.
plugin "agent" "inspect" {
  source = "../../../../plugins-python/inspect-agent/swarmhost-agent-inspect"
  # two workers: placement = "sample" keeps a sample's members in one of them
  workers   = 2
  placement = "sample"
}

model "default" {
  provider = "mockllm"
}

task "t" {
  dataset {
    sample {
      id     = "a"
      input  = "alpha"
      target = "alpha|spy-a,spy-b|scoped"
    }
    sample {
      id     = "b"
      input  = "beta"
      target = "beta|spy-a,spy-b|scoped"
    }
  }
  scorer "match" {
    location = "exact"
  }
}

swarm "s" {
  member "inspect" {
    name  = "spy-a"
    tools = []
    config {
      agent = "inspect_member_fixtures:store_spy"
      args  = { me = "spy-a", peers = 2 }
    }
  }
  member "inspect" {
    name  = "spy-b"
    tools = []
    config {
      agent = "inspect_member_fixtures:store_spy"
      args  = { me = "spy-b", peers = 2 }
    }
  }
  controller "leaderless" {
    final = "first"
  }
}

eval "inspect_store" {
  task  = task.t
  swarm = swarm.s
}

# Every member limit ends its own member (member_limit:<type>); the others go
# on and "ok" submits. Priced so that cost is known.
model "default" {
  provider = "mockllm"
  price {
    input  = 1
    output = 1
  }
}

task "t" {
  dataset {
    sample {
      id     = "s1"
      input  = "What is 6 times 7?"
      target = "42"
    }
  }
  scorer "match" {}
}

locals {
  talk = [
    { action = "generate", prompt = "one" },
    { action = "generate", prompt = "two" },
    { action = "generate", prompt = "three" },
    { action = "submit", answer = "talked" },
  ]
}

swarm "s" {
  member "scripted" {
    name = "tok"
    limits { tokens = 10 }
    config { steps = local.talk }
  }
  member "scripted" {
    name = "cost"
    limits { cost = 0.0001 }
    config { steps = local.talk }
  }
  member "scripted" {
    name = "turn"
    limits { turns = 2 }
    config { steps = local.talk }
  }
  member "scripted" {
    name = "msg"
    limits { messages = 4 }
    config { steps = local.talk }
  }
  member "scripted" {
    name = "slow"
    limits { time = "300ms" }
    config { steps = [{ action = "hang" }] }
  }
  member "scripted" {
    name = "ok"
    config {
      steps = [
        { action = "sleep", duration = "600ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
  }
  channels = []
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

task "broken" {
  dataset { file = "arith.jsonl" }
  sandbox "docker" {
    compose = "compose/broken.yaml"
  }
}

task "both" {
  dataset { file = "arith.jsonl" }
  sandbox "docker" {
    compose = "compose/comparator.yaml"
    image   = "localhost/swarmhost-busybox:2"
  }
}

task "neither" {
  dataset { file = "arith.jsonl" }
  sandbox "docker" {}
}

task "local" {
  dataset { file = "arith.jsonl" }
  sandbox "local" {
    image = "localhost/swarmhost-busybox:2"
  }
}

task "missing" {
  dataset { file = "arith.jsonl" }
  sandbox "docker" {
    compose = "compose/nope.yaml"
  }
}

task "bare" {
  dataset { file = "arith.jsonl" }
}

swarm "mixed" {
  member "scripted" {
    name              = "own"
    sandbox           = "box-{member}"
    visible_sandboxes = ["default", "shared-box"]
  }
  member "scripted" {
    name = "shared"
    visible_sandboxes = ["db"]
  }
  member "scripted" {
    name    = "copies"
    count   = 2
    sandbox = "box"
  }
  member "scripted" {
    name    = "odd"
    sandbox = "{name}"
  }
}

eval "local" {
  task  = task.local
  swarm = swarm.mixed
}

eval "bare" {
  task  = task.bare
  swarm = swarm.mixed
}

task "containers" {
  dataset { file = "arith.jsonl" }
  sandbox "docker" {
    image      = "localhost/swarmhost-busybox:2"
    per_member = true
  }
}

swarm "sharing" {
  member "scripted" {}
  channels = ["filesystem"]
}

eval "containers" {
  task  = task.containers
  swarm = swarm.sharing
}

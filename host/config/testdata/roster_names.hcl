# Bad, reserved and duplicate roster names; bad counts. Names as Inspect
# Swarm allows them: "Bad Name" and "Critic.v2" are fine, '/' and '#' not.
task "t" {
  dataset { file = "arith.jsonl" }
}

swarm "s" {
  member "scripted" {
    count = 2                       # scripted-1, scripted-2
  }
  member "scripted" {
    name = "scripted-2"             # clashes with the expansion above
  }
  member "scripted" {
    name = "Bad Name"
  }
  member "scripted" {
    name = "Critic.v2"
  }
  member "scripted" {
    name = "a/b"
  }
  member "scripted" {
    name = "init"
  }
  member "scripted" {
    name = "all"
  }
  member "scripted" {
    name = "swarm"
  }
  member "scripted" {
    name = "role:lead"
  }
  member "scripted" {
    name  = "abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefg"
    count = 10                      # 127 characters, fine alone, too long with a "-N" suffix
  }
  member "scripted" {
    name  = "zero"
    count = 0
  }
  member "scripted" {
    name  = "half"
    count = 1.5
  }
  member "scripted" {
    name  = "many"
    count = 500000
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

# Per-member sandboxes: each member works in its own directory, named in the
# record; the sample's files and setup are in each; a member cannot write
# into another's directory or outside its own.
model "default" {
  provider = "mockllm"
}

task "t" {
  dataset {
    sample {
      id     = "s1"
      input  = "What is 6 times 7?"
      target = "42"
      files  = { "data.txt" = "6 7" }
      setup  = "touch marker"
    }
  }
  scorer "exec" {
    command = ["sh", "-c", "test -f data.txt && test -f marker && ! test -e evil.txt"]
  }
  sandbox "local" {
    per_member = true
  }
}

swarm "s" {
  # a member that errors ends only itself, not the sample
  contain_member_errors = true
  member "scripted" {
    name = "writer"
    config {
      steps = [
        { action = "write_file", path = "mine.txt", content = "mine" },
        { action = "sleep", duration = "200ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
  member "scripted" {
    name = "climber"
    config {
      steps = [{ action = "write_file", path = "../writer/evil.txt", content = "boo" }]
    }
  }
  member "scripted" {
    name = "absolute"
    config {
      steps = [{ action = "write_file", path = "/tmp/swarmhost-runtime-e2e-evil.txt", content = "boo" }]
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

# A container suite whose members wait long enough in their containers for
# a test to kill the host mid-sample (host/e2e/kill_containers_e2e_test.go).

model "default" {
  provider = "mockllm"
}

task "hold" {
  dataset {
    sample {
      id    = "held"
      input = "Wait."
    }
  }
  sandbox "docker" {
    image      = "localhost/swarmhost-busybox:2"
    per_member = true
  }
}

swarm "waiters" {
  member "scripted" {
    name  = "w"
    count = 2
    tools = ["exec"]
    config {
      steps = [
        { action = "exec", command = ["sleep", "300"] },
        { action = "submit", answer = "done" },
      ]
    }
  }
}

eval "hold" {
  task  = task.hold
  swarm = swarm.waiters
}

# The relay controller through the real host: the first solver gives up, so
# relay starts the second, whose submission stops the swarm and is the
# answer.

model "default" {
  provider = "mockllm"
}

task "capital" {
  dataset {
    sample {
      input  = "What is the capital of France?"
      target = "Paris"
    }
  }
  scorer "match" {}
}

swarm "relay" {
  member "scripted" {
    name = "solver-1"
    config {
      steps = [{ action = "give_up" }]
    }
  }
  member "scripted" {
    name = "solver-2"
    config {
      steps = [{ action = "submit", answer = "Paris" }]
    }
  }
  controller "relay" {}
}

eval "relay" {
  task  = task.capital
  swarm = swarm.relay
}

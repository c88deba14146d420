# Two react members on the fake server: "fast" submits at once, "slow" keeps
# calling tools; the first submission stops the swarm (soft stop).
variable "base_url" {
  type = string
}

model "fake" {
  provider = "openai"
  name     = "fake-model"
  base_url = var.base_url
}

task "race" {
  dataset {
    sample {
      id     = "s1"
      input  = "Answer 42."
      target = "42"
    }
  }
  scorer "match" {}
}

swarm "pair" {
  member "react" {
    name  = "fast"
    model = model.fake
  }
  member "react" {
    name  = "slow"
    model = model.fake
  }
  channels = []
}

eval "react_softstop" {
  task  = task.race
  swarm = swarm.pair
}

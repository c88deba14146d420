variable "members" {
  default = 2
}

model "fast" {
  provider = "mockllm"
}

task "arith" {
  dataset { file = "arith.jsonl" }
}

swarm "pair" {
  member "scripted" {
    model = model.fsat
    count = var.membrs
  }
}

eval "e" {
  task  = task.arihm
  swarm = swarm.piar
}

# One react member on a cached openai model: a second run is answered from
# the cache without a request.
variable "base_url" {
  type = string
}

model "fake" {
  provider = "openai"
  name     = "fake-model"
  base_url = var.base_url
  cache    = true
  config {
    temperature = 0
  }
}

task "echo" {
  dataset {
    sample {
      id     = "s1"
      input  = "Run echo and submit."
      target = "hi"
    }
  }
  scorer "match" {}
  epochs {
    count = 2
  }
}

swarm "solo" {
  member "react" {
    model = model.fake
  }
  channels = []
}

eval "react_cache" {
  task  = task.echo
  swarm = swarm.solo
}

# One react member on the openai provider against the test's fake server:
# a full tool-using conversation with retries, errors and a timeout.
variable "base_url" {
  type = string
}

model "fake" {
  provider        = "openai"
  name            = "fake-model"
  base_url        = var.base_url
  api_key_env     = "SWARMHOST_TEST_KEY"
  max_connections = 2
  price {
    input  = 2
    output = 10
  }
  config {
    temperature     = 0
    seed            = 1
    max_tokens      = 200
    attempt_timeout = 1
    max_retries     = 2
  }
}

task "echo" {
  dataset {
    sample {
      id     = "s1"
      input  = "Write hello to a file and submit what it says."
      target = "hello"
    }
  }
  scorer "match" {
    location = "end"
  }
}

swarm "solo" {
  member "react" {
    model = model.fake
  }
  channels = []
}

eval "react_openai" {
  task  = task.echo
  swarm = swarm.solo
}

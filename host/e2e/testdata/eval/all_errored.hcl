# Every member errors: the model fails every call, and react gives up
# after the first failure (model_errors = 0).
model "default" {
  provider = "mockllm"
  outputs  = [{ error = "the model is down" }, { error = "the model is down" }]
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

swarm "s" {
  member "react" {
    count = 2
    config {
      model_errors = 0
    }
  }
  channels = []
  # each member's error stays its own, so both members end errored
  contain_member_errors = true
}

eval "all_errored" {
  task  = task.t
  swarm = swarm.s
}

# Six slow samples, for killing the host part way (host/e2e/kill_e2e_test.go).
model "default" {
  provider = "mockllm"
  outputs  = ["thinking"]
}

task "slow" {
  dataset {
    file = "slow.jsonl"
  }
  scorer "match" {}
}

swarm "s" {
  member "scripted" {
    name = "plodder"
    config {
      steps = [
        { action = "generate", prompt = "go" },
        { action = "sleep", duration = "1500ms" },
        { action = "submit", answer = "42" },
      ]
    }
  }
}

eval "slow" {
  task  = task.slow
  swarm = swarm.s
}

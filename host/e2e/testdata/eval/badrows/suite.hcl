# A dataset with bad rows: nothing may run (host/e2e/eval_e2e_test.go).
model "default" {
  provider = "mockllm"
}

task "t" {
  dataset {
    file = "rows.jsonl"
  }
  scorer "match" {}
}

swarm "s" {
  member "scripted" {
    config {
      steps = [{ action = "submit", answer = "42" }]
    }
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

task "bad_values" {
  dataset { file = "arith.jsonl" }
  sandbox "kubernetes" {
    image         = "swarmhost.local/busybox:1"
    cpu           = "lots"
    memory        = "1 GB"
    pull_policy   = "Sometimes"
    ready_timeout = "5ms"
  }
}

task "neither" {
  dataset { file = "arith.jsonl" }
  sandbox "kubernetes" {}
}

task "on_docker" {
  dataset { file = "arith.jsonl" }
  sandbox "docker" {
    image     = "localhost/swarmhost-busybox:1"
    namespace = "evals"
  }
}

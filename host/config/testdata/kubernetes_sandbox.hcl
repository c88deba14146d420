# A kubernetes sandbox: the cluster, resources, pull policy and ready timeout.
task "t" {
  dataset { file = "arith.jsonl" }
  sandbox "kubernetes" {
    compose       = "compose/comparator.yaml"
    per_member    = true
    kubeconfig    = "kube/config"
    context       = "lab"
    namespace     = "evals"
    cpu           = "500m"
    memory        = "256Mi"
    pull_policy   = "Never"
    ready_timeout = "90s"
  }
}

swarm "s" {
  member "scripted" {
    name = "alice"
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

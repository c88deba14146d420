# Swarms for Inspect tasks run unchanged from the command line (host/e2e/inspecttask_e2e_test.go):
#   swarmhost run inspect_evals/agent_threat_bench_memory_poison --swarm swarms.hcl:one -T difficulty=easy
# one and three run the task's own solver (member "solver") on mockllm, which answers with its default
# text; guard_one and guard_three answer with a guardrail program (the code mind2web_sc runs in its
# sandbox).
plugin "task" "inspect" {
  source = "../../plugins-python/inspect-task/swarmhost-task-inspect"
}

locals {
  guardrail = "Guardrail code:\n```python\nprint('ACTION GRANTED')\n```"
}

model "mock" {
  provider = "mockllm"
}

model "guard" {
  provider = "mockllm"
  outputs  = [local.guardrail]
}

swarm "one" {
  member "solver" {
    model = model.mock
  }
}

swarm "three" {
  member "solver" {
    count = 3
    model = model.mock
  }
}

swarm "guard_one" {
  member "solver" {
    model = model.guard
  }
}

swarm "guard_three" {
  member "solver" {
    count = 3
    model = model.guard
  }
}

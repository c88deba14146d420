# agent_threat_bench_memory_poison from inspect-evals, unchanged: its setup steps (a system message,
# its tools and the sample's store), its dict-valued scorer with per-key metrics, its message limit.
plugin "task" "inspect" {
  source = "../../plugins-python/inspect-task/swarmhost-task-inspect"
}

# Each member first calls the task's own memory_read tool with a key no sample has (the tool answers
# with the keys of the sample's own store), then answers with mockllm's default text.
model "mock" {
  provider = "mockllm"
  outputs  = [{ tool = "memory_read", arguments = { key = "no such key" } }]
}

task "memory" {
  inspect = "inspect_evals/agent_threat_bench_memory_poison"
  args    = { difficulty = var.difficulty }
}

variable "difficulty" {
  type    = string
  default = "easy"
}

swarm "solo" {
  member "solver" {
    model = model.mock
  }
}

eval "memory_solo" {
  task  = task.memory
  swarm = swarm.solo
}

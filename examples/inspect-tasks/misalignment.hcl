# agentic_misalignment from inspect-evals, unchanged: a dataset its prompt generator makes in Python, a
# setup step (its system message), a message-list input, its model-graded dict-valued scorer. The
# grader is the task argument grader_model: "swarmhost/scorer" is the model scorer_model names, called
# through the host (metered in the sample).
plugin "task" "inspect" {
  source = "../../plugins-python/inspect-task/swarmhost-task-inspect"
}

model "mock" {
  provider = "mockllm"
}

model "grader" {
  provider = "mockllm"
  outputs  = ["<answer>no</answer>"]
}

task "misalignment" {
  # Inspect would end a swarm member at the task's message limit, 3, before its first call: the
  # swarm's preamble is a message in the conversation. The limit is raised by one, here and in plain
  # Inspect beside it (its --message-limit), so both run the task's one generate.
  limits {
    messages = 4
  }
  inspect      = "inspect_evals/agentic_misalignment"
  args         = { grader_model = "swarmhost/scorer" }
  scorer_model = model.grader
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

eval "one" {
  task  = task.misalignment
  swarm = swarm.one
}

eval "three" {
  task  = task.misalignment
  swarm = swarm.three
}

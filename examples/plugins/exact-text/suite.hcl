# The exact-text scorer on two capitals, through the real host: one scripted
# member answers "paris" to both; with ignore_case it matches the first
# target, and no case folding makes it match "Lyon".

model "default" {
  provider = "mockllm"
}

task "capitals" {
  dataset {
    sample {
      id     = "france"
      input  = "What is the capital of France?"
      target = "Paris"
    }
    sample {
      id     = "rhone"
      input  = "What is the capital of the Rhone?"
      target = "Lyon"
    }
  }
  scorer "exact-text" {
    ignore_case = true
  }
}

swarm "one" {
  member "scripted" {
    config {
      steps = [{ action = "submit", answer = "paris" }]
    }
  }
}

eval "exact_text" {
  task  = task.capitals
  swarm = swarm.one
}

# Golden case: a stopped member: its next model call is refused after the first submission
model "default" {
  provider = "mockllm"
  outputs  = ["thinking"]
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
  member "scripted" {
    name = "answerer"
    config {
      steps = [{ action = "submit", answer = "42" }]
    }
  }
  member "scripted" {
    name = "talker"
    config {
      steps = [
        { action = "sleep", duration = "1500ms" },
        { action = "generate", prompt = "still there?" },
        { action = "submit", answer = "never" },
      ]
    }
  }
  channels = []
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

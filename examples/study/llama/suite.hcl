# examples/study on a real model: the same three arms — a swarm of three
# react members, one react member over three epochs, one react member with
# three times the budget — on llama.cpp's llama-server serving the tiny
# tool-calling model (../../../shared/models/tiny-toolcall). Its answers are
# nonsense, so the scores mean little; the costs are what the server
# reported, and the report is built exactly as for any model. See README.md.
#
#   ./bin/swarmhost study examples/study/llama --var base_url=http://127.0.0.1:18089/v1 --out reports

variable "base_url" {
  type        = string
  description = "the llama-server's OpenAI-compatible base URL"
}

model "tiny" {
  provider = "openai"
  name     = "tiny-toolcall"
  base_url = var.base_url
  config {
    temperature     = 1.0 # the attempts differ from epoch to epoch
    max_tokens      = 100
    max_retries     = 1
    attempt_timeout = 300
  }
}

# An attempt gets two turns; the swarm and the single agent three times
# that (the single agent's turn limit below, the swarm's three members).
task "probe" {
  dataset {
    file = "probe.jsonl"
  }
  scorer "includes" {}
  limits {
    time = "10m"
  }
}

task "probe_attempts" {
  dataset {
    file = "probe.jsonl"
  }
  scorer "includes" {}
  epochs {
    count    = 3
    reducers = ["mean", "pass_at_3"]
  }
  limits {
    time = "10m"
  }
}

swarm "three" {
  member "react" {
    count = 3
    model = model.tiny
    tools = ["bash"]
    config {
      assistant_prompt = ""
    }
    limits {
      turns = 2
    }
  }
  channels = []
  # the tiny model was trained on a short system message and one user turn
  preamble = "{sandbox}"
  controller "leaderless" {
    stop_on_submission = false
  }
}

swarm "one" {
  member "react" {
    model = model.tiny
    tools = ["bash"]
    config {
      assistant_prompt = ""
    }
    limits {
      turns = 2
    }
  }
  channels = []
  preamble = "{sandbox}"
}

swarm "one_big" {
  member "react" {
    model = model.tiny
    tools = ["bash"]
    config {
      assistant_prompt = ""
    }
    limits {
      turns = 6
    }
  }
  channels = []
  preamble = "{sandbox}"
}

eval "swarm_of_3" {
  task  = task.probe
  swarm = swarm.three
}

eval "attempts" {
  task  = task.probe_attempts
  swarm = swarm.one
}

eval "one_big" {
  task  = task.probe
  swarm = swarm.one_big
}

study "tiny" {
  arm "swarm" { eval = eval.swarm_of_3 }
  arm "attempts" { eval = eval.attempts }
  arm "big" {
    eval = eval.one_big
    role = "single"
  }
}

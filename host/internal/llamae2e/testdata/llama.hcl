# Three react members against llama.cpp's llama-server serving the tiny
# tool-calling model: one plain, one streamed, one whose answers are always
# cut short (max_tokens = 8, finish_reason "length"). The model's content
# is nonsense; the test checks the protocol and the loop only. One retry
# covers a kept-alive connection the server closed; a server error that
# repeats reaches the model as a model error.
variable "base_url" {
  type = string
}

model "plain" {
  provider = "openai"
  name     = "tiny-toolcall"
  base_url = var.base_url
  config {
    temperature     = 0
    seed            = 1
    max_tokens      = 100
    max_retries     = 1
    attempt_timeout = 300
  }
}

model "streamed" {
  provider = "openai"
  name     = "tiny-toolcall"
  base_url = var.base_url
  config {
    temperature     = 0
    seed            = 2
    max_tokens      = 100
    max_retries     = 1
    attempt_timeout = 300
    stream          = true
  }
}

model "short" {
  provider = "openai"
  name     = "tiny-toolcall"
  base_url = var.base_url
  config {
    temperature     = 0
    seed            = 3
    max_tokens      = 8
    max_retries     = 1
    attempt_timeout = 300
  }
}

task "probe" {
  dataset {
    sample {
      id     = "ls"
      input  = "Run ls -la"
      target = "notes.txt"
      files  = { "notes.txt" = "alpha\n" }
    }
  }
  scorer "includes" {}
  limits {
    time = "8m"
  }
}

swarm "engines" {
  member "react" {
    name  = "plain"
    model = model.plain
    config {
      assistant_prompt = ""
    }
    limits {
      turns = 3
    }
  }
  member "react" {
    name  = "streamed"
    model = model.streamed
    config {
      assistant_prompt = ""
    }
    limits {
      turns = 3
    }
  }
  member "react" {
    name  = "short"
    model = model.short
    config {
      assistant_prompt = ""
    }
    limits {
      turns = 2
    }
  }
  channels = []
  # The tiny model was trained on a short system message and one user turn
  # before its tool call: Inspect's long assistant prompt (assistant_prompt
  # = "" above) or the preamble's second user message (empty here: no
  # member has a sandbox of its own) leave it answering in prose, which
  # tests no protocol.
  preamble = "{sandbox}"
  controller "leaderless" {
    stop_on_submission = false
  }
}

eval "llama" {
  task  = task.probe
  swarm = swarm.engines
}

# Two scripted members; one crashes its plugin process. With isolation =
# "member" each member has a process of its own, so the survivor submits.
variable "isolation" {
  type    = string
  default = "member"
}

model "default" {
  provider = "mockllm"
}

task "t" {
  dataset {
    sample {
      id     = "s1"
      input  = "go"
      target = "42"
    }
  }
  scorer "match" {}
}

swarm "s" {
  # a member that errors ends only itself, not the sample
  contain_member_errors = true
  member "scripted" {
    name      = "crasher"
    isolation = var.isolation
    config {
      steps = [{ action = "sleep", duration = "300ms" }, { action = "crash" }]
    }
  }
  member "scripted" {
    name      = "survivor"
    isolation = var.isolation
    config {
      steps = [{ action = "sleep", duration = "1500ms" }, { action = "submit", answer = "42" }]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
  }
}

eval "e" {
  task  = task.t
  swarm = swarm.s
}

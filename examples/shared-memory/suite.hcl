# Members build one document on the shared_memory board. The editor lays
# out the report; two writers wait for it, view it, fill their own
# placeholders with str_replace and append a line to a shared log (append
# needs no view); the editor waits on the log with swarm_wait until both
# writers have ended, then views the finished report. No model is needed:
# the members are scripted. Run it with:
#
#   ./bin/swarmhost run examples/shared-memory --log-dir logs

model "default" {
  provider = "mockllm"
}

task "report" {
  dataset {
    sample {
      id     = "board"
      input  = "Write a two-finding report together."
      target = "report done"
    }
  }
  scorer "match" {}
}

locals {
  doc = "/shared_memory/report.md"
  log = "/shared_memory/log.md"
}

swarm "writers" {
  member "scripted" {
    name = "editor"
    config {
      steps = concat(
        [{ action = "create", path = local.doc, content = "# Report\n\n## Findings\n- (bob)\n- (carol)\n" }],
        # Each wait returns on news: a log change not yet viewed, a writer's
        # end, or every other member ended (four at most).
        flatten([for i in range(4) : [
          { action = "wait", path = local.log },
          { action = "view", path = local.log },
        ]]),
        [
          { action = "view", path = local.doc },
          { action = "submit", answer = "report done" },
        ],
      )
    }
  }
  member "scripted" {
    name = "bob"
    config {
      steps = [
        { action = "wait", path = local.doc },
        { action = "view", path = local.doc },
        { action = "str_replace", path = local.doc, old_str = "(bob)", new_str = "bob: the cache halves the latency" },
        { action = "append", path = local.log, content = "bob wrote his finding" },
        { action = "submit", answer = "finding added" },
      ]
    }
  }
  member "scripted" {
    name = "carol"
    # carol is told of changes only through results and waits, no notices.
    delivery = "poll"
    config {
      steps = [
        { action = "wait", path = local.doc },
        { action = "view", path = local.doc },
        { action = "str_replace", path = local.doc, old_str = "(carol)", new_str = "carol: the index is never used" },
        { action = "append", path = local.log, content = "carol wrote her finding" },
        { action = "submit", answer = "finding added" },
      ]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
    final              = "last"
  }
  channel "shared_memory" {
    max_wait = 60
  }
}

eval "shared_memory" {
  task  = task.report
  swarm = swarm.writers
}

# shared-sandbox on containers: the same swarm as ../suite.hcl, the members building solve.sh together in
# one container per sample (the seed's examples/shared_sandbox.py runs in Docker too); the scorer runs the
# tests on what they left, in a throw-away copy of that container. Needs an engine (scripts/containers.sh
# start); run it with:
#
#   DOCKER_HOST=unix:///run/podman/podman.sock ./bin/swarmhost run examples/shared-sandbox/containers --log-dir logs

model "default" {
  provider = "mockllm"
  outputs  = ["On it."]
}

task "build_script" {
  dataset {
    file = "../tasks.jsonl"
  }
  # One container per sample, shared by every member: the compose file's default service.
  sandbox "docker" {
    compose = "compose.yaml"
  }
  # Run the sample's tests on what the members left. The members share one
  # sandbox, so running the tests once, through the tester's view, is
  # enough: member = "tester".
  scorer "exec" {
    command = ["sh", "tests/run.sh"]
    member  = "tester"
  }
}

swarm "builders" {
  # Writes the script's first lines...
  member "scripted" {
    name = "scaffolder"
    config {
      steps = [
        { action = "generate", prompt = "Write the scaffold." },
        { action = "write_file", path = "solve.sh", content = "#!/bin/sh\n# solve.sh: prints the sum of its arguments\n" },
        { action = "submit", answer = "Scaffolded solve.sh." },
      ]
    }
  }
  # ...then the implementer adds the sum to what the scaffolder left...
  member "scripted" {
    name  = "implementer"
    tools = ["exec"]
    config {
      steps = [
        { action = "sleep", duration = "1s" },
        { action = "generate", prompt = "Implement it." },
        { action = "exec", command = ["sh", "-c", "echo 'echo $(( $1 + $2 ))' >> solve.sh"] },
        { action = "submit", answer = "solve.sh adds its arguments." },
      ]
    }
  }
  # ...and the tester tries it last; its submission is the answer.
  member "scripted" {
    name  = "tester"
    tools = ["exec"]
    config {
      steps = [
        { action = "sleep", duration = "2s" },
        { action = "generate", prompt = "Try it." },
        { action = "exec", command = ["sh", "solve.sh", "2", "3"] },
        { action = "submit", answer = "solve.sh 2 3 prints 5." },
      ]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
    final              = "last"
  }
}

eval "shared_sandbox" {
  task  = task.build_script
  swarm = swarm.builders
}

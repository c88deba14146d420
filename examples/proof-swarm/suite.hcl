# Per-member sandboxes and the comparator pattern (the seed's
# examples/proof_swarm.py): each member works in its own sandbox and leaves
# its answer in answer.txt; the scorer checks every member's answer with
# one verify command, read-only, and credits a member whose valid answer
# was left even though it was stopped before it submitted. The swarm is in
# swarm.hcl. Run it with:
#
#   ./bin/swarmhost run examples/proof-swarm --log-dir logs

locals {
  # VERIFY: exits 0 only for a proof, i.e. when answer.txt holds a proper
  # factor of the number in problem.txt; says why either way.
  verify = <<-EOT
    n=$(cat problem.txt)
    f=$(tr -d '[:space:]' < answer.txt 2>/dev/null)
    case "$f" in
      ''|*[!0-9]*) echo "answer.txt holds no number"; exit 1 ;;
    esac
    if [ "$f" -gt 1 ] && [ "$f" -lt "$n" ] && [ $((n % f)) -eq 0 ]; then
      echo "$f divides $n: a proof"
      exit 0
    fi
    echo "$f is not a proper factor of $n"
    exit 1
  EOT
}

# How long each prover double-checks before it submits; the guesser submits first.
variable "check_time" {
  default = "300ms"
}

model "default" {
  provider = "mockllm"
  outputs  = ["Let me look for a factor."]
}

task "composite" {
  dataset {
    file = "numbers.jsonl"
  }
  # Each member gets its own sandbox (problem.txt is written into each);
  # the result record names it in the member's `sandbox` field.
  sandbox "local" {
    per_member = true
  }
  # The comparator: run VERIFY on every member's answer.txt, each in a
  # throw-away view of that member's sandbox (read-only to the member's
  # files). CORRECT if any member left a proof; metadata.passed names them.
  scorer "exec" {
    command = ["sh", "-c", local.verify]
  }
  # The swarm's answer alone, for contrast: the first submission wins, and
  # here it is a wrong guess.
  scorer "match" {
    location = "exact"
  }
}

eval "proof_swarm" {
  task  = task.composite
  swarm = swarm.provers
}

"""The seed page's two scorers for per-member sandboxes (Scoring: "Per-member
sandboxes"), written with the same Inspect calls as the seed page: the
result record from state.store, sandbox(m["sandbox"]).exec(...) for every
member, Score with metadata naming who passed. The plugin
plugins/swarmhost-scorer-seed runs them through swarmhost's Inspect bridge,
where sandbox(name) is the host's read-only view of that member's sandbox.

Two local adjustments, both paths: a local sandbox's files are relative to
it, so tests_pass() takes where the tests are, "tests/run.sh" by default
(containers/ runs it with the seed's "/tests/run.sh" in member containers),
and run_check() runs VERIFY in the member's own sandbox, since local
sandboxes have no comparator service mounting every member's workspace at
/answers/<member> (examples/proof-swarm/containers has one and runs the
seed's run_check() unchanged there).
"""

from typing import Any

from inspect_ai.scorer import CORRECT, INCORRECT, Score, Scorer, Target, accuracy, scorer
from inspect_ai.solver import TaskState
from inspect_ai.util import sandbox

# VERIFY exits 0 only for a proof: the answer file holds a proper factor of
# the number in problem.txt beside it. It says why either way.
VERIFY = """
import pathlib, sys
answer = pathlib.Path(sys.argv[1])
n = int((answer.parent / "problem.txt").read_text())
try:
    f = int(answer.read_text().strip())
except (OSError, ValueError):
    sys.exit("no number in " + str(answer))
if 1 < f < n and n % f == 0:
    print(f"{f} divides {n}: a proof")
    sys.exit(0)
sys.exit(f"{f} is not a proper factor of {n}")
"""


@scorer(metrics=[accuracy()])
def tests_pass(tests: str = "tests/run.sh") -> Scorer:
    """Run the task's tests in each member's sandbox (tests: where they
    are; containers/ has the seed's /tests/run.sh)."""

    async def score(state: TaskState, target: Target) -> Score:
        # the swarm's result record; task code reads it but never writes it
        record: dict[str, Any] = state.store.get("inspect_swarm:result")
        passed = [
            m["name"]
            for m in record["members"]
            if (await sandbox(m["sandbox"]).exec(["sh", tests])).success
        ]
        return Score(value=CORRECT if passed else INCORRECT, metadata={"passed": passed})

    return score


async def run_check(member_sandbox: str) -> tuple[bool, str]:
    """Check the answer a member left in its sandbox: whether it is a proof, and why."""
    result = await sandbox(member_sandbox).exec(
        ["python3", "-c", VERIFY, "answer.txt"],
        timeout=60,
    )
    return result.success, result.stdout.strip() or result.stderr.strip()


@scorer(metrics=[accuracy()])
def any_member_proved() -> Scorer:
    """CORRECT when any member left a proof, submitted or not."""

    async def score(state: TaskState, target: Target) -> Score:
        record: dict[str, Any] = state.store.get("inspect_swarm:result")
        proved, why = [], {}
        for m in record["members"]:
            ok, reason = await run_check(m["sandbox"])
            why[m["name"]] = reason
            if ok:
                proved.append(m["name"])
        return Score(value=CORRECT if proved else INCORRECT, explanation="; ".join(f"{k}: {v}" for k, v in why.items()),
                     metadata={"proved": proved})

    return score

"""The seed's examples/proof_swarm.py scorer: run_check() as the seed page
(Scoring: "Per-member sandboxes") writes it, with no change, and
any_member_proved() and VERIFY as the page describes them (it prints
neither: the scorer calls run_check() for every member in the result
record; VERIFY exits 0 only for a proof). run_check() runs VERIFY with
python3 in the comparator service, which mounts each member's /workspace
read-only at /answers/<member> (containers/compose.yaml).

The plugin plugins/swarmhost-scorer-proof runs it through swarmhost's Inspect
bridge, where sandbox("comparator") is the host's read-only view of that
compose service, as sandbox(name) is of every sandbox of the sample. The
comparator's image (localhost/swarmhost-debian:bookworm, Debian with
python3) is built by scripts/debian-image.sh, never pulled.
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


async def run_check(member_sandbox: str) -> tuple[bool, str]:
    """Check the answer a member left in its sandbox, with the comparator: whether it is a proof, and why."""
    result = await sandbox("comparator").exec(
        ["python3", "-c", VERIFY, f"/answers/{member_sandbox}/answer.txt"],
        timeout=60,
    )
    return result.success, result.stdout.strip() or result.stderr.strip()


@scorer(metrics=[accuracy()])
def any_member_proved() -> Scorer:
    """CORRECT when any member left a proof, submitted or not."""

    async def score(state: TaskState, target: Target) -> Score:
        # the swarm's result record; task code reads it but never writes it
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

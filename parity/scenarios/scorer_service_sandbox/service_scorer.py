"""The scenario's Inspect scorer, the same code on both sides: it runs one
command in every member's sandbox (by the record's names) and in the task's
`comparator`, a sandbox that is no member's, as the seed's run_check()
does with sandbox("comparator"), and lists the environments Inspect offers
the scorer."""

from typing import Any

from inspect_ai.scorer import CORRECT, Score, Scorer, Target, accuracy, scorer
from inspect_ai.solver import TaskState
from inspect_ai.util import sandbox


@scorer(name="service", metrics=[accuracy()])
def reaches_every_sandbox() -> Scorer:
    """CORRECT when a command runs in each member's sandbox and in the comparator."""

    async def score(state: TaskState, target: Target) -> Score:
        from inspect_ai.util._sandbox.context import sandbox_environments_context_var

        record: dict[str, Any] = state.store.get("inspect_swarm:result")
        seen = []
        for name in [*(m["sandbox"] for m in record["members"]), "comparator"]:
            result = await sandbox(name).exec(["sh", "-c", "echo ran"])
            seen.append(f"{name}: {result.stdout.strip()}")
        return Score(value=CORRECT, explanation="; ".join(seen),
                     metadata={"environments": sorted(sandbox_environments_context_var.get())})

    return score

"""Inspect scorers the parity scenarios share: the peer's task.py imports
them, and swarmhost runs the same functions through the Inspect bridge
(a scenario's plugins/swarmhost-scorer-parity)."""

from inspect_ai.scorer import Score, Target, accuracy, scorer
from inspect_ai.solver import TaskState


@scorer(metrics=[accuracy()])
def raises():
    """A scorer that raises for every sample: Inspect ends the sample in error."""

    async def score(state: TaskState, target: Target) -> Score:
        raise RuntimeError("the parity scorer raises")

    return score

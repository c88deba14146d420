"""examples/study on Inspect Swarm 0.1.0: a swarm of three guessers, one
guesser over three epochs, and one guesser with three times the budget, on
the same six samples (../doors.jsonl). Run all three, then read their logs
into swarmhost's study report:

    .venv-peer/bin/inspect eval examples/study/inspect_swarm/study.py --log-dir logs/study-peer
    ./bin/swarmhost report --out reports --name doors-peer logs/study-peer/*.eval

Inspect Swarm scores no member on its own, so the report marks team@3 and
the mean member as not recorded.
"""

from pathlib import Path

from inspect_ai import Epochs, Task, task
from inspect_ai.dataset import json_dataset
from inspect_ai.scorer import match
from inspect_swarm import Budget, leaderless, member, swarm

from guessers import checker, guesser, mock_model

DOORS = str(Path(__file__).parent.parent / "doors.jsonl")


def doors(**kwargs) -> Task:
    return Task(dataset=json_dataset(DOORS), scorer=match(location="exact"), model=mock_model(), **kwargs)


@task
def swarm_of_3() -> Task:
    """Three guessers at once; every one runs to its end; the first submission wins."""
    members = [member(guesser, {"door": i}, name=f"guesser-{i}") for i in (1, 2, 3)]
    return doors(solver=swarm(members=members, channels=[], budget=Budget(split="equal"),
                              controller=leaderless(stop_on_submission=False)),
                 token_limit=450)


@task
def attempts() -> Task:
    """One guesser, three epochs: in epoch i it opens door i."""
    return doors(solver=swarm(members=member(guesser, {}, name="guesser"), channels=[]),
                 epochs=Epochs(3, ["mean", "pass_at_3"]), token_limit=150)


@task
def one_big() -> Task:
    """One guesser with the budget of three, checking each door."""
    return doors(solver=swarm(members=member(checker, {}, name="guesser"), channels=[]), token_limit=450)

"""A scorer that raises, after one that scores and before another: the sample ends in error with the first scorer's score only, and the eval fails, as Inspect does."""

from inspect_ai import Task, task
from inspect_ai.scorer import includes, match
from inspect_swarm import leaderless, member, swarm
from parity_agents import mock_model, samples, scripted
from parity_scorers import raises


@task
def scorer_raises() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'submit', 'answer': '42'}]}, name='a'),
            ],
            controller=leaderless(),
        ),
        scorer=[match(), raises(), includes()],
        model=mock_model(),
    )

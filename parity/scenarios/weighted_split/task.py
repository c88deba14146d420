"""Weighted split [3, 1] of a token cap: the light member ends at its share of 12 tokens, the heavy one answers."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import Budget, leaderless, member, swarm
from parity_agents import mock_model, samples, scripted


@task
def weighted_split() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'generate'}, {'action': 'sleep', 'seconds': 0.8}, {'action': 'submit', 'answer': '42'}]}, name='heavy'),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'generate'}, {'action': 'generate'}, {'action': 'submit', 'answer': '7'}]}, name='light'),
            ],
            controller=leaderless(),
            budget=Budget(tokens=48, split=(3, 1,)),
        ),
        scorer=match(),
        model=mock_model(),
    )

"""A pooled token cap: once the swarm's calls reach it, every member whose next call meets it ends swarm_cap."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import Budget, leaderless, member, swarm
from parity_agents import mock_model, samples, scripted


@task
def token_cap() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'generate'}, {'action': 'generate'}, {'action': 'sleep', 'seconds': 0.2}, {'action': 'generate'}, {'action': 'submit', 'answer': '7'}]}, name='a'),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 0.5}, {'action': 'generate'}, {'action': 'submit', 'answer': '42'}]}, name='b'),
            ],
            controller=leaderless(),
            budget=Budget(tokens=30),
        ),
        scorer=match(),
        model=mock_model(),
    )

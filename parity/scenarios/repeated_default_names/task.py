"""Repeated default member names: two scripted members are numbered across the roster."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import leaderless, member, swarm
from parity_agents import mock_model, samples, scripted


@task
def repeated_default_names() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 0.3}, {'action': 'submit', 'answer': '42'}]}),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 1}, {'action': 'submit', 'answer': '7'}]}),
            ],
            controller=leaderless(),
        ),
        scorer=match(),
        model=mock_model(),
    )

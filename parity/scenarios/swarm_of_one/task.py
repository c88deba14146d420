"""A swarm of one with no channels: the only member answers."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import leaderless, member, swarm
from parity_agents import mock_model, samples, scripted


@task
def swarm_of_one() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'submit', 'answer': '42'}]}, name='solo'),
            ],
            controller=leaderless(),
            channels=[],
        ),
        scorer=match(),
        model=mock_model(),
    )

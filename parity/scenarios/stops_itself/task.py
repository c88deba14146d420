"""An agent stopping itself: member_limit:custom, the sibling goes on and answers."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import leaderless, member, swarm
from parity_agents import mock_model, samples, scripted


@task
def stops_itself() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 0.2}, {'action': 'stop_self', 'message': 'nothing to add'}]}, name='quitter'),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 0.8}, {'action': 'submit', 'answer': '42'}]}, name='steady'),
            ],
            controller=leaderless(),
        ),
        scorer=match(),
        model=mock_model(),
    )

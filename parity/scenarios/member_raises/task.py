"""A member raising: the sample ends in error, the sibling is cancelled, no answer."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import leaderless, member, swarm
from parity_agents import mock_model, samples, scripted


@task
def member_raises() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 0.3}, {'action': 'fail', 'message': 'boom'}]}, name='crasher'),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 2}, {'action': 'submit', 'answer': '42'}]}, name='steady'),
            ],
            controller=leaderless(),
        ),
        scorer=match(),
        model=mock_model(),
    )

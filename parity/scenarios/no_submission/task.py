"""No submission: both members reach their turn limit, so the swarm has no answer."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_ai.util import turn_limit
from inspect_swarm import leaderless, member, swarm
from parity_agents import mock_model, samples, scripted


@task
def no_submission() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 0.2}, {'action': 'generate'}, {'action': 'submit', 'answer': '7'}]}, name='a', limits=[turn_limit(1)]),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 0.5}, {'action': 'generate'}, {'action': 'submit', 'answer': '42'}]}, name='b', limits=[turn_limit(1)]),
            ],
            controller=leaderless(),
        ),
        scorer=match(),
        model=mock_model(),
    )

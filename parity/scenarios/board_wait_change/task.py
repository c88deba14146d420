"""swarm_wait woken by a change: b waits on a directory, a writes elsewhere and then under it."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import leaderless, member, shared_memory, swarm
from parity_agents import mock_model, samples, scripted


@task
def board_wait_change() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'sleep', 'seconds': 0.3}, {'action': 'create', 'path': '/shared_memory/other', 'content': 'x'}, {'action': 'sleep', 'seconds': 0.3}, {'action': 'create', 'path': '/shared_memory/results/r1', 'content': '42'}, {'action': 'sleep', 'seconds': 3.0}, {'action': 'generate'}, {'action': 'submit', 'answer': '42'}]}, name='a'),
                member(scripted, {"steps": [{'action': 'wait', 'path': '/shared_memory/results'}, {'action': 'view', 'path': '/shared_memory/results/r1'}, {'action': 'generate'}, {'action': 'submit', 'answer': '42'}]}, name='b'),
            ],
            controller=leaderless(stop_on_submission=False),
            channels=[shared_memory()],
        ),
        scorer=match(),
        model=mock_model(),
    )

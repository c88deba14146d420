"""swarm_wait woken by another member's end, then by every other member having ended."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import leaderless, member, shared_memory, swarm
from parity_agents import mock_model, samples, scripted


@task
def board_wait_end() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'sleep', 'seconds': 0.3}, {'action': 'generate'}, {'action': 'submit', 'answer': '42'}]}, name='a'),
                member(scripted, {"steps": [{'action': 'wait', 'path': 'f-9'}, {'action': 'wait'}, {'action': 'generate'}, {'action': 'submit', 'answer': '42'}]}, name='b'),
            ],
            controller=leaderless(stop_on_submission=False),
            channels=[shared_memory()],
        ),
        scorer=match(),
        model=mock_model(),
    )

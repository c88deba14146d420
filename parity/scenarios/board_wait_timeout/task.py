"""swarm_wait ends at its timeout while the other member is busy; max_wait clips a longer timeout."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import leaderless, member, shared_memory, swarm
from parity_agents import mock_model, samples, scripted


@task
def board_wait_timeout() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'sleep', 'seconds': 5.0}, {'action': 'generate'}, {'action': 'submit', 'answer': '42'}]}, name='a'),
                member(scripted, {"steps": [{'action': 'wait', 'timeout': 1}, {'action': 'wait', 'timeout': 50}, {'action': 'generate'}, {'action': 'submit', 'answer': '42'}]}, name='b'),
            ],
            controller=leaderless(stop_on_submission=False),
            channels=[shared_memory(max_wait=1)],
        ),
        scorer=match(),
        model=mock_model(),
    )

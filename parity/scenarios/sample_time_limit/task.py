"""The sample's time limit (8s) reached inside the swarm (an explicit time cap of 60s is above it); each member calls once at its start, since the time before the swarm starts varies."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import Budget, leaderless, member, swarm
from parity_agents import mock_model, samples, scripted


@task
def sample_time_limit() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 20}, {'action': 'submit', 'answer': '7'}]}, name='a'),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 20}, {'action': 'submit', 'answer': '42'}]}, name='b'),
            ],
            controller=leaderless(),
            budget=Budget(time=60),
        ),
        scorer=match(),
        model=mock_model(),
        time_limit=8,
    )

"""A time cap derived from the sample's 20s time limit with reserve 0.8 (4s), grace 0.5s: the sleeping members are stopped and cancelled."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import Budget, leaderless, member, swarm
from parity_agents import mock_model, samples, scripted


@task
def time_cap_grace() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 10}, {'action': 'generate'}, {'action': 'submit', 'answer': '7'}]}, name='a'),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 10}, {'action': 'generate'}, {'action': 'submit', 'answer': '42'}]}, name='b'),
            ],
            controller=leaderless(),
            budget=Budget(grace=0.5, reserve=0.8),
        ),
        scorer=match(),
        model=mock_model(),
        time_limit=20,
    )

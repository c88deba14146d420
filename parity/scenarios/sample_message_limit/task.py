"""The sample's message limit (5) reached inside the swarm by one member while the other still runs."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import Budget, leaderless, member, swarm
from parity_agents import mock_model, samples, scripted


@task
def sample_message_limit() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 0.2}, {'action': 'generate'}, {'action': 'sleep', 'seconds': 0.2}, {'action': 'generate'}, {'action': 'submit', 'answer': '7'}]}, name='a'),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 1.5}, {'action': 'generate'}, {'action': 'sleep', 'seconds': 1}, {'action': 'submit', 'answer': '42'}]}, name='b'),
            ],
            controller=leaderless(),
            budget=Budget(tokens=1000),
        ),
        scorer=match(),
        model=mock_model(),
        message_limit=5,
    )

"""Equal split of a token cap: each member gets half; the busy one ends at its share, the other answers."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import Budget, leaderless, member, swarm
from parity_agents import mock_model, samples, scripted


@task
def equal_split() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'generate'}, {'action': 'generate'}, {'action': 'generate'}, {'action': 'submit', 'answer': '7'}]}, name='busy'),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 0.8}, {'action': 'submit', 'answer': '42'}]}, name='calm'),
            ],
            controller=leaderless(),
            budget=Budget(tokens=48, split="equal"),
        ),
        scorer=match(),
        model=mock_model(),
    )

"""First submission wins: fast submits first, slow is stopped at its next call."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import leaderless, member, swarm
from parity_agents import mock_model, samples, scripted


@task
def first_submission() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Answer quickly.'}, {'action': 'sleep', 'seconds': 0.5}, {'action': 'submit', 'answer': '42'}]}, name='fast'),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Think.'}, {'action': 'sleep', 'seconds': 2}, {'action': 'generate', 'prompt': 'Now answer.'}, {'action': 'submit', 'answer': '7'}]}, name='slow'),
            ],
            controller=leaderless(),
        ),
        scorer=match(),
        model=mock_model(),
    )

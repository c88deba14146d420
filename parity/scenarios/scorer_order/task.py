"""Several scorers, one repeated: the sample's scores in the task's scorer order (match, includes, match1) and the repeated scorer named match1 in the results, as Inspect writes them."""

from inspect_ai import Task, task
from inspect_ai.scorer import includes, match
from inspect_swarm import leaderless, member, swarm
from parity_agents import mock_model, samples, scripted


@task
def scorer_order() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Answer quickly.'}, {'action': 'sleep', 'seconds': 0.5}, {'action': 'submit', 'answer': '42'}]}, name='fast'),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Think.'}, {'action': 'sleep', 'seconds': 2}, {'action': 'generate', 'prompt': 'Now answer.'}, {'action': 'submit', 'answer': '7'}]}, name='slow'),
            ],
            controller=leaderless(),
        ),
        scorer=[match(), includes(), match()],
        model=mock_model(),
    )

"""stop_on_submission false with final last: every member runs to its end, the latest submission is the answer."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import leaderless, member, swarm
from parity_agents import mock_model, samples, scripted


@task
def final_last() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 0.3}, {'action': 'submit', 'answer': '7'}]}, name='early'),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 1}, {'action': 'generate'}, {'action': 'submit', 'answer': '42'}]}, name='late'),
            ],
            controller=leaderless(stop_on_submission=False, final="last"),
        ),
        scorer=match(),
        model=mock_model(),
    )

"""Token limits metered their own ways: a pooled cap on output tokens (Budget(tokens="output:14")), one member's output-metered limit (b) and another's on all tokens (c). b and c each stop at their own limit, d answers, and a's fourth call meets the cap."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_ai.util import token_limit
from inspect_swarm import Budget, leaderless, member, swarm
from parity_agents import mock_model, samples, scripted


@task
def output_metering() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 0.3}, {'action': 'generate'}, {'action': 'sleep', 'seconds': 0.3}, {'action': 'generate'}, {'action': 'sleep', 'seconds': 0.3}, {'action': 'generate'}, {'action': 'submit', 'answer': '7'}]}, name='a'),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'generate'}, {'action': 'generate'}, {'action': 'submit', 'answer': '7'}]}, name='b', limits=[token_limit(4, type="output")]),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'generate'}, {'action': 'submit', 'answer': '7'}]}, name='c', limits=[token_limit(12)]),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 0.15}, {'action': 'submit', 'answer': '42'}]}, name='d'),
            ],
            controller=leaderless(),
            budget=Budget(tokens="output:14"),
        ),
        scorer=match(),
        model=mock_model(),
    )

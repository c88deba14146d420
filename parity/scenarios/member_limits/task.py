"""Member token, message, turn and time limits each end their member; the last one answers."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_ai.util import message_limit, time_limit, token_limit, turn_limit
from inspect_swarm import leaderless, member, swarm
from parity_agents import mock_model, samples, scripted


@task
def member_limits() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'generate'}, {'action': 'generate'}, {'action': 'submit', 'answer': '7'}]}, name='tok', limits=[token_limit(20)]),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'generate', 'prompt': 'More.'}, {'action': 'generate', 'prompt': 'More.'}, {'action': 'submit', 'answer': '7'}]}, name='msg', limits=[message_limit(3)]),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'generate'}, {'action': 'generate'}, {'action': 'submit', 'answer': '7'}]}, name='turn', limits=[turn_limit(2)]),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 3}, {'action': 'submit', 'answer': '7'}]}, name='slowpoke', limits=[time_limit(1)]),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 1.8}, {'action': 'submit', 'answer': '42'}]}, name='steady'),
            ],
            controller=leaderless(),
        ),
        scorer=match(),
        model=mock_model(),
    )

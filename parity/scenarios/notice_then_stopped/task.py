"""A member stopped at its next model call still gets its notice first: a
writes a file and submits, which stops the swarm; b's next model call is
refused (stopped), but its turn boundary's notice is given first (the
notified evidence, and the comm counts in the metrics)."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import leaderless, member, shared_memory, swarm
from parity_agents import mock_model, samples, scripted


@task
def notice_then_stopped() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'create', 'path': '/shared_memory/answer.md', 'content': '42'}, {'action': 'sleep', 'seconds': 0.2}, {'action': 'submit', 'answer': '42'}]}, name='a'),
                member(scripted, {"steps": [{'action': 'sleep', 'seconds': 2.0}, {'action': 'generate', 'prompt': 'Go.'}, {'action': 'submit', 'answer': '7'}]}, name='b'),
            ],
            controller=leaderless(),
            channels=[shared_memory()],
        ),
        scorer=match(),
        model=mock_model(),
    )

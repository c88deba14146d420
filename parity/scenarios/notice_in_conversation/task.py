"""Notices stay in the member's conversation: b is told of a's first file at
its first model call and of the second at its next, whose request sends the
first notice again; the notices count toward b's message limit (7), so its
third call is refused (member_limit:message) where it would be made if they
did not. The requests part compares both sides' model requests, notices with
their metadata (compare-requests)."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_ai.util import message_limit
from inspect_swarm import leaderless, member, shared_memory, swarm
from parity_agents import mock_model, samples, scripted


@task
def notice_in_conversation() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'create', 'path': '/shared_memory/one.md', 'content': 'one'}, {'action': 'sleep', 'seconds': 0.5}, {'action': 'create', 'path': '/shared_memory/two.md', 'content': 'two'}, {'action': 'sleep', 'seconds': 1.5}, {'action': 'submit', 'answer': '42'}]}, name='a'),
                member(scripted, {"steps": [{'action': 'sleep', 'seconds': 0.2}, {'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 0.6}, {'action': 'generate'}, {'action': 'generate'}, {'action': 'submit', 'answer': '7'}]}, name='b', limits=[message_limit(7)]),
            ],
            controller=leaderless(stop_on_submission=False),
            channels=[shared_memory()],
        ),
        scorer=match(),
        model=mock_model(),
    )

"""Concurrent edits on the board: b viewed version 1, a edits it, b's insert is refused as stale until b views again."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import leaderless, member, shared_memory, swarm
from parity_agents import mock_model, samples, scripted


@task
def board_stale_edit() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'create', 'path': '/shared_memory/doc.md', 'content': 'one\ntwo'}, {'action': 'sleep', 'seconds': 0.4}, {'action': 'str_replace', 'path': '/shared_memory/doc.md', 'old_str': 'two', 'new_str': 'TWO'}, {'action': 'sleep', 'seconds': 3.0}, {'action': 'generate'}, {'action': 'submit', 'answer': '42'}]}, name='a'),
                member(scripted, {"steps": [{'action': 'sleep', 'seconds': 0.2}, {'action': 'view', 'path': '/shared_memory/doc.md'}, {'action': 'sleep', 'seconds': 0.4}, {'action': 'insert', 'path': '/shared_memory/doc.md', 'insert_line': 1, 'content': 'b was here', 'continue_on_error': True}, {'action': 'view', 'path': 'f-1'}, {'action': 'insert', 'path': '/shared_memory/doc.md', 'insert_line': 1, 'content': 'b was here'}, {'action': 'append', 'path': '/shared_memory/log', 'content': 'b inserted'}, {'action': 'generate'}, {'action': 'submit', 'answer': '42'}]}, name='b'),
            ],
            controller=leaderless(stop_on_submission=False),
            channels=[shared_memory()],
        ),
        scorer=match(),
        model=mock_model(),
    )

"""Every storm limit of the board: a file's bytes and lines, the board's files and bytes, the write rate."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import leaderless, member, shared_memory, swarm
from parity_agents import mock_model, samples, scripted


@task
def board_storm_limits() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'create', 'path': '/shared_memory/x', 'content': '123456789012345678901', 'continue_on_error': True}, {'action': 'create', 'path': '/shared_memory/x', 'content': '1\n2\n3\n4', 'continue_on_error': True}, {'action': 'create', 'path': '/shared_memory/x', 'content': '1234567890'}, {'action': 'create', 'path': '/shared_memory/y', 'content': '1234567890'}, {'action': 'create', 'path': '/shared_memory/z', 'content': '1', 'continue_on_error': True}, {'action': 'str_replace', 'path': '/shared_memory/x', 'old_str': '1234567890', 'new_str': '1234567890123456', 'continue_on_error': True}, {'action': 'append', 'path': '/shared_memory/y', 'content': 'a'}, {'action': 'append', 'path': '/shared_memory/y', 'content': 'b', 'continue_on_error': True}, {'action': 'generate'}, {'action': 'submit', 'answer': '42'}]}, name='a'),
            ],
            controller=leaderless(stop_on_submission=False),
            channels=[shared_memory(max_files=2, max_file_bytes=20, max_file_lines=3, max_board_bytes=25, rate=(3, 60))],
        ),
        scorer=match(),
        model=mock_model(),
    )

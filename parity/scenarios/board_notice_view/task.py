"""A notice then a view: b is told at its model call that a wrote files (ids and writer, no content), then views one; c polls, waits for b's file and gets no notice."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import leaderless, member, shared_memory, swarm
from parity_agents import mock_model, samples, scripted


@task
def board_notice_view() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'create', 'path': '/shared_memory/doc.md', 'content': 'the answer is 42'}, {'action': 'append', 'path': '/shared_memory/log', 'content': 'a wrote doc'}, {'action': 'sleep', 'seconds': 1.0}, {'action': 'append', 'path': '/shared_memory/go', 'content': 'go'}, {'action': 'sleep', 'seconds': 6.0}, {'action': 'generate'}, {'action': 'submit', 'answer': '42'}]}, name='a'),
                member(scripted, {"steps": [{'action': 'wait', 'path': '/shared_memory/go'}, {'action': 'generate', 'prompt': 'Go.'}, {'action': 'view', 'path': 'f-1'}, {'action': 'append', 'path': '/shared_memory/b-done', 'content': 'done'}, {'action': 'sleep', 'seconds': 1.0}, {'action': 'generate'}, {'action': 'submit', 'answer': '42'}]}, name='b'),
                member(scripted, {"steps": [{'action': 'sleep', 'seconds': 0.5}, {'action': 'wait', 'path': '/shared_memory/b-done'}, {'action': 'sleep', 'seconds': 2.5}, {'action': 'generate', 'prompt': 'Go.'}, {'action': 'view', 'path': '/shared_memory'}, {'action': 'submit', 'answer': '42'}]}, name='c', delivery='poll'),
            ],
            controller=leaderless(stop_on_submission=False),
            channels=[shared_memory()],
        ),
        scorer=match(),
        model=mock_model(),
    )

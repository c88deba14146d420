"""Inspect's react() as the only member with a member message limit of 4
(its conversation is the system prompt, the input and the preamble, so the
first call goes out and react's urging makes the next one too long), on a
scripted model: a first turn
without tool calls (react urges it on), then its submit tool. The same
react() runs in swarmhost's inspect agent plugin; the `requests` part
compares every model request the two send (compare-requests)."""

from inspect_ai import Task, task
from parity_agents import react_message_limit_task


@task
def inspect_react_message_limit() -> Task:
    return react_message_limit_task(4)

"""Inspect's react() as the only member with a member message limit of 3,
equal to react()'s first conversation (system prompt, input, preamble): Inspect's check before generate refuses the first call. As
inspect_react_message_limit (limit 4) otherwise."""

from inspect_ai import Task, task
from parity_agents import react_message_limit_task


@task
def inspect_react_message_limit_3() -> Task:
    return react_message_limit_task(3)

"""Inspect's react() as the only member with a member message limit of 2,
equal to the starting conversation (input and preamble): react() adds its system prompt, and Inspect's check before generate refuses the first call. As
inspect_react_message_limit (limit 4) otherwise."""

from inspect_ai import Task, task
from parity_agents import react_message_limit_task


@task
def inspect_react_message_limit_2() -> Task:
    return react_message_limit_task(2)

"""Inspect's react() as the only member with a member message limit of 1,
shorter than the member's starting conversation (input and preamble): Inspect Swarm ends the member as it builds that conversation, before its span and its agent. As
inspect_react_message_limit (limit 4) otherwise."""

from inspect_ai import Task, task
from parity_agents import react_message_limit_task


@task
def inspect_react_message_limit_1() -> Task:
    return react_message_limit_task(1)

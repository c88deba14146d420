"""@agent factories for test_inspect_member.py, named as package.module:factory."""

from inspect_ai.agent import Agent, AgentState, agent
from inspect_ai.model import ModelOutput
from inspect_ai.util import LimitExceededError


@agent
def echo(text: str = "") -> Agent:
    async def execute(state: AgentState) -> AgentState:
        state.output = ModelOutput.from_content(model="echo", content=text)
        return state
    return execute


@agent
def quitter() -> Agent:
    async def execute(state: AgentState) -> AgentState:
        raise LimitExceededError("custom", value=0, limit=0, message="enough")
    return execute


@agent
def broken() -> Agent:
    async def execute(state: AgentState) -> AgentState:
        raise RuntimeError("boom")
    return execute

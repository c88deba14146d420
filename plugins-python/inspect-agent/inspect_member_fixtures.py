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


@agent
def sandboxer(path: str = "note.txt") -> Agent:
    """Writes a file with sandbox().write_file, reads it back with
    sandbox().exec(["cat", ...]) and answers what cat printed."""
    async def execute(state: AgentState) -> AgentState:
        from inspect_ai.util import sandbox
        await sandbox().write_file(path, "from the sandbox\n")
        res = await sandbox().exec(["cat", path])
        back = await sandbox().read_file(path)
        state.output = ModelOutput.from_content(model="sandboxer", content=f"{res.stdout.strip()}|{back.strip()}")
        return state
    return execute

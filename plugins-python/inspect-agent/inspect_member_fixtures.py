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



@agent
def store_spy(me: str, peers: int = 1, wait: float = 30) -> Agent:
    """What Inspect's store() showed this member (named `me` on its roster):
    it adds its sample's input and its name to the store, waits (up to
    `wait` seconds) until `peers` members of its sample have, and answers
    "<inputs seen>|<members seen>|<scope>", each list sorted. <scope> is
    "scoped" when tool_state_instance() is the member's own scope ("@<me>"),
    "n/a" where inspect_ai has no tool-state scopes, else what it was."""
    async def execute(state: AgentState) -> AgentState:
        import anyio
        from inspect_ai.util import store
        s = store()
        s.set("inputs", sorted(set(s.get("inputs", []) + [state.messages[0].text])))
        s.set("members", sorted(set(s.get("members", []) + [me])))
        with anyio.move_on_after(wait):
            while len(store().get("members", [])) < peers:
                await anyio.sleep(0.05)
        answer = f"{','.join(store().get('inputs'))}|{','.join(store().get('members'))}|{_scope(me)}"
        state.output = ModelOutput.from_content(model="store_spy", content=answer)
        return state
    return execute


def _scope(me: str) -> str:
    try:
        from inspect_ai.util import tool_state_instance
    except ImportError:
        return "n/a"
    got = tool_state_instance(None)
    return "scoped" if got == "@" + me else str(got)


@agent
def metadata_reader(key: str = "topic") -> Agent:
    """Answers with the sample's metadata[key], read as an agent run as a task's solver reads it."""
    from inspect_ai.solver._task_state import sample_state

    async def execute(state: AgentState) -> AgentState:
        ts = sample_state()
        state.output = ModelOutput.from_content("mockllm/model", str(ts.metadata.get(key)) if ts else "no state")
        return state

    return execute


@agent
def pid_marker(dir: str, wait: float = 1) -> Agent:
    """Marks which process ran the member: creates the file <dir>/<pid>,
    waits `wait` seconds (so a sample's members overlap) and answers the
    pid."""
    async def execute(state: AgentState) -> AgentState:
        import os
        import pathlib

        import anyio
        pid = str(os.getpid())
        pathlib.Path(dir, pid).touch()
        await anyio.sleep(wait)
        state.output = ModelOutput.from_content(model="pid_marker", content=pid)
        return state
    return execute

"""The task's tools for members other than the task's own solver: the
tools the setup steps gave a sample (Inspect's state.tools: use_tools(…),
a solver that sets them) are listed by the host to every other member
beside its own, and each call comes here (Task.CallTool), where the tool
runs as Inspect runs it (inspect_ai's execute_tools: its arguments checked
and converted, its errors as Inspect's ToolCallError types) on the
sample's state: the sample's store, shared with the task's solver members
and read by the task's scorers; Inspect's sandbox() is the calling
member's sandboxes, through the request's TaskHost. A tool cannot call the
model here (the host offers none): get_model() fails saying so.

The host logs each call once, in the calling member's span, as it logs
the member's other tools.
"""

from __future__ import annotations

import asyncio
from typing import Any

from . import tasks
from .context import sample_context
from .spec import TaskRef

TOOL_MODEL = "swarmhost/none"
"""The model name a task tool's TaskState carries (it has no model)."""


class UnknownTool(LookupError):
    """The sample has no task tool of that name."""


def tool_name(tool: Any) -> str:
    """An Inspect tool's name as the model sees it."""
    from inspect_ai.tool._tool_def import ToolDef
    return ToolDef(tool).name


def call_tool(ref: TaskRef, sample_id: str, epoch: int, member: str, call: Any, host: Any = None) -> tuple[str, Any]:
    """Runs call on the sample × epoch's task tools; returns (content,
    error) where error is None or (type, message) as Inspect's
    ToolCallError has them."""
    from inspect_ai.model import ChatMessageAssistant, execute_tools
    from inspect_ai.tool import ToolCall
    from swarmhost_inspect import Bridge, host_sandboxes
    from swarmhost_inspect.run import in_sample

    loaded = tasks.task(ref)
    session = tasks.get(tasks.session_key(ref.key(), sample_id, epoch))
    if session is None:
        raise LookupError(f"sample {sample_id} epoch {epoch} has no state in this process (it has ended)")
    tools = [t for t in session.tools if tool_name(t) == call.function]
    if not tools:
        names = ", ".join(tool_name(t) for t in session.tools) or "none"
        raise UnknownTool(f"member {member} called {call.function}, which is not one of the task's tools "
                          f"for sample {sample_id} (they are: {names})")
    state = session.state

    async def run() -> Any:
        message = ChatMessageAssistant(content="", tool_calls=[
            ToolCall(id=call.id or "call", function=call.function, arguments=dict(call.arguments or {}))])
        async with sample_context(loaded.task, state, TOOL_MODEL):
            return await execute_tools([message], tools)

    bridge = Bridge(sandboxes=host_sandboxes(host) if host is not None else None, store=state.store)
    result = asyncio.run(in_sample(bridge, run))
    out = result.messages[0] if result.messages else None
    if out is None:
        return "", ("unknown", f"the tool {call.function} returned nothing")
    content = out.text if hasattr(out, "text") else str(out.content)
    err = (out.error.type, out.error.message) if getattr(out, "error", None) is not None else None
    return content, err

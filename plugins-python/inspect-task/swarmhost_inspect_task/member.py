"""The task's own solver as a swarm member's agent (`member "solver"`):
each member does what the task would do alone — the agent step of its
solver (the last step; the whole solver when it is one step) — on its own
copy of the sample's state after the setup steps.

* messages: the member's input from the host (the conversation after the
  setup steps, then the host's preamble as a user message, as Inspect Swarm
  places it);
* tools: the tools the setup steps gave the sample (run here, on the
  sample's store, shared by the members of the sample as Inspect Swarm's
  members share it; each call is reported to the host, RecordTool), then the
  host's tools for the member (its sandbox and the swarm's channels);
* metadata: the sample's, after the setup steps, as Inspect's agents see it;
* model: Inspect's active model is the member's, through AgentHost.Generate
  (the host meters, limits and logs every call); the task's GenerateConfig
  applies as in Inspect;
* sandbox(): the member's sandboxes, through AgentHost's sandbox calls.

A host refusal (a limit, a stop) ends the member with the host's status; a
run that raises makes it errored.
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

from swarmhost_plugin import Agent, Attribute, Diagnostic, Metadata, Output, Refused, Schema, ToolCall
from swarmhost_plugin import types as sdk

from . import chain, tasks
from .context import generate_fn, sample_context
from .spec import TaskRef

PLUGIN_NAME = "solver"
"""The agent's name: `member "solver"` in a swarm run on an Inspect task."""


class SolverAgent(Agent):
    """The agent behind `member "solver"`; the host fills in `task`."""

    def metadata(self) -> Metadata:
        return Metadata(name=PLUGIN_NAME, version="0.1.0",
                        description="the Inspect task's own solver (its agent step) as a member",
                        schema=Schema(attributes=[
                            Attribute("task", "any", default=None,
                                      description="set by the host: the eval's Inspect task"),
                            Attribute("model_name", "string", default="model",
                                      description="the name Inspect shows for the host's model (swarmhost/NAME)"),
                        ]))

    def validate_config(self, config: dict[str, Any]) -> list[Diagnostic]:
        return []

    def run(self, req: Any) -> Output:
        if not req.config.get("task"):
            raise RuntimeError("member \"solver\" runs an Inspect task's own solver: the eval's task must be an "
                               "Inspect task (task { inspect = \"…\" })")
        return run_member(req, TaskRef.from_json(req.config["task"]), req.config.get("model_name") or "model")


class MemberModel:
    """swarmhost_inspect's ModelHost over the member's AgentHost; remembers a refusal."""

    def __init__(self, host: Any, name: str) -> None:
        self._host, self.name, self.refused = host, name, ""

    def generate(self, messages, tools, tool_choice, config) -> Output:
        try:
            return self._host.generate(messages, tools=tools, tool_choice=tool_choice, config=config)
        except Refused as r:
            self.refused = r.cause
            raise


def host_tools(host: Any, model: MemberModel) -> tuple[list[Any], set[str]]:
    """The host's tools for the member as Inspect tools, and their names."""
    from inspect_ai.tool import ToolDef
    from inspect_ai.tool._tool_params import ToolParams
    out, names = [], set()
    for info in host.list_tools():
        names.add(info.name)
        params = dict(info.parameters or {"type": "object", "properties": {}})
        params["properties"] = {n: p if p.get("description") else {**p, "description": n}
                                for n, p in (params.get("properties") or {}).items()}
        out.append(ToolDef(_host_call(host, model, info.name), name=info.name, description=info.description,
                           parameters=ToolParams.model_validate(params)).as_tool())
    return out, names


_ERRORS = {"timeout": TimeoutError, "permission": PermissionError, "file_not_found": FileNotFoundError}


def _host_call(host: Any, model: MemberModel, name: str):
    import anyio
    from inspect_ai.tool import ToolError
    from swarmhost_inspect.model import limit_error

    async def execute(**kwargs: Any) -> str:
        call = ToolCall(id=f"call_{uuid.uuid4().hex[:12]}", function=name, arguments=kwargs)
        try:
            res = await anyio.to_thread.run_sync(lambda: host.call_tool(call))
        except Refused as r:
            model.refused = r.cause
            raise limit_error(r.cause) from None
        if res.error is not None:
            raise _ERRORS.get(res.error.type, ToolError)(res.error.message)
        return res.content

    return execute


class ReportTools:
    """Reports the task's own tool calls (run here, not by the host) to the
    host as they finish, from Inspect's transcript."""

    def __init__(self, host: Any, host_names: set[str]) -> None:
        self._host, self._names, self._seen = host, host_names, set()

    def __call__(self, event: Any) -> None:
        from inspect_ai.event import ToolEvent
        from swarmhost_plugin.agent import ToolResult
        if not isinstance(event, ToolEvent) or event.pending or event.function in self._names or event.id in self._seen:
            return
        self._seen.add(event.id)
        err = sdk.ToolError(type=event.error.type, message=event.error.message) if event.error else None
        result = ToolResult(content=event.result if isinstance(event.result, str) else str(event.result), error=err)
        record = getattr(self._host, "record_tool", None)
        if record is not None:
            record(ToolCall(id=event.id, function=event.function, arguments=dict(event.arguments or {})), result)


def member_state(session: tasks.Session, req: Any, model: str) -> Any:
    """The member's TaskState: the sample's state after setup, its own
    messages (the host's input, which ends with the preamble), the sample's
    store."""
    import copy
    from swarmhost_inspect.convert import to_inspect_message
    from inspect_ai.model._model_output import ModelOutput
    state = copy.copy(session.state)
    messages = [to_inspect_message(m) for m in req.input]
    for m in messages:
        m.source = "input"  # the host's input already ends with the preamble, as Inspect Swarm places it
    state.messages = messages
    state.metadata = copy.deepcopy(session.state.metadata)
    state.output = ModelOutput(model=model)
    state.completed = False
    return state


def run_member(req: Any, ref: TaskRef, model_name: str) -> Output:
    """Runs the agent step for one member; returns its output."""
    from swarmhost_inspect import Bridge, host_sandboxes
    from swarmhost_inspect.run import in_sample
    loaded = tasks.task(ref)
    agent = chain.split(loaded.task).agent
    session = tasks.get(tasks.session_key(ref.key(), req.sample.id, req.sample.epoch))
    if session is None:
        raise RuntimeError(f"sample {req.sample.id} epoch {req.sample.epoch} has no state in this process: member "
                           f"\"solver\" must run in the task plugin's process (no isolation = \"member\")")
    host = req.host
    model = MemberModel(host, model_name)
    full_model = "swarmhost/" + model_name

    async def solve() -> Any:
        state = member_state(session, req, full_model)
        theirs, names = host_tools(host, model)
        state.tools = list(session.tools) + theirs
        async with sample_context(loaded.task, state, full_model) as transcript:
            transcript._subscribe(ReportTools(host, names))
            try:
                return await agent(state, generate_fn(loaded.task))
            except BaseException:
                if model.refused:
                    return state  # the host already has the member's status
                raise

    state = asyncio.run(in_sample(Bridge(sandboxes=host_sandboxes(host), model=model), solve))
    return to_output(state.output)


def to_output(out: Any) -> Output:
    """Inspect's ModelOutput as the SDK's Output (the member's answer)."""
    from swarmhost_inspect import convert
    if not out.choices:
        return Output(model=out.model or "", completion=out.completion or "")
    message = convert.to_sdk_message(out.message)
    message.source = "generate"
    u = out.usage
    usage = sdk.Usage(input_tokens=u.input_tokens, output_tokens=u.output_tokens, total_tokens=u.total_tokens,
                      input_tokens_cache_write=u.input_tokens_cache_write or 0,
                      input_tokens_cache_read=u.input_tokens_cache_read or 0,
                      reasoning_tokens=u.reasoning_tokens or 0, total_cost=u.total_cost or 0.0) if u else sdk.Usage()
    return Output(model=out.model or "", message=message, completion=out.completion, stop_reason=out.stop_reason or "",
                  usage=usage, time=out.time or 0.0, error=out.error or "")

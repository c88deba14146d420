"""An Inspect agent run as one swarmhost member: the agent side of the
swarmhost_inspect host interface, over the member's AgentHost.

* model: Inspect's active model is "swarmhost/<member's model>", whose
  generate is AgentHost.Generate, so the host meters, limits and logs every
  call;
* notices: an agent with an `on_continue` parameter (react()) gets the
  member's notices at its turn boundaries in its own conversation, as
  Inspect Swarm's swarm_on_continue() gives them to a react() member: its
  hook (or none) is wrapped, and after it decides to go on the notice is
  appended to the conversation (AgentHost.TakeNotice), where it stays; the
  host then adds none to its calls. Any other agent gets each notice added
  to its next model call by the host;
* sandbox: Inspect's sandbox() and sandbox(name) are the member's own
  sandbox ("default") and those visible to it, through AgentHost's sandbox
  calls, with the host's limits and isolation (swarmhost_inspect's
  "swarmhost" sandbox environment);
* tools: the host's tools for the member (sandbox tools and the swarm's
  channels) are Inspect tools calling AgentHost.CallTool, given to the
  agent's `tools` parameter beside any it already has;
* events: the host logs the model and tool calls it serves in the member's
  span, a host tool's call under the id of the model's tool call it runs
  for (so it is logged once); a tool the agent runs itself (react's own
  submit tool) is reported when it finishes (AgentHost.RecordTool), so the
  log and the member's metrics count it too;
* store: Inspect's store() is the sample's, shared by the sample's members
  in this process and by no other sample, and each member has its own
  tool-state scope (member_store.py);
* ending: a normal return is the member's answer (the host applies Inspect
  Swarm's rule on the output's stop reason: content_filter and model_length
  are unsubmitted); a sourceless custom LimitExceededError stops the member
  (StopSelf: member_limit:custom); a host refusal ends the agent with the
  refusal's status; any other error makes it errored.

inspect_ai is imported once per process (prepare(), which serve runs beside
the handshake, or once for a whole pool in its zygote), never per member or
per call.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import inspect as pyinspect
import sys
import threading
import uuid
from typing import Any, Callable

from member_store import SampleStores, member_scope
from swarmhost_plugin import Output, Refused, ToolCall
from swarmhost_plugin import types as sdk

SAMPLE_STORES = SampleStores()
"""The store of each sample with members running in this process
(member_store.py)."""

_ready = threading.Event()
_import_error: list[BaseException] = []
_warming = threading.Lock()
_started = False

# the host's tool error types as the exceptions Inspect turns back into them
_TOOL_ERRORS = {"timeout": TimeoutError, "permission": PermissionError, "file_not_found": FileNotFoundError}


def warm() -> None:
    """Imports inspect_ai and the bridge in a background thread, so the
    handshake is not delayed and no member pays for the import."""
    global _started
    with _warming:
        if _started:
            return
        _started = True
    threading.Thread(target=_load, name="inspect-import", daemon=True).start()


def prepare() -> None:
    """Imports inspect_ai and the bridge in the calling thread (what warm()
    does in the background), once: serve(warm=prepare) runs it beside the
    handshake, or, in the zygote of a pool, before the workers are forked."""
    global _started
    with _warming:
        started, _started = _started, True
    if started:
        _ready.wait()
        return
    _load()


def _load() -> None:
    try:
        load()
    except BaseException as e:  # noqa: BLE001 - reported to the first member
        _import_error.append(e)
    finally:
        _ready.set()


# What inspect_ai imports lazily, inside a member's run: the first member
# of a process to reach each line imports it while every other member
# waits on the module's lock. Imported by load() instead (a name the
# installed inspect_ai lacks is skipped).
_LAZY_MODULES = (
    "inspect_ai.agent._acp.event_mapping",
    "inspect_ai.log._samples",
    "inspect_ai.hooks._startup",
    "inspect_ai.log._transcript",
    "jsonschema",
    "anyio._backends._asyncio",
)


def load() -> None:
    """Imports inspect_ai and the bridge, and loads what inspect_ai would
    otherwise load on a member's first use: the modules it imports lazily
    (_LAZY_MODULES) and its model information database, which inspect_ai
    reads from YAML on the first model event of the process and caches —
    read before the cache is set by every member that gets there first, so
    a hundred members starting at once read it a hundred times (most of a
    bridged react() member's CPU before this). A process forked from one
    that ran load() (the SDK's zygote, serve(warm=...)) inherits all of it."""
    with module_docstrings():
        import inspect_ai.agent  # noqa: F401
        import swarmhost_inspect.run  # noqa: F401
        for name in _LAZY_MODULES:
            try:
                importlib.import_module(name)
            except ImportError:
                pass
    try:
        from inspect_ai.model import get_model_info
        with libyaml_model_data():
            get_model_info("openai/gpt-4o")  # the database loads on the first lookup, whatever the name
    except Exception:  # noqa: BLE001 - an inspect_ai without it loads nothing here
        pass


@contextlib.contextmanager
def module_docstrings():
    """While in it, pydantic finds the attribute docstrings of a model class
    being defined (for a model configured with use_attribute_docstrings, as
    the ACP package's 270-odd are: half of its import, the largest part of
    the warm-up) in one parse of its module's source, made once per module,
    instead of tokenizing and parsing the class's source anew for each
    class. The docstrings are the same: the same class statement, found
    from the same frame, read by pydantic's own visitor; any class this
    does not find is left to pydantic. Where pydantic is not as this
    expects, or on Python 3.13+ (pydantic reads the class itself there), it
    changes nothing."""
    try:
        from pydantic._internal import _docs_extraction, _fields
    except ImportError:
        yield
        return
    original = getattr(_fields, "extract_docstrings_from_cls", None)
    if (sys.version_info >= (3, 13) or original is None
            or original is not getattr(_docs_extraction, "extract_docstrings_from_cls", None)
            or not hasattr(_docs_extraction, "DocstringVisitor")):
        yield
        return
    parsed: dict[str, dict[int, tuple[str, dict[str, str]]]] = {}

    def class_docstrings(filename: str) -> dict[int, tuple[str, dict[str, str]]]:
        """Each class statement of a file by its line (and its decorators'):
        its name and attribute docstrings."""
        if filename not in parsed:
            import ast
            import linecache
            classes: dict[int, tuple[str, dict[str, str]]] = {}
            try:
                tree = ast.parse("".join(linecache.getlines(filename)))
            except (SyntaxError, ValueError):
                tree = None
            for node in ast.walk(tree) if tree is not None else ():
                if isinstance(node, ast.ClassDef):
                    visitor = _docs_extraction.DocstringVisitor()
                    visitor.generic_visit(node)
                    for line in [node.lineno] + [d.lineno for d in node.decorator_list]:
                        classes.setdefault(line, (node.name, visitor.attrs))
            parsed[filename] = classes
        return parsed[filename]

    def extract(cls: type, use_inspect: bool = False) -> dict[str, str]:
        if not use_inspect:
            # pydantic's search: the innermost frame running cls's module's
            # code, at the line of the class statement being run
            frame = sys._getframe(1)
            while frame is not None:
                if frame.f_globals.get("__name__") == cls.__module__:
                    found = class_docstrings(frame.f_code.co_filename).get(frame.f_lineno)
                    if found is not None and found[0] == cls.__name__:
                        return dict(found[1])
                    break
                frame = frame.f_back
        return original(cls, use_inspect=use_inspect)

    _fields.extract_docstrings_from_cls = extract
    try:
        yield
    finally:
        _fields.extract_docstrings_from_cls = original


class _LibYAML:
    """PyYAML as inspect_ai's model data module uses it, with safe_load
    parsing in libyaml (CSafeLoader: the same constructor, so the same
    data, about eight times faster than the pure-Python parser)."""

    def __init__(self, yaml) -> None:
        self._yaml = yaml

    def safe_load(self, stream):
        return self._yaml.load(stream, Loader=self._yaml.CSafeLoader)

    def __getattr__(self, name: str):
        return getattr(self._yaml, name)


@contextlib.contextmanager
def libyaml_model_data():
    """While in it, inspect_ai reads its model information database (a dozen
    YAML files, 0.18 s of CPU in pure Python: a tenth of the warm-up, on the
    path of every member's start) with libyaml, when PyYAML has it and the
    installed inspect_ai reads the files where this expects; otherwise it
    changes nothing."""
    try:
        import yaml
        from inspect_ai.model._model_data import model_data
    except ImportError:
        yield
        return
    if not getattr(yaml, "__with_libyaml__", False) or getattr(model_data, "yaml", None) is not yaml:
        yield
        return
    model_data.yaml = _LibYAML(yaml)
    try:
        yield
    finally:
        model_data.yaml = yaml


def _await_import() -> None:
    warm()  # a no-op once started (serve's caller starts it early)
    _ready.wait()
    if _import_error:
        raise RuntimeError(f"cannot import inspect_ai: {_import_error[0]}") from _import_error[0]


def resolve(spec: str) -> Callable[..., Any]:
    """An agent factory: a registered agent name ("inspect_ai/react",
    "react") or "package.module:factory"."""
    _await_import()
    from inspect_ai._util.registry import registry_lookup
    if ":" in spec:
        module, _, attr = spec.partition(":")
        obj = importlib.import_module(module)
        for part in attr.split("."):
            obj = getattr(obj, part)
        return obj
    factory = registry_lookup("agent", spec)
    if factory is None:
        raise ValueError(f"{spec!r} is not a registered Inspect agent (give a registered name such as "
                         f"\"inspect_ai/react\", or \"package.module:factory\")")
    return factory


def member_sandboxes(host):
    """The member's sandboxes (swarmhost_inspect.HostSandboxes over its
    AgentHost), or None when the host serves none (an older host, or a fake
    without them)."""
    from swarmhost_inspect import host_sandboxes
    return host_sandboxes(host)


class MemberModel:
    """swarmhost_inspect's ModelHost over the member's AgentHost; remembers
    a refusal, which ends the member with the host's status. own_notices:
    the member's hook takes its notices (notice_hook), so the host adds none
    to its calls."""

    def __init__(self, host, name: str) -> None:
        self._host, self.name, self.refused = host, name, ""
        self.own_notices = False

    def generate(self, messages, tools, tool_choice, config) -> Output:
        try:
            if self.own_notices:
                return self._host.generate(messages, tools=tools, tool_choice=tool_choice, config=config,
                                           own_notices=True)
            return self._host.generate(messages, tools=tools, tool_choice=tool_choice, config=config)
        except Refused as r:
            self.refused = r.cause
            raise


def notice_hook(host, inner: Any, no_tool_calls: str) -> Callable[..., Any]:
    """The member's on_continue hook: inner's decision (inner is the hook the
    agent would otherwise have: None, a continue message or a function;
    no_tool_calls what the agent does after a turn without tool calls when
    it has none, "continue" or "stop"), unchanged; unless the member stops,
    its notice (AgentHost.TakeNotice), if any, is appended to the
    conversation it goes on with, as Inspect Swarm's swarm_on_continue()
    does."""
    import anyio
    from inspect_ai.agent import AgentState
    from swarmhost_inspect import convert
    from swarmhost_plugin import HostError

    async def continuation(state):
        if inner is None:
            return bool(state.output.message.tool_calls) or no_tool_calls == "continue"
        if isinstance(inner, str):
            return True if state.output.message.tool_calls else inner
        return await inner(state)

    async def hook(state):
        result = await continuation(state)
        if result is not False:
            try:
                notice = await anyio.to_thread.run_sync(host.take_notice)
            except HostError:
                notice = None  # the member has ended: nothing to tell it
            if notice is not None:
                (result if isinstance(result, AgentState) else state).messages.append(
                    convert.to_inspect_message(notice))
        return result

    return hook


def host_tools(host, infos: list, model: MemberModel, events: "ToolEvents") -> list:
    """The host's tools for the member (infos, from its list_tools) as
    Inspect ToolDefs."""
    from inspect_ai.tool import ToolDef
    from inspect_ai.tool._tool_params import ToolParams
    defs = []
    for info in infos:
        params = described(info.parameters)
        defs.append(ToolDef(_call(host, model, events, info.name), name=info.name, description=info.description,
                            parameters=ToolParams.model_validate(params)))
    return defs


def described(schema: dict[str, Any] | None) -> dict[str, Any]:
    """A tool's parameter schema with a description on every parameter,
    which Inspect requires (the parameter's name where the host gave none)."""
    schema = dict(schema or {"type": "object", "properties": {}})
    schema["properties"] = {name: p if p.get("description") else {**p, "description": name}
                            for name, p in (schema.get("properties") or {}).items()}
    return schema


def _call(host, model: MemberModel, events: "ToolEvents", name: str):
    import anyio
    from inspect_ai.tool import ToolError
    from swarmhost_inspect.model import limit_error

    # **kwargs: Any is how Inspect passes a call's arguments through unbound
    async def execute(**kwargs: Any) -> str:
        call = ToolCall(id=events.call_id(), function=name, arguments=kwargs)
        try:
            res = await anyio.to_thread.run_sync(lambda: host.call_tool(call))
        except Refused as r:
            model.refused = r.cause
            raise limit_error(r.cause) from None
        if res.error is not None:
            raise _TOOL_ERRORS.get(res.error.type, ToolError)(res.error.message)
        return res.content

    return execute


class ToolEvents:
    """Follows Inspect's tool events in the member's transcript: it knows
    the id of the model's tool call a host tool runs for, and reports the
    agent's own tool calls (those not served by the host) to the host as
    they finish.

    The host logs a host tool's call once, under the id it is given, and
    matches it to the model's call by that id; Inspect does not hand a tool
    function its call, but records the call's pending ToolEvent in the
    tool's own span just before running it (the subscriber is called in
    that span), so the span says which call it is."""

    def __init__(self, host, host_tool_names: set[str]) -> None:
        self._host, self._names, self._seen = host, host_tool_names, set()
        self._pending: dict[str, str] = {}

    def call_id(self) -> str:
        """The id of the tool call running in the current span (a fresh id
        outside a tool span: a tool called directly by the agent's code)."""
        from inspect_ai.util._span import current_span_id
        return self._pending.get(current_span_id() or "") or f"call_{uuid.uuid4().hex[:12]}"

    def __call__(self, event) -> None:
        from inspect_ai.event import ToolEvent
        from inspect_ai.util._span import current_span_id
        if not isinstance(event, ToolEvent):
            return
        if event.pending:
            self._pending[current_span_id() or ""] = event.id
            return
        self._pending = {k: v for k, v in self._pending.items() if v != event.id}
        if event.function in self._names or event.id in self._seen:
            return
        self._seen.add(event.id)
        err = sdk.ToolError(type=event.error.type, message=event.error.message) if event.error else None
        from swarmhost_plugin.agent import ToolResult
        result = ToolResult(content=event.result if isinstance(event.result, str) else str(event.result), error=err)
        record = getattr(self._host, "record_tool", None)
        if record is not None:
            record(ToolCall(id=event.id, function=event.function, arguments=dict(event.arguments or {})), result)


def build_agent(factory: Callable[..., Any], args: dict[str, Any], tools: list, host=None,
                model: MemberModel | None = None) -> Any:
    """The member's agent: factory(**args), the host's tools added to its
    `tools` parameter when it has one, and its `on_continue` hook wrapped to
    give it the member's notices (notice_hook) when it has one and the host
    gives notices on request."""
    args = dict(args)
    params = pyinspect.signature(factory).parameters
    if "tools" in params:
        args["tools"] = list(args.get("tools") or []) + tools
    if "on_continue" in params and host is not None and hasattr(host, "take_notice"):
        # react() without a submit tool stops after a turn without tool calls
        no_tool_calls = "stop" if args.get("submit") is False else "continue"
        args["on_continue"] = notice_hook(host, args.get("on_continue"), no_tool_calls)
        if model is not None:
            model.own_notices = True
    return factory(**args)


def self_stop(error: BaseException) -> bool:
    """Whether an agent stopped itself: a sourceless custom LimitExceededError,
    bare or alone in a group."""
    from inspect_ai.util import LimitExceededError
    if isinstance(error, BaseExceptionGroup):
        return all(self_stop(e) for e in error.exceptions)
    return isinstance(error, LimitExceededError) and error.type == "custom" and error.source is None


def to_output(out) -> Output:
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
    return Output(model=out.model or "", message=message, completion=out.completion,
                  stop_reason=out.stop_reason or "", usage=usage, time=out.time or 0.0, error=out.error or "")


def run_member(req, spec: str, args: dict[str, Any], model_name: str) -> Output:
    """Runs the Inspect agent for one member and returns its output."""
    _await_import()
    from inspect_ai.agent import AgentState
    from swarmhost_inspect import Bridge, convert
    from swarmhost_inspect.run import in_sample

    host = req.host
    factory = resolve(spec)
    model = MemberModel(host, model_name)
    bridge = Bridge(sandboxes=member_sandboxes(host), model=model)

    async def agent_run():
        from inspect_ai.log._transcript import transcript
        infos = host.list_tools()
        events = ToolEvents(host, {info.name for info in infos})
        tools = host_tools(host, infos, model, events)
        transcript()._subscribe(events)
        agent = build_agent(factory, args, tools, host, model)
        state = AgentState(messages=[convert.to_inspect_message(m) for m in req.input])
        for m in state.messages:
            m.source = "input"
        set_member_sample_state(req, model_name, state)
        try:
            return await agent(state)
        except BaseException as e:
            if model.refused:
                return state  # the host already has the member's status
            if self_stop(e):
                host.stop_self(str(e))
                return state
            raise

    async def in_member():
        async with member_sample(req, model_name):
            with member_scope(req.member):
                return await in_sample(bridge, agent_run)

    with SAMPLE_STORES.held(req.sample.id, req.sample.epoch) as bridge.store:
        state = asyncio.run(in_member())
    return to_output(state.output)


def set_member_sample_state(req, model_name: str, state) -> None:
    """Makes sample_state() the member's TaskState, with the sample's id,
    epoch, messages and metadata, as an agent run as a task's solver finds
    it under Inspect (tools and agents read the sample's metadata there)."""
    from inspect_ai.model import ModelName
    from inspect_ai.solver._task_state import TaskState, set_sample_state

    ts = TaskState(model=ModelName("swarmhost/" + model_name), sample_id=req.sample.id or req.member,
                   epoch=req.sample.epoch or 1, input=list(state.messages), messages=state.messages,
                   metadata=dict(getattr(req, "metadata", None) or {}))
    set_sample_state(ts)


def member_sample(req, model_name: str):
    """Inspect's active-sample context for the member's run (react() and
    other agents need one: their checkpointer and transcript live in it),
    with the sample's metadata (as sample_state() shows it) and no limits of
    its own: the host holds the limits."""
    from inspect_ai.dataset import Sample
    from inspect_ai.log._samples import active_sample
    from inspect_ai.log._transcript import Transcript, init_transcript

    transcript = Transcript()
    init_transcript(transcript)
    kwargs = dict(task="swarmhost", log_location="", model="swarmhost/" + model_name,
                  sample=Sample(id=req.sample.id or req.member, input="",
                                metadata=dict(getattr(req, "metadata", None) or {})), epoch=req.sample.epoch or 1,
                  message_limit=None, token_limit=None, cost_limit=None, time_limit=None, working_limit=None,
                  fails_on_error=True, transcript=transcript, eval_id="swarmhost", sample_uuid=uuid.uuid4().hex)
    accepted = pyinspect.signature(active_sample).parameters
    return active_sample(**{k: v for k, v in kwargs.items() if k in accepted})

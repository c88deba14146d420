"""Run plugins inside a test, through the real gRPC layer (the Python twin
of the Go SDK's sdktest).

Harness serves the plugins on a gRPC server on a unix socket, with the same
servicers serve() registers, and talks to them as the host does. Host
services go through go-plugin's broker for real: the harness serves a fake
host (FakeAgentHost, FakeScorerHost) on its own socket, announces it on the
plugin's GRPCBroker stream, and passes its broker id and a per-call token
with each call. Configs are completed with the schema's defaults, as the
host completes a suite's block, and each plugin's schema is checked as the host
checks it when it loads the plugin (SchemaError for an unknown type, a
default not of its type, a repeated name).

    from swarmhost_plugin.testing import Harness

    def test_exact():
        with Harness(Exact()) as h:
            assert h.score(output="Paris", target=["Paris"]).score.value == "C"

Not covered: the handshake line and AutoMTLS (the tests of serve() and the
Go end-to-end tests run real processes for those). To run a whole HCL suite
against the plugin through the real swarmhost binary, use
swarmhost_plugin.hosttest.Suite.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import tempfile
import threading
from dataclasses import dataclass, field
from typing import Any, Callable

import grpc

from . import _wire
from ._broker import CHANNEL_OPTIONS, Broker
from ._complete import complete
from ._schema_check import SchemaError
from ._schema_check import check as check_schema
from ._simulator import Simulator, Step
from ._pb.plugin import grpc_broker_pb2, grpc_broker_pb2_grpc
from ._pb.swarmhost.v1 import (agent_pb2, agent_pb2_grpc, common_pb2, controller_pb2, controller_pb2_grpc,
                               scorer_pb2, scorer_pb2_grpc)
from ._serve import build_server
from ._testhost import HOST_BROKER_ID, AgentHostServicer, ScorerHostServicer, Tokens, serve_call
from .agent import Budget, Refused, ToolResult, Verdict
from .controller import Action, ChooseResponse, Event, Member, RefusedError, StartResponse, Submission
from .scorer import ExecResult, Sample, ScoreResponse
from .types import Diagnostic, Message, Metadata, Output, SampleRef, ToolCall, ToolError, ToolInfo

__all__ = ["FakeAgentHost", "FakeScorerHost", "Harness", "PluginError", "Refused", "SchemaError", "Simulator", "Step"]


class PluginError(RuntimeError):
    """A plugin call failed; the message is the plugin's error text."""


@dataclass
class FakeAgentHost:
    """A declarative fake AgentHost: set the functions a test needs; unset
    ones answer with a plain default. calls records every call's name."""

    generate_func: Callable[[list[Message], list[ToolInfo], str, dict], Output] | None = None
    call_tool_func: Callable[[ToolCall], ToolResult] | None = None
    submit_func: Callable[[str], Verdict] | None = None
    tools: list[ToolInfo] = field(default_factory=list)
    calls: list[str] = field(default_factory=list)
    logs: list[tuple[str, str, dict]] = field(default_factory=list)
    # what budget() answers (the default: no cap)
    budget_value: Budget = field(default_factory=Budget)
    # what take_notice() hands out, one per call, then None
    notices: list[Message] = field(default_factory=list)

    def generate(self, messages, tools=None, tool_choice="", config=None, *, own_notices=False) -> Output:
        self.calls.append("generate")
        if self.generate_func:
            return self.generate_func(messages, tools or [], tool_choice, config or {})
        return Output.text("fake", "ok")

    def list_tools(self) -> list[ToolInfo]:
        self.calls.append("list_tools")
        return self.tools

    def call_tool(self, call: ToolCall) -> ToolResult:
        self.calls.append("call_tool:" + call.function)
        if self.call_tool_func:
            return self.call_tool_func(call)
        return ToolResult(error=ToolError(type="unknown", message="unknown tool " + call.function))

    def submit(self, answer: str) -> Verdict:
        self.calls.append("submit")
        return self.submit_func(answer) if self.submit_func else Verdict()

    def log(self, level: str, message: str, **fields: Any) -> None:
        self.calls.append("log")
        self.logs.append((level, message, fields))

    def budget(self) -> Budget:
        self.calls.append("budget")
        return self.budget_value

    def stop_self(self, reason: str = "") -> None:
        self.calls.append("stop_self")

    def take_notice(self) -> Message | None:
        self.calls.append("take_notice")
        return self.notices.pop(0) if self.notices else None


@dataclass
class FakeScorerHost:
    """A fake ScorerHost over in-memory files: files maps a sandbox name
    ("" for the shared one) to its files (path -> content)."""

    files: dict[str, dict[str, str | bytes]] = field(default_factory=dict)
    exec_func: Callable[[list[str], str, str], ExecResult] | None = None

    def read_file(self, path: str, sandbox: str = "") -> bytes:
        try:
            content = self.files[sandbox][path]
        except KeyError:
            raise FileNotFoundError(f"{sandbox or 'shared sandbox'}: {path}: no such file") from None
        return content.encode() if isinstance(content, str) else content

    def list_files(self, dir: str = "", sandbox: str = "") -> list[str]:
        prefix = dir.rstrip("/") + "/" if dir else ""
        return sorted(p for p in self.files.get(sandbox, {}) if p.startswith(prefix))

    def exec(self, command, sandbox="", input="", timeout=None, env=None) -> ExecResult:
        if self.exec_func is None:
            return ExecResult(exit_code=127, stderr="exec is not faked")
        return self.exec_func(list(command), sandbox, input)


class Harness:
    """Serves plugins in-process and calls them as the host would. Use it as
    a context manager, or call close()."""

    def __init__(self, *plugins) -> None:
        _check_schemas(plugins)
        self._dir = tempfile.mkdtemp(prefix="swarmhost-harness-")
        self.tokens = Tokens()
        self._validated: dict[tuple[str, str, bytes], list[str]] = {}
        # whether each (controller, session) handles refusals, from its start
        self._refusers: dict[tuple[str, str], bool] = {}
        self._server, _ = build_server(plugins, Broker(), threading.Event())
        plugin_sock = os.path.join(self._dir, "plugin.sock")
        self._server.add_insecure_port("unix:" + plugin_sock)
        self._server.start()
        self._host = grpc.server(_executor(), options=CHANNEL_OPTIONS)
        self._agent_host = AgentHostServicer(self.tokens)
        scorer_pb2_grpc.add_ScorerHostServicer_to_server(ScorerHostServicer(self.tokens), self._host)
        host_sock = os.path.join(self._dir, "host.sock")
        self._host.add_insecure_port("unix:" + host_sock)
        self._host.start()
        self._channel = grpc.insecure_channel("unix:" + plugin_sock, options=CHANNEL_OPTIONS)
        self._announce(host_sock)
        self._scorer = scorer_pb2_grpc.ScorerStub(self._channel)
        self._agent = agent_pb2_grpc.AgentStub(self._channel)
        self._controller = controller_pb2_grpc.ControllerStub(self._channel)

    def _announce(self, host_sock: str) -> None:
        """Opens the broker stream and sends the fake host's address, as
        go-plugin's AcceptAndServe does."""
        self._stream_q: queue.Queue = queue.Queue()
        self._stream_q.put(grpc_broker_pb2.ConnInfo(service_id=HOST_BROKER_ID, network="unix", address=host_sock))
        self._stream = grpc_broker_pb2_grpc.GRPCBrokerStub(self._channel).StartStream(iter(self._stream_q.get, None))

    def close(self) -> None:
        """Stops the servers and removes the sockets."""
        self._stream_q.put(None)
        self._stream.cancel()
        self._channel.close()
        self._server.stop(None)
        self._host.stop(None)
        shutil.rmtree(self._dir, ignore_errors=True)

    def __enter__(self) -> "Harness":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # --- every kind --------------------------------------------------------------------------

    def _stub(self, kind: str):
        return {"scorer": self._scorer, "agent": self._agent, "controller": self._controller}[kind]

    def metadata(self, kind: str = "scorer") -> list[Metadata]:
        """Every plugin of the kind the harness serves."""
        resp = _call(lambda: self._stub(kind).Metadata(common_pb2.MetadataRequest()))
        return [_wire.info_from_proto(p) for p in resp.plugins]

    def validate(self, config: dict, name: str = "", kind: str = "scorer") -> list[Diagnostic]:
        """The plugin's diagnostics for a config (defaults filled in)."""
        req = common_pb2.ValidateConfigRequest(plugin=name, config_json=self._config(kind, name, config))
        return _wire.diags_from_proto(_call(lambda: self._stub(kind).ValidateConfig(req)).diagnostics)

    def complete(self, config: dict | None, name: str = "", kind: str = "scorer") -> dict:
        """The config as the host would send it: completed with the named
        plugin's schema defaults, nested blocks included (the Go SDK's
        schema.Schema.Complete, which the host runs on every block)."""
        infos = self.metadata(kind)
        info = next((m for m in infos if m.name == name), infos[0] if len(infos) == 1 and not name else None)
        if info is None:  # the call itself reports the unknown name, as the plugin does to the host
            return dict(config or {})
        return complete(info.schema, config)

    def _config(self, kind: str, name: str, config: dict | None) -> bytes:
        return _wire.dumps(self.complete(config, name, kind)) or b"{}"

    def _checked(self, kind: str, name: str, config: dict | None) -> bytes:
        """The completed config of a call, refused (PluginError) when the
        plugin's validate_config rejects it: the host never calls a plugin
        with a config that failed validation. Each config is checked once."""
        raw = self._config(kind, name, config)
        key = (kind, name, raw)
        if key not in self._validated:
            req = common_pb2.ValidateConfigRequest(plugin=name, config_json=raw)
            diags = _wire.diags_from_proto(_call(lambda: self._stub(kind).ValidateConfig(req)).diagnostics)
            self._validated[key] = [f"{d.summary}: {d.detail}" for d in diags if d.severity == "error"]
        if self._validated[key]:
            raise PluginError("the host would reject this config: " + "; ".join(self._validated[key]))
        return raw

    # --- scorers -----------------------------------------------------------------------------

    def score(self, name: str = "", *, output: Output | str = "", target: list[str] | str = (),
              config: dict | None = None, sample: Sample | None = None, messages: list[Message] | None = None,
              record: dict | None = None, store: dict | None = None, host=None,
              sandboxes: list[str] | None = None) -> ScoreResponse:
        """Scores one sample; output may be a text completion and target a
        string (one target); sandboxes are the names the host says the
        scorer may reach (ScoreRequest.sandboxes)."""
        out = Output.text("mockllm/model", output) if isinstance(output, str) else output
        sample = sample or Sample(id="sample-1", epoch=1)
        if target:
            sample.target = [target] if isinstance(target, str) else list(target)
        with self.tokens.issued(host or FakeScorerHost()) as token:
            req = scorer_pb2.ScoreRequest(
                plugin=name, config_json=self._checked("scorer", name, config), sample=_wire.sample_to_proto(sample),
                output=_wire.output_to_proto(out), messages=_wire.messages_to_proto(messages or []),
                record_json=_wire.dumps(record), store_json=_wire.dumps(store),
                host_broker_id=HOST_BROKER_ID, host_token=token, sandboxes=list(sandboxes or []))
            resp = _call(lambda: self._scorer.Score(req))
        return ScoreResponse(score=_wire.score_from_proto(resp.score),
                             diagnostics=_wire.diags_from_proto(resp.diagnostics))

    # --- agents ------------------------------------------------------------------------------

    def run(self, name: str = "", *, input: str | list[Message] = "", member: str = "member-1", role: str = "",
            index: int = 1, preamble: str = "", config: dict | None = None, sample: SampleRef | None = None,
            host: FakeAgentHost | None = None) -> Output:
        """Runs one member to its end, on a member stream as the host does,
        and returns its output; host answers its host calls."""
        msgs = [Message(role="user", content=input, source="input")] if isinstance(input, str) else input
        req = agent_pb2.RunRequest(
            plugin=name, member=member, role=role, index=index, input=_wire.messages_to_proto(msgs),
            preamble=preamble, config_json=self._checked("agent", name, config),
            sample=_wire.sample_ref_to_proto(sample or SampleRef(id="sample-1", epoch=1)))
        with self.tokens.issued(host or FakeAgentHost()) as token:
            down: queue.Queue = queue.Queue()
            down.put(agent_pb2.MembersDown(member=1, start=req))
            frames = self._agent.Members(iter(down.get, None))
            try:
                return _call(lambda: self._member_end(frames, down, token))
            finally:
                down.put(None)
                frames.cancel()

    def _member_end(self, frames, down: queue.Queue, token: str) -> Output:
        """Serves the member's host calls until its end; returns its output."""
        for f in frames:
            if f.WhichOneof("frame") == "call":
                down.put(agent_pb2.MembersDown(member=f.member, reply=serve_call(self._agent_host, token, f.call)))
            elif f.WhichOneof("frame") == "end":
                if f.end.code:
                    raise PluginError(f.end.message)
                return _wire.output_from_proto(f.end.response.output)
        raise PluginError("the plugin ended the member stream before the member's end")

    # --- controllers -------------------------------------------------------------------------

    def start(self, name: str = "", *, roster: list[Member], config: dict | None = None, session: str = "session-1",
              sample: SampleRef | None = None) -> StartResponse:
        """Opens a session."""
        req = controller_pb2.ControllerStartRequest(
            plugin=name, session=session, config_json=self._checked("controller", name, config),
            roster=_wire.roster_to_proto(roster), sample=_wire.sample_ref_to_proto(sample or SampleRef("sample-1", 1)))
        resp = _call(lambda: self._controller.Start(req))
        self._refusers[(name, session)] = resp.handles_refusals
        return StartResponse(actions=_wire.actions_from_proto(resp.actions), final_mode=resp.final_mode,
                             answers=resp.answers)

    def event(self, name: str = "", *, event: Event, roster: list[Member], config: dict | None = None,
              session: str = "session-1") -> list[Action]:
        """Delivers one event."""
        req = controller_pb2.ControllerEventRequest(
            plugin=name, session=session, event=_wire.event_to_proto(event), roster=_wire.roster_to_proto(roster),
            config_json=self._checked("controller", name, config))
        return _wire.actions_from_proto(_call(lambda: self._controller.Event(req)).actions)

    def choose(self, name: str = "", *, submissions: list[Submission], roster: list[Member],
               config: dict | None = None, session: str = "session-1") -> ChooseResponse:
        """Asks for the final answer."""
        req = controller_pb2.ChooseRequest(
            plugin=name, session=session, submissions=_wire.submissions_to_proto(submissions),
            roster=_wire.roster_to_proto(roster), config_json=self._checked("controller", name, config))
        resp = _call(lambda: self._controller.Choose(req))
        return ChooseResponse(member=resp.member, reason=resp.reason)

    def refused(self, name: str = "", *, error: RefusedError, not_applied: list[Action] | None = None,
                roster: list[Member], config: dict | None = None, session: str = "session-1") -> list[Action]:
        """Tells the session that the runtime refused one of its actions, as
        the host does; a session without refused() gets no call, and the
        refusal is raised, as it ends the sample."""
        if not self._refusers.get((name, session)):
            raise error
        req = controller_pb2.ControllerRefusedRequest(
            plugin=name, session=session, refusal=_wire.refusal_to_proto(error),
            not_applied=_wire.actions_to_proto(not_applied or []), roster=_wire.roster_to_proto(roster),
            config_json=self._checked("controller", name, config))
        return _wire.actions_from_proto(_call(lambda: self._controller.Refused(req)).actions)

    def end(self, name: str = "", *, session: str = "session-1") -> None:
        """Closes a session."""
        _call(lambda: self._controller.End(controller_pb2.ControllerEndRequest(plugin=name, session=session)))

    def simulate(self, name: str = "", *, roster: list[Member], config: dict | None = None,
                 session: str = "sim-1") -> Simulator:
        """Starts a session and returns a Simulator that plays the swarm
        run: script how members end with submit() and end(), then check
        steps, stopped, chosen and error."""
        return Simulator(self, name, roster, config, session)


def _check_schemas(plugins) -> None:
    """Raises SchemaError for a plugin whose config schema the host refuses
    to load (an unknown type, a default not of its type, a repeated name),
    as the host would when it starts the plugin."""
    for p in plugins:
        md = p.metadata() if hasattr(p, "metadata") else None
        if isinstance(md, Metadata):
            try:
                check_schema(md.schema)
            except SchemaError as e:
                raise SchemaError(f"the host would refuse the config schema of {json.dumps(md.name)}: {e}") from None


def _executor():
    from concurrent import futures
    return futures.ThreadPoolExecutor(max_workers=32, thread_name_prefix="swarmhost-harness-host")


def _call(fn):
    try:
        return fn()
    except grpc.RpcError as e:
        raise PluginError(e.details() if hasattr(e, "details") else str(e)) from None

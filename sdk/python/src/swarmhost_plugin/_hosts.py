"""The plugin side of the host services. A scorer's ScorerHost calls go
over a brokered gRPC connection, each carrying the per-call token the host
issued (the host binds identity from the token, never from arguments); the
connection is dialled on first use, so a scorer that never looks at a
sandbox never touches the broker. An agent's AgentHost calls travel on the
member stream (_members), which names the member.
"""

from __future__ import annotations

import json
from typing import Any, Callable

import grpc

from . import _wire
from ._pb.swarmhost.v1 import agent_pb2, agent_pb2_grpc, common_pb2, scorer_pb2, scorer_pb2_grpc
from .agent import Budget, BudgetUsage, Refused, ToolResult, Verdict
from .scorer import ExecResult, NoModel
from .types import Message, Output, ToolCall, ToolError, ToolInfo


class HostError(RuntimeError):
    """A host service call failed (not a refusal): a missing file, an
    expired token, a lost connection."""


def _call(what: str, fn: Callable[[], Any]) -> Any:
    try:
        return fn()
    except grpc.RpcError as e:  # the host's error text is the useful part
        detail = e.details() if hasattr(e, "details") else str(e)
        raise HostError(f"{what}: {detail}") from None


def generate_call(stub: Any, token: str, messages: list[Message], tools: list[ToolInfo] | None,
                  tool_choice: str, config: dict[str, Any] | None,
                  no_model: type[Exception] = NoModel) -> Output:
    """One model call through a host's Generate (a scorer's host, or a
    task's for its setup steps): no_model when the host offers no model,
    Refused when it refuses the call."""
    req = agent_pb2.GenerateRequest(token=token, messages=_wire.messages_to_proto(messages),
                                    tools=_wire.tools_to_proto(tools or []), tool_choice=tool_choice,
                                    config_json=_wire.dumps(config))
    try:
        resp = stub.Generate(req)
    except grpc.RpcError as e:
        if e.code() == grpc.StatusCode.FAILED_PRECONDITION:
            raise no_model(e.details()) from None
        raise HostError(f"generate: {e.details()}") from None
    if resp.refused:
        raise Refused(resp.refused)
    return _wire.output_from_proto(resp.output)


class GrpcScorerHost:
    """scorer.ScorerHost over the broker."""

    def __init__(self, dial: Callable[[], grpc.Channel], token: str) -> None:
        self._dial, self._token, self._stub = dial, token, None

    def _s(self) -> scorer_pb2_grpc.ScorerHostStub:
        if self._stub is None:
            self._stub = scorer_pb2_grpc.ScorerHostStub(self._dial())
        return self._stub

    def read_file(self, path: str, sandbox: str = "") -> bytes:
        req = scorer_pb2.ReadFileRequest(token=self._token, sandbox=sandbox, path=path)
        return _call("read file", lambda: self._s().ReadFile(req)).content

    def list_files(self, dir: str = "", sandbox: str = "") -> list[str]:
        req = scorer_pb2.ListFilesRequest(token=self._token, sandbox=sandbox, dir=dir)
        return list(_call("list files", lambda: self._s().ListFiles(req)).paths)

    def exec(self, command: list[str], sandbox: str = "", input: str = "",
             timeout: float | None = None, env: list[str] | None = None) -> ExecResult:
        req = scorer_pb2.ExecRequest(token=self._token, sandbox=sandbox, command=list(command), input=input,
                                     timeout_seconds=timeout or 0.0, env=list(env or []))
        resp = _call("exec", lambda: self._s().Exec(req))
        return ExecResult(exit_code=resp.exit_code, stdout=resp.stdout, stderr=resp.stderr, timed_out=resp.timed_out)

    def generate(self, messages: list[Message], tools: list[ToolInfo] | None = None,
                 tool_choice: str = "", config: dict[str, Any] | None = None) -> Output:
        return generate_call(self._s(), self._token, messages, tools, tool_choice, config)


class GrpcAgentHost:
    """agent.AgentHost on the member stream: each call is an AgentHost
    method carried as a message on the stream (stub is the stream's stub,
    with AgentHostStub's methods)."""

    def __init__(self, stub) -> None:
        self._stub = stub

    def _s(self):
        return self._stub

    def generate(self, messages: list[Message], tools: list[ToolInfo] | None = None,
                 tool_choice: str = "", config: dict[str, Any] | None = None, *,
                 own_notices: bool = False) -> Output:
        req = agent_pb2.GenerateRequest(messages=_wire.messages_to_proto(messages),
                                        tools=_wire.tools_to_proto(tools or []), tool_choice=tool_choice,
                                        config_json=_wire.dumps(config), own_notices=own_notices)
        resp = _call("generate", lambda: self._s().Generate(req))
        if resp.refused:
            raise Refused(resp.refused)
        out = _wire.output_from_proto(resp.output)
        if resp.HasField("notice"):
            out.notice = _wire.message_from_proto(resp.notice)
        return out

    def take_notice(self) -> Message | None:
        req = agent_pb2.TakeNoticeRequest()
        resp = _call("take notice", lambda: self._s().TakeNotice(req))
        return _wire.message_from_proto(resp.notice) if resp.HasField("notice") else None

    def list_tools(self) -> list[ToolInfo]:
        req = agent_pb2.ListToolsRequest()
        return _wire.tools_from_proto(_call("list tools", lambda: self._s().ListTools(req)).tools)

    def call_tool(self, call: ToolCall) -> ToolResult:
        req = agent_pb2.CallToolRequest(call=_wire.tool_call_to_proto(call))
        resp = _call("call tool", lambda: self._s().CallTool(req))
        if resp.refused:
            raise Refused(resp.refused)
        err = ToolError(type=resp.error.type, message=resp.error.message) if resp.HasField("error") else None
        return ToolResult(content=resp.content, error=err)

    def submit(self, answer: str) -> Verdict:
        req = agent_pb2.SubmitRequest(answer=answer)
        return _wire.verdict_from_proto(_call("submit", lambda: self._s().Submit(req)))

    def log(self, level: str, message: str, **fields: Any) -> None:
        req = agent_pb2.LogRequest(level=level, message=message,
                                   fields_json=json.dumps(fields, default=str).encode() if fields else b"")
        _call("log", lambda: self._s().Log(req))

    def budget(self) -> Budget:
        req = agent_pb2.BudgetRequest()
        return budget_from_proto(_call("budget", lambda: self._s().Budget(req)))

    def stop_self(self, reason: str = "") -> None:
        req = agent_pb2.StopSelfRequest(reason=reason)
        _call("stop self", lambda: self._s().StopSelf(req))

    def sandbox_names(self) -> list[str]:
        req = agent_pb2.SandboxNamesRequest()
        return list(_call("sandbox names", lambda: self._s().SandboxNames(req)).names)

    def sandbox_exec(self, command: list[str], sandbox: str = "", input: str = "", timeout: float | None = None,
                     env: list[str] | None = None) -> ExecResult:
        req = agent_pb2.SandboxExecRequest(sandbox=sandbox, command=list(command), input=input,
                                           timeout_seconds=timeout or 0.0, env=list(env or []))
        resp = _call("sandbox exec", lambda: self._s().SandboxExec(req))
        return ExecResult(exit_code=resp.exit_code, stdout=resp.stdout, stderr=resp.stderr, timed_out=resp.timed_out)

    def sandbox_read_file(self, path: str, sandbox: str = "") -> bytes:
        req = agent_pb2.SandboxReadFileRequest(sandbox=sandbox, path=path)
        return _call("sandbox read file", lambda: self._s().SandboxReadFile(req)).content

    def sandbox_write_file(self, path: str, content: bytes, sandbox: str = "") -> None:
        req = agent_pb2.SandboxWriteFileRequest(sandbox=sandbox, path=path, content=content)
        _call("sandbox write file", lambda: self._s().SandboxWriteFile(req))

    def record_tool(self, call: ToolCall, result: ToolResult) -> None:
        err = common_pb2.ToolError(type=result.error.type, message=result.error.message) if result.error else None
        req = agent_pb2.RecordToolRequest(call=_wire.tool_call_to_proto(call),
                                          content=result.content, error=err)
        _call("record tool", lambda: self._s().RecordTool(req))


def _usage_from_proto(resp, name: str) -> BudgetUsage | None:
    if not resp.HasField(name):
        return None
    u = getattr(resp, name)
    return BudgetUsage(cap=u.cap, used=u.used, share=u.share if u.HasField("share") else None,
                       share_used=u.share_used if u.HasField("share_used") else None)


def budget_from_proto(resp) -> Budget:
    """A BudgetResponse as a Budget."""
    return Budget(split=resp.split, weights=list(resp.weights), cost=_usage_from_proto(resp, "cost"),
                  tokens=_usage_from_proto(resp, "tokens"), token_type=resp.token_type,
                  time=_usage_from_proto(resp, "time"))


def budget_to_proto(b: Budget):
    """A Budget as a BudgetResponse (for test hosts)."""
    def usage(u: BudgetUsage | None):
        if u is None:
            return None
        return agent_pb2.BudgetUsage(cap=u.cap, used=u.used, share=u.share, share_used=u.share_used)
    return agent_pb2.BudgetResponse(split=b.split, weights=b.weights, cost=usage(b.cost), tokens=usage(b.tokens),
                                    token_type=b.token_type, time=usage(b.time))

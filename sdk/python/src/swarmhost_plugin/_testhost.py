"""The host's side of the host services, for the in-process harness: gRPC
servicers that dispatch AgentHost and ScorerHost calls to fake hosts by
per-call token, as the Go SDK's agentHostServer and scorerHostServer do.
ScorerHost is served over the broker; an agent's AgentHost calls come on
the member stream, and serve_call answers one.
"""

from __future__ import annotations

import contextlib
import secrets
import threading
from typing import Any, Iterator

import grpc

from . import _wire
from ._pb.swarmhost.v1 import agent_pb2, agent_pb2_grpc, common_pb2, scorer_pb2, scorer_pb2_grpc
from .agent import Refused

HOST_BROKER_ID = 1
"""The broker id the harness serves its fake host under."""


class Tokens:
    """Per-call tokens -> host objects, like the Go SDK's registry."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._items: dict[str, Any] = {}

    @contextlib.contextmanager
    def issued(self, host: Any) -> Iterator[str]:
        """Registers host under a fresh token for the duration of a call."""
        token = secrets.token_hex(16)
        with self._lock:
            self._items[token] = host
        try:
            yield token
        finally:
            with self._lock:
                self._items.pop(token, None)

    def get(self, token: str, context) -> Any:
        with self._lock:
            host = self._items.get(token)
        if host is None:
            context.abort(grpc.StatusCode.PERMISSION_DENIED, "unknown or expired token")
        return host


class _Aborted(Exception):
    def __init__(self, code: grpc.StatusCode, details: str) -> None:
        super().__init__(details)
        self.code, self.details = code, details


class _CallContext:
    """The part of a gRPC servicer context the host servicers use, for a call
    made on the member stream."""

    def __init__(self) -> None:
        self.code, self.details = grpc.StatusCode.UNKNOWN, ""

    def abort(self, code: grpc.StatusCode, details: str):
        raise _Aborted(code, details)

    def set_code(self, code: grpc.StatusCode) -> None:
        self.code = code

    def set_details(self, details: str) -> None:
        self.details = details


def serve_call(servicer: "AgentHostServicer", token: str, call: agent_pb2.HostCall) -> agent_pb2.HostReply:
    """Answers one AgentHost call made on the member stream with the
    servicer, as the member holding token, as the Go host's end of the
    stream serves it."""
    name = call.method.rsplit("/", 1)[-1]
    method = agent_pb2.DESCRIPTOR.services_by_name["AgentHost"].methods_by_name.get(name)
    if method is None:
        return agent_pb2.HostReply(call=call.call, code=grpc.StatusCode.UNIMPLEMENTED.value[0],
                                   message=f"the host serves no method {call.method!r} on the member stream")
    req = getattr(agent_pb2, method.input_type.name).FromString(call.request)
    req.token = token
    ctx = _CallContext()
    try:
        resp = getattr(servicer, name)(req, ctx)
    except _Aborted as a:
        return agent_pb2.HostReply(call=call.call, code=a.code.value[0], message=a.details)
    except NotImplementedError:
        return agent_pb2.HostReply(call=call.call, code=grpc.StatusCode.UNIMPLEMENTED.value[0], message=ctx.details)
    return agent_pb2.HostReply(call=call.call, response=resp.SerializeToString())


def _fail(context, code: grpc.StatusCode, e: Exception):
    context.abort(code, f"{type(e).__name__}: {e}")


class AgentHostServicer(agent_pb2_grpc.AgentHostServicer):
    def __init__(self, tokens: Tokens) -> None:
        self.tokens = tokens

    def Generate(self, request, context):  # noqa: N802
        host = self.tokens.get(request.token, context)
        try:
            out = host.generate(_wire.messages_from_proto(request.messages), _wire.tools_from_proto(request.tools),
                                request.tool_choice, _wire.config(request.config_json))
        except Refused as r:
            return agent_pb2.GenerateResponse(refused=r.cause)
        except Exception as e:  # noqa: BLE001
            _fail(context, grpc.StatusCode.UNKNOWN, e)
        return agent_pb2.GenerateResponse(output=_wire.output_to_proto(out))

    def ListTools(self, request, context):  # noqa: N802
        host = self.tokens.get(request.token, context)
        return agent_pb2.ListToolsResponse(tools=_wire.tools_to_proto(host.list_tools()))

    def CallTool(self, request, context):  # noqa: N802
        host = self.tokens.get(request.token, context)
        try:
            res = host.call_tool(_wire.tool_call_from_proto(request.call))
        except Refused as r:
            return agent_pb2.CallToolResponse(refused=r.cause)
        except Exception as e:  # noqa: BLE001
            _fail(context, grpc.StatusCode.UNKNOWN, e)
        resp = agent_pb2.CallToolResponse(content=res.content)
        if res.error is not None:
            resp.error.CopyFrom(common_pb2.ToolError(type=res.error.type, message=res.error.message))
        return resp

    def Submit(self, request, context):  # noqa: N802
        host = self.tokens.get(request.token, context)
        v = host.submit(request.answer)
        resp = agent_pb2.SubmitResponse(checked=v.checked, passed=v.passed)
        if v.score is not None:
            resp.score.CopyFrom(_wire.score_to_proto(v.score))
        return resp

    def Log(self, request, context):  # noqa: N802
        host = self.tokens.get(request.token, context)
        host.log(request.level, request.message, **(_wire.loads(request.fields_json, {}) or {}))
        return agent_pb2.LogResponse()

    def Budget(self, request, context):  # noqa: N802
        from ._hosts import budget_to_proto
        host = self.tokens.get(request.token, context)
        return budget_to_proto(host.budget())

    def StopSelf(self, request, context):  # noqa: N802
        host = self.tokens.get(request.token, context)
        host.stop_self(request.reason)
        return agent_pb2.StopSelfResponse()


class ScorerHostServicer(scorer_pb2_grpc.ScorerHostServicer):
    def __init__(self, tokens: Tokens) -> None:
        self.tokens = tokens

    def ReadFile(self, request, context):  # noqa: N802
        host = self.tokens.get(request.token, context)
        try:
            return scorer_pb2.ReadFileResponse(content=host.read_file(request.path, request.sandbox))
        except Exception as e:  # noqa: BLE001
            _fail(context, grpc.StatusCode.NOT_FOUND, e)

    def ListFiles(self, request, context):  # noqa: N802
        host = self.tokens.get(request.token, context)
        try:
            return scorer_pb2.ListFilesResponse(paths=host.list_files(request.dir, request.sandbox))
        except Exception as e:  # noqa: BLE001
            _fail(context, grpc.StatusCode.NOT_FOUND, e)

    def Exec(self, request, context):  # noqa: N802
        host = self.tokens.get(request.token, context)
        env = {"env": list(request.env)} if request.env else {}
        res = host.exec(list(request.command), request.sandbox, request.input, request.timeout_seconds or None, **env)
        return scorer_pb2.ExecResponse(exit_code=res.exit_code, stdout=res.stdout, stderr=res.stderr,
                                       timed_out=getattr(res, "timed_out", False))

    def Generate(self, request, context):  # noqa: N802
        host = self.tokens.get(request.token, context)
        if not hasattr(host, "generate"):
            context.abort(grpc.StatusCode.FAILED_PRECONDITION, "this fake scorer host offers no model")
        try:
            out = host.generate(_wire.messages_from_proto(request.messages), _wire.tools_from_proto(request.tools),
                                request.tool_choice, _wire.config(request.config_json))
        except Refused as r:
            return agent_pb2.GenerateResponse(refused=r.cause)
        except Exception as e:  # noqa: BLE001
            _fail(context, grpc.StatusCode.UNKNOWN, e)
        return agent_pb2.GenerateResponse(output=_wire.output_to_proto(out))

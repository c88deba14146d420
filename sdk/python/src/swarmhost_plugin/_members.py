"""The plugin's end of the member stream (rpc Agent.Members), the Python twin
of the Go SDK's: the host runs every member of this process on one
bidirectional stream. It sends each member's start (a RunRequest), its
cancellation and the replies to its host calls; the plugin sends the
member's host calls (AgentHost's methods, carried as messages) and its end.

Each member runs its agent's run() on a thread of its own; a host call
blocks that thread until its reply comes. One reader thread routes the
host's frames; the servicer's generator writes the plugin's, in order.
"""

from __future__ import annotations

import itertools
import queue
import threading
import traceback
from typing import Any, Callable, Iterator

import grpc

from . import _wire, log
from ._hosts import GrpcAgentHost
from ._pb.swarmhost.v1 import agent_pb2
from .agent import RunRequest, RunResponse
from .types import Output

_SERVICE = "/swarmhost.v1.AgentHost/"


class StreamCallError(grpc.RpcError):
    """A host call on the member stream that failed: the gRPC status the
    host answered with, read like a unary call's error (code(), details())."""

    def __init__(self, code: grpc.StatusCode, details: str) -> None:
        super().__init__(f"{code.name}: {details}")
        self._code, self._details = code, details

    def code(self) -> grpc.StatusCode:
        return self._code

    def details(self) -> str:
        return self._details


_CODES = {c.value[0]: c for c in grpc.StatusCode}


def _status(code: int) -> grpc.StatusCode:
    return _CODES.get(code, grpc.StatusCode.UNKNOWN)


class _Pending:
    """A host call awaiting its reply."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.response = b""
        self.code = 0
        self.message = ""


class MemberStream:
    """One Members stream: the members it runs and their calls in flight."""

    def __init__(self, lookup: Callable[[str], Any], requests: Iterator[agent_pb2.MembersDown]) -> None:
        self._lookup, self._requests = lookup, requests
        self._out: queue.Queue = queue.Queue()
        self._lock = threading.Lock()
        self._cancels: dict[int, threading.Event] = {}
        self._pending: dict[int, _Pending] = {}
        self._ids = itertools.count(1)
        self._closed = threading.Event()

    def frames(self) -> Iterator[agent_pb2.MembersUp]:
        """The plugin's frames, in order, until the host ends the stream."""
        threading.Thread(target=self._read, name="swarmhost-members", daemon=True).start()
        while True:
            frame = self._out.get()
            if frame is None:
                return
            yield frame

    def _read(self) -> None:
        try:
            for f in self._requests:
                self._route(f)
        except grpc.RpcError:
            pass  # the host went away: the same as the stream's end
        finally:
            self._close()

    def _route(self, f: agent_pb2.MembersDown) -> None:
        kind = f.WhichOneof("frame")
        if kind == "start":
            cancel = threading.Event()
            with self._lock:
                self._cancels[f.member] = cancel
            threading.Thread(target=self._run, args=(f.member, f.start, cancel), name=f"swarmhost-member-{f.member}",
                             daemon=True).start()
        elif kind == "cancel":
            with self._lock:
                cancel = self._cancels.get(f.member)
            if cancel is not None:
                cancel.set()
        elif kind == "reply":
            with self._lock:
                p = self._pending.pop(f.reply.call, None)
            if p is not None:
                p.response, p.code, p.message = f.reply.response, f.reply.code, f.reply.message
                p.done.set()

    def _close(self) -> None:
        """The host ended the stream: calls in flight fail, members are
        cancelled, and the writer stops."""
        self._closed.set()
        with self._lock:
            pending, self._pending = list(self._pending.values()), {}
            cancels = list(self._cancels.values())
        for p in pending:
            p.code, p.message = grpc.StatusCode.UNAVAILABLE.value[0], "the host closed the member stream"
            p.done.set()
        for c in cancels:
            c.set()
        self._out.put(None)

    def _run(self, member: int, start: agent_pb2.RunRequest, cancel: threading.Event) -> None:
        """Runs one member to its end and sends the end."""
        try:
            end = self._end_of(member, start, cancel)
        finally:
            with self._lock:
                self._cancels.pop(member, None)
        if not self._closed.is_set():
            self._out.put(agent_pb2.MembersUp(member=member, end=end))

    def _end_of(self, member: int, start: agent_pb2.RunRequest, cancel: threading.Event) -> agent_pb2.MemberEnd:
        impl = self._lookup(start.plugin)
        if impl is None:
            return agent_pb2.MemberEnd(code=grpc.StatusCode.NOT_FOUND.value[0],
                                       message=f"this binary serves no plugin named {start.plugin!r}")
        req = RunRequest(member=start.member, role=start.role, index=start.index,
                         input=_wire.messages_from_proto(start.input), preamble=start.preamble,
                         config=_wire.config(start.config_json), sample=_wire.sample_ref_from_proto(start.sample),
                         metadata=_wire.config(start.metadata_json),
                         host=GrpcAgentHost(_StreamStub(self, member)),
                         cancelled=lambda: cancel.is_set() or self._closed.is_set())
        try:
            out = impl.run(req)
        except Exception as e:  # noqa: BLE001 - reported to the host
            tb = traceback.format_exc()
            log.logger.error("plugin run raised %s: %s", type(e).__name__, e, extra={"traceback": tb})
            return agent_pb2.MemberEnd(code=grpc.StatusCode.INTERNAL.value[0],
                                       message=f"plugin run raised {type(e).__name__}: {e}\n{tb}")
        if isinstance(out, RunResponse):
            out = out.output
        elif isinstance(out, str):
            out = Output.text("", out)
        if not isinstance(out, Output):
            return agent_pb2.MemberEnd(code=grpc.StatusCode.INTERNAL.value[0],
                                       message=f"plugin run returned {type(out).__name__}, not an Output")
        return agent_pb2.MemberEnd(response=agent_pb2.RunResponse(output=_wire.output_to_proto(out)))

    def call(self, member: int, method: str, request, response_type):
        """Makes one host call for member and waits for its reply."""
        p = _Pending()
        with self._lock:
            if self._closed.is_set():
                raise StreamCallError(grpc.StatusCode.UNAVAILABLE, "the host closed the member stream")
            call = next(self._ids)
            self._pending[call] = p
        self._out.put(agent_pb2.MembersUp(member=member, call=agent_pb2.HostCall(
            call=call, method=_SERVICE + method, request=request.SerializeToString())))
        p.done.wait()
        if p.code:
            raise StreamCallError(_status(p.code), p.message)
        return response_type.FromString(p.response)


class _StreamStub:
    """An AgentHost stub whose calls travel on the member stream: the same
    methods as agent_pb2_grpc.AgentHostStub, so the agent's host client runs
    on it unchanged."""

    def __init__(self, stream: MemberStream, member: int) -> None:
        self._stream, self._member = stream, member

    def __getattr__(self, method: str):
        desc = agent_pb2.DESCRIPTOR.services_by_name["AgentHost"].methods_by_name.get(method)
        if desc is None:
            raise AttributeError(method)
        response_type = getattr(agent_pb2, desc.output_type.name)
        return lambda request: self._stream.call(self._member, method, request, response_type)

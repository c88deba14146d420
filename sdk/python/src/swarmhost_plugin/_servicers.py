"""gRPC servicers wrapping the author's implementations, one per kind; the
Python twin of the Go SDK's sdk/internal/pluginside.

An exception from the author's code becomes an INTERNAL error carrying the
exception and its traceback (the Go SDK does the same with panics), and is
logged; the process keeps serving other members and samples.
"""

from __future__ import annotations

import json
import sys
import threading
import traceback
from typing import Any, Callable, Generic, TypeVar

import grpc

from . import _wire, log
from ._broker import Broker
from ._hosts import GrpcScorerHost
from ._members import MemberStream
from ._sessions import OpenSessions
from ._pb.swarmhost.v1 import (agent_pb2, agent_pb2_grpc, common_pb2, controller_pb2, controller_pb2_grpc,
                               scorer_pb2, scorer_pb2_grpc)
from .agent import CAPABILITY_MEMBER_STREAM, Agent, RunRequest, RunResponse
from .controller import (ChooseRequest, ChooseResponse, Controller, EventRequest, RefusedRequest, StartRequest,
                         StartResponse)
from .scorer import CAPABILITY_METRICS, MetricSample, Scorer, ScoreResponse, declares_metrics
from .types import Output, Score

PROTOCOL_VERSION = 1
"""The plugin protocol this SDK speaks (the Go SDK's protocol.ProtocolVersion)."""

T = TypeVar("T")

METADATA_STUCK = "Metadata has not returned"
"""Starts the warning written to stderr when a metadata() call has not returned
(the Go SDK's protocol.MetadataStuck): serve calls every metadata() before the
handshake, so the host looks for this line to name a hang there."""

METADATA_WARN_AFTER = 1.0
"""Seconds a metadata() call runs before the warning."""


def watched_metadata(impl, warn_after: float = METADATA_WARN_AFTER):
    """impl.metadata(), writing the METADATA_STUCK warning (an hclog JSON line,
    naming impl's class) to the real stderr if it has not returned after
    warn_after seconds; it still waits for the call."""

    def warn() -> None:
        line = {"@level": "warn", "@message": f"{METADATA_STUCK} after {warn_after:g}s: {type(impl).__qualname__}"}
        try:
            stream = sys.__stderr__
            stream.write(json.dumps(line) + "\n")
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass

    timer = threading.Timer(warn_after, warn)
    timer.daemon = True
    timer.start()
    try:
        return impl.metadata()
    finally:
        timer.cancel()


class Catalog(Generic[T]):
    """A binary's implementations of one kind, by metadata name."""

    def __init__(self, impls: list[T]) -> None:
        self.by_name: dict[str, T] = {}
        self.infos = []
        for impl in impls:
            md = watched_metadata(impl)
            if md.name in self.by_name:
                raise ValueError(f"two plugins of one kind are named {md.name!r}")
            self.by_name[md.name] = impl
            self.infos.append(md)

    def find(self, name: str) -> T | None:
        """The plugin named name ("" is the only one), or None."""
        if name == "" and len(self.infos) == 1:
            name = self.infos[0].name
        return self.by_name.get(name)

    def lookup(self, name: str, context) -> T:
        impl = self.find(name)
        if impl is None:
            context.abort(grpc.StatusCode.NOT_FOUND, f"this binary serves no plugin named {name!r}")
        return impl

    def metadata(self) -> common_pb2.MetadataResponse:
        return common_pb2.MetadataResponse(plugins=[_wire.info_to_proto(m) for m in self.infos],
                                           protocol_versions=[PROTOCOL_VERSION])

    def validate(self, req: common_pb2.ValidateConfigRequest, context) -> common_pb2.ValidateConfigResponse:
        impl = self.lookup(req.plugin, context)
        diags = guard(context, "validate_config", lambda: impl.validate_config(_wire.config(req.config_json)))
        return common_pb2.ValidateConfigResponse(diagnostics=_wire.diags_to_proto(diags or []))


def guard(context, what: str, fn: Callable[[], Any]) -> Any:
    """Runs the author's code; an exception aborts the call with its
    traceback instead of grpc's bare "Exception calling application"."""
    try:
        return fn()
    except Exception as e:  # noqa: BLE001 - reported to the host
        tb = traceback.format_exc()
        log.logger.error("plugin %s raised %s: %s", what, type(e).__name__, e, extra={"traceback": tb})
        context.abort(grpc.StatusCode.INTERNAL, f"plugin {what} raised {type(e).__name__}: {e}\n{tb}")


class ScorerServicer(scorer_pb2_grpc.ScorerServicer):
    def __init__(self, impls: list[Scorer], broker: Broker) -> None:
        self.cat, self.broker = Catalog(impls), broker
        for md in self.cat.infos:
            if declares_metrics(self.cat.by_name[md.name]) and CAPABILITY_METRICS not in md.capabilities:
                md.capabilities = [*md.capabilities, CAPABILITY_METRICS]

    def _metrics_impl(self, name: str, context) -> Scorer:
        impl = self.cat.lookup(name, context)
        if not declares_metrics(impl):
            context.abort(grpc.StatusCode.UNIMPLEMENTED, f"scorer {name!r} declares no metrics")
        return impl

    def Metrics(self, request, context):  # noqa: N802
        impl = self._metrics_impl(request.plugin, context)
        declared = guard(context, "metrics", lambda: impl.metrics(_wire.config(request.config_json)))
        if declared is None:
            return scorer_pb2.MetricsResponse()
        if not isinstance(declared, (list, dict)):
            context.abort(grpc.StatusCode.INTERNAL,
                          f"plugin metrics returned {type(declared).__name__}, not a list or dict")
        return scorer_pb2.MetricsResponse(metrics_json=json.dumps(declared).encode())

    def ComputeMetric(self, request, context):  # noqa: N802
        impl = self._metrics_impl(request.plugin, context)
        samples = [MetricSample(score=_wire.score_from_proto(s.score), sample_id=s.sample_id,
                                sample_metadata=_wire.config(s.sample_metadata_json)) for s in request.samples]
        value = guard(context, "compute_metric", lambda: impl.compute_metric(
            _wire.config(request.config_json), request.metric, _wire.config(request.options_json), samples))
        return _wire.metric_value_to_proto(value, context)

    def Metadata(self, request, context):  # noqa: N802
        return self.cat.metadata()

    def ValidateConfig(self, request, context):  # noqa: N802
        return self.cat.validate(request, context)

    def Score(self, request: scorer_pb2.ScoreRequest, context):  # noqa: N802
        impl = self.cat.lookup(request.plugin, context)
        host = GrpcScorerHost(lambda: self.broker.dial(request.host_broker_id), request.host_token)
        req = _wire.score_request_from_proto(request, host)
        out = guard(context, "score", lambda: impl.score(req))
        resp = out if isinstance(out, ScoreResponse) else ScoreResponse(score=out if out is not None else Score())
        if not isinstance(resp.score, Score):
            context.abort(grpc.StatusCode.INTERNAL, f"plugin score returned {type(resp.score).__name__}, not a Score")
        return scorer_pb2.ScoreResponse(score=_wire.score_to_proto(resp.score),
                                        diagnostics=_wire.diags_to_proto(resp.diagnostics))


class AgentServicer(agent_pb2_grpc.AgentServicer):
    def __init__(self, impls: list[Agent], broker: Broker) -> None:
        self.cat, self.broker = Catalog(impls), broker
        for md in self.cat.infos:
            if CAPABILITY_MEMBER_STREAM not in md.capabilities:
                md.capabilities = [*md.capabilities, CAPABILITY_MEMBER_STREAM]

    def Metadata(self, request, context):  # noqa: N802
        return self.cat.metadata()

    def ValidateConfig(self, request, context):  # noqa: N802
        return self.cat.validate(request, context)

    def Members(self, request_iterator, context):  # noqa: N802
        """Runs the members the host starts on this stream, each on a thread
        of its own, their host calls carried on the stream (see _members)."""
        yield from MemberStream(self.cat.find, request_iterator).frames()


class ControllerServicer(controller_pb2_grpc.ControllerServicer):
    """Serves controllers: maps each session id to the Session its start()
    returned, with the session's roster, so the host sends only what
    changed (see _sessions)."""

    def __init__(self, impls: list[Controller]) -> None:
        self.cat = Catalog(impls)
        self.sessions = OpenSessions()

    def Metadata(self, request, context):  # noqa: N802
        return self.cat.metadata()

    def ValidateConfig(self, request, context):  # noqa: N802
        return self.cat.validate(request, context)

    def Start(self, request, context):  # noqa: N802
        impl = self.cat.lookup(request.plugin, context)
        roster = _wire.roster_from_proto(request.roster)
        req = StartRequest(session=request.session, config=_wire.config(request.config_json),
                           roster=list(roster), sample=_wire.sample_ref_from_proto(request.sample))
        out = guard(context, "start", lambda: impl.start(req))
        if not isinstance(out, StartResponse) or out.session is None:
            context.abort(grpc.StatusCode.INTERNAL, f"controller {request.plugin or type(impl).__name__} returned no "
                          "session from start(): return StartResponse(session=<a Session>, ...)")
        actions = guard(context, "start", lambda: _wire.actions_to_proto(out.actions))
        self.sessions.start(request.session, out.session, roster)
        return controller_pb2.ControllerStartResponse(actions=actions, final_mode=str(out.final_mode),
                                                      answers=out.answers,
                                                      never_chooses=getattr(out.session, "choose", None) is None,
                                                      handles_refusals=getattr(out.session, "refused", None) is not None)

    def Event(self, request, context):  # noqa: N802
        self.cat.lookup(request.plugin, context)
        session, roster = self.sessions.resolve(request.session, request.roster, request.roster_changes, context)
        req = EventRequest(session=request.session, config=_wire.config(request.config_json),
                           event=_wire.event_from_proto(request.event), roster=roster)
        out = guard(context, "event", lambda: session.event(req))
        actions = guard(context, "event", lambda: _wire.actions_to_proto(list(out or [])))
        return controller_pb2.ControllerEventResponse(actions=actions)

    def Events(self, request, context):  # noqa: N802
        """Hands the request's events to the session in order, one at a time
        as Event would, and sends each answer as it has it: the stream's
        n-th message answers the n-th event. It stops after the first answer
        that has actions (the host applies them, and tells of a refusal,
        before the session hears of the next event) and at the first error,
        which ends the stream. The host bounds each answer by the request's
        event_timeout and cancels the stream when one is late; a call
        already in the session's code runs to its end."""
        self.cat.lookup(request.plugin, context)
        session, roster = self.sessions.resolve(request.session, request.roster, request.roster_changes, context)
        config = _wire.config(request.config_json)
        for e in request.events:
            if not context.is_active():
                return
            req = EventRequest(session=request.session, config=config, event=_wire.event_from_proto(e),
                               roster=list(roster))
            out = guard(context, "event", lambda: session.event(req))
            actions = guard(context, "event", lambda: _wire.actions_to_proto(list(out or [])))
            yield controller_pb2.ControllerEventResponse(actions=actions)
            if actions:
                return

    def Choose(self, request, context):  # noqa: N802
        self.cat.lookup(request.plugin, context)
        session, roster = self.sessions.resolve(request.session, request.roster, request.roster_changes, context)
        choose = getattr(session, "choose", None)
        if choose is None:  # a session that never chooses
            return controller_pb2.ChooseResponse()
        req = ChooseRequest(session=request.session, config=_wire.config(request.config_json),
                            submissions=_wire.submissions_from_proto(request.submissions), roster=roster)
        out = guard(context, "choose", lambda: choose(req)) or ChooseResponse()
        return controller_pb2.ChooseResponse(member=out.member, reason=out.reason)

    def Refused(self, request, context):  # noqa: N802
        """Hands a refused action to the session's refused(); a session
        without it answers with the refusal (a host that missed
        handles_refusals), which ends the sample as the host would."""
        self.cat.lookup(request.plugin, context)
        session, roster = self.sessions.resolve(request.session, request.roster, request.roster_changes, context)
        error = _wire.refusal_from_proto(request.refusal)
        refused = getattr(session, "refused", None)
        if refused is None:
            context.abort(grpc.StatusCode.UNKNOWN, str(error))
        req = RefusedRequest(session=request.session, config=_wire.config(request.config_json), error=error,
                             not_applied=_wire.actions_from_proto(request.not_applied), roster=roster)
        out = guard(context, "refused", lambda: refused(req))
        actions = guard(context, "refused", lambda: _wire.actions_to_proto(list(out or [])))
        return controller_pb2.ControllerEventResponse(actions=actions)

    def End(self, request, context):  # noqa: N802
        self.cat.lookup(request.plugin, context)
        session = self.sessions.end(request.session)
        close = getattr(session, "close", None)
        if close is not None:
            guard(context, "close", close)
        return controller_pb2.ControllerEndResponse()

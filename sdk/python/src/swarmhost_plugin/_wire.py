"""Conversions between the SDK's dataclasses and the generated protobuf
messages; the Python twin of the Go SDK's sdk/internal/wire. JSON-valued
fields (suffix _json) are UTF-8 JSON; a NaN score value is the bare token
NaN, as Python's json module writes and reads it.
"""

from __future__ import annotations

import json
import math
from typing import Any

from . import agent, controller, scorer
from ._pb.swarmhost.v1 import agent_pb2, common_pb2, controller_pb2, scorer_pb2
from .types import (Attribute, Block, Diagnostic, Message, Metadata, Output, SampleRef, Schema, Score, ToolCall,
                    ToolError, ToolInfo, Usage)

_NESTING = {"single": common_pb2.Block.NESTING_SINGLE, "list": common_pb2.Block.NESTING_LIST}
_ACTION = {"start": controller_pb2.Action.KIND_START, "stop": controller_pb2.Action.KIND_STOP,
           "choose": controller_pb2.Action.KIND_CHOOSE}


def _default(v: Any) -> Any:
    if hasattr(v, "item"):  # numpy scalars
        return v.item()
    if hasattr(v, "tolist"):
        return v.tolist()
    return str(v)


def dumps(v: Any) -> bytes:
    """JSON for a _json field; None and empty containers give no bytes."""
    if v is None or (isinstance(v, (dict, list)) and not v):
        return b""
    return json.dumps(v, default=_default).encode()


def loads(b: bytes, empty: Any = None) -> Any:
    """Decodes a _json field; no bytes, null (Go's nil map) or bad JSON
    gives empty."""
    if not b:
        return empty
    try:
        v = json.loads(b)
    except ValueError:
        return empty
    return empty if v is None else v


def config(b: bytes) -> dict[str, Any]:
    """A config block: a dict, {} when empty."""
    v = loads(b, {})
    return v if isinstance(v, dict) else {}


# --- metadata, schema, diagnostics ---------------------------------------------------------

def schema_to_proto(s: Schema) -> common_pb2.Schema:
    p = common_pb2.Schema()
    for a in s.attributes:
        p.attributes.append(common_pb2.Attribute(
            name=a.name, type=a.type, required=a.required, description=a.description,
            default_json=b"" if a.default is None else json.dumps(a.default).encode()))
    for b in s.blocks:
        if b.nesting not in _NESTING:
            raise ValueError(f"block {b.name!r}: nesting must be 'single' or 'list', not {b.nesting!r}")
        p.blocks.append(common_pb2.Block(name=b.name, body=schema_to_proto(b.body), nesting=_NESTING[b.nesting],
                                         min_items=b.min_items, max_items=b.max_items, description=b.description))
    return p


def schema_from_proto(p: common_pb2.Schema) -> Schema:
    return Schema(
        attributes=[Attribute(name=a.name, type=a.type, required=a.required, description=a.description,
                              default=loads(a.default_json)) for a in p.attributes],
        blocks=[Block(name=b.name, body=schema_from_proto(b.body), min_items=b.min_items, max_items=b.max_items,
                      nesting="list" if b.nesting == common_pb2.Block.NESTING_LIST else "single",
                      description=b.description) for b in p.blocks])


def info_to_proto(m: Metadata) -> common_pb2.PluginInfo:
    return common_pb2.PluginInfo(name=m.name, version=m.version, description=m.description,
                                 schema=schema_to_proto(m.schema), capabilities=list(m.capabilities))


def info_from_proto(p: common_pb2.PluginInfo) -> Metadata:
    return Metadata(name=p.name, version=p.version, description=p.description,
                    schema=schema_from_proto(p.schema), capabilities=list(p.capabilities))


def diags_to_proto(ds: list[Diagnostic]) -> list[common_pb2.Diagnostic]:
    sev = {"error": common_pb2.Diagnostic.SEVERITY_ERROR, "warning": common_pb2.Diagnostic.SEVERITY_WARNING}
    return [common_pb2.Diagnostic(severity=sev.get(d.severity, common_pb2.Diagnostic.SEVERITY_ERROR),
                                  summary=d.summary, detail=d.detail, path=[str(x) for x in d.path]) for d in ds]


def diags_from_proto(ps) -> list[Diagnostic]:
    return [Diagnostic(summary=p.summary, detail=p.detail, path=list(p.path),
                       severity="warning" if p.severity == common_pb2.Diagnostic.SEVERITY_WARNING else "error")
            for p in ps]


def sample_ref_to_proto(s: SampleRef) -> common_pb2.SampleRef:
    return common_pb2.SampleRef(id=s.id, epoch=s.epoch)


def sample_ref_from_proto(p: common_pb2.SampleRef) -> SampleRef:
    return SampleRef(id=p.id, epoch=p.epoch)


# --- messages, tools, output ---------------------------------------------------------------

def tool_call_to_proto(c: ToolCall) -> common_pb2.ToolCall:
    return common_pb2.ToolCall(id=c.id, function=c.function, parse_error=c.parse_error,
                               arguments_json=json.dumps(c.arguments or {}).encode())


def tool_call_from_proto(p: common_pb2.ToolCall) -> ToolCall:
    args = loads(p.arguments_json, {})
    return ToolCall(id=p.id, function=p.function, arguments=args if isinstance(args, dict) else {},
                    parse_error=p.parse_error)


def message_to_proto(m: Message) -> common_pb2.ChatMessage:
    p = common_pb2.ChatMessage(id=m.id, role=m.role, content=m.content, tool_call_id=m.tool_call_id,
                               function=m.function, model=m.model, source=m.source,
                               metadata_json=dumps(m.metadata), tool_calls=[tool_call_to_proto(c) for c in m.tool_calls])
    if m.error is not None:
        p.error.CopyFrom(common_pb2.ToolError(type=m.error.type, message=m.error.message))
    return p


def message_from_proto(p: common_pb2.ChatMessage) -> Message:
    return Message(id=p.id, role=p.role, content=p.content, tool_call_id=p.tool_call_id, function=p.function,
                   model=p.model, source=p.source, metadata=loads(p.metadata_json, {}),
                   tool_calls=[tool_call_from_proto(c) for c in p.tool_calls],
                   error=ToolError(type=p.error.type, message=p.error.message) if p.HasField("error") else None)


def messages_to_proto(ms: list[Message]) -> list[common_pb2.ChatMessage]:
    return [message_to_proto(m) for m in ms]


def messages_from_proto(ps) -> list[Message]:
    return [message_from_proto(p) for p in ps]


def tools_to_proto(ts: list[ToolInfo]) -> list[common_pb2.ToolInfo]:
    return [common_pb2.ToolInfo(name=t.name, description=t.description, parameters_json=dumps(t.parameters))
            for t in ts]


def tools_from_proto(ps) -> list[ToolInfo]:
    return [ToolInfo(name=p.name, description=p.description, parameters=loads(p.parameters_json, {})) for p in ps]


def usage_to_proto(u: Usage) -> common_pb2.Usage:
    return common_pb2.Usage(input_tokens=u.input_tokens, output_tokens=u.output_tokens,
                            total_tokens=u.total_tokens, input_tokens_cache_write=u.input_tokens_cache_write,
                            input_tokens_cache_read=u.input_tokens_cache_read,
                            reasoning_tokens=u.reasoning_tokens, total_cost=u.total_cost)


def usage_from_proto(p: common_pb2.Usage) -> Usage:
    return Usage(input_tokens=p.input_tokens, output_tokens=p.output_tokens, total_tokens=p.total_tokens,
                 input_tokens_cache_write=p.input_tokens_cache_write, input_tokens_cache_read=p.input_tokens_cache_read,
                 reasoning_tokens=p.reasoning_tokens, total_cost=p.total_cost)


def output_to_proto(o: Output) -> common_pb2.ModelOutput:
    return common_pb2.ModelOutput(model=o.model, message=message_to_proto(o.message), completion=o.completion,
                                  stop_reason=o.stop_reason, usage=usage_to_proto(o.usage), time=o.time, error=o.error)


def output_from_proto(p: common_pb2.ModelOutput) -> Output:
    return Output(model=p.model, message=message_from_proto(p.message), completion=p.completion,
                  stop_reason=p.stop_reason, usage=usage_from_proto(p.usage), time=p.time, error=p.error)


# --- scores and scorer requests ------------------------------------------------------------

def score_to_proto(s: Score) -> common_pb2.Score:
    v = s.value
    if isinstance(v, float) and math.isnan(v):
        value = b"NaN"
    else:
        value = b"" if v is None else json.dumps(v, default=_default).encode()
    p = common_pb2.Score(value_json=value, explanation=s.explanation or "", metadata_json=dumps(s.metadata))
    if s.answer is not None:
        p.answer = s.answer
    return p


def score_from_proto(p: common_pb2.Score | None) -> Score:
    if p is None:
        return Score.unscored()
    value = math.nan if p.value_json in (b"", b"NaN") else loads(p.value_json, math.nan)
    answer = p.answer if p.HasField("answer") else None
    return Score(value=value, answer=answer, explanation=p.explanation, metadata=loads(p.metadata_json, {}))


def sample_to_proto(s: scorer.Sample) -> scorer_pb2.Sample:
    return scorer_pb2.Sample(id=s.id, epoch=s.epoch, input=messages_to_proto(s.input), target=list(s.target),
                             choices=list(s.choices), metadata_json=dumps(s.metadata))


def sample_from_proto(p: scorer_pb2.Sample) -> scorer.Sample:
    return scorer.Sample(id=p.id, epoch=p.epoch, input=messages_from_proto(p.input), target=list(p.target),
                         choices=list(p.choices), metadata=loads(p.metadata_json, {}))


def score_request_from_proto(p: scorer_pb2.ScoreRequest, host: scorer.ScorerHost | None) -> scorer.ScoreRequest:
    record = loads(p.record_json, {})
    store = loads(p.store_json, {})
    return scorer.ScoreRequest(config=config(p.config_json), sample=sample_from_proto(p.sample),
                               output=output_from_proto(p.output), messages=messages_from_proto(p.messages),
                               record=record if isinstance(record, dict) else {},
                               store=store if isinstance(store, dict) else {}, host=host,
                               sandboxes=list(p.sandboxes))


# --- agents --------------------------------------------------------------------------------

def verdict_from_proto(p: agent_pb2.SubmitResponse) -> agent.Verdict:
    return agent.Verdict(checked=p.checked, passed=p.passed,
                         score=score_from_proto(p.score) if p.checked else None)


# --- controllers ---------------------------------------------------------------------------

def roster_from_proto(ps) -> list[controller.Member]:
    return [controller.Member(name=p.name, role=p.role, agent=p.agent, index=p.index, state=p.state,
                              status=p.status) for p in ps]


def roster_to_proto(ms: list[controller.Member]) -> list[controller_pb2.RosterMember]:
    return [controller_pb2.RosterMember(name=m.name, role=m.role, agent=m.agent, index=m.index, state=m.state,
                                        status=m.status) for m in ms]


def actions_to_proto(actions: list[controller.Action]) -> list[controller_pb2.Action]:
    out = []
    for a in actions:
        if a.kind not in _ACTION:
            raise ValueError(f"action kind must be 'start', 'stop' or 'choose', not {a.kind!r}")
        out.append(controller_pb2.Action(kind=_ACTION[a.kind], member=a.member, input=a.input, reason=a.reason))
    return out


def actions_from_proto(ps) -> list[controller.Action]:
    names = {v: k for k, v in _ACTION.items()}
    return [controller.Action(kind=names.get(p.kind, "unspecified"), member=p.member, input=p.input,
                              reason=p.reason) for p in ps]


def gate_from_proto(p) -> controller.Gate:
    return controller.Gate(checked=p.checked, passed=p.passed)


def event_from_proto(p: controller_pb2.SwarmEvent) -> controller.Event:
    return controller.Event(kind=p.kind, member=p.member, time=p.time, answer=p.answer,
                            gate=gate_from_proto(p.gate), status=p.status)


def event_to_proto(e: controller.Event) -> controller_pb2.SwarmEvent:
    return controller_pb2.SwarmEvent(kind=e.kind, member=e.member, time=e.time, answer=e.answer, status=e.status,
                                     gate=controller_pb2.GateVerdict(checked=e.gate.checked, passed=e.gate.passed))


def submissions_from_proto(ps) -> list[controller.Submission]:
    return [controller.Submission(member=p.member, time=p.time, answer=p.answer, gate=gate_from_proto(p.gate))
            for p in ps]


def submissions_to_proto(ss: list[controller.Submission]) -> list[controller_pb2.Submission]:
    return [controller_pb2.Submission(member=s.member, time=s.time, answer=s.answer,
                                      gate=controller_pb2.GateVerdict(checked=s.gate.checked, passed=s.gate.passed))
            for s in ss]


_CAUSE = {
    controller.RefusalCause.UNKNOWN_MEMBER: controller_pb2.ActionRefusal.CAUSE_UNKNOWN_MEMBER,
    controller.RefusalCause.STARTED_TWICE: controller_pb2.ActionRefusal.CAUSE_STARTED_TWICE,
    controller.RefusalCause.NOT_SUBMITTED: controller_pb2.ActionRefusal.CAUSE_NOT_SUBMITTED,
    controller.RefusalCause.CHOSE_TWICE: controller_pb2.ActionRefusal.CAUSE_CHOSE_TWICE,
}


def refusal_to_proto(e: controller.RefusedError) -> controller_pb2.ActionRefusal:
    return controller_pb2.ActionRefusal(action=actions_to_proto([e.action])[0], cause=_CAUSE[e.cause], message=str(e),
                                        members=e.members, state=e.state, status=e.status, chosen=e.chosen)


def refusal_from_proto(p: controller_pb2.ActionRefusal) -> controller.RefusedError:
    """The refusal, its text rebuilt from the fields as the host built it."""
    causes = {v: k for k, v in _CAUSE.items()}
    return controller.RefusedError(actions_from_proto([p.action])[0], causes[p.cause], members=list(p.members),
                                   state=p.state, status=p.status, chosen=p.chosen)


def _metric_number(v) -> scorer_pb2.MetricNumber:
    return scorer_pb2.MetricNumber(none=True) if v is None else scorer_pb2.MetricNumber(value=float(v))


def metric_value_to_proto(value, context=None) -> scorer_pb2.ComputeMetricResponse:
    """A metric's value (a number, a dict of numbers or a list of numbers;
    None entries are Python's None) as the wire carries it."""
    if isinstance(value, dict):
        return scorer_pb2.ComputeMetricResponse(dict=scorer_pb2.MetricEntries(entries=[
            scorer_pb2.NamedMetricNumber(name=str(k), number=_metric_number(v)) for k, v in value.items()]))
    if isinstance(value, (list, tuple)):
        return scorer_pb2.ComputeMetricResponse(list=scorer_pb2.MetricList(items=[_metric_number(v) for v in value]))
    if isinstance(value, (int, float)):
        return scorer_pb2.ComputeMetricResponse(scalar=float(value))
    message = f"a metric's value is a number, a dict or a list of numbers, not {type(value).__name__}"
    if context is not None:
        context.abort(grpc.StatusCode.INTERNAL, message)
    raise TypeError(message)

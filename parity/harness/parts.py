"""The compared parts of one sample, read from an eval log with inspect_ai.

Each part is plain JSON (dicts keep their key order) after normalisation:
timings, ids and uuids become typed placeholders, so two runs compare by
names, order, JSON types and the values that do not depend on the clock.
"""

from collections.abc import Callable
from typing import Any

from inspect_ai.log import EvalLog, EvalSample

RESULT_KEY = "inspect_swarm:result"
LEDGER_KEY = "inspect_swarm:ledger"
METRICS_KEY = "inspect_swarm:metrics"

# Keys whose values are wall-clock readings or generated ids, anywhere in a part.
VOLATILE_KEYS = frozenset(
    {
        "time",
        "first_pass_time",
        "running_time",
        "wall_clock",
        "wait_time",
        "idle_time",
        "started",
        "duration",
        "idle",
        "id",
        "uuid",
        "span_id",
        "loop",
        "tool_span_id",
        "sender_span_id",
        "message",
        "notice",
        "timestamp",
    }
)

# Volatile keys that are deterministic under one parent key (path suffix).
# caps.time is not among them: a derived time cap depends on when the swarm started.
STABLE_UNDER = {("budget", "time"), ("sample_limits", "time")}


def placeholder(value: Any) -> Any:
    """A volatile value replaced by its JSON type; null stays null."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "<bool>"
    if isinstance(value, int):
        return "<int>"
    if isinstance(value, float):
        return "<float>"
    if isinstance(value, str):
        return "<str>"
    return "<" + type(value).__name__ + ">"


def normalise(value: Any, parent: str = "") -> Any:
    """A JSON value with its volatile leaves replaced (see VOLATILE_KEYS)."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k in VOLATILE_KEYS and (parent, k) not in STABLE_UNDER and not isinstance(v, (dict, list)):
                out[k] = placeholder(v)
            elif k == "overshoot" and isinstance(v, dict) and "time" in v:
                out[k] = {**normalise(v, k), "time": placeholder(v["time"])}
            else:
                out[k] = normalise(v, k)
        return out
    if isinstance(value, list):
        return [normalise(v, parent) for v in value]
    return value


def _store(sample: EvalSample, key: str) -> Any:
    return normalise(sample.store.get(key, "<absent>"))


def _message(msg: Any) -> dict[str, Any]:
    data = msg.model_dump(mode="json", exclude_none=True)
    return normalise({k: data[k] for k in ("id", "role", "source", "content", "metadata", "tool_calls") if k in data})


def _messages(sample: EvalSample) -> Any:
    return [_message(m) for m in sample.messages]


def _output(sample: EvalSample) -> Any:
    out = sample.output
    choices = [
        {"message": _message(c.message), "stop_reason": c.stop_reason} for c in out.choices
    ]
    return {"model": out.model, "completion": out.completion, "choices": choices}


def _statuses(sample: EvalSample) -> Any:
    result = sample.store.get(RESULT_KEY) or {}
    return [[m.get("name"), m.get("state"), m.get("status")] for m in result.get("members", [])]


def _store_keys(sample: EvalSample) -> Any:
    return [k for k in sample.store if k.startswith("inspect_swarm:")]


def _evidence(sample: EvalSample) -> Any:
    """The swarm's info events in order; a run of adjacent member_result
    events is sorted by member, since members that end at the same moment
    (a hard stop) end in no defined order on either side."""
    out: list[Any] = []
    for e in sample.events:
        if e.event == "info" and getattr(e, "source", None) == "inspect_swarm":
            out.append(normalise(e.data))
    return _sort_runs(out)


def _is_member_result(data: Any) -> bool:
    return isinstance(data, dict) and data.get("kind") == "member_result"


def _sort_runs(events: list[Any]) -> list[Any]:
    out: list[Any] = []
    run: list[Any] = []
    for e in [*events, None]:
        if e is not None and _is_member_result(e):
            run.append(e)
            continue
        out += sorted(run, key=lambda d: str(d.get("member")))
        run = []
        if e is not None:
            out.append(e)
    return out


def _sample(sample: EvalSample) -> Any:
    """Whether the sample errored, its limit (type, limit as its JSON type,
    Inspect's reason), its metadata, its scores in the log's order and the
    sample_limit events."""
    scores = {
        name: {"value": s.value, "answer": s.answer} for name, s in (sample.scores or {}).items()
    }
    limit = None
    if sample.limit is not None:
        limit = sample.limit.model_dump(mode="json")
    limit_events = [
        {"type": e.type, "message": e.message, "limit": e.limit}
        for e in sample.events
        if e.event == "sample_limit"
    ]
    return {
        "error": sample.error is not None,
        "limit": limit,
        "metadata": normalise(sample.metadata or {}),
        "scores": scores,
        "limit_events": limit_events,
    }


def log_part(log: EvalLog) -> Any:
    """The log as a whole: its status, the scorers of its results in order
    (name and scorer, as Inspect numbers a repeated scorer), and whether it
    has an error."""
    scores = [{"name": s.name, "scorer": s.scorer} for s in (log.results.scores if log.results else [])]
    return {
        "status": log.status,
        "error": log.error is not None,
        "scorers": scores,
        "samples": len(log.samples or []),
        "errored": sum(1 for s in (log.samples or []) if s.error is not None),
    }


# The compared parts, in the table's column order.
PARTS: dict[str, Callable[[EvalSample], Any]] = {
    "result": lambda s: _store(s, RESULT_KEY),
    "ledger": lambda s: _store(s, LEDGER_KEY),
    "metrics": lambda s: _store(s, METRICS_KEY),
    "store": _store_keys,
    "statuses": _statuses,
    "output": _output,
    "messages": _messages,
    "evidence": _evidence,
    "sample": _sample,
}

# Parts read from the whole log rather than its first sample.
LOG_PARTS = ("log",)


def sample_parts(log: EvalLog) -> dict[str, Any]:
    """Every part of the log's first sample, or of the log itself when it
    has no sample (the eval failed before running one)."""
    if not log.samples:
        err = log.error.message if log.error else "no sample"
        parts = {name: f"<no sample: {log.status}: {err.splitlines()[0] if err else ''}>" for name in PARTS}
    else:
        sample = log.samples[0]
        parts = {name: fn(sample) for name, fn in PARTS.items()}
    parts["log"] = log_part(log)
    return parts

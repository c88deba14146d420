"""The model requests of a sample, for scenarios that opt in with a
`compare-requests` file: each model event's input messages (role, text,
tool calls, tool call id), tools and tool choice, in order. Volatile ids
are normalised as in every part, and the member's preamble (the first user
message after the sample's input) is "<preamble>": swarmhost says what
Inspect Swarm's says in its own words (docs/reference/differences.md, "Differences from Inspect
Swarm")."""

from pathlib import Path
from typing import Any

from inspect_ai.log import EvalLog
from inspect_ai.log._condense import resolve_sample_attachments

from .parts import normalise

OPT_IN = "compare-requests"
NOT_COMPARED = "<not compared>"


def _message(m: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"role": m.role, "text": m.text}
    calls = getattr(m, "tool_calls", None)
    if calls:
        out["tool_calls"] = [{"id": c.id, "function": c.function, "arguments": c.arguments} for c in calls]
    if getattr(m, "tool_call_id", None):
        out["tool_call_id"] = "<str>"
    return out


def requests_part(log: EvalLog, folder: Path) -> Any:
    """Every model request of the log's first sample, or NOT_COMPARED when
    the scenario does not opt in."""
    if not (folder / OPT_IN).exists():
        return NOT_COMPARED
    if not log.samples:
        return "<no sample>"
    sample = resolve_sample_attachments(log.samples[0])
    inputs = {m.text for m in sample.input} if not isinstance(sample.input, str) else {sample.input}
    models = [e for e in sample.events if e.event == "model"]
    first = models[0].input if models else []
    preamble = next((m.text for m in first if m.role == "user" and m.text not in inputs), None)
    out = []
    for e in models:
        messages = [_message(m) for m in e.input]
        for m in messages:
            if m["role"] == "user" and m["text"] == preamble:
                m["text"] = "<preamble>"
        out.append({
            "input": messages,
            "tools": [{"name": t.name, "description": t.description,
                       "parameters": t.parameters.model_dump(mode="json", exclude_none=True)} for t in e.tools],
            "tool_choice": e.tool_choice if isinstance(e.tool_choice, str) else getattr(e.tool_choice, "name", None),
        })
    return normalise(out)

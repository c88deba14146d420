"""Print the shape of swarm logs as Inspect's own readers see them.

Usage: shapes.py LOG [LOG ...]

For each log (.json or .eval, ours or Inspect Swarm's) this prints one JSON
object on stdout: the row counts of messages_df, events_df and samples_df,
messages by role, the messages (of the sample and its model calls) without
an id, events by type, and for the first sample the span tree
(each member's agent span and its parent), the timelines (name and event
count, and whether every event a timeline names is in the member's span),
the tool events by function and the evidence (info) events by type/kind
with whether their payload names their span. host/e2e/inspectswarm_test.go
compares a swarmhost log with Inspect Swarm's log of the same task.
"""

import json
import sys
from collections import Counter

from inspect_ai.analysis import events_df, messages_df, samples_df
from inspect_ai.log import read_eval_log


def span_tree(events):
    """Each span's name, type and parent's name."""
    spans = {e.id: e for e in events if e.event == "span_begin"}
    out = []
    for e in spans.values():
        parent = spans.get(e.parent_id)
        out.append({"name": e.name, "type": e.type, "parent": parent.name if parent else None})
    return sorted(out, key=lambda s: (str(s["type"]), s["name"], str(s["parent"])))


def inside(events, span_id):
    """The uuids of the events in a span and the spans nested in it."""
    spans = {span_id}
    for e in events:
        if e.event == "span_begin" and e.parent_id in spans:
            spans.add(e.id)
    return {e.uuid for e in events if e.span_id in spans}


def timelines(sample):
    """Each timeline's name, event count, and whether all its events are in its member's span."""
    out = []
    members = {e.name: e.id for e in sample.events if e.event == "span_begin" and e.type == "agent"}
    for t in sample.timelines or []:
        member = t.root.content[0]
        ids = [n.event.uuid if hasattr(n.event, "uuid") else n.event for n in member.content if n.type == "event"]
        own = inside(sample.events, members.get(t.name, ""))
        out.append({"name": t.name, "events": len(ids), "in_span": all(i in own for i in ids)})
    return out


def evidence(events):
    """Info events by type/kind, with whether the payload names the event's span."""
    out = Counter()
    for e in events:
        if e.event == "info" and isinstance(e.data, dict):
            key = f"{e.data.get('type')}/{e.data.get('kind')}"
            out[key + (" span_id" if e.data.get("span_id") == e.span_id else "")] += 1
    return dict(out)


def messages_without_id(sample):
    """The sample's messages, model inputs and outputs that have no id."""
    msgs = list(sample.messages)
    for e in sample.events:
        if e.event == "model":
            msgs += list(e.input) + [c.message for c in e.output.choices]
    return sum(1 for m in msgs if not m.id)


def shape(path):
    log = read_eval_log(path)
    sample = log.samples[0]
    msgs = messages_df(path, quiet=True)
    evs = events_df(path, quiet=True)
    return {
        "path": path,
        "messages_df": len(msgs),
        "events_df": len(evs),
        "samples_df": len(samples_df(path, quiet=True)),
        "messages_by_role": dict(Counter(msgs["role"])),
        "messages_without_id": messages_without_id(sample),
        "events_by_type": dict(Counter(evs["event"])),
        "spans": span_tree(sample.events),
        "timelines": timelines(sample),
        "tools": dict(Counter(e.function for e in sample.events if e.event == "tool")),
        "tool_agents": sorted({str(e.agent) for e in sample.events if e.event == "tool"}),
        "evidence": evidence(sample.events),
        "turn_count": sample.turn_count,
        "error_retries": sample.error_retries,
        "header": header(log),
    }


def header(log):
    """The header fields Inspect fills: the scorers with their options and metrics, the task's
    names, the model's generate config and base URL, the sandbox, and each score's params."""
    spec = log.eval
    return {
        "scorers": [
            {"name": s.name, "options": s.options or {}, "metrics": sorted(m.name for m in s.metrics or [])}
            for s in spec.scorers or []
        ],
        "task_display_name": spec.task_display_name,
        "task_registry_name": spec.task_registry_name,
        "model_generate_config": spec.model_generate_config.model_dump(exclude_none=True),
        "model_base_url": spec.model_base_url,
        "sandbox": spec.sandbox.type if spec.sandbox else None,
        "score_params": [s.params for s in log.results.scores] if log.results else [],
    }


if __name__ == "__main__":
    for p in sys.argv[1:]:
        print(json.dumps(shape(p)))

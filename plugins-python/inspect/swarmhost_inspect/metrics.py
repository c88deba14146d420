"""An Inspect scorer's own metrics, for the host: what the scorer declares
(its @scorer(metrics=...), in the log's form: a list of {name, options}
and {key: [...]} items, or one {key: [...]} dictionary, keys in declared
order) and the value of one of them over sample scores, computed by
Inspect's own code (custom @metric functions, and built-in ones with
arguments, such as stderr(cluster=...)). The host computes the built-in
metrics without arguments itself (host/scoring).

Imported lazily: inspect_ai loads here.
"""

from __future__ import annotations

import math
from typing import Any

from inspect_ai._util.registry import registry_info, registry_params
from inspect_ai.scorer import SampleScore, Score
from inspect_ai.scorer._scorer import scorer_metrics

def _ref(metric) -> dict[str, Any]:
    """A metric by its registry name ("inspect_ai/accuracy", a package's
    "pkg/name", a module's bare "name") and arguments."""
    return {"name": registry_info(metric).name, "options": _jsonable(registry_params(metric))}


def _jsonable(params: dict[str, Any]) -> dict[str, Any]:
    """A metric's arguments as JSON values (a function by its name)."""
    out = {}
    for k, v in params.items():
        if v is None or isinstance(v, (str, int, float, bool, list, dict)):
            out[k] = v
        else:
            out[k] = getattr(v, "__name__", type(v).__name__)
    return out


def declared(scorer) -> list | dict:
    """The scorer's metrics as the log writes them (eval.scorers[].metrics)."""
    metrics = scorer_metrics(scorer)
    if isinstance(metrics, dict):
        return {k: [_ref(m) for m in ms] for k, ms in metrics.items()}
    return [_ref(m) if not isinstance(m, dict) else {k: [_ref(x) for x in ms] for k, ms in m.items()}
            for m in metrics]


def find(scorer, ref: dict[str, Any]):
    """The scorer's metric object for a reference from declared()."""
    metrics = scorer_metrics(scorer)
    flat = []
    for m in (metrics.values() if isinstance(metrics, dict) else metrics):
        if isinstance(m, dict):
            for ms in m.values():
                flat.extend(ms)
        elif isinstance(m, list):
            flat.extend(m)
        else:
            flat.append(m)
    want = {"name": ref["name"], "options": ref.get("options") or {}}
    for m in flat:
        if _ref(m) == want:
            return m
    return _create(ref)


def _create(ref: dict[str, Any]):
    """An Inspect metric the scorer does not declare (one a suite names),
    from the registry: "name" (Inspect's own, or a module's) or "pkg/name"."""
    from inspect_ai._util.registry import registry_lookup

    name, options = ref["name"], ref.get("options") or {}
    for candidate in (name, "inspect_ai/" + name):
        factory = registry_lookup("metric", candidate)
        if factory is not None:
            return factory(**options)
    raise LookupError(f"no Inspect metric {name!r}: the scorer declares none of that name and options {options}, "
                      "and Inspect's registry has none of that name")


def compute(scorer, ref: dict[str, Any], scores: list[dict[str, Any]]) -> float | dict | list:
    """One of the scorer's metrics over sample scores ({value, answer,
    explanation, metadata, sample_id, sample_metadata}), as Inspect's
    eval_results computes it; over no scores, what Inspect reports then (a
    dict-valued metric's own empty value, else NaN)."""
    from inspect_ai._eval.task.results import call_metric

    metric = find(scorer, ref)
    samples = [SampleScore(score=Score(value=s["value"], answer=s.get("answer"), explanation=s.get("explanation"),
                                       metadata=s.get("metadata")),
                           sample_id=s.get("sample_id"), sample_metadata=s.get("sample_metadata"))
               for s in scores]
    if not samples:
        try:
            empty = call_metric(metric, [])
        except Exception:  # noqa: BLE001 - Inspect reports NaN then
            return math.nan
        return dict(empty) if isinstance(empty, dict) and empty else math.nan
    value = call_metric(metric, samples)
    if isinstance(value, dict):
        return {str(k): (None if v is None else float(v)) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [None if v is None else float(v) for v in value]
    return float(value)

"""Reading a suite run's log back for swarmhost_plugin.hosttest: through
Inspect's own reader (inspect_ai.log.read_eval_log) when inspect_ai is
installed, so a test sees the log as Inspect does, else as plain JSON."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

RECORD_KEY = "inspect_swarm:result"
"""The store key of a sample's swarm result record."""


@dataclass
class SuiteSample:
    """One sample of a suite run's log: its id and epoch, the swarm's final
    answer (the output's completion), each scorer's value, answer and
    metadata by scorer name, its error message ("" for none), its swarm result record
    (members with their statuses, final, ...) and the sample as read
    (Inspect's EvalSample, or the JSON object without inspect_ai)."""

    id: Any
    epoch: int
    answer: str
    scores: dict[str, Any] = field(default_factory=dict)
    score_answers: dict[str, str | None] = field(default_factory=dict)
    score_metadata: dict[str, dict[str, Any]] = field(default_factory=dict)
    error: str = ""
    record: dict[str, Any] = field(default_factory=dict)
    raw: Any = None


def read_samples(path: str) -> list[SuiteSample]:
    """The samples of the log at path, in log order."""
    try:
        from inspect_ai.log import read_eval_log
    except ImportError:
        with open(path) as f:
            return [_from_json(s) for s in json.load(f).get("samples") or []]
    return [_from_inspect(s) for s in read_eval_log(path).samples or []]


def _from_inspect(s) -> SuiteSample:
    scores = s.scores or {}
    return SuiteSample(
        id=s.id, epoch=s.epoch, answer=s.output.completion if s.output else "",
        scores={k: v.value for k, v in scores.items()}, score_answers={k: v.answer for k, v in scores.items()},
        score_metadata={k: v.metadata or {} for k, v in scores.items()},
        error=s.error.message if s.error else "", record=dict((s.store or {}).get(RECORD_KEY) or {}), raw=s)


def _from_json(s: dict[str, Any]) -> SuiteSample:
    scores = s.get("scores") or {}
    output = s.get("output") or {}
    choices = output.get("choices") or []
    return SuiteSample(
        id=s.get("id"), epoch=s.get("epoch", 1), answer=_completion(choices),
        scores={k: v.get("value") for k, v in scores.items()}, score_answers={k: v.get("answer") for k, v in scores.items()},
        score_metadata={k: v.get("metadata") or {} for k, v in scores.items()},
        error=(s.get("error") or {}).get("message", ""), record=(s.get("store") or {}).get(RECORD_KEY) or {}, raw=s)


def _completion(choices: list[dict[str, Any]]) -> str:
    """Inspect's ModelOutput.completion: the first choice's text."""
    if not choices:
        return ""
    content = (choices[0].get("message") or {}).get("content", "")
    if isinstance(content, str):
        return content
    return "".join(c.get("text", "") for c in content if c.get("type") == "text")

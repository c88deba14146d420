"""The task's scorers, and its metrics and epoch reductions, run by the
task's own code so the answers are Inspect's.

* TaskScorer (`scorer "task"`, config {"task": ref, "scorer": i}) runs the
  task's i-th scorer on the sample's TaskState: the sample's state after the
  setup steps (metadata, the store the members' tools changed), the swarm's
  messages and output, the host's store keys (the result record, the ledger)
  added to the store; sandbox() through the host's read-only views and
  get_model() through the scorer's model, as the scorer bridge does. The
  Score comes back unchanged (dict and list values too).
* results() is Inspect's eval_results over every sample's scores: the
  task's reducers, its scorers' metrics (lists, dicts per key, metrics=
  dictionaries, custom @metric functions), the task's metrics= override.
"""

from __future__ import annotations

import asyncio
import math
from typing import Any

from swarmhost_plugin import Attribute, Diagnostic, Metadata, Schema, Score, Scorer

from . import tasks
from .context import initial_state, sample_context
from .samples import jsonable
from .setup import find_sample
from .spec import TaskRef

PLUGIN_NAME = "task"
"""The scorer's name: the host names each of an Inspect task's scorers so."""


class TaskScorer(Scorer):
    """One of the task's scorers, by index (set by the host)."""

    def metadata(self) -> Metadata:
        return Metadata(name=PLUGIN_NAME, version="0.1.0", description="an Inspect task's own scorer",
                        schema=Schema(attributes=[
                            Attribute("task", "any", required=True, description="the Inspect task (set by the host)"),
                            Attribute("scorer", "number", default=0, description="the scorer's index in the task"),
                        ]))

    def validate_config(self, config: dict[str, Any]) -> list[Diagnostic]:
        return []

    def score(self, req: Any) -> Score:
        from swarmhost_inspect.run import in_sample
        from swarmhost_inspect.scorer_host import scorer_bridge
        ref = TaskRef.from_json(req.config["task"])
        loaded = tasks.task(ref)
        scorer = loaded.task.scorer[int(req.config.get("scorer") or 0)]
        state = scoring_state(loaded, ref, req)

        async def call() -> Any:
            async with sample_context(loaded.task, state, state.model.__str__()):
                return await scorer(state, state.target)

        # every sandbox of the sample: the members' and the task's other services
        bridge = scorer_bridge(req.host, req.record, getattr(req, "sandboxes", None))
        return to_score(asyncio.run(in_sample(bridge, call)))


def scoring_state(loaded: Any, ref: TaskRef, req: Any) -> Any:
    """The TaskState a scorer sees: the sample's state after setup (or a
    fresh one for the sample when this process holds none), the swarm's
    messages and output, the host's store keys."""
    import copy
    from swarmhost_inspect.convert import STOP_REASONS, to_inspect_message, to_inspect_output
    session = tasks.get(tasks.session_key(ref.key(), req.sample.id, req.sample.epoch))
    model = req.output.model if "/" in (req.output.model or "") else "swarmhost/" + (req.output.model or "model")
    if session is not None:
        state = copy.copy(session.state)
    else:
        sample = find_sample(loaded.task, -1, req.sample.id)
        state = initial_state(loaded.task, sample, req.sample.epoch or 1, model)
    state.messages = [to_inspect_message(m) for m in req.messages]
    output = to_inspect_output(req.output, model)
    output.completion = req.output.completion
    if output.choices and req.output.stop_reason not in STOP_REASONS:
        output.choices[0].stop_reason = "unknown"
    state.output = output
    for k, v in req.store.items():
        if k not in state.store:
            state.store.set(k, v)
    return state


def to_score(s: Any) -> Score:
    """Inspect's Score as the SDK's, value unchanged."""
    if s is None:
        return Score.unscored("the Inspect scorer returned no score")
    value = s.value
    if isinstance(value, float) and math.isnan(value):
        value = math.nan
    return Score(value=jsonable(value), answer=s.answer, explanation=s.explanation or "",
                 metadata=jsonable(dict(s.metadata or {})))


def results(ref: TaskRef, samples: int, rows: list[dict[str, Any]]) -> tuple[Any, Any]:
    """Inspect's EvalResults and sample reductions (as JSON) for the scores
    of every sample × epoch: rows of {"id", "epoch", "scores": {name: Score},
    "metadata"}."""
    from inspect_ai._eval.task.results import eval_results
    from inspect_ai.scorer import SampleScore
    from inspect_ai.scorer import Score as IScore
    from .describe import scorer_names
    task = tasks.task(ref).task
    names = scorer_names(task)
    scores = [{name: SampleScore(score=IScore.model_validate(sc), sample_id=r["id"],
                                 sample_metadata=r.get("metadata") or None)
               for name, sc in (r.get("scores") or {}).items()} for r in rows]
    res, reductions = eval_results(samples=samples, scores=scores, reducers=task.epochs_reducer,
                                   scorers=task.scorer, metrics=task.metrics, scorer_names=names)
    return (res.model_dump(mode="json", exclude_none=True),
            [r.model_dump(mode="json", exclude_none=True) for r in reductions or []])

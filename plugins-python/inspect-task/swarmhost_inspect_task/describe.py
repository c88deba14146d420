"""What the host needs to know about a loaded Inspect task, as JSON.

The `eval` part holds the log header's task fields exactly as Inspect's
own logger makes them (task, version, file, registry name, attributes,
arguments, dataset, scorers, metrics, sandbox, packages, metadata), so
Inspect's tools see the task they would have run. The rest is how the
host runs it: the solver split (setup steps and the agent step, or why it
cannot be split), scorer names, epochs and reducers, limits, the task's
GenerateConfig and the sandbox.
"""

from __future__ import annotations

from typing import Any

from . import chain
from .samples import jsonable, sandbox_spec
from .spec import Loaded


def describe(loaded: Loaded) -> dict[str, Any]:
    """The task's description (see the module doc)."""
    task = loaded.task
    run_dir = _run_dir(task)
    try:
        split = chain.split(task)
        solver = {"setup": split.setup_names, "agent": split.agent_name, "error": ""}
    except chain.CannotSplit as e:
        solver = {"setup": [], "agent": "", "error": str(e)}
    return {
        "name": task.name,
        "key": loaded.ref.key(),
        "form": loaded.form,
        "eval": eval_fields(loaded, run_dir),
        "solver": solver,
        "scorers": scorer_names(task),
        "epochs": task.epochs or 1,
        "reducers": reducer_names(task),
        "limits": {"message": task.message_limit, "token": task.token_limit, "time": task.time_limit,
                   "working": task.working_limit, "cost": task.cost_limit,
                   "turn": getattr(task, "turn_limit", None)},
        "config": jsonable(task.config.model_dump(exclude_none=True)),
        "sandbox": sandbox_spec(task.sandbox, run_dir) if task.sandbox is not None else None,
        "fail_on_error": task.fail_on_error,
        "run_dir": run_dir,
    }


def eval_fields(loaded: Loaded, run_dir: str | None) -> dict[str, Any]:
    """The log header's task fields as Inspect's TaskLogger writes them."""
    from inspect_ai._eval.task.log import resolve_eval_metrics, resolve_eval_scorers
    from inspect_ai._eval.task.util import task_file
    from inspect_ai.scorer._scorer import as_scorer_spec
    from inspect_ai.scorer._metric import to_metric_specs
    task = loaded.task
    ds = task.dataset
    scorers = resolve_eval_scorers([as_scorer_spec(s) for s in task.scorer]) if task.scorer else None
    metrics = resolve_eval_metrics(to_metric_specs(task.metrics)) if task.metrics else None
    return jsonable({
        "task": task.name,
        "task_version": task.version,
        "task_file": task_file(task, relative=True),
        "task_registry_name": loaded.registry_name if loaded.form != "file" else None,
        "task_display_name": task.display_name,
        "task_attribs": task.attribs,
        "task_args": loaded.args,
        "task_args_passed": loaded.ref.task_args(),
        "dataset": {"name": ds.name, "location": ds.location, "samples": len(ds), "shuffled": ds.shuffled},
        "scorers": [s.model_dump(exclude_none=True) for s in scorers] if scorers else None,
        "metrics": _dump(metrics),
        "sandbox": sandbox_spec(task.sandbox, run_dir) if task.sandbox is not None else None,
        "packages": packages(loaded.registry_name),
        "metadata": task.metadata,
        "tags": getattr(task, "tags", None),
    })


def _dump(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return value.model_dump(exclude_none=True)
    if isinstance(value, list):
        return [_dump(v) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v) for k, v in value.items()}
    return value


def packages(registry_name: str | None) -> dict[str, str]:
    """inspect_ai's version and the task's distribution's, as Inspect logs them."""
    from importlib import metadata
    from inspect_ai._eval.task.log import resolve_task_distribution
    out = {"inspect_ai": metadata.version("inspect_ai")}
    dist = resolve_task_distribution(registry_name)
    if dist is not None:
        out[dist.name] = dist.version
    return out


def scorer_names(task: Any) -> list[str]:
    """The task's scorers by their log names (unique, as Inspect makes them)."""
    from inspect_ai.scorer._scorer import unique_scorer_name
    names: list[str] = []
    for s in task.scorer or []:
        names.append(unique_scorer_name(s, names))
    return names


def reducer_names(task: Any) -> list[str]:
    """The epoch reducers by registry name ("mean" when the task sets none)."""
    from inspect_ai._util.registry import registry_info
    reducers = task.epochs_reducer or []
    return [registry_info(r).name.removeprefix("inspect_ai/") for r in reducers] or ["mean"]


def _run_dir(task: Any) -> str | None:
    from inspect_ai._eval.task.util import task_run_dir
    return task_run_dir(task)

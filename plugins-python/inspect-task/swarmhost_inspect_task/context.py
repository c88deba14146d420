"""Inspect's per-sample context for code this plugin runs on a task's
behalf: the sample's TaskState made as Inspect makes it, its store as the
`store()` every tool and scorer reads (one per sample × epoch, never the
process-wide default), an active sample with a transcript, and the
`generate` function Inspect hands solvers.
"""

from __future__ import annotations

import contextlib
import inspect as pyinspect
import uuid
from typing import Any, AsyncIterator, Callable


def initial_state(task: Any, sample: Any, epoch: int, model: str) -> Any:
    """The TaskState Inspect starts a sample with (task_run's create_sample_state)."""
    from inspect_ai._eval.task.util import sample_messages
    from inspect_ai.scorer import Target
    from inspect_ai.solver import TaskState
    return TaskState(sample_id=sample.id if sample.id is not None else 0, epoch=epoch, model=model,
                     input=sample.input, target=Target(sample.target), choices=sample.choices,
                     messages=sample_messages(sample), message_limit=task.message_limit,
                     token_limit=task.token_limit, completed=False,
                     metadata=dict(sample.metadata) if sample.metadata else {}, sample_uuid=uuid.uuid4().hex)


def generate_fn(task: Any) -> Callable[..., Any]:
    """Inspect's Generate for solvers: the active model, the task's config."""
    from inspect_ai._eval.task.generate import task_generate
    from inspect_ai._util.notgiven import NOT_GIVEN
    from inspect_ai.model import GenerateConfig, get_model

    async def generate(state: Any, tool_calls: str = "loop", **kwargs: Any) -> Any:
        config = (task.config or GenerateConfig()).merge(GenerateConfig(**kwargs)) if kwargs else task.config
        return await task_generate(model=get_model(), state=state, tool_calls=tool_calls,
                                   cache=kwargs.get("cache", False) or NOT_GIVEN, config=config or GenerateConfig())

    return generate


def no_generate(where: str) -> Callable[..., Any]:
    """A Generate that refuses: the host gave the call no model."""

    async def generate(state: Any, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError(f"{where} called generate(), and the host gave it no model")

    return generate


@contextlib.asynccontextmanager
async def sample_context(task: Any, state: Any, model: str) -> AsyncIterator[Any]:
    """Inspect's active sample for state: its store is state.store, a fresh
    transcript collects the events, no limits (the host holds them)."""
    from inspect_ai.dataset import Sample
    from inspect_ai.log._samples import active_sample
    from inspect_ai.log._transcript import Transcript, init_transcript
    from inspect_ai.util._store import init_subtask_store

    transcript = Transcript()
    init_transcript(transcript)
    init_subtask_store(state.store)
    kwargs = dict(task=task.name, log_location="", model=model, sample=Sample(id=state.sample_id, input=""),
                  epoch=state.epoch, message_limit=None, token_limit=None, cost_limit=None, time_limit=None,
                  working_limit=None, fails_on_error=True, transcript=transcript, eval_id="swarmhost",
                  sample_uuid=uuid.uuid4().hex)
    accepted = pyinspect.signature(active_sample).parameters
    async with active_sample(**{k: v for k, v in kwargs.items() if k in accepted}):
        yield transcript

"""Running a task's setup steps for one sample × epoch, once, before the
swarm: Inspect's TaskState for the sample, every setup step in order (the
task's setup= solver, then the solver chain but its last step), and the
result kept as the sample's Session until the host ends the sample.

Setup steps run as in Inspect: with the sample's store and metadata, its
sandboxes (Inspect's sandbox() and sandbox(name) reach the sample's, so what
a step writes there is what the members find), and the eval's model
(get_model(), and the generate a solver is handed, with the task's
GenerateConfig); the host meters each call in the sample's usage and logs
it in the sample's "setup" span. Both come through the request's TaskHost
(taskhost.py); without one, sandbox() and get_model() fail saying so.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from . import chain, tasks
from .context import generate_fn, initial_state, no_generate, sample_context
from .samples import jsonable
from .spec import TaskRef

SETUP_MODEL = "swarmhost/setup"
"""The model name the setup steps' TaskState carries (they may not call it)."""


@dataclass
class SetupResult:
    """What the host gets back: the swarm's input and the sample's state."""

    messages: list[Any] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)
    store: dict[str, Any] = field(default_factory=dict)
    tools: list[Any] = field(default_factory=list)


def find_sample(task: Any, index: int, sample_id: str) -> Any:
    """The dataset's sample at index, checked against its id (a dataset that
    shuffles without a seed is searched by id instead)."""
    ds = task.dataset
    if 0 <= index < len(ds) and str(ds[index].id) == str(sample_id):
        return ds[index]
    for s in ds:
        if str(s.id) == str(sample_id):
            return s
    raise LookupError(f"the task's dataset has no sample with id {sample_id!r}")


def run_setup(ref: TaskRef, index: int, sample_id: str, epoch: int, host: Any = None) -> SetupResult:
    """Runs the setup steps and keeps the Session; returns what the host
    needs. host is the request's TaskHost (None: no sandbox, no model)."""
    from swarmhost_inspect import Bridge, host_sandboxes
    from swarmhost_inspect.run import in_sample

    from .taskhost import SetupModel
    loaded = tasks.task(ref)
    split = chain.split(loaded.task)
    sample = find_sample(loaded.task, index, sample_id)
    state = initial_state(loaded.task, sample, epoch, SETUP_MODEL)
    model = SetupModel(host) if host is not None else None

    async def steps() -> Any:
        nonlocal state
        async with sample_context(loaded.task, state, SETUP_MODEL):
            for step, name in zip(split.setup, split.setup_names):
                gen = generate_fn(loaded.task) if model is not None else no_generate(f"setup step {name}")
                state = await step(state, gen)
        return state

    bridge = Bridge(sandboxes=host_sandboxes(host) if host is not None else None, model=model, store=state.store)
    state = asyncio.run(in_sample(bridge, steps))
    tasks.put(tasks.session_key(ref.key(), sample_id, epoch), tasks.Session(state=state, index=index,
                                                                             tools=list(state.tools)))
    return SetupResult(messages=state.messages, metadata=jsonable(state.metadata),
                       store=store_dict(state.store), tools=[tool_info(t) for t in state.tools])


def store_dict(store: Any) -> dict[str, Any]:
    """A Store's items as JSON values."""
    return jsonable(dict(store.items()))


def tool_info(tool: Any) -> Any:
    """An Inspect tool as the SDK's ToolInfo."""
    from inspect_ai.tool._tool_def import ToolDef
    from swarmhost_plugin.types import ToolInfo
    d = ToolDef(tool)
    return ToolInfo(name=d.name, description=d.description, parameters=d.parameters.model_dump(exclude_none=True))


def end(ref: TaskRef, sample_id: str, epoch: int) -> dict[str, Any]:
    """Drops the sample × epoch's Session; its store, {} when there was none."""
    s = tasks.pop(tasks.session_key(ref.key(), sample_id, epoch))
    return store_dict(s.state.store) if s is not None else {}

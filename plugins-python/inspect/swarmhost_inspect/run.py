"""Running Inspect code as it would run inside a sample: Inspect's sandbox
context holds the Bridge's sandboxes (through the "swarmhost" provider), the
active model is the Bridge's (through the "swarmhost" model API) and store()
is the Bridge's store (the sample's).
"""

from __future__ import annotations

from typing import Awaitable, Callable, TypeVar

from inspect_ai.model import GenerateConfig, get_model
from inspect_ai.model._model import init_active_model
from inspect_ai.util._sandbox.context import init_sandbox_environments_sample
from inspect_ai.util._store import Store, init_subtask_store

from . import model as _model  # registers the "swarmhost" model API
from .host import Bridge, bridged
from .sandbox import SwarmhostSandboxEnvironment

T = TypeVar("T")

TASK_NAME = "swarmhost"
"""The task name Inspect's sandbox hooks receive."""


USAGE_VARS = ("model_usage_context_var", "sample_model_usage_context_var", "role_usage_context_var",
              "sample_role_usage_context_var")
"""Inspect's usage accumulators: their default is one dict per process, so
each call starts its own (the host keeps the real account)."""


def _fresh_usage() -> None:
    from inspect_ai.model import _model as m
    for name in USAGE_VARS:
        var = getattr(m, name, None)
        if var is not None:
            var.set({})


async def _in_sample(bridge: Bridge, fn: Callable[[], Awaitable[T]]) -> T:
    _fresh_usage()
    # as Inspect sets each sample's store; its default is one per process
    init_subtask_store(bridge.store if bridge.store is not None else Store())
    if bridge.sandboxes is not None:
        await init_sandbox_environments_sample(SwarmhostSandboxEnvironment, TASK_NAME, None, {}, None, {})
    if bridge.model is not None:
        # memoized: the model API keeps no state of its own (each generate
        # reads the current Bridge), so one instance serves every call
        init_active_model(get_model("swarmhost/" + bridge.model.name),
                          GenerateConfig(max_connections=_model.MAX_CONNECTIONS))
    return await fn()


async def in_sample(bridge: Bridge, fn: Callable[[], Awaitable[T]]) -> T:
    """Awaits fn() with bridge current and Inspect's sample context set up
    from it. Call it in a fresh context (asyncio.run gives one), since it
    sets Inspect's context variables."""
    with bridged(bridge):
        return await _in_sample(bridge, fn)

"""Running Inspect code as it would run inside a sample: Inspect's sandbox
context holds the Bridge's sandboxes (through the "swarmhost" provider) and
the active model is the Bridge's (through the "swarmhost" model API).
"""

from __future__ import annotations

from typing import Awaitable, Callable, TypeVar

from inspect_ai.model import GenerateConfig, get_model
from inspect_ai.model._model import init_active_model
from inspect_ai.util._sandbox.context import init_sandbox_environments_sample

from .host import Bridge, bridged
from .sandbox import SwarmhostSandboxEnvironment

T = TypeVar("T")

TASK_NAME = "swarmhost"
"""The task name Inspect's sandbox hooks receive."""


async def _in_sample(bridge: Bridge, fn: Callable[[], Awaitable[T]]) -> T:
    if bridge.sandboxes is not None:
        await init_sandbox_environments_sample(SwarmhostSandboxEnvironment, TASK_NAME, None, {}, None, {})
    if bridge.model is not None:
        init_active_model(get_model("swarmhost/" + bridge.model.name, memoize=False), GenerateConfig())
    return await fn()


async def in_sample(bridge: Bridge, fn: Callable[[], Awaitable[T]]) -> T:
    """Awaits fn() with bridge current and Inspect's sample context set up
    from it. Call it in a fresh context (asyncio.run gives one), since it
    sets Inspect's context variables."""
    with bridged(bridge):
        return await _in_sample(bridge, fn)

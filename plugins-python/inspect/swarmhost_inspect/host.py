"""The small host interface Inspect's swarmhost providers are built on.

A plugin that runs Inspect code (the scorer bridge, an agent member) sets a
Bridge for the call with bridged(); inside it, Inspect's sandbox() reaches
Bridge.sandboxes and get_model() reaches Bridge.model. Each plugin kind
implements the two protocols over its own host service: scorer_host.py for a
scorer's read-only ScorerHost; an agent plugin over its AgentHost.

Calls are synchronous (the SDK's host stubs are); the providers run them in
a worker thread so Inspect's event loop keeps going.
"""

from __future__ import annotations

import contextlib
import contextvars
from dataclasses import dataclass
from typing import Any, Iterator, Protocol

from swarmhost_plugin.types import Message, Output, ToolInfo

DEFAULT_SANDBOX = "default"
"""Inspect's name for the default sandbox; the host's is ""."""


@dataclass
class ExecOutcome:
    """How a command in a host sandbox ended."""

    exit_code: int = 0
    stdout: str = ""
    stderr: str = ""
    timed_out: bool = False


class SandboxHost(Protocol):
    """The host's sandboxes for one sample, by the host's names ("" is the
    sample's shared sandbox). Failures raise swarmhost_plugin's HostError,
    except as documented."""

    def names(self) -> list[str]:
        """The sandboxes this call may reach, the default ("") first."""
        ...

    def exec(self, sandbox: str, command: list[str], input: str = "", env: dict[str, str] | None = None,
             timeout: float | None = None) -> ExecOutcome:
        """Runs a command in the sandbox, with the host's limits and views."""
        ...

    def read_file(self, sandbox: str, path: str) -> bytes:
        """A file's content; FileNotFoundError when there is none."""
        ...

    def write_file(self, sandbox: str, path: str, content: bytes) -> None:
        """Writes a file; PermissionError where the view is read-only."""
        ...


class ModelHost(Protocol):
    """The model the host lets this call use, metered and limited by it."""

    name: str
    """The model's name as Inspect shows it (after "swarmhost/")."""

    def generate(self, messages: list[Message], tools: list[ToolInfo], tool_choice: str,
                 config: dict[str, Any]) -> Output:
        """One model call; raises swarmhost_plugin's Refused when the host
        refuses it (a limit), HostError on failure."""
        ...


@dataclass
class Bridge:
    """What Inspect code may reach during one plugin call."""

    sandboxes: SandboxHost | None = None
    model: ModelHost | None = None
    store: Any = None
    """The inspect_ai Store that Inspect's store() returns inside the call:
    the sample's (a scorer's TaskState.store; the members of one sample
    share one). None gives the call a fresh, empty one, never the store
    Inspect keeps for a whole process."""


_current: contextvars.ContextVar[Bridge | None] = contextvars.ContextVar("swarmhost_bridge", default=None)


def current() -> Bridge:
    """The bridge of the running call; RuntimeError outside one."""
    b = _current.get()
    if b is None:
        raise RuntimeError("the swarmhost providers work only inside a swarmhost plugin call (see bridged())")
    return b


@contextlib.contextmanager
def bridged(bridge: Bridge) -> Iterator[Bridge]:
    """Makes bridge the current one for the code run inside (its context,
    and tasks created from it, as asyncio.run copies the context)."""
    token = _current.set(bridge)
    try:
        yield bridge
    finally:
        _current.reset(token)

"""The tasks this process has loaded, and the state of each sample × epoch
in flight (a Session), shared by the task service, the solver agent and
the task's scorers: they all run in this one process (the host dispenses
the three kinds from it), so a tool a member calls changes the store the
scorer reads, as in Inspect.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from . import offline
from .spec import Loaded, TaskRef, load

_lock = threading.Lock()
_loaded: dict[str, Loaded] = {}
_loading: dict[str, threading.Lock] = {}


def task(ref: TaskRef) -> Loaded:
    """The task ref names, loaded once per process (concurrent first
    callers wait for one load)."""
    key = ref.key()
    with _lock:
        if key in _loaded:
            return _loaded[key]
        gate = _loading.setdefault(key, threading.Lock())
    with gate:
        with _lock:
            if key in _loaded:
                return _loaded[key]
        with offline.watch() as fetched:
            try:
                loaded = load(ref)
            except Exception as e:
                raise offline.explain(e, fetched) from e
        with _lock:
            _loaded[key] = loaded
        return loaded


@dataclass
class Session:
    """One sample × epoch: Inspect's TaskState after the setup steps (its
    messages, tools, metadata and store)."""

    state: Any
    index: int
    tools: list[Any] = field(default_factory=list)


_sessions: dict[tuple[str, str, int], Session] = {}


def session_key(ref_key: str, sample_id: str, epoch: int) -> tuple[str, str, int]:
    return (ref_key, str(sample_id), int(epoch or 1))


def put(key: tuple[str, str, int], s: Session) -> None:
    with _lock:
        _sessions[key] = s


def get(key: tuple[str, str, int]) -> Session | None:
    with _lock:
        return _sessions.get(key)


def pop(key: tuple[str, str, int]) -> Session | None:
    with _lock:
        return _sessions.pop(key, None)

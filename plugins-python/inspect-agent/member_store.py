"""The sample store an Inspect agent member sees, as Inspect Swarm gives it:
Inspect's store() is the sample's own store, shared by the members of that
sample this process runs and by no other sample; and each member runs in
its own tool-state scope, named after it, where the installed inspect_ai
has one (tool_state_scope, 0.3.28x), so tools that key their state by
tool_state_instance() (memory(), bash_session(), ...) keep one state per
member unless given an explicit instance.

Without this, store() was the one Store Inspect makes per process: a tool
in one sample read what a member of another sample had left there.

The store lives in this plugin process while any member of its sample runs
here: members in other processes (isolation = "member", another agent
plugin) have stores of their own, a member started after every other member
of its sample ended starts with an empty one, and the host's log does not
hold what members write there (the host's sample store holds the result
record, as scorers see it).
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any, Iterator


class SampleStores:
    """One Inspect Store per sample (its id and epoch) with members running
    in this process; a store is dropped when its sample's last running
    member ends."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._stores: dict[tuple[str, int], list[Any]] = {}

    @contextlib.contextmanager
    def held(self, sample_id: str, epoch: int) -> Iterator[Any]:
        """The sample's store, held for the member running inside."""
        from inspect_ai.util._store import Store
        key = (sample_id, epoch)
        with self._lock:
            entry = self._stores.setdefault(key, [Store(), 0])
            entry[1] += 1
        try:
            yield entry[0]
        finally:
            with self._lock:
                entry[1] -= 1
                if entry[1] == 0 and self._stores.get(key) is entry:
                    del self._stores[key]

    def __len__(self) -> int:
        with self._lock:
            return len(self._stores)


def member_scope(member: str) -> contextlib.AbstractContextManager:
    """The member's tool-state scope where inspect_ai has one (enter it in
    the member's own context, its asyncio.run), else nothing."""
    try:
        from inspect_ai.util import tool_state_scope
    except ImportError:  # inspect_ai before tool-state scopes: no per-agent scoping to give
        return contextlib.nullcontext()
    return tool_state_scope(member)

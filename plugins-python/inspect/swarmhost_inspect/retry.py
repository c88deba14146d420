"""`inspect eval-retry` on a swarmhost log: the log names the task, its file
and arguments as Inspect's logger does, so eval-retry finds the task; its
solver is "swarmhost/swarm" (the swarm, with its swarm, members, controller
and channels as the solver's arguments), which only the host can run. This
module registers that name with Inspect (through the package's "inspect_ai"
entry point, loaded when Inspect looks up a "swarmhost/" name), so that
eval-retry stops before any sample runs with the command that retries the
log: `swarmhost run --resume LOG` runs what the log lacks (its errored and
missing samples) into the same log.
"""

from __future__ import annotations

from typing import Any

SOLVER_NAME = "swarmhost/swarm"
"""The solver name a swarmhost log's header and plan give the swarm."""


class SwarmNotRetryable(RuntimeError):
    """Inspect cannot re-create a swarm: the log is retried by swarmhost."""


def swarm(**args: Any) -> Any:
    """The "swarmhost/swarm" solver as Inspect's eval-retry creates it from a
    swarmhost log: it refuses, saying how to retry the log."""
    name = args.get("swarm") or "?"
    members = ", ".join(str(m) for m in args.get("members") or []) or "none"
    raise SwarmNotRetryable(
        f"this log was written by swarmhost: its solver is the swarm {name!r} (members: {members}), which "
        f"`inspect eval-retry` cannot re-create. Retry it with swarmhost, which runs what the log lacks (its "
        f"errored and missing samples) into the same log:\n\n    swarmhost run --resume LOG\n\n"
        f"(docs/guides/resuming-and-sharding.md)")


def register() -> None:
    """Registers SOLVER_NAME with Inspect's registry (once)."""
    from inspect_ai._util.registry import RegistryInfo, registry_add, registry_lookup
    if registry_lookup("solver", SOLVER_NAME) is None:
        registry_add(swarm, RegistryInfo(type="solver", name=SOLVER_NAME))

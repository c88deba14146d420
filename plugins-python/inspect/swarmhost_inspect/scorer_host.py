"""The scorer side of the host interface: a scorer's read-only ScorerHost
(swarmhost_plugin.scorer) as a SandboxHost and a ModelHost.

The sandboxes a scorer reaches are every sandbox of the sample, by the
names the host sends (ScoreRequest.sandboxes): the sample's shared one
(""), every member's own and the task's other compose services, so
sandbox("comparator") finds a comparator service as in Inspect. A host that
sends no names (v0.1.0) leaves the record's: "" and the members' own.
Writes fail with PermissionError: a scorer's views are read-only, and its
commands run in throw-away copies whose writes never reach the members'
files.
"""

from __future__ import annotations

from typing import Any

from swarmhost_plugin import HostError
from swarmhost_plugin.scorer import ScorerHost
from swarmhost_plugin.types import Message, Output, ToolInfo

from .host import Bridge, ExecOutcome


def record_sandboxes(record: dict[str, Any]) -> list[str]:
    """The shared sandbox ("") then each member's own, in roster order."""
    names = [""]
    for m in record.get("members") or []:
        sb = m.get("sandbox")
        if sb and sb not in names:
            names.append(sb)
    return names


def scorer_sandboxes(record: dict[str, Any], sandboxes: list[str] | None = None) -> list[str]:
    """The sandboxes a scorer reaches: "" first, then the host's names
    (members' own and the task's other services, in the host's order), then
    any member sandbox of the record the host did not name."""
    names = [""]
    for sb in [*(sandboxes or []), *record_sandboxes(record)]:
        if sb not in names:
            names.append(sb)
    return names


class ScorerSandboxes:
    """A ScorerHost as a read-only SandboxHost."""

    def __init__(self, host: ScorerHost, names: list[str]) -> None:
        self.host, self._names = host, names

    def names(self) -> list[str]:
        """The shared sandbox first, then the members' and the services'."""
        return list(self._names)

    def exec(self, sandbox: str, command: list[str], input: str = "", env: dict[str, str] | None = None,
             timeout: float | None = None) -> ExecOutcome:
        """Runs in a throw-away copy of the sandbox."""
        r = self.host.exec(command, sandbox=sandbox, input=input, timeout=timeout,
                           env=[f"{k}={v}" for k, v in (env or {}).items()])
        return ExecOutcome(exit_code=r.exit_code, stdout=r.stdout, stderr=r.stderr, timed_out=r.timed_out)

    def read_file(self, sandbox: str, path: str) -> bytes:
        """A file of the sandbox; FileNotFoundError when the host has none."""
        try:
            return self.host.read_file(path, sandbox=sandbox)
        except HostError as e:
            raise FileNotFoundError(f"{path} in sandbox {sandbox or 'default'}: {e}") from None

    def write_file(self, sandbox: str, path: str, content: bytes) -> None:
        """Always fails: a scorer cannot change a sandbox."""
        raise PermissionError(f"{path}: a scorer's view of sandbox {sandbox or 'default'} is read-only")


class ScorerModel:
    """The model the scorer block names, through ScorerHost.Generate."""

    def __init__(self, host: ScorerHost, name: str) -> None:
        self.host, self.name = host, name

    def generate(self, messages: list[Message], tools: list[ToolInfo], tool_choice: str,
                 config: dict[str, Any]) -> Output:
        """One call, metered and limited by the host."""
        return self.host.generate(messages, tools=tools, tool_choice=tool_choice, config=config)


SCORER_MODEL = "scorer"
"""The model's name in Inspect (swarmhost/scorer): the host picks the model
block, the one the scorer block names."""


def scorer_bridge(host: ScorerHost | None, record: dict[str, Any], sandboxes: list[str] | None = None) -> Bridge:
    """The Bridge for one Score call: the sample's sandboxes (sandboxes, the
    names the host sent, else the record's) and the scorer block's model (a
    block without one answers every call with NoModel)."""
    if host is None:
        return Bridge()
    return Bridge(sandboxes=ScorerSandboxes(host, scorer_sandboxes(record, sandboxes)),
                  model=ScorerModel(host, SCORER_MODEL))

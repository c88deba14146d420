"""The SandboxHost (host.py) over an SDK host object that serves sandbox
calls by the AgentHost's method names — an agent member's AgentHost, or
the task plugin's TaskHost for setup steps and task tools:

    sandbox_names() -> list[str]
    sandbox_exec(command, sandbox=, input=, timeout=, env=["K=v", …]) -> result
    sandbox_read_file(path, sandbox=) -> bytes
    sandbox_write_file(path, content, sandbox=) -> None

Shared by the Inspect agent plugin (plugins-python/inspect-agent) and the
Inspect task plugin (plugins-python/inspect-task).
"""

from __future__ import annotations

from typing import Any

from .host import ExecOutcome


class HostSandboxes:
    """swarmhost_inspect's SandboxHost over an SDK host's sandbox calls: a
    missing file is FileNotFoundError, a refused write PermissionError, as
    Inspect's sandbox providers raise them."""

    def __init__(self, host: Any, names: list[str]) -> None:
        self._host, self._names = host, names

    def names(self) -> list[str]:
        """The sandboxes the call may reach, the default ("") first."""
        return list(self._names)

    def exec(self, sandbox: str, command: list[str], input: str = "", env: dict[str, str] | None = None,
             timeout: float | None = None) -> ExecOutcome:
        """Runs a command in the sandbox."""
        res = self._host.sandbox_exec(command, sandbox=sandbox, input=input, timeout=timeout,
                                      env=[f"{k}={v}" for k, v in (env or {}).items()])
        return ExecOutcome(exit_code=res.exit_code, stdout=res.stdout, stderr=res.stderr, timed_out=res.timed_out)

    def read_file(self, sandbox: str, path: str) -> bytes:
        """A file's content; FileNotFoundError when the host has none."""
        from swarmhost_plugin import HostError
        try:
            return self._host.sandbox_read_file(path, sandbox=sandbox)
        except HostError as e:
            raise FileNotFoundError(str(e)) from None

    def write_file(self, sandbox: str, path: str, content: bytes) -> None:
        """Writes a file; PermissionError when the host refuses."""
        from swarmhost_plugin import HostError
        try:
            self._host.sandbox_write_file(path, content, sandbox=sandbox)
        except HostError as e:
            raise PermissionError(str(e)) from None


def host_sandboxes(host: Any) -> HostSandboxes | None:
    """host's sandboxes, or None when it serves none (no sandbox calls, an
    older host, or a sample without a sandbox): Inspect's sandbox() then
    says so."""
    names = getattr(host, "sandbox_names", None)
    if names is None:
        return None
    try:
        return HostSandboxes(host, names())
    except Exception:  # noqa: BLE001 - no sandbox calls: sandbox() then says so
        return None

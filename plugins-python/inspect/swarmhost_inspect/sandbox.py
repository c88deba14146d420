"""The "swarmhost" sandbox environment: Inspect's sandbox() inside a plugin
call reaches the host's sandboxes for the sample, through the Bridge's
SandboxHost, with the host's limits, views and isolation.

Names: the host's shared sandbox ("") is Inspect's "default"; every other
sandbox keeps the host's name, so sandbox(record_member["sandbox"]) finds a
member's own (None is the default, as in Inspect).
"""

from __future__ import annotations

from typing import Any, Literal, Union, overload

import anyio
from inspect_ai.util import ExecResult, SandboxEnvironment, SandboxEnvironmentConfigType, sandboxenv

from .host import DEFAULT_SANDBOX, SandboxHost, current

CWD_SHIM = 'cd -- "$0" && exec "$@"'
"""The sh script an exec with cwd runs (the host's exec has no working
directory of its own; relative cwds are relative to the sandbox)."""


def inspect_name(host_name: str) -> str:
    """The name Inspect shows for a host sandbox."""
    return host_name or DEFAULT_SANDBOX


@sandboxenv(name="swarmhost")
class SwarmhostSandboxEnvironment(SandboxEnvironment):
    """One host sandbox, seen through the current plugin call's host."""

    def __init__(self, host: SandboxHost, name: str) -> None:
        super().__init__()
        self.host, self.name = host, name

    async def exec(self, cmd: list[str], input: str | bytes | None = None, cwd: str | None = None,
                   env: dict[str, str] | None = None, user: str | None = None, timeout: int | None = None,
                   timeout_retry: bool = True, concurrency: bool = True) -> ExecResult[str]:
        """Runs cmd in the host sandbox; a timeout raises TimeoutError as Inspect's providers do."""
        if user is not None:
            raise PermissionError(f"sandbox {inspect_name(self.name)}: commands run as the sandbox's own user; "
                                  f"user={user!r} is not available")
        if cwd:
            cmd = ["sh", "-c", CWD_SHIM, cwd, *cmd]
        text = input.decode() if isinstance(input, bytes) else (input or "")
        out = await anyio.to_thread.run_sync(
            lambda: self.host.exec(self.name, list(cmd), input=text, env=env, timeout=timeout))
        if out.timed_out:
            raise TimeoutError(f"command timed out after {timeout}s in sandbox {inspect_name(self.name)}")
        return ExecResult(success=out.exit_code == 0, returncode=out.exit_code, stdout=out.stdout,
                          stderr=out.stderr)

    async def write_file(self, file: str, contents: str | bytes) -> None:
        """Writes a file; PermissionError in a read-only view (a scorer's)."""
        data = contents.encode() if isinstance(contents, str) else contents
        await anyio.to_thread.run_sync(lambda: self.host.write_file(self.name, file, data))

    @overload
    async def read_file(self, file: str, text: Literal[True] = True) -> str: ...

    @overload
    async def read_file(self, file: str, text: Literal[False]) -> bytes: ...

    async def read_file(self, file: str, text: bool = True) -> Union[str, bytes]:
        """Reads a file (text keeps its newlines); FileNotFoundError when missing."""
        data = await anyio.to_thread.run_sync(lambda: self.host.read_file(self.name, file))
        return data.decode("utf-8") if text else data

    @classmethod
    async def sample_init(cls, task_name: str, config: SandboxEnvironmentConfigType | None,
                          metadata: dict[str, str]) -> dict[str, SandboxEnvironment]:
        """The current call's sandboxes, the default first."""
        host = current().sandboxes
        if host is None:
            raise ProcessLookupError("this swarmhost plugin call has no sandboxes")
        return {inspect_name(n): cls(host, n) for n in host.names()}

    @classmethod
    async def sample_cleanup(cls, task_name: str, config: SandboxEnvironmentConfigType | None,
                             environments: dict[str, SandboxEnvironment], interrupted: bool) -> None:
        """Nothing: the host owns the sandboxes and cleans them up."""

    @classmethod
    def config_deserialize(cls, config: dict[str, Any]) -> Any:
        """The provider takes no config."""
        return None

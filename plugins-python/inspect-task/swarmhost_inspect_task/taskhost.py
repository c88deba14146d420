"""The host's TaskHost (sdk/proto/swarmhost/v1/task.proto) as this plugin
calls it while it runs a sample's setup steps or one of the task's tools
for a member: the sandboxes of the sample (setup) or of the calling member
(a tool), by the AgentHost's method names so swarmhost_inspect's
HostSandboxes serves Inspect's sandbox() over it; and, for setup steps,
the eval's model (SetupModel, Inspect's get_model()).

The host serves it under the broker id the request carries; each call
carries the request's token, valid while the request runs.
"""

from __future__ import annotations

from typing import Any, Callable

import grpc

from swarmhost_plugin._hosts import _call, generate_call
from swarmhost_plugin._pb.swarmhost.v1 import agent_pb2, task_pb2_grpc
from swarmhost_plugin.types import Message, Output, ToolInfo


class NoModel(RuntimeError):
    """The TaskHost offers no model (a task tool's call)."""


class TaskHost:
    """The TaskHost of one Setup or CallTool request."""

    def __init__(self, dial: Callable[[], grpc.Channel], token: str) -> None:
        self._dial, self._token, self._stub = dial, token, None

    def _s(self) -> task_pb2_grpc.TaskHostStub:
        if self._stub is None:
            self._stub = task_pb2_grpc.TaskHostStub(self._dial())
        return self._stub

    def sandbox_names(self) -> list[str]:
        """The sandboxes the request reaches, the default ("") first."""
        req = agent_pb2.SandboxNamesRequest(token=self._token)
        return list(_call("sandbox names", lambda: self._s().SandboxNames(req)).names)

    def sandbox_exec(self, command: list[str], sandbox: str = "", input: str = "", timeout: float | None = None,
                     env: list[str] | None = None) -> Any:
        """Runs a command in one of them."""
        req = agent_pb2.SandboxExecRequest(token=self._token, sandbox=sandbox, command=list(command), input=input,
                                           timeout_seconds=timeout or 0.0, env=list(env or []))
        return _call("sandbox exec", lambda: self._s().SandboxExec(req))

    def sandbox_read_file(self, path: str, sandbox: str = "") -> bytes:
        """A file's content."""
        req = agent_pb2.SandboxReadFileRequest(token=self._token, sandbox=sandbox, path=path)
        return _call("sandbox read file", lambda: self._s().SandboxReadFile(req)).content

    def sandbox_write_file(self, path: str, content: bytes, sandbox: str = "") -> None:
        """Writes a file."""
        req = agent_pb2.SandboxWriteFileRequest(token=self._token, sandbox=sandbox, path=path, content=content)
        _call("sandbox write file", lambda: self._s().SandboxWriteFile(req))

    def generate(self, messages: list[Message], tools: list[ToolInfo] | None = None, tool_choice: str = "",
                 config: dict[str, Any] | None = None) -> Output:
        """One call to the eval's model; NoModel when the request has none,
        Refused when the host refuses it."""
        return generate_call(self._s(), self._token, messages, tools, tool_choice, config, NoModel)


def of(broker: Any, broker_id: int, token: str) -> TaskHost | None:
    """The request's TaskHost; None when it carries none (broker id 0)."""
    if not broker_id or broker is None:
        return None
    return TaskHost(lambda: broker.dial(broker_id), token)


class SetupModel:
    """swarmhost_inspect's ModelHost over the TaskHost: the eval's model as
    Inspect's get_model() inside the setup steps."""

    name = "setup"

    def __init__(self, host: TaskHost) -> None:
        self._host = host

    def generate(self, messages: list[Message], tools: list[ToolInfo], tool_choice: str,
                 config: dict[str, Any]) -> Output:
        return self._host.generate(messages, tools=tools, tool_choice=tool_choice, config=config)

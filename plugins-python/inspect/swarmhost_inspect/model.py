"""The "swarmhost" model API: get_model("swarmhost/NAME") (or get_model()
where the bridge made it the active model) sends generate through the
Bridge's ModelHost, so the host meters, limits and logs every call. Inspect's
GenerateConfig, tools, tool choice and usage pass through; a refusal by the
host (a limit) raises Inspect's LimitExceededError.
"""

from __future__ import annotations

from typing import Any

import anyio
from inspect_ai.model import ChatMessage, GenerateConfig, ModelAPI, ModelOutput, modelapi
from inspect_ai.tool import ToolChoice, ToolInfo
from inspect_ai.util import LimitExceededError

from swarmhost_plugin import Refused

from . import convert
from .host import current

MAX_CONNECTIONS = 1_000_000
"""The connection limit Inspect applies to the swarmhost model, set
explicitly (GenerateConfig.max_connections, which also turns off Inspect's
adaptive connections) and never reached. The host queues each model's calls
by its own max_connections; a limit here would only add a second queue, and
a hanging one: each member and each Score call runs its own event loop, and
Inspect's connection semaphore is one per process, so a call waiting for a
slot that another loop frees is never woken (inspect_ai 0.3.285's adaptive
limit starts at 20, so the 21st concurrent member hung)."""

LIMIT_TYPES = {"token", "message", "time", "working", "cost", "turn"}
"""Inspect's limit types a refusal cause may end with ("member_limit:token")."""


def limit_error(cause: str) -> LimitExceededError:
    """A host refusal as Inspect's LimitExceededError."""
    kind = cause.rpartition(":")[2]
    return LimitExceededError(kind if kind in LIMIT_TYPES else "custom", value=0, limit=0,  # type: ignore[arg-type]
                              message=f"the host refused the model call: {cause}")


class SwarmhostModelAPI(ModelAPI):
    """Generate through the host of the current plugin call."""

    def __init__(self, model_name: str, base_url: str | None = None, api_key: str | None = None,
                 config: GenerateConfig = GenerateConfig(), **model_args: Any) -> None:
        super().__init__(model_name=model_name, base_url=base_url, api_key=api_key, config=config)

    async def generate(self, input: list[ChatMessage], tools: list[ToolInfo], tool_choice: ToolChoice,
                       config: GenerateConfig) -> ModelOutput:
        """One call through the host."""
        host = current().model
        if host is None:
            raise RuntimeError("this swarmhost plugin call has no model: name a model block in the plugin's "
                               "block (model = \"...\")")
        messages = [convert.to_sdk_message(m) for m in input]
        sdk_tools = [convert.to_sdk_tool(t) for t in tools]
        choice = convert.to_sdk_tool_choice(tool_choice) if tools else ""
        cfg = convert.to_sdk_config(config)
        try:
            out = await anyio.to_thread.run_sync(lambda: host.generate(messages, sdk_tools, choice, cfg))
        except Refused as r:
            raise limit_error(r.cause) from None
        return convert.to_inspect_output(out, host.name)

    def max_connections(self) -> int:
        """The host queues calls by its own max_connections; Inspect need not."""
        return MAX_CONNECTIONS

    def connection_key(self) -> str:
        """One pool for the host."""
        return "swarmhost"


@modelapi(name="swarmhost")
def swarmhost() -> type[ModelAPI]:
    """The swarmhost model API."""
    return SwarmhostModelAPI

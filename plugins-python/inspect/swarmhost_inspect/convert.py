"""Conversions between Inspect's chat types and the SDK's (text content
only, as the host's wire carries it). Imported lazily: inspect_ai loads
here, not when the package is found.
"""

from __future__ import annotations

from typing import Any

from inspect_ai.model import (ChatCompletionChoice, ChatMessage, ChatMessageAssistant, ChatMessageSystem,
                              ChatMessageTool, ChatMessageUser, GenerateConfig, ModelOutput, ModelUsage)
from inspect_ai.tool import ToolCall, ToolCallError, ToolChoice, ToolFunction, ToolInfo

from swarmhost_plugin import types as sdk

STOP_REASONS = {"stop", "max_tokens", "model_length", "tool_calls", "content_filter", "unknown"}
"""Inspect's stop reasons; any other becomes "unknown"."""


def to_inspect_message(m: sdk.Message) -> ChatMessage:
    """An SDK message as Inspect's ChatMessage, with its id, source and
    metadata (a swarm notice's)."""
    mid: dict[str, Any] = {"id": m.id} if m.id else {}
    if m.source in ("input", "generate"):
        mid["source"] = m.source
    if m.metadata:
        mid["metadata"] = dict(m.metadata)
    if m.role == sdk.ROLE_SYSTEM:
        return ChatMessageSystem(content=m.content, **mid)
    if m.role == sdk.ROLE_ASSISTANT:
        calls = [ToolCall(id=c.id, function=c.function, arguments=c.arguments, parse_error=c.parse_error or None)
                 for c in m.tool_calls]
        return ChatMessageAssistant(content=m.content, model=m.model or None, tool_calls=calls or None, **mid)
    if m.role == sdk.ROLE_TOOL:
        err = ToolCallError(type=m.error.type, message=m.error.message) if m.error else None  # type: ignore[arg-type]
        return ChatMessageTool(content=m.content, tool_call_id=m.tool_call_id or None, function=m.function or None,
                               error=err, **mid)
    return ChatMessageUser(content=m.content, **mid)


def to_sdk_message(m: ChatMessage) -> sdk.Message:
    """Inspect's ChatMessage as an SDK message (its text, id, source and
    metadata)."""
    out = sdk.Message(role=m.role, content=m.text, id=m.id or "", source=m.source or "",
                      metadata=dict(m.metadata or {}))
    if isinstance(m, ChatMessageAssistant):
        out.model = m.model or ""
        out.tool_calls = [sdk.ToolCall(id=c.id, function=c.function, arguments=dict(c.arguments or {}),
                                       parse_error=c.parse_error or "") for c in m.tool_calls or []]
    elif isinstance(m, ChatMessageTool):
        out.tool_call_id, out.function = m.tool_call_id or "", m.function or ""
        if m.error is not None:
            out.error = sdk.ToolError(type=m.error.type, message=m.error.message)
    return out


def to_sdk_tool(t: ToolInfo) -> sdk.ToolInfo:
    """Inspect's ToolInfo as the SDK's (parameters as JSON Schema)."""
    return sdk.ToolInfo(name=t.name, description=t.description,
                        parameters=t.parameters.model_dump(exclude_none=True))


def to_sdk_tool_choice(choice: ToolChoice | None) -> str:
    """Inspect's ToolChoice as the wire's string: "auto", "any", "none" or a tool name."""
    if isinstance(choice, ToolFunction):
        return choice.name
    return choice or ""


def to_sdk_config(config: GenerateConfig) -> dict[str, Any]:
    """The GenerateConfig fields that are set, by Inspect's names (the host
    rejects a key it does not know rather than drop it)."""
    return config.model_dump(exclude_none=True, mode="json")


def to_inspect_usage(u: sdk.Usage) -> ModelUsage:
    """The SDK's usage as Inspect's ModelUsage."""
    return ModelUsage(input_tokens=u.input_tokens, output_tokens=u.output_tokens, total_tokens=u.total_tokens,
                      input_tokens_cache_write=u.input_tokens_cache_write or None,
                      input_tokens_cache_read=u.input_tokens_cache_read or None,
                      reasoning_tokens=u.reasoning_tokens or None, total_cost=u.total_cost or None)


def to_inspect_output(out: sdk.Output, model: str) -> ModelOutput:
    """An SDK output as Inspect's ModelOutput; model names it when the host
    did not."""
    message = to_inspect_message(out.message if out.message.role else sdk.Message(role=sdk.ROLE_ASSISTANT))
    assert isinstance(message, ChatMessageAssistant)
    message.source = "generate"
    if not message.model:
        message.model = out.model or model
    stop = out.stop_reason if out.stop_reason in STOP_REASONS else "unknown"
    return ModelOutput(model=out.model or model, choices=[ChatCompletionChoice(message=message, stop_reason=stop)],
                       usage=to_inspect_usage(out.usage), time=out.time or None, error=out.error or None)

"""The types every plugin kind shares: metadata and config schema,
diagnostics, chat messages, model output and scores. They mirror the Go SDK
(sdk/base, sdk/schema, sdk/diag, sdk/model, sdk/scorer) field for field,
with Python names.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field
from typing import Any

# Inspect's score value constants.
CORRECT = "C"
INCORRECT = "I"
PARTIAL = "P"
NOANSWER = "N"

# Roles of a chat message.
ROLE_SYSTEM = "system"
ROLE_USER = "user"
ROLE_ASSISTANT = "assistant"
ROLE_TOOL = "tool"


class _StrEnum(str, enum.Enum):
    """A str whose members compare equal to their plain string values (the
    wire carries strings), as enum.StrEnum does from Python 3.11."""

    def __str__(self) -> str:
        return str(self.value)


class MemberState(_StrEnum):
    """Where a member is in its run (Member.state): pending until it starts,
    then running, then ended."""

    PENDING = "pending"
    RUNNING = "running"
    ENDED = "ended"


class Status(_StrEnum):
    """How a member ended (Member.status, Event.status): "" until it has,
    then one of these or "member_limit:<type>" (see member_limit). They are
    Inspect Swarm 0.1.0's."""

    SUBMITTED = "submitted"
    UNSUBMITTED = "unsubmitted"
    STOPPED = "stopped"
    SHARE = "share"
    SWARM_CAP = "swarm_cap"
    CANCELLED = "cancelled"
    ERRORED = "errored"
    MEMBER_LIMIT_CUSTOM = "member_limit:custom"


def member_limit(status: str) -> str | None:
    """The kind of a member's own limit that ended it ("token", "cost",
    "turn", "message", "time" or "custom") when status is such a limit,
    else None."""
    prefix = "member_limit:"
    return status[len(prefix):] if status.startswith(prefix) else None


class EventKind(_StrEnum):
    """What a controller Event reports (Event.kind)."""

    MEMBER_STARTED = "member_started"
    SUBMISSION = "submission"
    MEMBER_ENDED = "member_ended"


class FinalMode(_StrEnum):
    """The rule that picks the answer when the controller chooses none
    (StartResponse.final_mode), and the record's final.mode: "first" or
    "last"; "controller" is the mode of an answer the controller chose."""

    FIRST = "first"
    LAST = "last"
    CONTROLLER = "controller"


@dataclass
class Attribute:
    """One config attribute. type is an HCL type constraint ("string",
    "number", "bool", "any", "list(string)", "map(number)", ...)."""

    name: str
    type: str = "any"
    required: bool = False
    # Value of an unset optional attribute (JSON-like); None means null.
    default: Any = None
    description: str = ""


@dataclass
class Block:
    """A nested config block; nesting is "single" or "list"."""

    name: str
    body: "Schema" = field(default_factory=lambda: Schema())
    nesting: str = "single"
    min_items: int = 0
    max_items: int = 0
    description: str = ""


@dataclass
class Schema:
    """Describes a plugin's config block. The host decodes the suite's HCL
    against it (unknown attributes are errors) and sends the plugin a dict
    holding every attribute, defaults filled in."""

    attributes: list[Attribute] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)


@dataclass
class Metadata:
    """Describes a plugin: name (the HCL label), version, one-line
    description, config schema and optional capabilities."""

    name: str
    version: str = ""
    description: str = ""
    schema: Schema = field(default_factory=Schema)
    capabilities: list[str] = field(default_factory=list)


@dataclass
class Diagnostic:
    """A problem the user can fix; path points at the attribute inside the
    plugin's config block (e.g. ["steps", "2", "action"]), which the host
    turns into a source range. severity is "error" or "warning"."""

    summary: str
    detail: str = ""
    path: list[str] = field(default_factory=list)
    severity: str = "error"


@dataclass
class SampleRef:
    """Names the sample and epoch a call works for."""

    id: str = ""
    epoch: int = 0


@dataclass
class ToolError:
    """Inspect's ToolCallError: type is "parsing", "timeout", "permission",
    "file_not_found", "limit", "unknown", ..."""

    type: str = "unknown"
    message: str = ""


@dataclass
class ToolCall:
    """A model's request to call a tool."""

    id: str = ""
    function: str = ""
    arguments: dict[str, Any] = field(default_factory=dict)
    # Set when the model's arguments were not valid JSON.
    parse_error: str = ""


@dataclass
class ToolInfo:
    """A tool offered to a model; parameters is a JSON Schema (a dict)."""

    name: str
    description: str = ""
    parameters: dict[str, Any] = field(default_factory=dict)


@dataclass
class Message:
    """Inspect's ChatMessage, text content only."""

    role: str = ROLE_USER
    content: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    tool_call_id: str = ""
    function: str = ""
    error: ToolError | None = None
    model: str = ""
    # "input", "generate" or "" (unknown).
    source: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)
    id: str = ""


@dataclass
class Usage:
    """Inspect's ModelUsage: input excludes cache reads and writes."""

    input_tokens: int = 0
    output_tokens: int = 0
    total_tokens: int = 0
    input_tokens_cache_write: int = 0
    input_tokens_cache_read: int = 0
    reasoning_tokens: int = 0
    total_cost: float = 0.0


@dataclass
class Output:
    """Inspect's ModelOutput with one choice; completion is what scorers read."""

    model: str = ""
    message: Message = field(default_factory=lambda: Message(role=ROLE_ASSISTANT))
    completion: str = ""
    # "stop", "max_tokens", "model_length", "tool_calls", "content_filter", "unknown".
    stop_reason: str = ""
    usage: Usage = field(default_factory=Usage)
    time: float = 0.0
    error: str = ""
    # Set only on what AgentHost.generate returns: the member's notice (what
    # changed in the swarm's channels since its last one, a user message),
    # which the host added at the end of the call's messages. Keep it in the
    # conversation after the messages sent and before message (added() gives
    # both), as a notice stays in an Inspect Swarm member's conversation; so
    # later calls send it again and it counts toward the message limit.
    notice: "Message | None" = field(default=None, compare=False)

    def added(self) -> list["Message"]:
        """The messages this call adds to the conversation after those it
        sent: the notice, if any, then the output's message."""
        return [self.notice, self.message] if self.notice is not None else [self.message]

    @staticmethod
    def text(model: str, text: str) -> "Output":
        """An assistant output whose message and completion are text."""
        return Output(model=model, completion=text, stop_reason="stop",
                      message=Message(role=ROLE_ASSISTANT, content=text, model=model, source="generate"))


@dataclass
class Score:
    """Inspect's Score. value is a str ("C", "I", "P", "N" or any text), a
    number, a bool, a list or a dict of scalars; float("nan") marks an
    unscored sample. answer is the part of the output the scorer extracted,
    None when it extracted none (the log writes null; "" is written "")."""

    value: Any = field(default_factory=lambda: math.nan)
    answer: str | None = None
    explanation: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)

    @staticmethod
    def unscored(explanation: str = "") -> "Score":
        """A score whose value is NaN."""
        return Score(value=math.nan, explanation=explanation)

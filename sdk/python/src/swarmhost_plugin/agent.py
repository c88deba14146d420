"""What an agent plugin author implements: run one swarm member to its end
(the Go SDK's sdk/agent).

run() is called once per member, from its own thread; members of one swarm
run at the same time in the same process. The member reaches the host only
through req.host: model calls (metered and budget-checked by the host),
tools (sandbox and channels), gate checks and logging. When the host stops
the member it refuses further calls with Refused; return promptly then.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from .types import Diagnostic, Message, Metadata, Output, SampleRef, Score, ToolCall, ToolError, ToolInfo


class Refused(Exception):
    """The host refused a call; cause is the member's status-to-be, e.g.
    "stopped", "share", "member_limit:token" or "swarm_cap"."""

    def __init__(self, cause: str) -> None:
        super().__init__(f"call refused by host: {cause}")
        self.cause = cause


@dataclass
class ToolResult:
    """What a tool call returned; error is set when the tool failed
    (content may still hold output)."""

    content: str = ""
    error: ToolError | None = None


@dataclass
class Verdict:
    """The gate's answer to submit(). checked is False when gate checks are
    off for the task; passed means the score is 1.0 under value_to_float."""

    checked: bool = False
    passed: bool = False
    score: Score | None = None


@dataclass
class BudgetUsage:
    """One capped kind of the swarm's budget (Inspect Swarm's BudgetUsage):
    the cap (dollars, tokens or seconds), what the whole swarm has used and,
    with a split budget, the member's share and its use of it (time is never
    split)."""

    cap: float = 0.0
    used: float = 0.0
    share: float | None = None
    share_used: float | None = None


@dataclass
class Budget:
    """The swarm's budget as a member sees it (Inspect Swarm's SwarmBudget).
    split is "pool", "equal" or "weights" (with weights in roster order);
    cost, tokens and time are None when the swarm has no such cap; time's
    used is the seconds since the swarm started; token_type is what the token
    cap meters, "all" or a metering such as "output"."""

    split: str = "pool"
    weights: list[float] = field(default_factory=list)
    cost: BudgetUsage | None = None
    tokens: BudgetUsage | None = None
    token_type: str = "all"
    time: BudgetUsage | None = None


class AgentHost(Protocol):
    """The member's narrow API into the host. The host binds the member's
    identity to the call; nothing here can name another member. Failures
    other than refusals raise HostError."""

    def generate(self, messages: list[Message], tools: list[ToolInfo] | None = None,
                 tool_choice: str = "", config: dict[str, Any] | None = None, *,
                 own_notices: bool = False) -> Output:
        """Makes one model call. tool_choice is "auto" (default), "none",
        "any" or a tool name; config overrides the model's generate config
        (temperature, max_tokens, seed, ...). The host adds the member's
        notice, if it has one, at the end of the call's messages and returns
        it as the output's notice: keep output.added() in the conversation.
        own_notices says the agent takes its notices itself (take_notice) and
        the host adds none. Raises Refused."""
        ...

    def take_notice(self) -> Message | None:
        """The member's notice now, for an agent that keeps its notices
        itself at its turn boundaries (as Inspect Swarm's swarm_on_continue()
        hook does) and calls generate with own_notices=True: a user message
        to append to its conversation, or None when nothing is new. A
        stopping member still gets it."""
        ...

    def list_tools(self) -> list[ToolInfo]:
        """Returns the tools the host offers this member."""
        ...

    def call_tool(self, call: ToolCall) -> ToolResult:
        """Runs one tool call in the member's sandbox or channels. Raises Refused."""
        ...

    def submit(self, answer: str) -> Verdict:
        """Checks a candidate answer (a gate check); it does not end the
        member: returning from run() does."""
        ...

    def log(self, level: str, message: str, **fields: Any) -> None:
        """Writes a line to the host's log under the member's name."""
        ...

    def budget(self) -> Budget:
        """Reads the swarm's budget as this member sees it."""
        ...

    def stop_self(self, reason: str = "") -> None:
        """Ends the member by its own decision, as an Inspect Swarm agent
        raising a sourceless custom LimitExceededError does: its status
        becomes "member_limit:custom" whatever run() then returns, later
        calls are refused, and its output is never the answer. The other
        members go on. Return from run() after calling it."""
        ...

    def sandbox_names(self) -> list[str]:
        """The sandboxes the member may reach: its own (or the sample's
        shared one) first, as "", then those visible to it."""
        ...

    def sandbox_exec(self, command: list[str], sandbox: str = "", input: str = "", timeout: float | None = None,
                     env: list[str] | None = None) -> Any:
        """Runs a command in one of them (an ExecResult: exit_code, stdout,
        stderr, timed_out), with the host's limits, as the member's tools."""
        ...

    def sandbox_read_file(self, path: str, sandbox: str = "") -> bytes:
        """A file's content; HostError when there is none."""
        ...

    def sandbox_write_file(self, path: str, content: bytes, sandbox: str = "") -> None:
        """Writes a file, creating its parent directories."""
        ...

    def record_tool(self, call: ToolCall, result: ToolResult) -> None:
        """Logs a tool call the agent ran itself, not through call_tool (an
        Inspect agent's own submit tool), as a tool event in the member's
        span, counted like the host's own tool calls."""
        ...


@dataclass
class RunRequest:
    """What the host knows about the member it asks the agent to run."""

    # Roster name, e.g. "react-2"; role "" when none; 1-based copy index.
    member: str = ""
    role: str = ""
    index: int = 1
    # The controller's start input, else the sample input.
    input: list[Message] = field(default_factory=list)
    # Written by the host (name, role, roster size, channel instructions);
    # agents put it before the input.
    preamble: str = ""
    config: dict[str, Any] = field(default_factory=dict)
    sample: SampleRef = field(default_factory=SampleRef)
    # The sample's metadata (Inspect's Sample.metadata; for an Inspect task,
    # as its setup steps left it), as Inspect's agents see it; {} when none.
    metadata: dict[str, Any] = field(default_factory=dict)
    host: AgentHost | None = None
    # Reports whether the host cancelled the run (a hard stop).
    cancelled: Callable[[], bool] = field(default=lambda: False, repr=False)


@dataclass
class RunResponse:
    """The member's final model output; its completion is the answer."""

    output: Output = field(default_factory=Output)


CAPABILITY_MEMBER_STREAM = "swarmhost.member-stream"
"""Listed by every agent the SDK serves: the plugin serves Agent.Members.
Today's host runs every member on that stream and ignores it; host v0.1.0
(scripts/host-releases.txt) uses the stream only when every agent of a
plugin lists it, and calls Agent.Run, which the SDK no longer serves,
otherwise."""


class Agent:
    """Subclass and implement metadata() and run()."""

    def metadata(self) -> Metadata:
        """Names the plugin and declares its config schema."""
        raise NotImplementedError(f"{type(self).__name__}.metadata")

    def validate_config(self, config: dict[str, Any]) -> list[Diagnostic]:
        """Checks a decoded config beyond what the schema says; optional."""
        return []

    def run(self, req: RunRequest) -> Output | RunResponse | str:
        """Runs one member to its end and returns its final output (a str is
        taken as a text output)."""
        raise NotImplementedError(f"{type(self).__name__}.run")

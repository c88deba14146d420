"""What a scorer plugin author implements: grade the swarm's answer, or what
members left in their sandboxes (the Go SDK's sdk/scorer).

The host calls metadata() once per run, validate_config() once per scorer
block, and score() after every swarm (and inside a member's loop for gate
checks), possibly from several threads at once. A scorer gets snapshots of
the result record and the store and a read-only view of the sandboxes; it
can write none of them. An exception from score() ends the sample in error,
as a scorer that raises does in Inspect, with the error in the log; return
Score.unscored() to leave a sample unscored (NaN) without failing it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from .types import Diagnostic, Message, Metadata, Output, Score, ToolInfo

STORE_KEY_RESULT = "inspect_swarm:result"
"""Store key of the swarm's result record (SPEC §9)."""


@dataclass
class Sample:
    """The dataset row being scored."""

    id: str = ""
    epoch: int = 0
    input: list[Message] = field(default_factory=list)
    target: list[str] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass
class ExecResult:
    """What a command in a sandbox view did."""

    exit_code: int = 0
    stdout: str = ""
    stderr: str = ""
    # The request's timeout ended the command.
    timed_out: bool = False

    @property
    def success(self) -> bool:
        """Whether the exit code is zero."""
        return self.exit_code == 0


class ScorerHost(Protocol):
    """A scorer's read-only view of members' sandboxes. Sandbox names come
    from the record's member "sandbox" field; "" is the sample's shared
    sandbox. Failures raise HostError."""

    def read_file(self, path: str, sandbox: str = "") -> bytes:
        """Returns a file's content."""
        ...

    def list_files(self, dir: str = "", sandbox: str = "") -> list[str]:
        """Lists files under dir (relative paths, recursively)."""
        ...

    def exec(self, command: list[str], sandbox: str = "", input: str = "",
             timeout: float | None = None, env: list[str] | None = None) -> ExecResult:
        """Runs a command in a throw-away copy of the sandbox: its writes
        never reach the member's files. timeout is in seconds (None: the
        host's default); env adds KEY=value entries to its environment."""
        ...

    def generate(self, messages: list[Message], tools: list[ToolInfo] | None = None,
                 tool_choice: str = "", config: dict[str, Any] | None = None) -> Output:
        """Calls the model the scorer block names (`model = model.NAME`),
        metered and logged by the host in the sample; raises Refused when the
        host refuses, NoModel when the block names no model."""
        ...


class NoModel(RuntimeError):
    """The scorer block names no model, so the scorer has none to call."""


@dataclass
class ScoreRequest:
    """Everything a scorer may look at."""

    config: dict[str, Any] = field(default_factory=dict)
    sample: Sample = field(default_factory=Sample)
    # The swarm's output (the chosen member's, unchanged), or the candidate
    # answer during a gate check.
    output: Output = field(default_factory=Output)
    # The sample's messages: input, then the answer's message.
    messages: list[Message] = field(default_factory=list)
    # The result record as JSON ({"version", "members", "final"}); {} when none.
    record: dict[str, Any] = field(default_factory=dict)
    # A snapshot of the sample's store: key -> decoded JSON value.
    store: dict[str, Any] = field(default_factory=dict)
    host: ScorerHost | None = None
    # The names of every sandbox of the sample host reaches, each a
    # read-only view: "" (the sample's shared sandbox; during a gate check
    # the member's own) first, then each member's own and the task's other
    # compose services (a comparator, say). Empty from a host that predates
    # it (v0.1.0), where the record's member sandboxes are the names known.
    sandboxes: list[str] = field(default_factory=list)


@dataclass
class ScoreResponse:
    """A score, and diagnostics when the config turned out to be unusable."""

    score: Score = field(default_factory=Score)
    diagnostics: list[Diagnostic] = field(default_factory=list)


class Scorer:
    """Subclass and implement metadata() and score()."""

    def metadata(self) -> Metadata:
        """Names the plugin and declares its config schema."""
        raise NotImplementedError(f"{type(self).__name__}.metadata")

    def validate_config(self, config: dict[str, Any]) -> list[Diagnostic]:
        """Checks a decoded config beyond what the schema says; optional."""
        return []

    def score(self, req: ScoreRequest) -> Score | ScoreResponse:
        """Grades one sample."""
        raise NotImplementedError(f"{type(self).__name__}.score")

    def metrics(self, config: dict[str, Any]) -> list | dict | None:
        """The metrics the scorer declares for a config, which the host
        reports for it when the suite's scorer block names none; optional
        (the Go SDK's scorer.WithMetrics). The form of an Inspect log's
        eval.scorers[].metrics: a list whose items are {"name", "options"}
        or {key: [{"name", "options"}]} dicts, or one {key: [...]} dict.
        None declares none. A subclass that overrides it is asked (its
        metadata lists the capability CAPABILITY_METRICS)."""
        return None

    def compute_metric(self, config: dict[str, Any], metric: str, options: dict[str, Any],
                       samples: list[MetricSample]) -> float | dict[str, float | None] | list[float | None]:
        """One metric's value over the scored samples (a metric the host
        does not compute itself: a custom one, or a built-in one with
        arguments): a number, named numbers or a list of numbers. Asked
        only of a scorer that overrides metrics()."""
        raise NotImplementedError(f"{type(self).__name__}.compute_metric")


CAPABILITY_METRICS = "swarmhost.scorer-metrics"
"""Capability of a scorer that declares its own metrics (overrides
Scorer.metrics); the Go SDK's protocol.CapabilityScorerMetrics."""


@dataclass
class MetricSample:
    """One sample's reduced score as a metric reads it (Inspect's SampleScore)."""

    score: Score = field(default_factory=Score)
    sample_id: str = ""
    sample_metadata: dict[str, Any] = field(default_factory=dict)


def declares_metrics(impl: Scorer) -> bool:
    """Whether impl's class overrides Scorer.metrics."""
    return getattr(type(impl), "metrics", None) is not Scorer.metrics

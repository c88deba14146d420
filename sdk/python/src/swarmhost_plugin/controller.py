"""What a controller plugin author implements: the swarm's policy (the Go
SDK's sdk/controller). A controller never sees member text except the
submissions passed to choose().

A Controller hands out a Session per swarm run, as a database driver hands
out a connection: start() opens the run and returns its Session in
StartResponse.session; the SDK keeps it (and the run's roster) until the run
ends, so a controller keeps per-run state on its Session and writes no
session map, lock or end(). The host calls the session's event() for every
member start, submission and end (serialised: never two at once for one
session), its choose() (optional) after each submission and member end for
a session started with answers=True, and its close() (optional) at the end.

States, statuses, event kinds and final modes are the MemberState, Status,
EventKind and FinalMode enums of swarmhost_plugin.types; their members are
strs equal to the wire's strings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .types import Diagnostic, EventKind, FinalMode, Metadata, SampleRef

# The final modes and event kinds under their earlier names.
FINAL_FIRST = FinalMode.FIRST
FINAL_LAST = FinalMode.LAST
FINAL_CONTROLLER = FinalMode.CONTROLLER

EVENT_MEMBER_STARTED = EventKind.MEMBER_STARTED
EVENT_SUBMISSION = EventKind.SUBMISSION
EVENT_MEMBER_ENDED = EventKind.MEMBER_ENDED


@dataclass
class Member:
    """One roster entry. state is a MemberState ("pending", "running" or
    "ended"); status is "" until the member ended, then a Status (e.g.
    "submitted" or "stopped")."""

    name: str = ""
    role: str = ""
    agent: str = ""
    index: int = 1
    state: str = ""
    status: str = ""


@dataclass
class Action:
    """An instruction to the runtime: kind "start" (a pending member, with
    input replacing the sample input when not ""), "stop" (the swarm,
    recorded as controller:<reason>, except the topology reasons all_done,
    submitted, verified and quiescence, recorded as they are; the
    controller gets no call after the stop) or "choose" (a member's
    submission as the answer, once, and only a member that ended
    "submitted": anything else fails the controller and the sample)."""

    kind: str
    member: str = ""
    input: str = ""
    reason: str = ""

    @staticmethod
    def start(member: str, input: str = "") -> "Action":
        """Starts a pending member."""
        return Action(kind="start", member=member, input=input)

    @staticmethod
    def stop(reason: str) -> "Action":
        """Stops the swarm."""
        return Action(kind="stop", reason=reason)

    @staticmethod
    def choose(member: str, reason: str = "") -> "Action":
        """Makes member's submission the answer, with reason for the record."""
        return Action(kind="choose", member=member, reason=reason)


@dataclass
class Gate:
    """The in-loop check verdict attached to a submission."""

    checked: bool = False
    passed: bool = False


@dataclass
class Event:
    """Something that happened: kind is an EventKind; time
    is seconds on the swarm clock; answer and gate are set for submissions,
    status for member ends."""

    kind: str = ""
    member: str = ""
    time: float = 0.0
    answer: str = ""
    gate: Gate = field(default_factory=Gate)
    status: str = ""


@dataclass
class Submission:
    """One member's answer."""

    member: str = ""
    time: float = 0.0
    answer: str = ""
    gate: Gate = field(default_factory=Gate)


@dataclass
class StartRequest:
    """Opens a session for one swarm run."""

    session: str = ""
    config: dict[str, Any] = field(default_factory=dict)
    roster: list[Member] = field(default_factory=list)
    sample: SampleRef = field(default_factory=SampleRef)


@dataclass
class StartResponse:
    """The run's Session, the first actions and the final rule ("first"
    when empty, or "last"), which picks the answer when the controller
    chooses none. answers opts in to the richer view: submission events
    carry the answer text and the gate verdict, and the session's choose()
    is called after each submission and member end until it has chosen.
    "controller" as final_mode is "first" with answers."""

    session: "Session | None" = None
    actions: list[Action] = field(default_factory=list)
    final_mode: str = ""
    answers: bool = False


@dataclass
class EventRequest:
    """One event, with the session's config and the roster as it is when the
    event is delivered: the event's change is in it, and so are any that came
    since (events queue while the controller works on the one before)."""

    session: str = ""
    config: dict[str, Any] = field(default_factory=dict)
    event: Event = field(default_factory=Event)
    roster: list[Member] = field(default_factory=list)


@dataclass
class ChooseRequest:
    """Every submission so far, in submission order."""

    session: str = ""
    config: dict[str, Any] = field(default_factory=dict)
    submissions: list[Submission] = field(default_factory=list)
    roster: list[Member] = field(default_factory=list)


@dataclass
class ChooseResponse:
    """The chosen member and why; member "" means no choice."""

    member: str = ""
    reason: str = ""


class Session:
    """One swarm run's controller, returned in StartResponse.session.
    Subclass and implement event(); choose() and close() are optional. Its
    calls come one at a time, so it needs no lock for its own state."""

    def event(self, req: EventRequest) -> list[Action]:
        """Answers one event with actions (often none)."""
        return []

    # choose(self, req: ChooseRequest) -> ChooseResponse | None, optional:
    # a session without it never chooses (the final rule, or an
    # Action.choose, picks the answer).

    def close(self) -> None:
        """Called once when the run ends; release what the session holds.
        Optional: the SDK forgets the session either way."""


class Controller:
    """Subclass and implement metadata() and start(), which returns the
    run's Session in its StartResponse."""

    def metadata(self) -> Metadata:
        """Names the plugin and declares its config schema."""
        raise NotImplementedError(f"{type(self).__name__}.metadata")

    def validate_config(self, config: dict[str, Any]) -> list[Diagnostic]:
        """Checks a decoded config beyond what the schema says; optional."""
        return []

    def start(self, req: StartRequest) -> StartResponse:
        """Opens a session: its Session, the first actions (and the final
        mode)."""
        raise NotImplementedError(f"{type(self).__name__}.start")

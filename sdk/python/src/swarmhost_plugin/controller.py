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
a session started with answers=True, its refused() (optional) when the
runtime refuses one of its actions (a RefusedError: an unknown member, a
second start, a choice without a submission, a second choice; without
refused() the refusal ends the sample in error), and its close() (optional)
at the end.

States, statuses, event kinds and final modes are the MemberState, Status,
EventKind and FinalMode enums of swarmhost_plugin.types; their members are
strs equal to the wire's strings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .types import Diagnostic, EventKind, FinalMode, Metadata, SampleRef

# The final modes and event kinds under their earlier names.
FINAL_FIRST = FinalMode.FIRST
FINAL_LAST = FinalMode.LAST

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
    is called after each submission and member end until it has chosen."""

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


class RefusalCause(str, Enum):
    """Why the runtime refused an action (RefusedError.cause)."""

    UNKNOWN_MEMBER = "unknown_member"
    """The action names no member of the roster."""
    STARTED_TWICE = "started_twice"
    """A start of a member that has already started."""
    NOT_SUBMITTED = "not_submitted"
    """A choice of a member that has not ended "submitted"."""
    CHOSE_TWICE = "chose_twice"
    """A second choice of the answer."""

    def __str__(self) -> str:
        return self.value


class RefusedError(Exception):
    """An action the runtime refused, and why (the Go SDK's
    controller.RefusedError): starting a member by an unknown name or twice,
    choosing a member that has not ended "submitted" (by Action.choose or a
    choose() answer), or choosing twice. str() is the sample's error when
    the refusal ends the sample. members are the roster's names
    (UNKNOWN_MEMBER); state and status the named member's (STARTED_TWICE,
    NOT_SUBMITTED); chosen the member already chosen (CHOSE_TWICE)."""

    def __init__(self, action: Action, cause: RefusalCause, *, members: list[str] | None = None,
                 state: str = "", status: str = "", chosen: str = "") -> None:
        self.action, self.cause = action, RefusalCause(cause)
        self.members, self.state, self.status, self.chosen = list(members or []), state, status, chosen
        super().__init__(self._text())

    def _text(self) -> str:
        verb = "chose" if self.action.kind == "choose" else "started"
        m = self.action.member
        if self.cause is RefusalCause.UNKNOWN_MEMBER:
            return f'{verb} "{m}": no member has this name; the members are {", ".join(self.members)}'
        if self.cause is RefusalCause.STARTED_TWICE:
            return f'started "{m}" again: the member has already started (state {self.state}), and a member runs once'
        if self.cause is RefusalCause.NOT_SUBMITTED:
            return (f'chose "{m}": the member has not ended with a submission (state {self.state}, '
                    f'status {self.status or "none"}); only a submission can be the answer')
        return f'chose "{m}": the controller has already chosen "{self.chosen}", and it chooses once'


@dataclass
class RefusedRequest:
    """Tells a session which of its actions was refused: error is the
    RefusedError; not_applied are the actions of the same answer after the
    refused one, which the runtime skipped; roster is as it is now."""

    session: str = ""
    config: dict[str, Any] = field(default_factory=dict)
    error: RefusedError | None = None
    not_applied: list[Action] = field(default_factory=list)
    roster: list[Member] = field(default_factory=list)


class Session:
    """One swarm run's controller, returned in StartResponse.session.
    Subclass and implement event(); choose(), refused() and close() are
    optional. Its calls come one at a time, so it needs no lock for its own
    state."""

    def event(self, req: EventRequest) -> list[Action]:
        """Answers one event with actions (often none)."""
        return []

    # choose(self, req: ChooseRequest) -> ChooseResponse | None, optional:
    # a session without it never chooses (the final rule, or an
    # Action.choose, picks the answer).

    # refused(self, req: RefusedRequest) -> list[Action], optional: the
    # session handles its refused actions, as an Inspect Swarm controller
    # may catch the error of start() or choose_answer(). The runtime skips
    # a refused action and the ones after it and calls refused() at once;
    # the actions it returns are applied in their place (return
    # req.not_applied to go on without the refused one). Raising (e.g.
    # `raise req.error`), or a refusal of one of its actions, ends the
    # sample in error. A session without refused(): a refused action ends
    # the sample in error with the RefusedError's text.

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

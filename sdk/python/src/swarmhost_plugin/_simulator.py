"""The controller simulator of swarmhost_plugin.testing (the Go SDK's
sdktest.Simulator): plays one swarm run against a controller as the host's
runtime does. The test scripts how members end (submit, end); the simulator
keeps the roster, queues and delivers events in order (a start makes the
member running and queues its member_started event; a submission is a member
ending "submitted", so its submission event precedes its member_ended
event), asks choose() after each submission and member end of a controller
that wants answers, and records every call. Actions the runtime refuses
(starting a member twice or by an unknown name, choosing a member that has
not ended "submitted", choosing twice) are refused as the runtime refuses
them: a session with refused() is told at once (a "refused" step), any other
run ends in error with the runtime's text (error; refusal is the
RefusedError, whose cause a test can check). After a stop or an error the
controller gets no call. A config the host would reject raises PluginError at
the start. Use it as a context manager to end the session."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from .controller import (Action, ChooseResponse, Event, Gate, Member, RefusalCause, RefusedError, StartResponse,
                         Submission)


@dataclass
class Step:
    """One call the simulator made: call is "start", the event kind,
    "choose" or "refused" (a refused action handed to the session's
    refused()); member is the event's member, or the refused action's."""

    call: str
    member: str = ""
    actions: list[Action] = field(default_factory=list)
    choice: ChooseResponse | None = None


class Simulator:
    """Made by Harness.simulate(); see the module doc."""

    def __init__(self, harness, name: str, roster: list[Member], config: dict | None, session: str) -> None:
        self._h, self._name, self._session, self._config = harness, name, session, config
        self.roster = [copy.copy(m) for m in roster]
        self.steps: list[Step] = []
        self.stopped = ""
        self.chosen: ChooseResponse | None = None
        self.error: str = ""
        # the last refused action (a RefusedError), handled or not
        self.refusal: RefusedError | None = None
        self._at = 0
        self._subs: list[Submission] = []
        self._queue: list[Event] = []
        self._clock = 0.0
        self.start_response = StartResponse()
        # a config the host would reject fails the test, as in the Go SDK's
        # NewSimulator, rather than ending the run in error
        harness._checked("controller", name, config)
        try:
            self.start_response = harness.start(name, roster=self._roster(), config=config, session=session)
        except Exception as e:  # noqa: BLE001 - the run ends in error, as the sample would
            self.error = str(e)
            return
        self.steps.append(Step("start", actions=self.start_response.actions))
        self._settle("controller start", self.start_response.actions)
        self._run()

    def submit(self, member: str, answer: str, gate: Gate | None = None) -> list[Action]:
        """Ends member (running) with a submission: its submission event,
        then its member_ended event, each followed by choose()."""
        m = self._running(member)
        if m is None:
            return []
        gate = gate or Gate()
        self._clock += 1
        m.state, m.status = "ended", "submitted"
        self._subs.append(Submission(member=member, time=self._clock, answer=answer, gate=gate))
        ev = Event(kind="submission", member=member, time=self._clock)
        if self.start_response.answers:
            ev.answer, ev.gate = answer, gate
        self._queue += [ev, Event(kind="member_ended", member=member, time=self._clock, status="submitted")]
        return self._run()

    def end(self, member: str, status: str) -> list[Action]:
        """Ends member (running) without a submission: its member_ended
        event, then choose()."""
        if status == "submitted":
            raise ValueError(f"end {member!r} with submit() to give its answer")
        m = self._running(member)
        if m is None:
            return []
        self._clock += 1
        m.state, m.status = "ended", status
        self._queue.append(Event(kind="member_ended", member=member, time=self._clock, status=status))
        return self._run()

    def close(self) -> None:
        """Ends the session in the plugin."""
        if not self.error:
            self._h.end(self._name, session=self._session)

    def __enter__(self) -> "Simulator":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _running(self, member: str) -> Member | None:
        if self.stopped or self.error:
            return None
        m = next((m for m in self.roster if m.name == member), None)
        if m is None or m.state != "running":
            raise AssertionError(f"member {member!r} is not running (roster: {self.roster})")
        return m

    def _roster(self) -> list[Member]:
        return [copy.copy(m) for m in self.roster]

    def _run(self) -> list[Action]:
        before = len(self.steps)
        while self._queue:
            ev = self._queue.pop(0)
            if self.stopped or self.error:
                continue
            self._event(ev)
            if ev.kind != "member_started":
                self._choose()
        return [a for st in self.steps[before:] for a in st.actions]

    def _event(self, ev: Event) -> None:
        try:
            actions = self._h.event(self._name, event=ev, roster=self._roster(), config=self._config,
                                    session=self._session)
        except Exception as e:  # noqa: BLE001
            self.error = str(e)
            return
        self.steps.append(Step(ev.kind, ev.member, actions))
        self._settle(f"controller event {ev.kind}", actions)

    def _choose(self) -> None:
        if not self.start_response.answers or self.chosen or self.error or not self._subs:
            return
        try:
            out = self._h.choose(self._name, submissions=list(self._subs), roster=self._roster(),
                                 config=self._config, session=self._session)
        except Exception as e:  # noqa: BLE001
            self.error = str(e)
            return
        self.steps.append(Step("choose", choice=out))
        if out.member:
            self._settle("controller choose", [Action.choose(out.member, out.reason)])

    def _settle(self, call: str, actions: list[Action]) -> None:
        """Applies one call's actions as the runtime does: a refused action
        and those after it are skipped and the session's refused() is called
        (a session without it gets no call); its actions are applied in
        their place, and a refusal of one of them, or an error, ends the run
        with the runtime's text under call's name."""
        try:
            self._apply(actions)
            return
        except RefusedError as refused:
            self.refusal = refused
            not_applied = actions[self._at + 1:]
        try:
            again = self._h.refused(self._name, error=self.refusal, not_applied=not_applied, roster=self._roster(),
                                    config=self._config, session=self._session)
            self.steps.append(Step("refused", self.refusal.action.member, again))
            self._apply(again)
        except RefusedError as e:  # not handled, or a refusal of refused()'s answer
            self.refusal = e
            self._fail(call, e)
        except Exception as e:  # noqa: BLE001 - the run ends in error, as the sample would
            self._fail(call, e)

    def _fail(self, call: str, e: Exception) -> None:
        if not self.error:
            self.error = f"{call}: {e}"

    def _apply(self, actions: list[Action]) -> None:
        """Applies actions in order; a refusal raises RefusedError, with
        self._at the refused action's index."""
        for i, a in enumerate(actions):
            self._at = i
            if self.stopped or self.error:
                return
            if a.kind == "start":
                self._start(a)
            elif a.kind == "stop":
                self.stopped = a.reason
            elif a.kind == "choose":
                self._pick(a)
            else:
                self.error = f"unknown action kind {a.kind!r}"

    def _member(self, name: str) -> Member | None:
        return next((m for m in self.roster if m.name == name), None)

    def _unknown(self, a: Action) -> RefusedError:
        return RefusedError(a, RefusalCause.UNKNOWN_MEMBER, members=[m.name for m in self.roster])

    def _start(self, a: Action) -> None:
        m = self._member(a.member)
        if m is None:
            raise self._unknown(a)
        if m.state != "pending":
            raise RefusedError(a, RefusalCause.STARTED_TWICE, state=m.state)
        m.state = "running"
        self._clock += 1
        self._queue.append(Event(kind="member_started", member=a.member, time=self._clock))

    def _pick(self, a: Action) -> None:
        m = self._member(a.member)
        if m is None:
            raise self._unknown(a)
        if self.chosen:
            raise RefusedError(a, RefusalCause.CHOSE_TWICE, chosen=self.chosen.member)
        if m.status != "submitted":
            raise RefusedError(a, RefusalCause.NOT_SUBMITTED, state=m.state, status=m.status)
        self.chosen = ChooseResponse(member=a.member, reason=a.reason)

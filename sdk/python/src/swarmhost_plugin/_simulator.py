"""The controller simulator of swarmhost_plugin.testing (the Go SDK's
sdktest.Simulator): plays one swarm run against a controller as the host's
runtime does. The test scripts how members end (submit, end); the simulator
keeps the roster, queues and delivers events in order (a start makes the
member running and queues its member_started event; a submission is a member
ending "submitted", so its submission event precedes its member_ended
event), asks choose() after each submission and member end of a controller
that wants answers, and records every call. Actions the runtime refuses
(starting a member twice or by an unknown name, choosing a member that has
not ended "submitted", choosing twice) end the run in error; after a stop or
an error the controller gets no call. A config the host would reject raises
PluginError at the start. Use it as a context manager to end the session."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from .controller import Action, ChooseResponse, Event, Gate, Member, StartResponse, Submission


@dataclass
class Step:
    """One call the simulator made: call is "start", the event kind or
    "choose"; member is the event's member."""

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
        self._apply(self.start_response.actions)
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
        self._apply(actions)

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
            self._pick(out.member, out.reason)

    def _apply(self, actions: list[Action]) -> None:
        for a in actions:
            if self.stopped or self.error:
                return
            if a.kind == "start":
                self._start(a.member)
            elif a.kind == "stop":
                self.stopped = a.reason
            elif a.kind == "choose":
                self._pick(a.member, a.reason)
            else:
                self.error = f"unknown action kind {a.kind!r}"

    def _start(self, name: str) -> None:
        m = next((m for m in self.roster if m.name == name), None)
        if m is None:
            self.error = f"controller started {name!r}, who is not in the roster"
        elif m.state != "pending":
            self.error = f"controller started {name!r} twice"
        else:
            m.state = "running"
            self._clock += 1
            self._queue.append(Event(kind="member_started", member=name, time=self._clock))

    def _pick(self, member: str, reason: str) -> None:
        m = next((m for m in self.roster if m.name == member), None)
        if self.chosen:
            self.error = f"controller chose twice ({self.chosen.member!r}, then {member!r})"
        elif m is None or m.status != "submitted":
            self.error = f"controller chose {member!r}, who has not ended submitted"
        else:
            self.chosen = ChooseResponse(member=member, reason=reason)

"""A refused action (an unknown member, a second start, a choice without a
submission, a second choice) is a RefusedError with the host's text: a
session with refused() is told and goes on, any other run ends in error."""

import pytest

from swarmhost_plugin import (Action, ChooseResponse, Controller, Member, Metadata, RefusalCause, RefusedError,
                              Session, StartResponse)
from swarmhost_plugin import _wire
from swarmhost_plugin.testing import Harness


class Script(Controller, Session):
    """Answers start and "<kind>:<member>" events from tables; choose()
    names `choose` once there is a submission."""

    def __init__(self, start=(), events=None, answers=False, choose=""):
        self._start, self._events, self._answers, self._choose = list(start), events or {}, answers, choose

    def metadata(self):
        return Metadata(name="script")

    def start(self, req):
        return StartResponse(session=self, actions=self._start, answers=self._answers)

    def event(self, req):
        return self._events.get(f"{req.event.kind}:{req.event.member}", [])

    def choose(self, req):
        return ChooseResponse(member=self._choose if req.submissions else "")


class Forgiving(Script):
    """A Script whose session handles refusals with on_refused (default:
    re-raise), recording each request."""

    def __init__(self, on_refused=None, **kw):
        super().__init__(**kw)
        self.on_refused, self.told = on_refused, []

    def refused(self, req):
        self.told.append(req)
        if self.on_refused is None:
            raise req.error
        return self.on_refused(req)


def roster():
    return [Member(name="a", agent="x", state="pending"), Member(name="b", agent="x", state="pending")]


def calls(sim):
    return [st.call + (":" + st.member if st.member else "") for st in sim.steps]


GHOST = 'started "ghost": no member has this name; the members are a, b'

UNHANDLED = {
    "an unknown start": dict(script=Script(start=[Action.start("ghost")]), play=lambda s: None,
                             cause=RefusalCause.UNKNOWN_MEMBER, error="controller start: " + GHOST),
    "an unknown choice by choose()": dict(
        script=Script(start=[Action.start("a")], answers=True, choose="ghost"), play=lambda s: s.submit("a", "42"),
        cause=RefusalCause.UNKNOWN_MEMBER,
        error='controller choose: chose "ghost": no member has this name; the members are a, b'),
    "a second choice": dict(
        script=Script(start=[Action.start("a")], events={"submission:a": [Action.choose("a"), Action.choose("a")]}),
        play=lambda s: s.submit("a", "42"), cause=RefusalCause.CHOSE_TWICE,
        error='controller event submission: chose "a": the controller has already chosen "a", and it chooses once'),
}


@pytest.mark.parametrize("name", sorted(UNHANDLED))
def test_an_unhandled_refusal_ends_the_run_with_the_hosts_text(name):
    case = UNHANDLED[name]
    with Harness(case["script"]) as h:
        sim = h.simulate(roster=roster())
        case["play"](sim)
        assert sim.error == case["error"]
        assert isinstance(sim.refusal, RefusedError) and sim.refusal.cause is case["cause"]
        assert "refused" not in calls(sim), "a session without refused() gets no call"


HANDLED = {
    "an unknown start, then the skipped actions": dict(
        script=Forgiving(start=[Action.start("ghost"), Action.start("a")], on_refused=lambda req: req.not_applied),
        play=lambda s: None, calls=["start", "refused:ghost", "member_started:a"],
        cause=RefusalCause.UNKNOWN_MEMBER, text=GHOST, not_applied=[Action.start("a")]),
    "a second start, answered with another member": dict(
        script=Forgiving(start=[Action.start("a")], events={"member_started:a": [Action.start("a", "again")]},
                         on_refused=lambda req: [Action.start("b")]),
        play=lambda s: None, calls=["start", "member_started:a", "refused:a", "member_started:b"],
        cause=RefusalCause.STARTED_TWICE,
        text='started "a" again: the member has already started (state running), and a member runs once'),
    "a choice without a submission, answered with the right one": dict(
        script=Forgiving(start=[Action.start("a"), Action.start("b")], answers=True, choose="b",
                         on_refused=lambda req: [Action.choose("a", "second thought")]),
        play=lambda s: s.submit("a", "42"),
        calls=["start", "member_started:a", "member_started:b", "submission:a", "choose", "refused:b",
               "member_ended:a"],
        cause=RefusalCause.NOT_SUBMITTED, chosen="a",
        text='chose "b": the member has not ended with a submission (state running, status none); '
             'only a submission can be the answer'),
}


@pytest.mark.parametrize("name", sorted(HANDLED))
def test_a_session_with_refused_is_told_and_goes_on(name):
    case = HANDLED[name]
    ctrl = case["script"]
    with Harness(ctrl) as h:
        sim = h.simulate(roster=roster())
        case["play"](sim)
        assert sim.error == ""
        assert calls(sim) == case["calls"]
        assert len(ctrl.told) == 1, "told once"
        req = ctrl.told[0]
        assert req.error.cause is case["cause"], "the cause crosses the wire"
        assert str(req.error) == case["text"], "with the host's text"
        assert req.not_applied == case.get("not_applied", [])
        assert [m.name for m in req.roster] == ["a", "b"]
        if "chosen" in case:
            assert sim.chosen == ChooseResponse(member="a", reason="second thought")


def test_an_error_or_a_second_refusal_ends_the_run():
    with Harness(Forgiving(start=[Action.start("ghost")])) as h:
        sim = h.simulate(roster=roster())
        assert sim.error.startswith("controller start: plugin refused raised RefusedError: " + GHOST)
    again = Forgiving(start=[Action.start("ghost")], on_refused=lambda req: [Action.start("phantom")])
    with Harness(again) as h:
        sim = h.simulate(roster=roster())
        assert calls(sim) == ["start", "refused:ghost"]
        assert sim.error == 'controller start: started "phantom": no member has this name; the members are a, b'


def test_the_text_matches_the_go_sdk_for_every_cause():
    """The wire carries the host's text; the Python SDK rebuilds the same."""
    cases = [
        RefusedError(Action.start("ghost"), RefusalCause.UNKNOWN_MEMBER, members=["a", "b"]),
        RefusedError(Action.start("a"), RefusalCause.STARTED_TWICE, state="running"),
        RefusedError(Action.choose("b"), RefusalCause.NOT_SUBMITTED, state="ended", status="errored"),
        RefusedError(Action.choose("b"), RefusalCause.CHOSE_TWICE, chosen="a"),
    ]
    want = [
        GHOST,
        'started "a" again: the member has already started (state running), and a member runs once',
        'chose "b": the member has not ended with a submission (state ended, status errored); '
        'only a submission can be the answer',
        'chose "b": the controller has already chosen "a", and it chooses once',
    ]
    for e, text in zip(cases, want):
        assert str(e) == text
        back = _wire.refusal_from_proto(_wire.refusal_to_proto(e))
        assert (str(back), back.cause, back.action) == (text, e.cause, e.action)

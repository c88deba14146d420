"""The controller simulator plays a swarm run as the host's runtime does."""

import pytest

from swarmhost_plugin import (Action, ChooseResponse, Controller, Gate, Member, Metadata, Session, StartResponse)
from swarmhost_plugin.testing import Harness, PluginError


class Script(Controller, Session):
    """Answers start and "<kind>:<member>" events from tables."""

    def __init__(self, start=(), events=None, answers=False, choose=None):
        self._start, self._events, self._answers, self._choose = list(start), events or {}, answers, choose

    def metadata(self):
        return Metadata(name="script")

    def start(self, req):
        return StartResponse(session=self, actions=self._start, answers=self._answers)

    def event(self, req):
        return self._events.get(f"{req.event.kind}:{req.event.member}", [])

    def choose(self, req):
        return self._choose(req) if self._choose else ChooseResponse()


def roster():
    return [Member(name="a", agent="x", state="pending"), Member(name="b", agent="x", state="pending")]


def calls(sim):
    return [st.call + (":" + st.member if st.member else "") for st in sim.steps]


CASES = {
    "a start delivers member_started": dict(
        script=Script(start=[Action.start("a")]), play=lambda s: None, calls=["start", "member_started:a"]),
    "a submission: submission, member_ended, each then choose": dict(
        script=Script(start=[Action.start("a")], answers=True), play=lambda s: s.submit("a", "42"),
        calls=["start", "member_started:a", "submission:a", "choose", "member_ended:a", "choose"]),
    "an end starts the next member": dict(
        script=Script(start=[Action.start("a")], events={"member_ended:a": [Action.start("b")]}),
        play=lambda s: s.end("a", "errored"), calls=["start", "member_started:a", "member_ended:a", "member_started:b"]),
    "after a stop only the step's choose": dict(
        script=Script(start=[Action.start("a"), Action.start("b")], answers=True,
                      events={"submission:a": [Action.stop("done")]}),
        play=lambda s: (s.submit("a", "42"), s.submit("b", "41")),
        calls=["start", "member_started:a", "member_started:b", "submission:a", "choose"], stopped="done"),
    "starting twice is an error": dict(
        script=Script(start=[Action.start("a"), Action.start("a")]), play=lambda s: None, calls=["start"],
        error='controller start: started "a" again: the member has already started (state running), and a member runs once'),
    "choosing a member that did not submit is an error": dict(
        script=Script(start=[Action.start("a")], events={"member_started:a": [Action.choose("a")]}),
        play=lambda s: None, calls=["start", "member_started:a"],
        error='controller event member_started: chose "a": the member has not ended with a submission (state running, '
              'status none); only a submission can be the answer'),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_simulator(name):
    case = CASES[name]
    with Harness(case["script"]) as h:
        sim = h.simulate(roster=roster())
        case["play"](sim)
        assert calls(sim) == case["calls"]
        assert sim.stopped == case.get("stopped", "")
        assert sim.error == case.get("error", ""), "the host's text"


def test_the_roster_follows_the_run_and_choose_picks_once():
    pick = lambda req: ChooseResponse(member=req.submissions[0].member, reason="first")  # noqa: E731
    with Harness(Script(start=[Action.start("a")], answers=True, choose=pick)) as h:
        sim = h.simulate(roster=roster())
        sim.submit("a", "42", Gate(checked=True, passed=True))
        assert [(m.state, m.status) for m in sim.roster] == [("ended", "submitted"), ("pending", "")]
        assert sim.chosen == ChooseResponse(member="a", reason="first")
        assert not sim.error


def test_a_config_the_host_rejects_fails_the_simulation():
    from suite_plugins import Relay
    with Harness(Relay()) as h:
        with pytest.raises(PluginError, match="the host would reject this config: Invalid width"):
            h.simulate(roster=roster(), config={"width": 0})
        with h.simulate(roster=roster(), config={"width": 2}) as sim:
            assert calls(sim) == ["start", "member_started:a", "member_started:b"]
            sim.end("a", "errored")
            assert not sim.error and calls(sim)[-1] == "member_ended:a"

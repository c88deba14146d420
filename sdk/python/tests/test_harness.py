"""The three kinds through the real gRPC layer and the broker."""

import math

import pytest

from conftest import Echo, Exact, FirstN
from swarmhost_plugin import (Budget, BudgetUsage, Event, Gate, Member, Message, Metadata, Output, Refused, Sample, Score,
                              Scorer, Submission, ToolCall, ToolInfo, ToolResult, Verdict)
from swarmhost_plugin.testing import FakeAgentHost, FakeScorerHost, Harness, PluginError


@pytest.fixture
def h(plugins):
    with Harness(*plugins) as harness:
        yield harness


def test_metadata_carries_the_schema(h):
    [md] = h.metadata("scorer")
    assert md.name == "exact" and md.version == "1.0.0"
    assert md.schema.attributes[0].name == "ignore_case" and md.schema.attributes[0].default is False
    assert md.schema.blocks[0].nesting == "list" and md.schema.blocks[0].max_items == 2
    assert [m.name for m in h.metadata("agent")] == ["echo"]
    assert [m.name for m in h.metadata("controller")] == ["first-n"]


@pytest.mark.parametrize("config,paths", [({}, []), ({"ignore_case": "yes"}, [["ignore_case"]])])
def test_validate_config(h, config, paths):
    assert [d.path for d in h.validate(config)] == paths


@pytest.mark.parametrize("output,config,value", [
    ("Paris", {}, "C"), ("paris", {}, "I"), ("paris", {"ignore_case": True}, "C"), (" Paris\n", {}, "C"),
])
def test_score(h, output, config, value):
    assert h.score(output=output, target=["Paris"], config=config).score.value == value


def test_nan_survives_the_wire(h):
    s = h.score(output="nan", target="x").score
    assert math.isnan(s.value) and s.explanation == "asked for NaN"


def test_an_empty_answer_is_not_no_answer(h):
    assert h.score(output="  ", target="Paris").score.answer == ""
    assert h.score(output="nan", target="Paris").score.answer is None


def test_a_raising_scorer_reports_its_traceback(h):
    with pytest.raises(PluginError, match=r"(?s)plugin score raised ValueError: boom.*Traceback"):
        h.score(output="boom", target="x")


def test_scorer_reads_the_sandbox_through_the_broker(h):
    record = {"members": [{"name": "a-1", "sandbox": None}, {"name": "a-2", "sandbox": "a-2"}],
              "final": {"member": "a-2"}}
    host = FakeScorerHost(files={"a-2": {"answer.txt": "Paris"}})
    s = h.score(output="Paris", target="Paris", record=record, host=host).score
    assert s.metadata == {"answer_file": "Paris"}
    with pytest.raises(PluginError, match="read file: .*no such file"):
        h.score(output="Paris", target="Paris", record=record, host=FakeScorerHost())


class SandboxNames(Scorer):
    """Scores the sandbox names its request carries (ScoreRequest.sandboxes)."""

    def metadata(self):
        return Metadata(name="names")

    def score(self, req):
        return Score(value=1, metadata={"sandboxes": req.sandboxes})


@pytest.mark.parametrize("name,sent", [
    ("members and a service", ["", "a-2", "comparator"]),
    ("a host that sends none", []),
])
def test_scorer_gets_the_sandbox_names(name, sent):
    with Harness(SandboxNames()) as harness:
        assert harness.score("names", output="x", sandboxes=sent).score.metadata == {"sandboxes": sent}


def test_agent_uses_generate_tools_submit_and_log(h):
    seen = {}

    def generate(messages, tools, tool_choice, config):
        seen.update(messages=messages, tools=tools, config=config)
        msg = Message(role="assistant", content="42", tool_calls=[ToolCall(id="c1", function="exec",
                                                                            arguments={"command": ["ls"]})])
        return Output(model="mock/m", message=msg, completion="42")

    host = FakeAgentHost(generate_func=generate, tools=[ToolInfo("exec", "run", {"type": "object"})],
                         call_tool_func=lambda call: ToolResult(content="ok"),
                         submit_func=lambda a: Verdict(checked=True, passed=a == "42", score=Score(value=1.0)))
    out = h.run(input="question", config={"prefix": "A: "}, host=host)
    assert out.completion == "A: 42 (passed)"
    assert host.calls == ["list_tools", "generate", "call_tool:exec", "log", "submit"]
    assert seen["messages"][0].content == "question" and seen["tools"][0].parameters == {"type": "object"}
    assert seen["config"] == {"temperature": 0}
    assert host.logs == [("info", "done", {"member": "member-1"})]


def test_agent_reads_its_budget(h):
    budget = Budget(split="equal", tokens=BudgetUsage(cap=1000, used=120, share=500, share_used=None),
                    token_type="output")
    host = FakeAgentHost(budget_value=budget)
    assert h.run(input="q", config={"budget": True}, host=host).completion == "equal 1000/120 share 500.0 output cost None"
    assert host.calls[-1] == "budget"


def test_agent_sees_refusals(h):
    def refuse(*_):
        raise Refused("stopped")

    assert h.run(input="q", host=FakeAgentHost(generate_func=refuse)).completion == "refused: stopped"


def test_controller_session(h):
    roster = [Member(name=f"m-{i}", agent="echo", index=i, state="pending") for i in (1, 2, 3)]
    start = h.start(roster=roster, config={"n": 2})
    assert [(a.kind, a.member) for a in start.actions] == [("start", "m-1"), ("start", "m-2")]
    assert start.final_mode == "last" and start.answers
    ev = Event(kind="submission", member="m-2", time=1.5, answer="x", gate=Gate(checked=True, passed=True))
    assert [(a.kind, a.member, a.reason) for a in h.event(event=ev, roster=roster)] == [
        ("choose", "m-2", "passed"), ("stop", "", "verified")]
    subs = [Submission("m-1", 1.0, "a"), Submission("m-2", 1.5, "b")]
    assert h.choose(submissions=subs, roster=roster).member == "m-2"
    h.end()


def test_unknown_plugin_name(h):
    with pytest.raises(PluginError, match="no plugin named 'nope'"):
        h.score("nope", output="x")


def test_agent_stops_itself(h):
    host = FakeAgentHost(generate_func=lambda *_: Output.text("m", "quit"))
    assert h.run(input="q", host=host).completion == ""
    assert "stop_self" in host.calls, "the call reached the host through the broker"


def test_configs_are_completed_as_the_host_completes_them(h):
    # the scorer reads config["ignore_case"] unguarded: without completion it would fail
    assert h.score(output="paris", target="Paris").score.value == "I"
    assert h.complete({"extra": [{}]}, "exact") == {"ignore_case": False, "extra": [{"k": None}]}
    assert h.complete({"ignore_case": None}, "exact") == {"ignore_case": False, "extra": []}


def test_validate_sees_the_completed_config(h):
    assert h.validate({}, "exact") == []
    assert [d.path for d in h.validate({"ignore_case": "yes"}, "exact")] == [["ignore_case"]]


def test_a_call_with_a_config_the_host_rejects_fails(h):
    with pytest.raises(PluginError, match="the host would reject this config: ignore_case must be a bool"):
        h.score(output="x", target="x", config={"ignore_case": "yes"})


def test_controller_events_in_one_call(h):
    """rpc Events, as the host sends a session's queued events: each is
    answered in order, and the stream stops after the first answer with
    actions."""
    from swarmhost_plugin import _wire
    from swarmhost_plugin._pb.swarmhost.v1 import controller_pb2

    roster = [Member(name=f"m-{i}", agent="echo", index=i, state="running") for i in (1, 2, 3)]
    h.start(roster=roster, config={"n": 3})
    evs = [Event(kind="member_started", member="m-1"), Event(kind="submission", member="m-2", time=1.0, answer="x",
                                                             gate=Gate(checked=True, passed=True)),
           Event(kind="member_started", member="m-3")]
    req = controller_pb2.ControllerEventsRequest(session="session-1", events=[_wire.event_to_proto(e) for e in evs],
                                                 roster=_wire.roster_to_proto(roster),
                                                 config_json=h._checked("controller", "", {"n": 3}))
    answers = [_wire.actions_from_proto(r.actions) for r in h._controller.Events(req)]
    assert [[(a.kind, a.member) for a in acts] for acts in answers] == [[], [("choose", "m-2"), ("stop", "")]]
    h.end()

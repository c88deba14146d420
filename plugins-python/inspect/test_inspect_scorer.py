"""The inspect scorer through the SDK's harness (the Go end-to-end tests
compare it with the Go scorers through the real host)."""

import math

import pytest
from inspect_ai.model import get_model
from inspect_ai.scorer import Score as InspectScore
from inspect_ai.scorer import accuracy
from inspect_ai.scorer import scorer as inspect_scorer
from inspect_ai.util import sandbox

from swarmhost_inspect import scorer as plugin
from swarmhost_plugin.scorer import ExecResult, MetricSample
from swarmhost_plugin.testing import Harness, PluginError
from swarmhost_plugin.types import Output, Score, Usage

plugin._load()


@pytest.fixture(scope="module")
def h():
    with Harness(plugin.InspectScorer()) as harness:
        yield harness


@pytest.mark.parametrize("config,output,target,value", [
    ({"name": "inspect_ai/match", "args": {"location": "end"}}, "The answer is 42", "42", "C"),
    ({"name": "match", "args": {"location": "begin"}}, "The answer is 42", "42", "I"),
    ({"name": "inspect_ai/includes"}, "it is Paris, France", "paris", "C"),
    ({"name": "inspect_ai/exact"}, "Paris", "paris", "C"),
])
def test_scores_like_inspect(h, config, output, target, value):
    assert h.score(output=output, target=target, config=config).score.value == value


def test_f1_is_a_float(h):
    s = h.score(output="the cat sat", target="the cat", config={"name": "inspect_ai/f1"}).score
    assert isinstance(s.value, float) and 0 < s.value < 1 and not math.isnan(s.value)


@pytest.mark.parametrize("config,path", [
    ({"name": "inspect_ai/no_such_scorer"}, ["name"]),
    ({"name": "inspect_ai/match", "args": {"nope": 1}}, ["args"]),
    ({"name": "no_such_module:f"}, ["name"]),
])
def test_validate(h, config, path):
    [d] = h.validate(config)
    assert d.path == path


def test_score_with_a_bad_name_fails(h):
    with pytest.raises(PluginError, match="no_such"):
        h.score(output="x", target="x", config={"name": "inspect_ai/no_such"})


# --- the bridge's store, sandbox and model, through the real gRPC layer ------------------------

@inspect_scorer(metrics=[accuracy()])
def members_files():
    """A seed-style scorer: every member's file, read through sandbox(name)."""

    async def score(state, target):
        record = state.store.get("inspect_swarm:result")
        seen = {m["name"]: (await sandbox(m["sandbox"]).exec(["cat", "f"])).stdout for m in record["members"]}
        try:
            await sandbox().write_file("x", "y")
            wrote = "yes"
        except PermissionError:
            wrote = "refused"
        grade = await get_model().generate("grade " + state.output.completion)
        return InspectScore(value=grade.completion, metadata={"seen": seen, "write": wrote,
                                                              "tokens": grade.usage.total_tokens})

    return score


class BridgeHost:
    """A scorer host with a sandbox per member and a model."""

    def __init__(self):
        self.prompts = []

    def read_file(self, path, sandbox=""):
        raise FileNotFoundError(path)

    def list_files(self, dir="", sandbox=""):
        return []

    def exec(self, command, sandbox="", input="", timeout=None, env=None):
        return ExecResult(stdout=f"{sandbox or 'shared'}:{' '.join(command)}")

    def generate(self, messages, tools=None, tool_choice="", config=None):
        self.prompts.append(messages[-1].content)
        out = Output.text("mockllm/grader", "C")
        out.usage = Usage(input_tokens=4, output_tokens=1, total_tokens=5)
        return out


def test_store_sandbox_and_model_reach_the_scorer(h):
    host = BridgeHost()
    record = {"members": [{"name": "a", "sandbox": "a"}, {"name": "b", "sandbox": None}]}
    s = h.score(output="42", target="42", config={"name": "test_inspect_scorer:members_files"},
                record=record, store={"inspect_swarm:result": record}, host=host).score
    assert s.value == "C"
    assert s.metadata == {"seen": {"a": "a:cat f", "b": "shared:cat f"}, "write": "refused", "tokens": 5}
    assert host.prompts == ["grade 42"]


def test_model_graded_qa_without_a_model_says_so(h):
    with pytest.raises(PluginError, match="offers no model"):
        h.score(output="42", target="42", config={"name": "inspect_ai/model_graded_qa"})


# --- the scorer's own metrics: declared and computed by Inspect ------------------------------

def test_declared_metrics_as_inspect_writes_them():
    s = plugin.InspectScorer()
    acc, err = {"name": "inspect_ai/accuracy", "options": {}}, {"name": "inspect_ai/stderr", "options": {}}
    assert s.metrics({"name": "inspect_ai/match"}) == [acc, err]
    got = s.metrics({"name": "inspect_scorer_fixtures:utility_security"})
    assert got == {"utility": [acc, err], "security": [acc]}
    assert list(got) == ["utility", "security"], "keys in declared order"


def test_the_plugin_lists_the_metrics_capability():
    from swarmhost_plugin._servicers import ScorerServicer
    from swarmhost_plugin.scorer import CAPABILITY_METRICS
    [md] = ScorerServicer([plugin.InspectScorer()], broker=None).cat.infos
    assert CAPABILITY_METRICS in md.capabilities


def test_custom_metrics_computed_by_inspect():
    s = plugin.InspectScorer()
    config = {"name": "inspect_scorer_fixtures:custom_metrics"}
    refs = s.metrics(config)
    assert refs == [{"name": "spread", "options": {}}, {"name": "bounds", "options": {}}]
    samples = [MetricSample(score=Score(value=v), sample_id=str(i), sample_metadata={"topic": t})
               for i, (v, t) in enumerate([(1.0, "a"), (3.0, "a"), (2.0, "b")])]
    assert s.compute_metric(config, "spread", {}, samples) == 2.0
    assert s.compute_metric(config, "bounds", {}, samples) == {"lower": 1.0, "upper": 3.0}
    assert math.isnan(s.compute_metric(config, "spread", {}, []))
    assert s.compute_metric(config, "inspect_ai/stderr", {"cluster": "topic"}, samples) >= 0, \
        "a metric the suite names, from Inspect's registry"
    with pytest.raises(LookupError):
        s.compute_metric(config, "nope/nope", {}, samples)

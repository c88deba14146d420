"""The inspect scorer through the SDK's harness (the Go end-to-end tests
compare it with the Go scorers through the real host)."""

import math

import pytest

from swarmhost_inspect import scorer as plugin
from swarmhost_plugin.testing import Harness, PluginError

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

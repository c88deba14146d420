"""The in-process Harness gives a plugin what the real host gives it: the
same completed config (Harness.complete against the config the host sent
through a suite) and the same validation, for every kind; and the suite
harness reads a log the same with and without inspect_ai."""

import dataclasses
import sys

import pytest

from suite_plugins import ConfigEcho, Lengthy, Relay
from swarmhost_plugin import _logread
from swarmhost_plugin.hosttest import EXIT_OK, Suite
from swarmhost_plugin.testing import Harness, PluginError

SAMPLES = {"samples.jsonl": '{"id": "s1", "input": "q", "target": "42"}\n'}

# Each case: the scorer block's body in HCL and the same config as the
# dict a test gives the Harness.
CONFIGS = {
    "nothing set": ("", {}),
    "attributes set": ('    label = "given"\n    flag = true\n    tags = []', {"label": "given", "flag": True, "tags": []}),
    "an empty single block": ("    limits {}", {"limits": {}}),
    "list blocks": ('    rule {\n      name = "a"\n    }\n    rule {\n      name   = "b"\n      weight = 2\n    }',
                    {"rule": [{"name": "a"}, {"name": "b", "weight": 2}]}),
    "a single block set": ('    limits {\n      unit = "s"\n    }', {"limits": {"unit": "s"}}),
}


SWARM = '''swarm "s" {
  member "scripted" {
    config {
      steps = [{ action = "submit", answer = "42" }]
    }
  }
  controller "leaderless" {}
}
'''


def echo_task(name: str, body: str) -> str:
    return f'''task "{name}" {{
  dataset {{
    file = "samples.jsonl"
  }}
  scorer "cfgecho" {{
{body}
  }}
}}
eval "{name}" {{
  task  = task.{name}
  swarm = swarm.s
}}
'''


def echo_suite(*bodies: str) -> str:
    """A suite with an eval per scorer body: eval e0 has the first, ..."""
    return 'model "default" {\n  provider = "mockllm"\n}\n' + SWARM + "".join(
        echo_task(f"e{i}", body) for i, body in enumerate(bodies))


@pytest.fixture(scope="module")
def host_configs(swarmhost_bin):
    """The config the host sent the scorer in each CONFIGS case, by name:
    one run of one suite with an eval per case."""
    names = sorted(CONFIGS)
    with Suite(echo_suite(*(CONFIGS[n][0] for n in names)), [ConfigEcho()], files=SAMPLES,
               swarmhost=swarmhost_bin) as s:
        res = s.run()
        assert res.code == EXIT_OK, res.stderr
        return {n: res.samples(f"e{i}")[0].score_metadata["cfgecho"]["config"] for i, n in enumerate(names)}


@pytest.fixture(scope="module")
def harness():
    with Harness(ConfigEcho(), Lengthy(), Relay()) as h:
        yield h


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_the_harness_completes_configs_as_the_host_does(host_configs, harness, name):
    _, config = CONFIGS[name]
    sent = host_configs[name]
    assert harness.complete(config, "cfgecho") == sent
    assert harness.score("cfgecho", output="42", target="42", config=config).score.metadata == {"config": sent}


def test_the_host_and_the_harness_refuse_the_same_config(swarmhost_bin, harness):
    with Suite(echo_suite("    threshold = 2"), [ConfigEcho()], files=SAMPLES, swarmhost=swarmhost_bin) as s:
        host = [d.summary for d in s.validate() if d.severity == "error"]
    assert host == ["Invalid threshold"]
    assert [d.summary for d in harness.validate({"threshold": 2}, "cfgecho")] == host
    with pytest.raises(PluginError, match="the host would reject this config: Invalid threshold"):
        harness.score("cfgecho", output="42", target="42", config={"threshold": 2})


@pytest.mark.parametrize("kind,name,bad,summary", [
    ("scorer", "cfgecho", {"threshold": 2}, "Invalid threshold"),
    ("agent", "lengthy", {"length": -1}, "Negative length"),
    ("controller", "pyrelay", {"width": 0}, "Invalid width"),
])
def test_validate_config_for_every_kind(harness, kind, name, bad, summary):
    assert harness.validate({}, name, kind) == [], "the defaults are valid"
    [d] = harness.validate(bad, name, kind)
    assert d.summary == summary and d.path == [next(iter(bad))]


def test_calls_of_every_kind_refuse_what_the_host_rejects(harness):
    from swarmhost_plugin import Member
    with pytest.raises(PluginError, match="Negative length"):
        harness.run("lengthy", input="q", config={"length": -1})
    with pytest.raises(PluginError, match="Invalid width"):
        harness.start("pyrelay", roster=[Member(name="m-1", agent="a", state="pending")], config={"width": 0})
    assert harness.run("lengthy", input="q", config={"length": 3}).completion == "xxx"


def test_the_log_reads_the_same_without_inspect_ai(swarmhost_bin, monkeypatch):
    with Suite(echo_suite(CONFIGS["list blocks"][0]), [ConfigEcho()], files=SAMPLES, swarmhost=swarmhost_bin) as s:
        res = s.run()
        with pytest.raises(KeyError, match="the run logged no eval named 'e9'"):
            res.samples("e9")
        [log] = res.logs
        with_inspect = _logread.read_samples(log)
        monkeypatch.setitem(sys.modules, "inspect_ai.log", None)  # the import now fails
        plain = _logread.read_samples(log)
    assert isinstance(plain[0].raw, dict) and not isinstance(with_inspect[0].raw, dict)
    fields = lambda xs: [dataclasses.replace(x, raw=None) for x in xs]  # noqa: E731
    assert fields(plain) == fields(with_inspect)

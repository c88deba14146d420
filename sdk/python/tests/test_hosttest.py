"""Suites run through the real swarmhost binary with Python plugins under
test (swarmhost_plugin.hosttest): a scorer, a controller and an agent, an
invalid suite's diagnostics, and what the harness leaves behind."""

import os
import pathlib
import time

import pytest

from suite_plugins import Hang, Parrot, Picky, Relay, Suffix
from swarmhost_plugin.hosttest import EXIT_OK, EXIT_USAGE, RunTimeout, Suite

REPO = pathlib.Path(__file__).resolve().parents[3]
TOLERANCE = REPO / "examples" / "python-scorer" / "plugins" / "swarmhost-scorer-tolerance"
SAMPLES = {"samples.jsonl": '{"id": "s1", "input": "q", "target": "42"}\n'}

MODEL = 'model "default" {\n  provider = "mockllm"\n}\n'


def suite(task: str, swarm: str) -> str:
    return f'{MODEL}task "t" {{\n{task}\n}}\nswarm "s" {{\n{swarm}\n}}\neval "e" {{\n  task  = task.t\n  swarm = swarm.s\n}}\n'


def scripted(answers: str, name: str = "m", count: int = 1) -> str:
    return f'''  member "scripted" {{
    name  = "{name}"
    count = {count}
    config {{
      steps = [{{ action = "submit", answer = "{answers}" }}]
    }}
  }}'''


DATASET = '  dataset {\n    file = "samples.jsonl"\n  }'
LEADERLESS = '  controller "leaderless" {}'


def relay_suite(body: str = "") -> str:
    return suite(DATASET + '\n  scorer "match" {}', scripted("42", count=4) + f'\n  controller "pyrelay" {{\n{body}\n  }}')


@pytest.mark.parametrize("body", ["", "    width = 2"], ids=["one at a time", "two at a time"])
def test_a_python_controller_runs_every_member_through_the_host(swarmhost_bin, body):
    with Suite(relay_suite(body), [Relay()], files=SAMPLES, swarmhost=swarmhost_bin) as s:
        res = s.run()
        assert res.code == EXIT_OK, res.stderr
        assert res.statuses() == [{f"m-{i}": "submitted" for i in range(1, 5)}], "the relay started every member"


def test_a_relay_one_at_a_time_ends_with_the_last_member(swarmhost_bin):
    # final "last" over members that ran one after the other: the last one
    # started submitted last. A relay that started several at once, or
    # skipped one, gives another final member or statuses.
    with Suite(relay_suite(), [Relay()], files=SAMPLES, swarmhost=swarmhost_bin) as s:
        [rec] = s.run().records()
    assert rec["final"]["member"] == "m-4" and rec["final"]["mode"] == "last"


@pytest.mark.parametrize("prefer", ["m-2", "m-3"])
def test_a_python_controllers_choice_is_the_swarms_answer(swarmhost_bin, prefer):
    swarm = scripted("It is {member}", count=3) + f'\n  controller "picky" {{\n    prefer = "{prefer}"\n  }}'
    with Suite(suite(DATASET + '\n  scorer "match" {}', swarm), [Picky()], files=SAMPLES, swarmhost=swarmhost_bin) as s:
        res = s.run()
        assert res.code == EXIT_OK, res.stderr
        [sample] = res.samples()
    assert (sample.record["final"]["member"], sample.record["final"]["reason"]) == (prefer, "preferred")
    assert sample.answer == f"It is {prefer}"


def test_an_invalid_config_is_the_suites_diagnostic(swarmhost_bin):
    with Suite(relay_suite("    width = 0"), [Relay()], files=SAMPLES, swarmhost=swarmhost_bin) as s:
        res = s.run()
    assert res.code == EXIT_USAGE and res.logs == []
    [d] = [d for d in res.diagnostics if d.severity == "error"]
    assert (d.summary, d.detail) == ("Invalid width", "width must be at least 1.")
    line = relay_suite("    width = 0").splitlines().index("    width = 0") + 1
    assert (os.path.basename(d.file), d.line) == ("suite.hcl", line), "the diagnostic points at the test's line"
    assert "Invalid width" in res.stderr


def test_the_diagnostics_of_a_run_see_its_variables(swarmhost_bin):
    hcl = 'variable "width" {\n  type    = number\n  default = 1\n}\n' + relay_suite("    width = var.width")
    with Suite(hcl, [Relay()], files=SAMPLES, swarmhost=swarmhost_bin) as s:
        res = s.run("--var", "width=0")
    assert res.code == EXIT_USAGE
    assert [d.summary for d in res.diagnostics if d.severity == "error"] == ["Invalid width"]


def test_an_unknown_attribute_is_diagnosed_before_any_run(swarmhost_bin):
    with Suite(relay_suite("    widht = 2"), [Relay()], files=SAMPLES, swarmhost=swarmhost_bin) as s:
        diags = s.validate()
    assert any("widht" in d.summary + d.detail for d in diags if d.severity == "error"), diags


def test_a_python_agent_asks_the_hosts_model_and_submits(swarmhost_bin):
    swarm = ('  member "parrot" {\n    count = 2\n    config {\n      prefix = "#"\n    }\n  }\n'
             '  controller "leaderless" {\n    stop_on_submission = false\n  }')
    task = DATASET + '\n  scorer "includes" {}'
    with Suite(suite(task, swarm), [Parrot()], files=SAMPLES, swarmhost=swarmhost_bin) as s:
        res = s.run()
        assert res.code == EXIT_OK, res.stderr
        [sample] = res.samples()
        statuses = res.statuses()
    assert statuses == [{"parrot-1": "submitted", "parrot-2": "submitted"}]
    assert sample.answer in {"#1:Default output from mockllm/model", "#2:Default output from mockllm/model"}
    assert sample.scores["includes"] == "I"


def test_a_python_scorer_object_scores_every_sample(swarmhost_bin):
    samples = {"samples.jsonl": '{"id": "a", "input": "q", "target": "42"}\n{"id": "b", "input": "q", "target": "7"}\n'}
    task = DATASET + '\n  scorer "suffix" {}'
    with Suite(suite(task, scripted("it is 42 ") + "\n" + LEADERLESS), [Suffix()], files=samples,
               swarmhost=swarmhost_bin) as s:
        res = s.run()
        assert res.code == EXIT_OK, res.stderr
        got = {x.id: (x.scores["suffix"], x.score_answers["suffix"]) for x in res.samples()}
        pid1 = {x.score_metadata["suffix"]["pid1"] for x in res.samples()}
    assert got == {"a": ("C", "it is 42"), "b": ("I", "it is 42")}
    assert not any("swarmhost" in p for p in pid1), f"trusted: it ran as a plain child process ({pid1})"
    assert res.summaries[0]["scores"]["suffix"]["accuracy"] == 0.5


def test_the_example_python_scorer_file_runs_beside_gos_match(swarmhost_bin):
    task = '  dataset {\n    file = "measures.jsonl"\n  }\n  scorer "tolerance" {\n    rel_tol = 0.001\n  }\n  scorer "match" {}'
    files = {"measures.jsonl": (REPO / "examples" / "python-scorer" / "measures.jsonl").read_text()}
    with Suite(suite(task, scripted("About 1609.3", name="estimator") + "\n" + LEADERLESS), [TOLERANCE],
               files=files, swarmhost=swarmhost_bin) as s:
        res = s.run()
        assert res.code == EXIT_OK, res.stderr
        got = {x.id: x.scores["tolerance"] for x in res.samples()}
    assert got == {"m1": "C", "m2": "I", "m3": "I"}


def test_a_scorer_file_with_a_negative_tolerance_is_diagnosed(swarmhost_bin):
    task = DATASET + '\n  scorer "tolerance" {\n    rel_tol = -1\n  }'
    with Suite(suite(task, scripted("42") + "\n" + LEADERLESS), [TOLERANCE], files=SAMPLES, swarmhost=swarmhost_bin) as s:
        diags = s.validate()
    assert [d.summary for d in diags if d.severity == "error"] == ["Negative tolerance"]


@pytest.mark.parametrize("trust,line", [("untrusted", 'trust  = "untrusted"'), (None, "read_only = [")],
                         ids=["untrusted", "the host's default"])
def test_a_plugin_that_may_run_sandboxed_runs(swarmhost_bin, trust, line):
    task = DATASET + '\n  scorer "suffix" {}'
    with Suite(suite(task, scripted("42") + "\n" + LEADERLESS), [Suffix()], files=SAMPLES, trust=trust,
               swarmhost=swarmhost_bin) as s:
        block = (pathlib.Path(s.suite_dir) / "plugins-under-test.hcl").read_text()
        assert line in block and ("trust" in block) == bool(trust)
        res = s.run()
        assert res.code == EXIT_OK, res.stderr
        [sample] = res.samples()
    assert sample.scores["suffix"] == "C"
    if trust == "untrusted" and "userns" in os.environ.get("SWARMHOST_EXPECT_ISOLATION", ""):
        # The sandbox's init is pid 1: the small init beside swarmhost, or swarmhost re-executed
        # (/proc/self/exe) when none is there; never the machine's own pid 1.
        pid1 = sample.score_metadata["suffix"]["pid1"]
        assert pid1 in ("swarmhost-sandbox", "swarmhost", "exe") and pid1 != machine_pid1(), pid1


def test_the_suite_directory_is_removed(swarmhost_bin):
    with Suite(relay_suite(), [Relay()], files=SAMPLES, swarmhost=swarmhost_bin) as s:
        res = s.run()
        assert all(os.path.exists(p) for p in res.logs) and res.logs
    assert not os.path.exists(s.dir)
    with pytest.raises(FileNotFoundError, match="read a run's results before its Suite closes"):
        res.samples()


def machine_pid1() -> str:
    """The program of this test's own pid 1 (outside any sandbox of the host's)."""
    with open("/proc/1/cmdline", "rb") as f:
        return os.path.basename(f.read().split(b"\0")[0].decode())


def processes_under(directory: str) -> list[str]:
    """The command lines of the running processes that name a path in
    directory (a plugin under test's launcher names its own)."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            cmdline = pathlib.Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue  # it ended meanwhile
        if directory in cmdline:
            found.append(cmdline)
    return found


def test_a_run_past_its_timeout_is_stopped_with_its_plugins(swarmhost_bin):
    swarm = '  member "hang" {}\n' + LEADERLESS
    with Suite(suite(DATASET + '\n  scorer "match" {}', swarm), [Hang()], files=SAMPLES, swarmhost=swarmhost_bin,
               timeout=3, stop_grace=2) as s:
        with pytest.raises(RunTimeout, match="swarmhost run ran past 3s and was stopped"):
            s.run()
        assert still_running_under(s.dir) == [], "swarmhost and the plugin under test have ended"


def still_running_under(directory: str, patience: float = 30) -> list[str]:
    """processes_under(directory) once it is empty, or after patience
    seconds: a plugin the host killed as it exited may take a moment to be
    gone from /proc; one still there after that was left running."""
    deadline = time.monotonic() + patience
    while (found := processes_under(directory)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return found

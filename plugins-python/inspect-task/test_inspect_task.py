"""Tests of the Inspect task plugin's Python side on real inspect-evals
tasks and the fixtures in testdata/fixture_tasks.py (run with the tasks
venv: `make venv-tasks`; `.venv-tasks/bin/python -m pytest
plugins-python/inspect-task`). The tests of fixtures also run on the oldest
supported inspect_ai (its test venv, which has no inspect-evals); those of
inspect-evals tasks are skipped there."""

import importlib.util
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "testdata"))

from swarmhost_inspect_task import chain, describe, offline, samples, scoring, setup, spec, tasks  # noqa: E402

MEMORY = "inspect_evals/agent_threat_bench_memory_poison"

evals = pytest.mark.skipif(importlib.util.find_spec("inspect_evals") is None,
                           reason="inspect-evals is installed with the newest inspect_ai only (.venv-tasks)")


def ref(s, **kw):
    return spec.TaskRef(spec=s, base_dir=os.path.join(HERE, "testdata"), **kw)


@evals
def test_registry_name_and_log_fields():
    d = describe.describe(tasks.task(ref(MEMORY)))
    assert d["form"] == "registry"
    assert d["eval"]["task_registry_name"] == MEMORY
    assert d["eval"]["packages"]["inspect_evals"]
    assert d["solver"] == {"setup": ["system_message", "inspect_evals/use_agent_threat_bench_tools"],
                           "agent": "generate", "error": ""}
    assert d["scorers"] == ["agent_threat_bench_scorer"]
    assert set(d["eval"]["scorers"][0]["metrics"]) == {"utility", "security"}
    assert d["limits"]["message"] == 20


@pytest.mark.parametrize("form,name", [("file", "fixture_tasks.py@generated"), ("module", "fixture_tasks:generated")])
def test_file_and_module_forms_with_args(form, name):
    loaded = tasks.task(ref(name, args={"n": 2}, cli_args=("n=4",)))
    assert loaded.form == form
    assert len(loaded.task.dataset) == 4  # -T wins over args, parsed as Inspect parses it
    assert loaded.args["n"] == 4


def test_not_a_task_lists_every_try():
    with pytest.raises(spec.TaskNotFound) as e:
        spec.load(ref("inspect_evals/no_such_task"))
    text = str(e.value)
    assert "as a file" in text and "as package.module:task" in text and "as a registry name" in text


@evals
def test_rows_stream_in_order_with_messages_and_metadata():
    loaded = tasks.task(ref(MEMORY))
    rows = list(samples.rows(loaded.task, None))
    assert [r.index for r in rows] == list(range(len(loaded.task.dataset)))
    assert rows[0].row["id"] == "mp_001" and rows[0].row["metadata"]["memory_store"]


def test_bad_row_is_reported_with_its_index():
    rows = list(samples.rows(tasks.task(ref("fixture_tasks.py@bad_row")).task, None))
    assert rows[0].error == "" and rows[1].index == 1 and "cannot be written" in rows[1].error


def test_download_names_what_it_fetched():
    with pytest.raises(offline.DownloadError) as e:
        tasks.task(ref("fixture_tasks.py@downloads"))
    assert "https://data.invalid/swarmhost/never.jsonl" in str(e.value)


@pytest.mark.parametrize("name,why", [("unsplittable", "runs the model before the last step"),
                                      ("setup_last", "never runs the model")])
def test_solver_that_cannot_take_a_swarm(name, why):
    with pytest.raises(chain.CannotSplit, match=why):
        chain.split(tasks.task(ref(f"fixture_tasks.py@{name}")).task)


@evals
def test_setup_gives_messages_tools_and_a_store_per_sample():
    r = ref(MEMORY)
    a = setup.run_setup(r, 0, "mp_001", 1)
    b = setup.run_setup(r, 1, "mp_002", 1)
    assert [m.role for m in a.messages] == ["system", "user"]
    assert [t.name for t in a.tools] == ["memory_read", "memory_write"]
    assert a.store["memory_store"] != b.store["memory_store"]
    assert setup.end(r, "mp_001", 1)["memory_store"] == a.store["memory_store"]
    assert setup.end(r, "mp_001", 1) == {}


@evals
def test_results_are_inspects_for_dict_scores():
    rows = [{"id": "mp_001", "epoch": 1, "scores": {"agent_threat_bench_scorer": {"value": {"utility": "C", "security": "I"}}}},
            {"id": "mp_002", "epoch": 1, "scores": {"agent_threat_bench_scorer": {"value": {"utility": "I", "security": "I"}}}}]
    res, reductions = scoring.results(ref(MEMORY), 2, rows)
    by = {s["name"]: s["metrics"] for s in res["scores"]}
    assert by["utility"]["accuracy"]["value"] == 0.5 and by["security"]["accuracy"]["value"] == 0.0
    assert reductions[0]["samples"][0]["value"] == {"utility": 1.0, "security": 0.0}


def test_task_tools_run_on_the_samples_store():
    from swarmhost_inspect_task import toolcall
    from swarmhost_plugin.types import ToolCall
    r = ref("fixture_tasks.py@store_tool")
    setup.run_setup(r, 0, "a", 1)
    setup.run_setup(r, 1, "b", 1)
    call = ToolCall(id="c1", function="tally", arguments={"by": 2})
    assert toolcall.call_tool(r, "a", 1, "react", call) == ("2", None)
    assert toolcall.call_tool(r, "a", 1, "bridged", call) == ("4", None)  # the members share the sample's store
    assert toolcall.call_tool(r, "b", 1, "react", call) == ("2", None)  # and no other sample's
    content, err = toolcall.call_tool(r, "a", 1, "react", ToolCall(id="c2", function="tally", arguments={"by": "x"}))
    assert err is not None and err[0] == "parsing", "Inspect checks the arguments"
    with pytest.raises(toolcall.UnknownTool, match="member react called nope, which is not one of the task's tools "
                                                   "for sample a \\(they are: tally\\)"):
        toolcall.call_tool(r, "a", 1, "react", ToolCall(id="c3", function="nope", arguments={}))
    assert setup.end(r, "a", 1)["tally"] == 4
    setup.end(r, "b", 1)

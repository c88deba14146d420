"""The swarmhost providers over fake hosts: Inspect's sandbox() and
get_model() inside in_sample() reach the Bridge, with Inspect's own types in
and out (the Go end-to-end tests run them through the real host)."""

import asyncio
import subprocess

import pytest
from inspect_ai.model import ChatMessageUser, GenerateConfig, ModelOutput, get_model
from inspect_ai.scorer import Target, model_graded_fact, model_graded_qa
from inspect_ai.solver import TaskState
from inspect_ai.tool import ToolFunction, ToolInfo, ToolParams
from inspect_ai.util import LimitExceededError, sandbox

from swarmhost_inspect import Bridge, ExecOutcome, in_sample
from swarmhost_inspect.scorer_host import ScorerModel, ScorerSandboxes, record_sandboxes, scorer_bridge
from swarmhost_plugin import Refused
from swarmhost_plugin.scorer import ExecResult
from swarmhost_plugin.types import Output, Usage


class FakeScorerHost:
    """A ScorerHost: files per sandbox, exec through sh (in a temp dir),
    generate from a function; calls records what reached it."""

    def __init__(self, files=None, reply=None):
        self.files, self.reply, self.calls = files or {}, reply, []

    def read_file(self, path, sandbox=""):
        from swarmhost_plugin import HostError
        try:
            return self.files[sandbox][path].encode()
        except KeyError:
            raise HostError(f"read file: no {path}") from None

    def exec(self, command, sandbox="", input="", timeout=None, env=None):
        self.calls.append(("exec", sandbox, list(command), sorted(env or [])))
        extra = dict(e.split("=", 1) for e in env or [])
        try:
            p = subprocess.run(command, input=input, capture_output=True, text=True, timeout=timeout,
                               env={"PATH": "/usr/bin:/bin", **extra})
        except subprocess.TimeoutExpired:
            return ExecResult(exit_code=137, timed_out=True)
        return ExecResult(exit_code=p.returncode, stdout=p.stdout, stderr=p.stderr)

    def generate(self, messages, tools=None, tool_choice="", config=None):
        self.calls.append(("generate", messages, tools, tool_choice, config))
        return self.reply(messages)


def bridge(host, record=None):
    return Bridge(sandboxes=ScorerSandboxes(host, record_sandboxes(record or {})),
                  model=ScorerModel(host, "grader"))


def run(b, fn):
    return asyncio.run(in_sample(b, fn))


RECORD = {"members": [{"name": "a", "sandbox": "a"}, {"name": "b", "sandbox": None}, {"name": "c", "sandbox": "c"}]}


def test_sandbox_names_follow_the_record():
    host = FakeScorerHost(files={"": {"f": "shared"}, "a": {"f": "of a"}, "c": {"f": "of c"}})

    async def read_all():
        return [await sandbox(m["sandbox"]).read_file("f") for m in RECORD["members"]] + \
               [await sandbox().read_file("f")]

    assert run(bridge(host, RECORD), read_all) == ["of a", "shared", "of c", "shared"]


@pytest.mark.parametrize("name,sent,want", [
    ("the host's names: members' and the task's other services", ["", "a", "c", "comparator"],
     ["default", "a", "c", "comparator"]),
    ("a host that sends none: the record's", [], ["default", "a", "c"]),
    ("a record member the host left out is still reached", ["", "comparator"], ["default", "comparator", "a", "c"]),
])
def test_scorer_reaches_every_sandbox_of_the_sample(name, sent, want):
    """sandbox("comparator") finds a compose service that is no member's (the
    seed's proof_swarm), read-only as every scorer view."""
    host = FakeScorerHost(files={"": {"f": "shared"}, "a": {"f": "of a"}, "c": {"f": "of c"},
                                 "comparator": {"f": "compared"}})

    async def names_and_reads():
        from inspect_ai.util._sandbox.context import sandbox_environments_context_var
        envs = list(sandbox_environments_context_var.get())
        reads = {n: await sandbox(n).read_file("f") for n in envs}
        with pytest.raises(PermissionError):
            await sandbox(envs[-1]).write_file("f", "changed")
        return envs, reads

    envs, reads = asyncio.run(in_sample(scorer_bridge(host, RECORD, sent), names_and_reads))
    assert envs == want
    files = {"default": "shared", "a": "of a", "c": "of c", "comparator": "compared"}
    assert reads == {n: files[n] for n in want}


def test_unknown_sandbox_is_inspects_error():
    async def f():
        return sandbox("nobody")
    with pytest.raises(ValueError, match="nobody"):
        run(bridge(FakeScorerHost(), RECORD), f)


@pytest.mark.parametrize("name,call,error", [
    ("write is refused", lambda: sandbox().write_file("x", "y"), PermissionError),
    ("missing file", lambda: sandbox().read_file("missing"), FileNotFoundError),
    ("timeout", lambda: sandbox().exec(["sleep", "5"], timeout=1), TimeoutError),
    ("user", lambda: sandbox().exec(["true"], user="root"), PermissionError),
])
def test_sandbox_errors_are_inspects(name, call, error):
    with pytest.raises(error):
        run(bridge(FakeScorerHost()), call)


def test_exec_passes_env_cwd_and_input():
    host = FakeScorerHost()

    async def f():
        return await sandbox().exec(["sh", "-c", 'echo "$V $(pwd)"; cat'], input="in", env={"V": "v"}, cwd="/tmp")

    r = run(bridge(host), f)
    assert (r.success, r.stdout) == (True, "v /tmp\nin")
    assert host.calls[0][3] == ["V=v"]


def test_get_model_sends_tools_choice_config_and_returns_usage():
    host = FakeScorerHost(reply=lambda msgs: Output(
        model="mockllm/model", completion="hi", stop_reason="stop",
        message=Output.text("mockllm/model", "hi").message, usage=Usage(input_tokens=3, output_tokens=2,
                                                                         total_tokens=5)))
    tool = ToolInfo(name="lookup", description="looks up", parameters=ToolParams())

    async def f():
        return await get_model().generate([ChatMessageUser(content="hello")], tools=[tool],
                                          tool_choice=ToolFunction(name="lookup"),
                                          config=GenerateConfig(temperature=0.5, max_tokens=7))

    out = run(bridge(host), f)
    assert isinstance(out, ModelOutput) and out.completion == "hi"
    assert (out.usage.input_tokens, out.usage.output_tokens, out.usage.total_tokens) == (3, 2, 5)
    _, msgs, tools, choice, config = host.calls[0]
    assert [(m.role, m.content) for m in msgs] == [("user", "hello")]
    assert [t.name for t in tools] == ["lookup"] and tools[0].parameters["type"] == "object"
    assert choice == "lookup"
    assert config["temperature"] == 0.5 and config["max_tokens"] == 7


def test_refusal_is_a_limit():
    def refuse(_):
        raise Refused("member_limit:token")

    async def f():
        return await get_model().generate("hello")

    with pytest.raises(LimitExceededError) as e:
        run(bridge(FakeScorerHost(reply=refuse)), f)
    assert e.value.type == "token"


@pytest.mark.parametrize("factory,grade,value", [
    (model_graded_qa, "GRADE: C", "C"),
    (model_graded_qa, "GRADE: I", "I"),
    (model_graded_fact, "GRADE: C", "C"),
])
def test_model_graded_scorers_grade_through_the_host(factory, grade, value):
    host = FakeScorerHost(reply=lambda msgs: Output.text("mockllm/grader", "Reasoning.\n" + grade))
    state = TaskState(model="swarmhost/x", sample_id=1, epoch=1, input="What is 2+2?",
                      messages=[ChatMessageUser(content="What is 2+2?")],
                      output=ModelOutput.from_content("swarmhost/x", "4"))
    score = run(bridge(host), lambda: factory()(state, Target(["4"])))
    assert score.value == value
    [(kind, msgs, *_)] = host.calls
    assert kind == "generate" and "What is 2+2?" in msgs[0].content


def test_outside_a_call_the_providers_say_so():
    async def f():
        return await get_model("swarmhost/x").generate("hi")
    with pytest.raises(RuntimeError, match="only inside a swarmhost plugin call"):
        asyncio.run(f())

"""The inspect agent plugin's member runs (inspect_member.py) over a fake
AgentHost: Inspect's real react() and @agent factories, the host's model and
tools, and the endings Inspect Swarm gives an Inspect agent."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import inspect_member  # noqa: E402
from inspect_ai.agent import Agent, AgentState, agent  # noqa: E402
from inspect_ai.util import LimitExceededError  # noqa: E402
from swarmhost_plugin import Message, Output, Refused, SampleRef, ToolCall, ToolInfo  # noqa: E402
from swarmhost_plugin.agent import RunRequest, ToolResult  # noqa: E402


class FakeHost:
    """Scripted outputs; records what the member sent."""

    def __init__(self, outputs, tools=(), refuse_at=None):
        self.outputs, self.tools, self.refuse_at = list(outputs), list(tools), refuse_at
        self.requests, self.tool_calls, self.recorded, self.stopped = [], [], [], []

    def generate(self, messages, tools=None, tool_choice="", config=None):
        self.requests.append((messages, [t.name for t in tools or []], tool_choice))
        if self.refuse_at is not None and len(self.requests) > self.refuse_at:
            raise Refused("member_limit:token")
        return self.outputs.pop(0)

    def list_tools(self):
        return self.tools

    def call_tool(self, call):
        self.tool_calls.append(call)
        return ToolResult(content=f"ran {call.function}")

    def record_tool(self, call, result):
        self.recorded.append((call.function, call.arguments, result.content))

    def stop_self(self, reason=""):
        self.stopped.append(reason)


def text(content):
    return Output.text("mockllm/model", content)


def tool_output(function, arguments, content=""):
    out = text(content)
    out.message.tool_calls = [ToolCall(id=f"c-{function}", function=function, arguments=arguments)]
    out.stop_reason = "tool_calls"
    return out


def request(host, input_text="What is 6 times 7?"):
    return RunRequest(member="reactor", input=[Message(role="user", content=input_text)],
                      sample=SampleRef(id="1", epoch=1), host=host)


def test_react_runs_with_the_hosts_model_and_tools_and_its_own_submit():
    host = FakeHost([tool_output("bash", {"command": "echo 42"}), tool_output("submit", {"answer": "42"})],
                    tools=[ToolInfo(name="bash", description="Run bash.",
                                    parameters={"type": "object", "properties": {"command": {"type": "string"}},
                                                "required": ["command"]})])
    out = inspect_member.run_member(request(host), "inspect_ai/react", {"prompt": "Be brief."}, "model")
    assert out.completion == "42"
    assert [names for _, names, _ in host.requests] == [["bash", "submit"], ["bash", "submit"]]
    first = host.requests[0][0]
    assert [m.role for m in first] == ["system", "user"] and first[0].content.startswith("Be brief.")
    assert [(c.function, c.id) for c in host.tool_calls] == [("bash", "c-bash")], \
        "the host's tool ran through the host, under the model's call id (so the host logs it once)"
    assert host.recorded == [("submit", {"answer": "42"}, "42")], "react's own submit was recorded"


def test_a_factory_by_module_path():
    factory = inspect_member.resolve("inspect_member_fixtures:echo")
    assert factory.__name__ == "echo"
    out = inspect_member.run_member(request(FakeHost([])), "inspect_member_fixtures:echo", {"text": "hi"}, "model")
    assert out.completion == "hi"


def test_unknown_agent_names_the_fix():
    with pytest.raises(ValueError, match="not a registered Inspect agent"):
        inspect_member.resolve("no_such_agent")


def test_a_sourceless_custom_limit_stops_the_member():
    host = FakeHost([])
    inspect_member.run_member(request(host), "inspect_member_fixtures:quitter", {}, "model")
    assert host.stopped == ["enough"]


def test_a_refusal_ends_the_agent_quietly():
    host = FakeHost([tool_output("submit", {"answer": "x"})], refuse_at=0)
    out = inspect_member.run_member(request(host), "inspect_ai/react", {}, "model")
    assert len(host.requests) == 1 and host.stopped == [] and out.completion == ""


def test_an_agent_error_is_raised():
    with pytest.raises(Exception, match="boom"):
        inspect_member.run_member(request(FakeHost([])), "inspect_member_fixtures:broken", {}, "model")


@pytest.mark.parametrize("error,want", [
    (LimitExceededError("custom", value=1, limit=1, message="x"), True),
    (LimitExceededError("token", value=1, limit=1, message="x"), False),
    (BaseExceptionGroup("g", [LimitExceededError("custom", value=1, limit=1, message="x")]), True),
    (BaseExceptionGroup("g", [LimitExceededError("custom", value=1, limit=1), ValueError()]), False),
    (ValueError("x"), False),
])
def test_self_stop(error, want):
    assert inspect_member.self_stop(error) is want


class SandboxHost(FakeHost):
    """A FakeHost with one sandbox of in-memory files; exec runs `cat`."""

    def __init__(self):
        super().__init__([])
        self.files, self.execs = {}, []

    def sandbox_names(self):
        return [""]

    def sandbox_exec(self, command, sandbox="", input="", timeout=None, env=None):
        from swarmhost_plugin import ExecResult
        self.execs.append((sandbox, command))
        return ExecResult(exit_code=0, stdout=self.files[(sandbox, command[1])].decode())

    def sandbox_read_file(self, path, sandbox=""):
        return self.files[(sandbox, path)]

    def sandbox_write_file(self, path, content, sandbox=""):
        self.files[(sandbox, path)] = content


def test_sandbox_is_the_members_through_the_host():
    host = SandboxHost()
    out = inspect_member.run_member(request(host), "inspect_member_fixtures:sandboxer", {}, "model")
    assert out.completion == "from the sandbox|from the sandbox"
    assert host.files == {("", "note.txt"): b"from the sandbox\n"} and host.execs == [("", ["cat", "note.txt"])]


def test_no_sandbox_calls_no_sandbox():
    with pytest.raises(Exception, match="no sandboxes|sandbox"):
        inspect_member.run_member(request(FakeHost([])), "inspect_member_fixtures:sandboxer", {}, "model")


def test_sample_stores_one_per_sample_while_its_members_run():
    from member_store import SampleStores
    stores = SampleStores()
    with stores.held("a", 1) as a1, stores.held("a", 1) as a2, stores.held("b", 1) as b, stores.held("a", 2) as a_2:
        assert a1 is a2, "the members of one sample share its store"
        assert a1 is not b and a1 is not a_2, "another sample (or epoch) has its own"
        a1.set("k", "v")
        assert "k" not in b
    assert len(stores) == 0, "dropped when the sample's last member ends"
    with stores.held("a", 1) as again:
        assert "k" not in again


class NoticeHost(FakeHost):
    """A FakeHost that gives notices on request (AgentHost.take_notice) and
    records whether the agent said it takes them itself."""

    def __init__(self, outputs, notices, **kw):
        super().__init__(outputs, **kw)
        self.notices, self.own_notices, self.taken = list(notices), [], 0

    def generate(self, messages, tools=None, tool_choice="", config=None, *, own_notices=False):
        self.own_notices.append(own_notices)
        return super().generate(messages, tools, tool_choice, config)

    def take_notice(self):
        self.taken += 1
        return self.notices.pop(0) if self.notices else None


def test_react_keeps_its_notices_in_its_conversation():
    md = {"inspect_swarm": {"version": 1, "type": "notice", "id": "n-1",
                            "lines": [{"channel": "shared_memory", "ids": {"files": []}}]}}
    notice = Message(role="user", content="[Swarm notice] 1 shared memory file changed", id="n1", metadata=md)
    host = NoticeHost([tool_output("bash", {"command": "true"}), text("thinking"), tool_output("submit", {"answer": "42"})],
                      [notice], tools=[ToolInfo(name="bash", description="Run bash.",
                                                parameters={"type": "object", "properties": {"command": {"type": "string"}},
                                                            "required": ["command"]})])
    out = inspect_member.run_member(request(host), "inspect_ai/react", {}, "model")
    assert out.completion == "42"
    assert host.own_notices == [True, True, True], "the hook takes the notices: the host adds none to the calls"
    second, third = host.requests[1][0], host.requests[2][0]
    assert second[-1].content == notice.content and second[-1].role == "user", \
        "the notice is appended at the turn boundary, after the tool result"
    assert second[-1].metadata == md, "with the package's metadata"
    assert notice.content in [m.content for m in third], "and stays in the conversation for later calls"


def test_the_samples_metadata_is_on_the_members_task_state():
    req = request(FakeHost([]))
    req.metadata = {"topic": "memory poisoning"}
    out = inspect_member.run_member(req, "inspect_member_fixtures:metadata_reader", {}, "model")
    assert out.completion == "memory poisoning", "sample_state().metadata is the sample's, as under Inspect"


def test_the_model_database_is_read_with_libyaml_and_the_same():
    """libyaml_model_data(): inspect_ai's model data module parses with
    libyaml (CSafeLoader) inside it, to the same data as PyYAML's own
    parser, and has its own yaml module back afterwards."""
    import yaml
    model_data = pytest.importorskip("inspect_ai.model._model_data.model_data")
    if not yaml.__with_libyaml__ or getattr(model_data, "yaml", None) is not yaml:
        pytest.skip("no libyaml, or an inspect_ai that reads its model data otherwise")
    files = sorted(Path(model_data.__file__).parent.glob("*.yml"))
    assert files, "inspect_ai's model data files"
    loaders = []
    real_load = yaml.load

    def spy(stream, Loader):  # noqa: N803 - PyYAML's parameter name
        loaders.append(Loader)
        return real_load(stream, Loader=Loader)

    yaml.load = spy
    try:
        with inspect_member.libyaml_model_data():
            assert model_data.yaml is not yaml
            fast = [model_data.yaml.safe_load(f.read_text(encoding="utf-8")) for f in files]
            assert model_data.yaml.YAMLError is yaml.YAMLError, "the rest of PyYAML as it is"
    finally:
        yaml.load = real_load
    assert model_data.yaml is yaml
    assert loaders == [yaml.CSafeLoader] * len(files)
    assert fast == [yaml.safe_load(f.read_text(encoding="utf-8")) for f in files]


DOCUMENTED_MODELS = '''
from pydantic import BaseModel, ConfigDict


def tag(cls):
    return cls


class Plain(BaseModel):
    model_config = ConfigDict(use_attribute_docstrings=True)
    a: int = 0
    """The a."""
    b: str = ""
    c: int = 1
    """The c,
    on two lines."""


@tag
class Decorated(BaseModel):
    model_config = ConfigDict(use_attribute_docstrings=True)
    x: int = 0
    """The x."""


class Outer(BaseModel):
    model_config = ConfigDict(use_attribute_docstrings=True)
    y: int = 0
    """The outer y."""

    class Inner(BaseModel):
        model_config = ConfigDict(use_attribute_docstrings=True)
        y: int = 0
        """The inner y."""


def make():
    class Plain(BaseModel):
        model_config = ConfigDict(use_attribute_docstrings=True)
        z: int = 0
        """The z of a class made in a function."""
    return Plain


Made = make()
'''


def test_module_docstrings_gives_pydantic_its_own_answers(tmp_path, monkeypatch):
    """module_docstrings(): models defined inside it get the same field
    descriptions as pydantic reads itself (decorated, nested, made in a
    function, sharing a name), every one found without pydantic's own
    search, which is back afterwards."""
    import importlib
    if sys.version_info >= (3, 13):
        pytest.skip("pydantic reads a class's own source on Python 3.13+; module_docstrings() does nothing there")
    _fields = pytest.importorskip("pydantic._internal._fields")
    (tmp_path / "documented_models_a.py").write_text(DOCUMENTED_MODELS)
    (tmp_path / "documented_models_b.py").write_text(DOCUMENTED_MODELS)
    monkeypatch.syspath_prepend(str(tmp_path))
    original = _fields.extract_docstrings_from_cls
    fallbacks = []

    def spy(cls, use_inspect=False):
        fallbacks.append(cls.__qualname__)
        return original(cls, use_inspect=use_inspect)

    monkeypatch.setattr(_fields, "extract_docstrings_from_cls", spy)
    from pydantic._internal import _docs_extraction
    monkeypatch.setattr(_docs_extraction, "extract_docstrings_from_cls", spy)
    with inspect_member.module_docstrings():
        fast = importlib.import_module("documented_models_a")
    assert _fields.extract_docstrings_from_cls is spy, "pydantic's own search back"
    assert fallbacks == [], "each class found in its module's one parse"
    slow = importlib.import_module("documented_models_b")

    def descriptions(module):
        return {name: {k: f.description for k, f in getattr(module, name).model_fields.items()}
                for name in ("Plain", "Decorated", "Outer", "Made")} | {
            "Outer.Inner": {k: f.description for k, f in module.Outer.Inner.model_fields.items()}}

    assert descriptions(fast) == descriptions(slow)
    assert descriptions(fast)["Plain"] == {"a": "The a.", "b": None, "c": "The c,\non two lines."}
    assert descriptions(fast)["Outer.Inner"] == {"y": "The inner y."}

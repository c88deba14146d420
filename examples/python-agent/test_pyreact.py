"""Unit tests of the pyreact agent with a fake host, through
swarmhost_plugin.testing, and the example's suite.hcl run through the real
swarmhost with swarmhost_plugin.hosttest (needs a swarmhost: `make build`,
or $SWARMHOST_BIN)."""

import importlib.machinery
import importlib.util
import os

from swarmhost_plugin import Message, Output, Refused, ToolCall, ToolInfo, ToolResult, Verdict
from swarmhost_plugin.hosttest import EXIT_OK, Suite
from swarmhost_plugin.testing import FakeAgentHost, Harness

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = os.path.join(HERE, "plugins", "swarmhost-agent-pyreact")
loader = importlib.machinery.SourceFileLoader("pyreact", PATH)
pyreact = importlib.util.module_from_spec(importlib.util.spec_from_loader("pyreact", loader))
loader.exec_module(pyreact)


def scripted(*outputs):
    """A generate that answers with outputs in turn."""
    it = iter(outputs)
    return lambda messages, tools, choice, config: next(it)


def test_runs_tool_calls_then_answers_and_saves_it():
    call = ToolCall(id="c1", function="exec", arguments={"command": ["ls"]})
    first = Output(model="m/m", message=Message(role="assistant", content="", tool_calls=[call]))
    files = {}

    def tool(c):
        if c.function == "write_file":
            files[c.arguments["path"]] = c.arguments["content"]
        return ToolResult(content="ok")

    host = FakeAgentHost(generate_func=scripted(first, Output.text("m/m", "Paris")), call_tool_func=tool,
                         tools=[ToolInfo("exec"), ToolInfo("write_file")],
                         submit_func=lambda a: Verdict(checked=True, passed=True))
    with Harness(pyreact.PyReact()) as h:
        out = h.run(input="Capital of France?", preamble="You are pyreact.", host=host)
    assert out.completion == "Paris"
    assert host.calls == ["list_tools", "generate", "call_tool:exec", "generate", "call_tool:write_file", "submit",
                          "log"]
    assert files == {"answer.txt": "Paris"}


def test_stops_when_refused():
    def refuse(*_):
        raise Refused("stopped")

    host = FakeAgentHost(generate_func=refuse)
    with Harness(pyreact.PyReact()) as h:
        assert h.run(input="q", host=host).completion == ""
    assert host.logs == [("info", "stopped by the host", {"cause": "stopped"})]


def test_max_turns_must_be_positive():
    with Harness(pyreact.PyReact()) as h:
        [d] = h.validate({"max_turns": 0}, kind="agent")
    assert d.path == ["max_turns"]


def test_the_example_suite_through_the_real_host():
    def read(name):
        with open(os.path.join(HERE, name)) as f:
            return f.read()

    with Suite(read("suite.hcl"), [PATH], files={"capitals.jsonl": read("capitals.jsonl")}) as s:
        res = s.run()
        assert res.code == EXIT_OK, res.stderr
        statuses = res.statuses()
        tools = [e.function for x in res.samples() for e in x.raw.events if e.event == "tool"]
    assert statuses and all(st == {"pyreact": "submitted", "guesser-1": "submitted", "guesser-2": "submitted"}
                            for st in statuses)
    assert tools == ["write_file"] * len(statuses), "pyreact saved its answer through the host's tool"

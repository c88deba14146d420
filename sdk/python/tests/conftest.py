"""Plugins the SDK tests share."""

import math
import os
import shutil
import subprocess

import pytest

from swarmhost_plugin import (CORRECT, INCORRECT, Action, Agent, Attribute, Block, ChooseResponse, Controller,
                              Diagnostic, Message, Metadata, Output, Refused, Schema, Score, Scorer, Session, StartResponse,
                              ToolCall)


class Exact(Scorer):
    """Exact text match that also reports whether the chosen member left
    answer.txt in its sandbox (read through the host service)."""

    def metadata(self):
        return Metadata(name="exact", version="1.0.0", schema=Schema(
            attributes=[Attribute("ignore_case", "bool", default=False)],
            blocks=[Block("extra", Schema([Attribute("k", "string")]), nesting="list", max_items=2)]))

    def validate_config(self, config):
        if not isinstance(config.get("ignore_case"), bool):
            return [Diagnostic("ignore_case must be a bool", path=["ignore_case"])]
        return []

    def score(self, req):
        if req.output.completion == "nan":
            return Score.unscored("asked for NaN")
        if req.output.completion == "boom":
            raise ValueError("boom")
        a = req.output.completion.strip()
        fold = str.casefold if req.config["ignore_case"] else str
        ok = any(fold(a) == fold(t) for t in req.sample.target)
        meta = {}
        final = req.record.get("final", {}).get("member")
        if final:
            sandbox = next((m.get("sandbox") or "" for m in req.record["members"] if m["name"] == final), "")
            meta["answer_file"] = req.host.read_file("answer.txt", sandbox=sandbox).decode()
        return Score(value=CORRECT if ok else INCORRECT, answer=a, metadata=meta)


class Echo(Agent):
    """Generates once with the host's tools, calls the first tool the model
    asks for, submits and returns the model's answer."""

    def metadata(self):
        return Metadata(name="echo", schema=Schema([Attribute("prefix", "string", default=""),
                                                     Attribute("budget", "bool", default=False)]))

    def run(self, req):
        try:
            tools = req.host.list_tools()
            out = req.host.generate(req.input, tools=tools, config={"temperature": 0})
            if out.completion == "quit":
                req.host.stop_self("the model asked to quit")
                return Output.text(out.model, "")
            for call in out.message.tool_calls:
                req.host.call_tool(call)
            req.host.log("info", "done", member=req.member)
            if req.config.get("budget"):
                b = req.host.budget()
                return Output.text(out.model, f"{b.split} {b.tokens.cap:g}/{b.tokens.used:g} share {b.tokens.share} "
                                              f"{b.token_type} cost {b.cost}")
            verdict = req.host.submit(out.completion)
            return Output.text(out.model, req.config["prefix"] + out.completion + (" (passed)" if verdict.passed else ""))
        except Refused as r:
            return "refused: " + r.cause


class FirstN(Controller):
    """Starts the first n members; stops at the first passing submission;
    chooses the last submitter."""

    def metadata(self):
        return Metadata(name="first-n", schema=Schema([Attribute("n", "number", default=1)]))

    def start(self, req):
        return StartResponse(session=FirstNSession(), actions=[Action.start(m.name) for m in req.roster[: int(req.config["n"])]],
                             final_mode="last", answers=True)


class FirstNSession(Session):
    """One run of FirstN."""

    def event(self, req):
        if req.event.kind == "submission" and req.event.gate.passed:
            return [Action.choose(req.event.member, "passed"), Action.stop("verified")]
        return []

    def choose(self, req):
        return ChooseResponse(member=req.submissions[-1].member, reason="last") if req.submissions else ChooseResponse()


@pytest.fixture
def plugins():
    return [Exact(), Echo(), FirstN()]


# The Go plugins the suite-level tests' suites use beside the Python ones.
SUITE_GO_PLUGINS = {"agent-scripted": "plugins/agents/scripted", "controller-leaderless": "plugins/controllers/leaderless",
                    "scorer-match": "plugins/scorers/match", "scorer-includes": "plugins/scorers/includes"}


@pytest.fixture(scope="session")
def swarmhost_bin(tmp_path_factory):
    """The swarmhost the suite-level tests run (hosttest.find_swarmhost);
    when there is none and this is the source tree with a Go toolchain, it
    and the Go plugins the suites use are built for the session (`make
    test` passes its own build in $SWARMHOST_BIN)."""
    from swarmhost_plugin._hostbin import source_tree
    from swarmhost_plugin.hosttest import SwarmhostNotFound, find_swarmhost
    try:
        return find_swarmhost()
    except SwarmhostNotFound as e:
        tree, go = source_tree(), shutil.which("go")
        if tree is None or go is None:
            pytest.fail(str(e))
        out = tmp_path_factory.mktemp("swarmhost-bin")
        targets = {"swarmhost": "cmd/swarmhost"} | {"swarmhost-" + k: v for k, v in SUITE_GO_PLUGINS.items()}
        for name, pkg in targets.items():
            subprocess.run([go, "build", "-trimpath", "-buildvcs=false", "-o", str(out / name), "./" + pkg],
                           cwd=tree, check=True, env=dict(os.environ, CGO_ENABLED="0"))
        return str(out / "swarmhost")

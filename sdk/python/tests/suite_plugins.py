"""Plugins the suite-level tests (test_hosttest.py) run through the real
host. They live in a module of their own, importable by name, because the
harness pickles them for their plugin processes."""

import os
import threading

from swarmhost_plugin import (CORRECT, INCORRECT, Action, Agent, Attribute, Block, ChooseResponse, Controller,
                              Diagnostic, EventKind, FinalMode, MemberState, Message, Metadata, Output, Schema, Score,
                              Scorer, Session, StartResponse)


class Relay(Controller):
    """Starts `width` members (default 1), then the first pending one each
    time a member ends; a width below 1 is a diagnostic."""

    def metadata(self):
        return Metadata(name="pyrelay", version="1.0.0", schema=Schema([Attribute("width", "number", default=1)]))

    def validate_config(self, config):
        if config["width"] < 1:
            return [Diagnostic("Invalid width", "width must be at least 1.", path=["width"])]
        return []

    def start(self, req):
        first = req.roster[: int(req.config["width"])]
        return StartResponse(session=RelaySession(), actions=[Action.start(m.name) for m in first],
                             final_mode=FinalMode.LAST)


class RelaySession(Session):
    """One run of Relay."""

    def event(self, req):
        if req.event.kind != EventKind.MEMBER_ENDED:
            return []
        pending = [m for m in req.roster if m.state == MemberState.PENDING]
        return [Action.start(pending[0].name)] if pending else []


class Parrot(Agent):
    """Asks the host's model once, then submits its own index and the
    model's answer: "<index>:<completion>"."""

    def metadata(self):
        return Metadata(name="parrot", version="1.0.0", schema=Schema([Attribute("prefix", "string", default="")]))

    def run(self, req):
        out = req.host.generate(req.input + [Message(role="user", content="Answer.")])
        answer = f"{req.config['prefix']}{req.index}:{out.completion}"
        req.host.submit(answer)
        return Output.text(out.model, answer)


class Suffix(Scorer):
    """Correct when the answer ends with the target. The score's metadata
    names the program of the process's pid 1 (a sandbox's init when the
    host ran the scorer sandboxed in namespaces)."""

    def metadata(self):
        return Metadata(name="suffix", version="1.0.0", schema=Schema([Attribute("strip", "bool", default=True)]))

    def score(self, req):
        answer = req.output.completion.strip() if req.config["strip"] else req.output.completion
        ok = any(answer.endswith(t) for t in req.sample.target)
        with open("/proc/1/cmdline", "rb") as f:
            pid1 = f.read().split(b"\0")[0].decode()
        return Score(value=CORRECT if ok else INCORRECT, answer=answer, metadata={"pid1": os.path.basename(pid1)})


class ConfigEcho(Scorer):
    """Scores every sample correct and returns the config it was given as
    the score's metadata: what the host sent, to compare with
    Harness.complete."""

    SCHEMA = Schema(
        attributes=[Attribute("threshold", "number", default=0.5), Attribute("label", "string", default="x"),
                    Attribute("flag", "bool"), Attribute("tags", "list(string)", default=["t"])],
        blocks=[Block("limits", Schema([Attribute("max", "number", default=3), Attribute("unit", "string")])),
                Block("rule", Schema([Attribute("name", "string", required=True),
                                      Attribute("weight", "number", default=1)]), nesting="list")])

    def metadata(self):
        return Metadata(name="cfgecho", version="1.0.0", schema=self.SCHEMA)

    def validate_config(self, config):
        if config["threshold"] > 1:
            return [Diagnostic("Invalid threshold", "threshold is at most 1.", path=["threshold"])]
        return []

    def score(self, req):
        return Score(value=CORRECT, answer="", metadata={"config": req.config})


class Lengthy(Agent):
    """Submits `length` copies of "x"; a length below 0 is a diagnostic."""

    def metadata(self):
        return Metadata(name="lengthy", schema=Schema([Attribute("length", "number", default=1)]))

    def validate_config(self, config):
        if config["length"] < 0:
            return [Diagnostic("Negative length", "length must be 0 or more.", path=["length"])]
        return []

    def run(self, req):
        answer = "x" * int(req.config["length"])
        req.host.submit(answer)
        return Output.text("none", answer)


class Hang(Agent):
    """Never returns on its own: it waits for an event nobody sets."""

    def metadata(self):
        return Metadata(name="hang")

    def run(self, req):
        threading.Event().wait()


class Picky(Controller):
    """Starts every member and asks for answers; chooses the member named
    by `prefer` once it has submitted."""

    def metadata(self):
        return Metadata(name="picky", schema=Schema([Attribute("prefer", "string", required=True)]))

    def start(self, req):
        return StartResponse(session=PickySession(req.config["prefer"]),
                             actions=[Action.start(m.name) for m in req.roster], final_mode=FinalMode.FIRST, answers=True)


class PickySession(Session):
    """One run of Picky."""

    def __init__(self, prefer):
        self.prefer = prefer

    def event(self, req):
        return []

    def choose(self, req):
        if any(s.member == self.prefer for s in req.submissions):
            return ChooseResponse(member=self.prefer, reason="preferred")
        return ChooseResponse()

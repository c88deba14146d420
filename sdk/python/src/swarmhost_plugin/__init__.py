"""swarmhost-plugin: write swarmhost scorers, agents and controllers in Python.

A plugin is an executable file named swarmhost-<kind>-<name> that the host
finds on its plugin path and runs; it subclasses Scorer, Agent or Controller
and calls serve():

    #!/usr/bin/env python3
    from swarmhost_plugin import CORRECT, INCORRECT, Metadata, Score, Scorer, serve

    class Exact(Scorer):
        def metadata(self):
            return Metadata(name="exact-text", version="0.1.0")

        def score(self, req):
            ok = req.output.completion in req.sample.target
            return Score(value=CORRECT if ok else INCORRECT, answer=req.output.completion)

    if __name__ == "__main__":
        serve(Exact())

Import this package before anything that might print: when the host runs
the file, importing it moves stray stdout output to stderr (stdout carries
go-plugin's handshake) and turns a missing dependency into a message that
names the module, the interpreter and the pip command that fixes it.
swarmhost_plugin.testing runs plugins through the real gRPC layer in a test;
swarmhost_plugin.hosttest runs a whole HCL suite against them through the
real swarmhost binary.
"""

from . import _guard

_guard.protect()

from . import log  # noqa: E402
from ._hosts import HostError  # noqa: E402
from ._serve import serve  # noqa: E402
from ._servicers import PROTOCOL_VERSION  # noqa: E402
from .agent import Agent, AgentHost, Budget, BudgetUsage, Refused, RunRequest, RunResponse, ToolResult, Verdict  # noqa: E402
from .controller import (Action, ChooseRequest, ChooseResponse, Controller, Event, EventRequest, Gate,  # noqa: E402
                         Member, RefusalCause, RefusedError, RefusedRequest, Session, StartRequest, StartResponse,
                         Submission)
from .scorer import ExecResult, Sample, Scorer, ScorerHost, ScoreRequest, ScoreResponse  # noqa: E402
from .types import (CORRECT, INCORRECT, NOANSWER, PARTIAL, Attribute, Block, Diagnostic, EventKind,  # noqa: E402
                    FinalMode, MemberState, Message, Metadata, Output, SampleRef, Schema, Score, Status, ToolCall,
                    ToolError, ToolInfo, Usage, member_limit)

__version__ = "0.2.0"

__all__ = [
    "CORRECT", "INCORRECT", "NOANSWER", "PARTIAL", "PROTOCOL_VERSION",
    "Action", "Agent", "AgentHost", "Attribute", "Block", "Budget", "BudgetUsage", "ChooseRequest", "ChooseResponse", "Controller",
    "Diagnostic", "Event", "EventKind", "EventRequest", "ExecResult", "FinalMode", "Gate", "HostError", "Member",
    "MemberState", "Message", "Metadata", "Output", "RefusalCause", "Refused", "RefusedError",
    "RefusedRequest", "RunRequest", "RunResponse", "Sample", "SampleRef",
    "Schema", "Score", "ScoreRequest", "ScoreResponse", "Scorer", "ScorerHost", "Session", "StartRequest", "StartResponse",
    "Status", "Submission", "ToolCall", "ToolError", "ToolInfo", "ToolResult", "Usage", "Verdict", "log",
    "member_limit", "serve",
]

"""The reference task for swarmhost's log checks: the swarm of twins.hcl,
run by Inspect Swarm 0.1.0 on mockllm. host/e2e/inspectswarm_test.go runs it
with `inspect eval` and compares its log with swarmhost's log of twins.hcl."""

from inspect_ai import Task, task
from inspect_ai.agent import react
from inspect_ai.dataset import Sample
import json
import math

from inspect_ai.model import ModelOutput, ModelUsage, get_model
from inspect_ai.scorer import match
from inspect_swarm import leaderless, member, swarm

MODEL = "mockllm/model"


def _chars(message) -> int:
    n = len(message.text)
    for call in getattr(message, "tool_calls", None) or []:
        n += len(call.function) + len(json.dumps(call.arguments, separators=(",", ":")))
    return n


def _model(outputs: list[ModelOutput]):
    """A mockllm model giving outputs in turn, with usage counted as
    swarmhost's mockllm counts it (ceil(chars / 4)), which also keeps
    mockllm from counting tokens with tiktoken (a download)."""
    queue = list(outputs)

    def next_output(input, tools, tool_choice, config) -> ModelOutput:
        out = queue.pop(0) if queue else ModelOutput.from_content(MODEL, "Default output from mockllm/model")
        tin = math.ceil(sum(_chars(m) for m in input) / 4)
        tout = math.ceil(_chars(out.message) / 4)
        out.usage = ModelUsage(input_tokens=tin, output_tokens=tout, total_tokens=tin + tout)
        return out

    return get_model(MODEL, custom_outputs=next_output, memoize=False)


def _alice():
    return react(
        name="alice",
        model=_model(
            [
                ModelOutput.from_content(MODEL, "Let me think about it."),
                ModelOutput.for_tool_call(MODEL, "submit", {}, content="Submitting without an answer."),
                ModelOutput.for_tool_call(MODEL, "submit", {"answer": "42"}, content="The answer is 42."),
            ]
        ),
    )


def _bob():
    return react(
        name="bob",
        model=_model([ModelOutput.for_tool_call(MODEL, "submit", {"answer": "7"}, content="It is 7.")]),
    )


@task
def twins():
    return Task(
        dataset=[Sample(id="q1", input="What is 6 times 7?", target="42")],
        solver=swarm(
            members=[member(_alice(), name="alice"), member(_bob(), name="bob")],
            controller=leaderless(stop_on_submission=False),
        ),
        scorer=match(location="end"),
    )

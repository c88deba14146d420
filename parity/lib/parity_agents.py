"""Deterministic members and models for the parity scenarios' Inspect tasks.

`scripted(steps)` is the Inspect twin of swarmhost's `scripted` agent plugin:
the same step names (`generate`, `sleep`, `submit`, `fail`, `stop_self`),
so a scenario's `task.py` and `suite.hcl` read alike. `mock_model()` is
mockllm answering every call with the same text and the same fixed usage
that the suites script with `usage = {...}` on swarmhost's mockllm, so
token counts never depend on prompt wording.
"""

from collections.abc import Mapping, Sequence
from typing import Any

import anyio
from inspect_ai.agent import Agent, AgentState, agent
from inspect_ai.dataset import Sample
from inspect_ai.model import (
    ChatMessage,
    ChatMessageUser,
    GenerateConfig,
    Model,
    ModelOutput,
    ModelUsage,
    get_model,
)
from inspect_ai.model import ChatMessageAssistant, ChatMessageTool, execute_tools
from inspect_ai.tool import Tool, ToolCall, ToolChoice, ToolDef, ToolError, ToolInfo
from inspect_ai.util import LimitExceededError, SandboxEnvironment, SandboxEnvironmentSpec, sandboxenv
from inspect_ai.util._sandbox.local import LocalSandboxEnvironment
from inspect_swarm import swarm_on_continue, swarm_tools
from pydantic import BaseModel

# The usage every scripted call reports, on both sides.
INPUT_TOKENS = 10
OUTPUT_TOKENS = 2

Step = Mapping[str, Any]


def samples() -> list[Sample]:
    """The one sample every scenario runs (parity/samples.jsonl's)."""
    return [Sample(id=1, input="What is 6 times 7?", target="42")]


def mock_model(
    content: str = "ok",
    *,
    input_tokens: int = INPUT_TOKENS,
    output_tokens: int = OUTPUT_TOKENS,
    stop_reason: str = "stop",
    model: str = "mockllm/model",
) -> Model:
    """mockllm (mockllm/model by default) answering `content` with fixed
    usage on every call."""

    def output(
        _input: list[ChatMessage],
        _tools: list[ToolInfo],
        _choice: ToolChoice,
        _config: GenerateConfig,
    ) -> ModelOutput:
        out = ModelOutput.from_content(
            model=model, content=content, stop_reason=stop_reason  # type: ignore[arg-type]
        )
        out.usage = ModelUsage(
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            total_tokens=input_tokens + output_tokens,
        )
        return out

    return get_model(model, custom_outputs=output)


@agent
def scripted(steps: Sequence[Step] = ()) -> Agent:
    """A member that runs its steps in order, as swarmhost's scripted plugin.

    Steps: `generate` (optional `prompt`), `sleep` (`seconds`), `submit`
    (`answer`), `fail` (`message`: raises), `give_up` (returns an output
    that stopped for `stop_reason`, model_length by default: unsubmitted),
    `stop_self` (`message`: a sourceless custom limit error), and the
    board's steps (see `board_step`). Running out of steps returns an empty
    output. Every member resolves `swarm_tools()` first; with channel tools
    it gets the swarm's notices before each `generate`, as swarmhost gives
    them at each model call. The outputs it makes itself (`submit`,
    `give_up`, `stop_self`, the end) name the model of its last `generate`,
    "" before any, as swarmhost's scripted agent does.
    """

    async def execute(state: AgentState) -> AgentState:
        model = get_model()
        tools = await _swarm_tools()
        hook = swarm_on_continue(_go_on) if tools else None
        # the model its last generate answered with ("" before any)
        last_model = ""
        for step in steps:
            action = step["action"]
            if action in BOARD_ACTIONS:
                await board_step(tools, step)
                continue
            if action == "generate":
                if step.get("prompt"):
                    state.messages.append(ChatMessageUser(content=step["prompt"]))
                if hook is not None:
                    await hook(state)
                out = await model.generate(state.messages)
                state.messages.append(out.message)
                state.output = out
                last_model = out.model
            elif action == "sleep":
                await anyio.sleep(float(step["seconds"]))
            elif action == "submit":
                state.output = ModelOutput.from_content(model=last_model, content=step["answer"])
                return state
            elif action == "fail":
                raise RuntimeError(step.get("message", "failed"))
            elif action == "give_up":
                state.output = ModelOutput.from_content(
                    model=last_model, content=step.get("message", ""), stop_reason=step.get("stop_reason", "model_length")
                )
                return state
            elif action == "stop_self":
                raise LimitExceededError(
                    "custom", value=1, limit=1, message=step.get("message", "done")
                )
            else:
                raise ValueError(f"unknown step action {action!r}")
        state.output = ModelOutput.from_content(model=last_model, content="")
        return state

    return execute


async def _go_on(_state: AgentState) -> bool:
    # the turn boundary's hook goes on: the notice is all it adds
    return True


# The board's steps: one per shared_memory command, and `wait` (swarm_wait).
BOARD_ACTIONS = ("view", "create", "str_replace", "insert", "append", "delete", "rename", "wait")


async def _swarm_tools() -> dict[str, Tool]:
    # every member resolves the swarm's tools, as swarmhost gives every member
    # its channel tools: none for filesystem, the board's with shared_memory
    return {ToolDef(t).name: t for t in await swarm_tools().tools()}


async def board_step(tools: Mapping[str, Tool], step: Step) -> str:
    """One board step, as swarmhost's scripted plugin makes it, as a real
    tool call (so it leaves a tool event): `path` and `content` (file_text,
    insert_text or append_text), `old_str`/`new_str`, `insert_line`,
    `old_path`/`new_path`, `view_range`, `timeout` for `wait`;
    `continue_on_error` goes on after the board refuses it."""
    action = step["action"]
    if action == "wait":
        name, args = "swarm_wait", {k: step[k] for k in ("path", "timeout") if k in step}
    else:
        name, args = "shared_memory", {"command": action}
        for key in ("path", "old_str", "new_str", "insert_line", "old_path", "new_path", "view_range"):
            if key in step:
                args[key] = step[key]
        text = {"create": "file_text", "append": "append_text", "insert": "insert_text"}.get(action)
        if text is not None:
            args[text] = step.get("content", "")
    call = ToolCall(id=name, function=name, arguments=args)
    result = await execute_tools([ChatMessageAssistant(content="", tool_calls=[call])], list(tools.values()))
    msg = result.messages[0]
    assert isinstance(msg, ChatMessageTool)
    if msg.error is not None and not step.get("continue_on_error"):
        raise ToolError(msg.error.message)
    return msg.text


def priced_model(
    name: str = "priced", *, input_price: float = 1000.0, output_price: float = 5000.0
) -> Model:
    """mockllm/<name> with a price in dollars per million tokens (cache tokens
    at the input price, as swarmhost charges them), answering as mock_model().
    Each priced scenario names its own model: the price is process-wide."""
    from inspect_ai.model import ModelCost, ModelInfo, set_model_info

    cost = ModelCost(
        input=input_price, output=output_price, input_cache_write=input_price, input_cache_read=input_price
    )
    set_model_info(f"mockllm/{name}", ModelInfo(cost=cost))
    return mock_model(model=f"mockllm/{name}")


class ParityLocalConfig(BaseModel, frozen=True):
    """The `parity_local` sandbox's config: the members' environment names."""

    names: tuple[str, ...] = ()


def member_sandboxes(*names: str) -> SandboxEnvironmentSpec:
    """A sample sandbox with one local environment per member name, beside
    `default`, so members can each have their own with `sandbox="{member}"`,
    as swarmhost's `sandbox "local" { per_member = true }` gives them."""
    return SandboxEnvironmentSpec("parity_local", ParityLocalConfig(names=names))


@sandboxenv(name="parity_local")
class ParityLocal(LocalSandboxEnvironment):
    """Inspect's local sandbox, once as default and once per configured name."""

    @classmethod
    async def sample_init(cls, task_name, config, metadata) -> dict[str, SandboxEnvironment]:  # type: ignore[override]
        names = config.names if isinstance(config, ParityLocalConfig) else ()
        return {"default": LocalSandboxEnvironment(), **{n: LocalSandboxEnvironment() for n in names}}

    @classmethod
    def config_deserialize(cls, config: dict[str, Any]) -> BaseModel:
        return ParityLocalConfig(**config)


# The instructions of the react() message-limit scenarios' member.
REACT_PROMPT = "Answer the question, then submit it."


def react_message_limit_task(limit: int) -> Any:
    """The react() message-limit scenarios' task: Inspect's react() as the
    only member, with a member message limit of `limit`, on mockllm scripted
    with a turn without tool calls (react urges it on), then its submit tool."""
    from inspect_ai import Task
    from inspect_ai.agent import react
    from inspect_ai.scorer import match
    from inspect_ai.util import message_limit
    from inspect_swarm import leaderless, member, swarm

    outputs = [ModelOutput.from_content(model="mockllm/model", content="Let me think."),
               ModelOutput.for_tool_call(model="mockllm/model", tool_name="submit", tool_arguments={"answer": "42"})]
    for out in outputs:
        out.usage = ModelUsage(input_tokens=10, output_tokens=2, total_tokens=12)
    return Task(
        dataset=samples(),
        solver=swarm(members=[member(react(prompt=REACT_PROMPT), name="reactor", limits=[message_limit(limit)])],
                     controller=leaderless(), channels=[]),
        scorer=match(),
        model=get_model("mockllm/model", custom_outputs=outputs),
    )

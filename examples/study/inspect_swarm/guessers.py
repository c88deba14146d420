"""The example study's agents as Inspect agents, for Inspect Swarm 0.1.0:
the same guessers as the swarmhost suite's scripted members (../suite.hcl).

`guesser(door)` makes one model call, waits `door` seconds and answers its
door; `door=None` takes the sample's epoch as its door, as the suite's
`{epoch}` does. `checker()` opens doors 1, 2 and 3 in turn, a model call
each, until the task's scorer accepts one, as the suite's single agent
does with `gate = true`. `mock_model()` answers every call with the same
fixed usage as the suite's mockllm (100 tokens in, 20 out).
"""

import anyio
from inspect_ai.agent import Agent, AgentState, agent
from inspect_ai.model import (
    ChatMessage,
    ChatMessageUser,
    GenerateConfig,
    Model,
    ModelOutput,
    ModelUsage,
    get_model,
)
from inspect_ai.scorer import score, value_to_float
from inspect_ai.solver._task_state import sample_state
from inspect_ai.tool import ToolChoice, ToolInfo

INPUT_TOKENS = 100
OUTPUT_TOKENS = 20


def mock_model() -> Model:
    """mockllm with a fixed usage on every call."""

    def output(_input: list[ChatMessage], _tools: list[ToolInfo], _choice: ToolChoice,
               _config: GenerateConfig) -> ModelOutput:
        out = ModelOutput.from_content(model="mockllm/model", content="Let me pick a door.")
        out.usage = ModelUsage(input_tokens=INPUT_TOKENS, output_tokens=OUTPUT_TOKENS,
                               total_tokens=INPUT_TOKENS + OUTPUT_TOKENS)
        return out

    return get_model("mockllm/model", custom_outputs=output)


def _answer(state: AgentState, door: int) -> AgentState:
    state.output = ModelOutput.from_content(model="mockllm/model", content=str(door))
    state.messages.append(state.output.message)
    return state


@agent
def guesser(door: int | None = None) -> Agent:
    """One call, then door `door` (the epoch's when None) after that many seconds."""

    async def execute(state: AgentState) -> AgentState:
        state.messages.append(ChatMessageUser(content="Pick a door."))
        out = await get_model().generate(state.messages)
        state.messages.append(out.message)
        pick = door if door is not None else sample_state().epoch
        await anyio.sleep(pick)
        return _answer(state, pick)

    return execute


@agent
def checker() -> Agent:
    """Doors 1, 2, 3 in turn, a call each, until the task's scorer accepts one."""

    async def execute(state: AgentState) -> AgentState:
        to_float = value_to_float()
        for door in (1, 2, 3):
            state.messages.append(ChatMessageUser(content="Pick a door."))
            out = await get_model().generate(state.messages)
            state.messages.append(out.message)
            _answer(state, door)
            if door < 3 and to_float((await score(state))[0].value) == 1.0:
                break
        return state

    return execute

"""The bridge-agent benchmark's Inspect agent: makes `calls` model calls
with Inspect's own get_model().generate on the same short conversation, as
bench/plugins/callloop does in Go, then returns the last output. Run by the
inspect agent plugin as agent = "inspect_callloop:callloop"."""

from inspect_ai.agent import Agent, AgentState, agent
from inspect_ai.model import get_model


@agent
def callloop(calls: int = 1) -> Agent:
    async def execute(state: AgentState) -> AgentState:
        model = get_model()
        for _ in range(calls):
            state.output = await model.generate(state.messages)
        return state

    return execute

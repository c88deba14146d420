"""Inspect's react() as the only member with a member message limit of 3,
equal to react()'s first conversation (system prompt, input, preamble): Inspect's check before generate refuses the first call. As
inspect_react_message_limit (limit 4) otherwise."""

from inspect_ai import Task, task
from inspect_ai.agent import react
from inspect_ai.model import ModelOutput, ModelUsage, get_model
from inspect_ai.scorer import match
from inspect_ai.util import message_limit
from inspect_swarm import leaderless, member, swarm
from parity_agents import samples

PROMPT = "Answer the question, then submit it."


def scripted_model():
    outputs = [ModelOutput.from_content(model="mockllm/model", content="Let me think."),
               ModelOutput.for_tool_call(model="mockllm/model", tool_name="submit", tool_arguments={"answer": "42"})]
    for out in outputs:
        out.usage = ModelUsage(input_tokens=10, output_tokens=2, total_tokens=12)
    return get_model("mockllm/model", custom_outputs=outputs)


@task
def inspect_react_message_limit_3() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(members=[member(react(prompt=PROMPT), name="reactor", limits=[message_limit(3)])], controller=leaderless(), channels=[]),
        scorer=match(),
        model=scripted_model(),
    )

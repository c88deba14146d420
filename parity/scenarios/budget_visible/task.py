"""Budget visibility: a member makes one model call, reads the swarm's budget (swarm_budget() here,
host.budget() in swarmhost's Python SDK) and answers with what it read: the split, the output-metered
token cap with the swarm's use, its share and its use of it, no cost cap, and the time cap."""

from inspect_ai import Task, task
from inspect_ai.agent import Agent, AgentState, agent
from inspect_ai.model import ModelOutput, get_model
from inspect_ai.scorer import match
from inspect_swarm import Budget, leaderless, member, swarm, swarm_budget
from parity_agents import mock_model, samples


def _usage(u) -> str:
    # one cap as the answer writes it: cap, used, share, share used; "none" without the cap
    if u is None:
        return "none"
    share = "none" if u.share is None else f"{u.share:g}/{u.share_used:g}"
    return f"{u.cap:g} used {u.used:g} share {share}"


def describe(b) -> str:
    """The budget as the member's answer (plugins/swarmhost-agent-budget-reader writes the same)."""
    time = "none" if b.time is None else f"{b.time.cap:g} used>=0 {b.time.used >= 0} share {b.time.share}"
    return f"split {b.split}; tokens ({b.token_type}) {_usage(b.tokens)}; cost {_usage(b.cost)}; time {time}"


@agent
def budget_reader() -> Agent:
    async def execute(state: AgentState) -> AgentState:
        model = get_model()
        out = await model.generate(state.messages)
        state.messages.append(out.message)
        state.output = ModelOutput.from_content(model=str(model), content=describe(swarm_budget()))
        return state

    return execute


@task
def budget_visible() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[member(budget_reader, name="reader")],
            controller=leaderless(),
            budget=Budget(tokens="output:1000", time=600, split="equal"),
        ),
        scorer=match(),
        model=mock_model(),
    )

"""A controller that starts only the first member: the others never start, so they have no member_result evidence."""

from contextlib import aclosing

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import Controller, StopReason, SwarmControl, member, swarm, swarm_controller
from parity_agents import mock_model, samples, scripted


@swarm_controller
def first_only() -> Controller:
    """Starts the first member only and stops ("done") once it has ended."""

    async def run(control: SwarmControl) -> StopReason:
        control.start(control.members[0])
        async with aclosing(control.events()) as events:
            async for _ in events:
                return "done"
        return "done"

    return Controller(run)


def steps(seconds: float, answer: str) -> dict:
    return {"steps": [{"action": "generate", "prompt": "Go."}, {"action": "sleep", "seconds": seconds}, {"action": "submit", "answer": answer}]}


@task
def starts_one() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, steps(0.2, "7"), name="a"),
                member(scripted, steps(0.6, "42"), name="b"),
                member(scripted, steps(1.0, "9"), name="c"),
            ],
            controller=first_only(),
        ),
        scorer=match(),
        model=mock_model(),
    )

"""A custom controller that never chooses: the final rule (first) picks the answer."""

from contextlib import aclosing

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import Controller, StopReason, SwarmControl, member, swarm, swarm_controller
from parity_agents import mock_model, samples, scripted


@swarm_controller
def never_choose() -> Controller:
    """Starts every member, never chooses an answer, stops when all have ended."""

    async def run(control: SwarmControl) -> StopReason:
        for m in control.members:
            control.start(m)
        submitted = []
        async with aclosing(control.events()) as events:
            async for event in events:
                if event.submitted:
                    submitted.append(event.member)
        return "done"

    return Controller(run)


def steps(seconds: float, answer: str) -> dict:
    return {"steps": [{"action": "generate", "prompt": "Go."}, {"action": "sleep", "seconds": seconds}, {"action": "submit", "answer": answer}]}


@task
def controller_never_chooses() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, steps(0.2, "7"), name="a"),
                member(scripted, steps(0.6, "42"), name="b"),
                member(scripted, steps(1.0, "9"), name="c"),
            ],
            controller=never_choose(),
        ),
        scorer=match(),
        model=mock_model(),
    )

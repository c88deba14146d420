"""Per-member sandboxes: each member works in its own sandbox, named after it
(no channels: the filesystem channel describes a shared sandbox)."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import leaderless, member, swarm
from parity_agents import member_sandboxes, mock_model, samples, scripted


def steps(seconds: float, answer: str) -> dict:
    return {"steps": [{"action": "generate", "prompt": "Go."}, {"action": "sleep", "seconds": seconds}, {"action": "submit", "answer": answer}]}


@task
def per_member_sandboxes() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, steps(0.3, "42"), name="a", sandbox="{member}"),
                member(scripted, steps(1.0, "7"), name="b", sandbox="{member}"),
            ],
            controller=leaderless(),
            channels=[],
        ),
        scorer=match(),
        model=mock_model(),
        sandbox=member_sandboxes("a", "b"),
    )

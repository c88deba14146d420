"""A scorer reaches a sandbox of the task that is no member's (a comparator
service) by name, beside each member's own, as the seed's proof_swarm scorer
does with sandbox("comparator"). swarmhost runs the services as containers
(suite.hcl: compose.yaml on the docker provider); the peer as local
environments (member_sandboxes with the extra name)."""

import sys
from pathlib import Path

from inspect_ai import Task, task
from inspect_swarm import leaderless, member, swarm
from parity_agents import member_sandboxes, mock_model, samples, scripted

sys.path.insert(0, str(Path(__file__).parent))
from service_scorer import reaches_every_sandbox  # noqa: E402


def steps(seconds: float, answer: str) -> dict:
    return {"steps": [{"action": "generate", "prompt": "Go."}, {"action": "sleep", "seconds": seconds}, {"action": "submit", "answer": answer}]}


@task
def scorer_service_sandbox() -> Task:
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
        scorer=reaches_every_sandbox(),
        model=mock_model(),
        sandbox=member_sandboxes("a", "b", "comparator"),
    )

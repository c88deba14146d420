"""A member giving up with an output stopped for content_filter ends
unsubmitted and is never the answer; the other member answers."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import leaderless, member, swarm
from parity_agents import mock_model, samples, scripted


@task
def gives_up_filtered() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(
                    scripted,
                    {
                        "steps": [
                            {"action": "generate", "prompt": "Go."},
                            {"action": "give_up", "stop_reason": "content_filter", "message": "I cannot"},
                        ]
                    },
                    name="quitter",
                ),
                member(
                    scripted,
                    {"steps": [{"action": "generate", "prompt": "Go."}, {"action": "sleep", "seconds": 0.6}, {"action": "submit", "answer": "42"}]},
                    name="steady",
                ),
            ],
            controller=leaderless(stop_on_submission=False),
        ),
        scorer=match(),
        model=mock_model(),
    )

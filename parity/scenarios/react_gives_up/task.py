"""react giving up: its model's output stops for model_length, so react returns
without an answer (unsubmitted); the scripted member answers."""

from inspect_ai import Task, task
from inspect_ai.agent import react
from inspect_ai.scorer import match
from inspect_swarm import leaderless, member, swarm
from parity_agents import mock_model, samples, scripted


@task
def react_gives_up() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(
                    react(name="reactor", model=mock_model("too long", model="mockllm/long", stop_reason="model_length")),
                    name="reactor",
                ),
                member(
                    scripted,
                    {"steps": [{"action": "generate", "prompt": "Go."}, {"action": "sleep", "seconds": 0.8}, {"action": "submit", "answer": "42"}]},
                    name="steady",
                ),
            ],
            controller=leaderless(),
        ),
        scorer=match(),
        model=mock_model(),
    )

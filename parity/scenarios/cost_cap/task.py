"""A cost cap on a priced model: 0.02 dollars a call, cap 0.05; the swarm ends swarm_cap."""

from inspect_ai import Task, task
from inspect_ai.scorer import match
from inspect_swarm import Budget, leaderless, member, swarm
from parity_agents import priced_model, samples, scripted


@task
def cost_cap() -> Task:
    return Task(
        dataset=samples(),
        solver=swarm(
            members=[
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'generate'}, {'action': 'generate'}, {'action': 'sleep', 'seconds': 0.2}, {'action': 'generate'}, {'action': 'submit', 'answer': '7'}]}, name='a'),
                member(scripted, {"steps": [{'action': 'generate', 'prompt': 'Go.'}, {'action': 'sleep', 'seconds': 0.5}, {'action': 'generate'}, {'action': 'submit', 'answer': '42'}]}, name='b'),
            ],
            controller=leaderless(),
            budget=Budget(cost=0.05),
        ),
        scorer=match(),
        model=priced_model("priced"),
    )

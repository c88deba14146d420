"""Splitting a task's solver into the setup steps and the agent the swarm
replaces, as a researcher reads an Inspect task: in `solver=[s1, …, sN]`
the last step is the agent, the steps before it prepare the sample (a
system message, a prompt template, tools, the store). The task's own
`setup=` solver runs first of all, as in Inspect.

What cannot be split is refused, before any sample runs, with the reason:

* a chain whose last step only prepares the conversation (system_message,
  user_message, prompt_template, chain_of_thought, use_tools, …): there is no
  agent step for the swarm to replace;
* a chain in which a registered step before the last already runs the
  model (generate, or an agent such as react): the swarm would replace only
  part of the work.

Unknown steps before the last are setup steps: they run once per sample
before the swarm, as Inspect runs a solver (setup.py: the sample's store,
metadata and sandboxes, the eval's model).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SETUP_ONLY = frozenset({"system_message", "user_message", "assistant_message", "prompt_template",
                        "chain_of_thought", "use_tools", "multiple_choice_prompt", "setup"})
"""Registered solvers that prepare a sample and never call the model."""

RUNS_MODEL = frozenset({"generate", "react", "basic_agent", "self_critique", "multiple_choice", "fork",
                        "human_agent", "bridge"})
"""Registered solvers that call the model (or are agents)."""


class CannotSplit(ValueError):
    """The task's solver has no single agent step the swarm can replace."""


@dataclass
class Split:
    """The task's solver, split."""

    setup: list[Any]
    agent: Any
    setup_names: list[str]
    agent_name: str


def step_name(solver: Any) -> str:
    """A solver's name as Inspect logs it in the plan (registry name, no
    package prefix for Inspect's own)."""
    from inspect_ai._util.registry import is_registry_object, registry_info
    if is_registry_object(solver):
        name = registry_info(solver).name
    else:
        name = getattr(solver, "__name__", None) or type(solver).__name__
    return name.removeprefix("inspect_ai/")


def flatten(solver: Any) -> list[Any]:
    """The solver's steps, nested chains flattened."""
    from inspect_ai.solver._chain import Chain
    if isinstance(solver, Chain):
        return [s for step in solver for s in flatten(step)]
    return [solver]


def split(task: Any) -> Split:
    """The task's setup steps (its setup= solver, then every step before the
    last) and its agent (the last step). CannotSplit says why not."""
    steps = flatten(task.solver)
    names = [step_name(s) for s in steps]
    last = names[-1]
    if _base(last) in SETUP_ONLY:
        raise CannotSplit(f"the last step of the task's solver is {last}(), which prepares the sample and "
                          f"never runs the model, so there is no agent step for the swarm to take the place of "
                          f"(steps: {', '.join(names)})")
    for i, name in enumerate(names[:-1]):
        if _base(name) in RUNS_MODEL:
            raise CannotSplit(f"step {i + 1} of the task's solver, {name}(), runs the model before the last step "
                              f"({last}); the swarm can take the place of one agent step, the last: split the chain "
                              f"so that everything that calls the model is in its last step "
                              f"(steps: {', '.join(names)})")
    setup = flatten(task.setup) if task.setup is not None else []
    return Split(setup=setup + steps[:-1], agent=steps[-1], setup_names=[step_name(s) for s in setup] + names[:-1],
                 agent_name=last)


def _base(name: str) -> str:
    return name.rsplit("/", 1)[-1]

"""Inspect scorers for the Go end-to-end tests of the scorer bridge (host/cli),
named as "inspect_scorer_fixtures:<factory>" (this folder is on the plugin's
sys.path)."""

from inspect_ai.scorer import (CORRECT, INCORRECT, Metric, SampleScore, Score, accuracy, mean, metric, scorer, std, stderr,
                               var)
from inspect_ai.util import store


@scorer(metrics=[accuracy()])
def store_marks():
    """Marks Inspect's store() with the sample's id and is CORRECT when the
    store then holds this sample's mark alone, and the sample's result
    record: store() is the sample's own store (state.store), as in Inspect."""

    async def score(state, target):
        s = store()
        s.set("scored", s.get("scored", []) + [state.sample_id])
        own = s is state.store or s.get("scored") == state.store.get("scored")
        ok = own and s.get("scored") == [state.sample_id] and s.get("inspect_swarm:result") is not None
        return Score(value=CORRECT if ok else INCORRECT, explanation=f"store() held {s.get('scored')}")

    return score


@scorer(metrics={"utility": [accuracy(), stderr()], "security": [accuracy()]})
def utility_security():
    """A dict-valued score with per-key metrics, as agent-safety tasks
    score: utility is whether the answer ends with the target, security
    whether the answer says "secret" only where the target does."""

    async def score(state, target):
        answer = state.output.completion
        leaked = "secret" in answer and "secret" not in target.text
        return Score(value={"utility": CORRECT if answer.endswith(target.text) else INCORRECT,
                            "security": 0 if leaked else 1}, answer=answer)

    return score


@metric
def spread() -> Metric:
    """max - min of the values: a custom metric."""

    def compute(scores: list[SampleScore]) -> float:
        values = [s.score.as_float() for s in scores]
        return max(values) - min(values)

    return compute


@metric
def bounds() -> Metric:
    """{lower, upper}: a dict-valued custom metric."""

    def compute(scores: list[SampleScore]) -> dict:
        values = [s.score.as_float() for s in scores]
        return {"lower": min(values), "upper": max(values)}

    return compute


@metric
def listed() -> Metric:
    """The mean of each element of list-valued scores: a list-valued custom
    metric."""

    def compute(scores: list[SampleScore]) -> list:
        values = [s.score.value for s in scores]
        return [sum(v[i] for v in values) / len(values) for i in range(len(values[0]))]

    return compute


@scorer(metrics=[spread(), bounds()])
def custom_metrics():
    """The answer's length: a number, with custom metrics."""

    async def score(state, target):
        return Score(value=float(len(state.output.completion)))

    return score


@scorer(metrics=[mean(), stderr(), std(), var(), spread(), bounds(), stderr(cluster="group")])
def answer_length():
    """The answer's length, with built-in metrics (computed by the host),
    custom ones and a built-in one with arguments (computed by Inspect in
    the plugin), for TestInspectScorerOwnMetrics."""

    async def score(state, target):
        return Score(value=len(state.output.completion), answer=state.output.completion)

    return score


@scorer(metrics=[accuracy(), {"*": [mean(), spread()]}])
def keyed_lengths():
    """A dict-valued score with a plain metric (over the dict: 0, as
    Inspect's value_to_float makes it) and glob per-key metrics."""

    async def score(state, target):
        answer = state.output.completion
        return Score(value={"length": len(answer), "long": 1 if len(answer) > 2 else 0})

    return score


@scorer(metrics=[mean(), listed()])
def list_values():
    """A list-valued score ([length, 1]): Inspect accepts it; its built-in
    metrics read it as 0, a custom metric reads the list."""

    async def score(state, target):
        return Score(value=[len(state.output.completion), 1])

    return score

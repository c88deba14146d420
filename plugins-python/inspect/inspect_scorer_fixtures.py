"""Inspect scorers for the Go end-to-end tests of the scorer bridge (host/cli),
named as "inspect_scorer_fixtures:<factory>" (this folder is on the plugin's
sys.path)."""

from inspect_ai.scorer import CORRECT, INCORRECT, Metric, SampleScore, Score, accuracy, metric, scorer, stderr
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


@scorer(metrics=[spread(), bounds()])
def custom_metrics():
    """The answer's length: a number, with custom metrics."""

    async def score(state, target):
        return Score(value=float(len(state.output.completion)))

    return score

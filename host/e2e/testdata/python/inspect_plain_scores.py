"""Plain Inspect's answer for an Inspect scorer (TestInspectScorerOwnMetrics):
runs `inspect_ai.eval` on a task whose solver answers each sample with a
fixed text (no model call) and whose scorer is the one named, then prints
{"scores": results.scores as [{name, scorer, metrics: {key: value}}],
"samples": {id: the scorer's value}} from the log Inspect wrote.

With EPOCHS above 1 it also prints "reductions": {id: the reduced value}
(the first reducer's, Inspect's default mean).

usage: inspect_plain_scores.py MODULE:FACTORY SAMPLES_JSON LOG_DIR [EPOCHS]
SAMPLES_JSON: [{"id", "target", "answer", "metadata"}]
"""

import importlib
import json
import math
import sys

from inspect_ai import Task, eval
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ChatMessageAssistant, ModelOutput
from inspect_ai.solver import solver


def main() -> None:
    spec, samples, log_dir = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]
    epochs = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    module, _, factory = spec.partition(":")
    scorer = getattr(importlib.import_module(module), factory)()
    answers = {s["id"]: s["answer"] for s in samples}

    @solver
    def fixed():
        async def solve(state, generate):
            text = answers[state.sample_id]
            state.output = ModelOutput.from_content("mockllm/model", text)
            state.messages.append(ChatMessageAssistant(content=text))
            return state

        return solve

    task = Task(dataset=MemoryDataset([Sample(id=s["id"], input="?", target=s["target"],
                                              metadata=s.get("metadata")) for s in samples]),
                solver=fixed(), scorer=scorer, epochs=epochs)
    [log] = eval(task, model="mockllm/model", log_dir=log_dir, display="none")
    if log.status != "success":
        raise SystemExit(f"plain Inspect eval: {log.status}: {log.error}")
    print(json.dumps({
        "scores": [{"name": s.name, "scorer": s.scorer,
                    "metrics": {k: (None if math.isnan(m.value) else m.value) for k, m in s.metrics.items()}}
                   for s in log.results.scores],
        "samples": {str(s.id): next(iter(s.scores.values())).value for s in log.samples if s.epoch == 1},
        "reductions": {str(s.sample_id): s.value for s in log.reductions[0].samples} if epochs > 1 else {},
    }))


main()

"""Plain Inspect's grades for TestInspectScorerMatchesGoScorers: reads the
cases (a JSON list of {scorer, args, completion, targets}) on stdin, runs
each installed inspect_ai scorer on a TaskState whose output is the
completion, with no bridge and no host, and prints
{"version": inspect_ai's version, "scores": [{value, answer, explanation}]}."""

import asyncio
import json
import sys

import inspect_ai
from inspect_ai.model import ModelOutput
from inspect_ai.scorer import Target
from inspect_ai.scorer._scorer import scorer_create
from inspect_ai.solver import TaskState


async def grade(case):
    scorer = scorer_create("inspect_ai/" + case["scorer"], **case["args"])
    state = TaskState(model="mockllm/model", sample_id="case", epoch=1, input="", messages=[],
                      output=ModelOutput.from_content("mockllm/model", case["completion"]))
    s = await scorer(state, Target(case["targets"]))
    return {"value": s.value, "answer": s.answer, "explanation": s.explanation}


async def main():
    cases = json.load(sys.stdin)
    scores = [await grade(c) for c in cases]
    json.dump({"version": inspect_ai.__version__, "scores": scores}, sys.stdout)


asyncio.run(main())

"""Inspect's own readers on one log (TestInspectScorerDictScores): prints
{"evals": evals_df's score columns, "samples": samples_df's score columns
by sample id, "header": results.scores as read_eval_log reads them}."""

import json
import math
import sys

import pandas as pd

from inspect_ai.analysis import evals_df, samples_df
from inspect_ai.log import read_eval_log


def plain(v):
    if v is pd.NA or (isinstance(v, float) and math.isnan(v)):
        return None
    return v.item() if hasattr(v, "item") else v


log = sys.argv[1]
evals = evals_df(log)
samples = samples_df(log)
read = read_eval_log(log, header_only=True)
print(json.dumps({
    "evals": {c: plain(evals[c].iloc[0]) for c in evals.columns if c.startswith("score_")},
    "samples": {str(r["id"]): {c: plain(r[c]) for c in samples.columns if c.startswith("score_")}
                for _, r in samples.iterrows()},
    "header": [{"name": s.name, "scorer": s.scorer, "metrics": {k: m.value for k, m in s.metrics.items()}}
               for s in read.results.scores],
}))

"""Reads logs with Inspect's readers and Inspect Swarm's analysis, as a researcher would, and prints
what they say, one JSON object per log:

    {"path", "task", "registry_name", "task_args", "status", "scores": {"ID/EPOCH": {scorer: value}},
     "metrics": {"score name/metric": value}, "evals_df": rows, "samples_df": rows, "swarm": rows}

`swarm` is the row count of samples_df with inspect_swarm.analysis' SwarmColumns and the number of
samples whose swarm_ledger() validates (swarmhost logs; 0 for plain Inspect's, which have no swarm).
Any reader that fails exits 1 naming the log.

    python read_logs.py LOG [LOG ...]
"""

import json
import math
import sys

from inspect_ai.analysis import SampleSummary, evals_df, samples_df
from inspect_ai.log import read_eval_log, read_eval_log_sample
from inspect_swarm.analysis import SwarmColumns, swarm_ledger


def value(v):
    if isinstance(v, float) and math.isnan(v):
        return "NaN"
    return v


def summary(path):
    log = read_eval_log(path)
    header = read_eval_log(path, header_only=True)
    assert header.eval.task == log.eval.task
    scores = {}
    ledgers = 0
    for s in log.samples or []:
        again = read_eval_log_sample(path, s.id, s.epoch)
        assert again.id == s.id
        scores[f"{s.id}/{s.epoch}"] = {k: value(v.value) for k, v in (s.scores or {}).items()}
        if "inspect_swarm:ledger" in (s.store or {}):
            swarm_ledger(s)
            ledgers += 1
    metrics = {}
    for es in log.results.scores if log.results else []:
        for name, m in es.metrics.items():
            key = f"{es.name}/{es.reducer}/{name}" if es.reducer else f"{es.name}/{name}"
            metrics[key] = value(m.value)
    swarm_rows = len(samples_df(path, columns=SampleSummary + SwarmColumns, quiet=True)) if ledgers else 0
    return {"path": path, "task": log.eval.task, "registry_name": log.eval.task_registry_name,
            "task_args": log.eval.task_args_passed, "status": log.status, "scores": scores, "metrics": metrics,
            "evals_df": len(evals_df(path, quiet=True)), "samples_df": len(samples_df(path, quiet=True)),
            "swarm": swarm_rows, "ledgers": ledgers}


def main():
    for path in sys.argv[1:]:
        try:
            print(json.dumps(summary(path)), flush=True)
        except Exception as e:  # noqa: BLE001
            sys.exit(f"{path}: {type(e).__name__}: {e}")


if __name__ == "__main__":
    main()

"""Check swarmhost logs with Inspect AI's own readers.

Usage: check_inspect_log.py LOG [LOG ...]

For each log this reads it with inspect_ai.log.read_eval_log (whole, and
header only) and read_eval_log_sample, checks every sample's scores and the
inspect_swarm:result record in its store, loads it with
inspect_ai.analysis.samples_df and evals_df, and prints one JSON object per
log on stdout:

  {"path", "status", "samples", "scorers", "results", "df_rows",
   "df_score_columns", "records", "evals_df_rows"}

Any disagreement exits 1 with the reasons on stderr. The Go test
host/e2e/inspectlog_test.go runs it under `make test` with the venv that
scripts/venv.sh builds.
"""

import json
import math
import sys

from inspect_ai.analysis import evals_df, samples_df
from inspect_ai.log import read_eval_log, read_eval_log_sample

RECORD_KEY = "inspect_swarm:result"
MEMBER_KEYS = [
    "name", "role", "state", "status", "submitted", "time", "sandbox",
    "gate_checks", "gate_passes", "first_pass_time",
]
FINAL_KEYS = ["mode", "member", "reason", "provisional"]


class Problems:
    """Collects what Inspect's view of a log disagrees with."""

    def __init__(self, path):
        self.path = path
        self.items = []

    def add(self, msg):
        self.items.append(f"{self.path}: {msg}")


def check_record(p, where, record):
    """The result record must have SPEC §9's fields in SPEC §9's order."""
    if not isinstance(record, dict):
        p.add(f"{where}: store[{RECORD_KEY!r}] is {type(record).__name__}, not a dict")
        return
    if list(record) != ["version", "members", "final"]:
        p.add(f"{where}: record keys {list(record)}")
    if record.get("version") != 1:
        p.add(f"{where}: record version {record.get('version')!r}")
    for m in record.get("members", []):
        if list(m) != MEMBER_KEYS:
            p.add(f"{where}: member keys {list(m)}")
    if list(record.get("final", {})) != FINAL_KEYS:
        p.add(f"{where}: final keys {list(record.get('final', {}))}")


def check_samples(p, log):
    """Every sample has scores with values and the record in its store."""
    scorers, records = set(), 0
    for s in log.samples or []:
        where = f"sample {s.id!r} epoch {s.epoch}"
        if s.error is None and not s.scores:
            p.add(f"{where}: no scores")
        for name, score in (s.scores or {}).items():
            scorers.add(name)
            if score.value is None:
                p.add(f"{where}: score {name} has no value")
        if RECORD_KEY not in s.store:
            p.add(f"{where}: no {RECORD_KEY} in the store")
            continue
        records += 1
        check_record(p, where, s.store[RECORD_KEY])
    return sorted(scorers), records


def metric_value(v):
    """JSON has no NaN: report it as the string "NaN"."""
    return "NaN" if isinstance(v, float) and math.isnan(v) else v


def results_view(log):
    """Scores as Inspect parsed them: name/reducer -> metric -> value."""
    if log.results is None:
        return None
    out = {}
    for sc in log.results.scores:
        key = sc.name if not sc.reducer else f"{sc.name}/{sc.reducer}"
        out[key] = {k: metric_value(m.value) for k, m in sc.metrics.items()}
    return out


def check_frames(p, path, log, scorers):
    """samples_df has one row per sample and a score column per scorer."""
    df = samples_df(path)
    if len(df) != len(log.samples or []):
        p.add(f"samples_df has {len(df)} rows for {len(log.samples or [])} samples")
    score_cols = sorted(c for c in df.columns if c.startswith("score_"))
    for name in scorers:
        if f"score_{name}" not in df.columns:
            p.add(f"samples_df has no column score_{name} (columns: {score_cols})")
    ev = evals_df(path)
    if len(ev) != 1:
        p.add(f"evals_df has {len(ev)} rows")
    return len(df), score_cols, len(ev)


def check(path):
    p = Problems(path)
    log = read_eval_log(path)
    header = read_eval_log(path, header_only=True)
    if header.status != log.status:
        p.add(f"header status {header.status} != full status {log.status}")
    if header.samples:
        p.add("header-only read returned samples")
    scorers, records = check_samples(p, log)
    if log.samples:
        first = log.samples[0]
        one = read_eval_log_sample(path, first.id, first.epoch)
        if one.uuid != first.uuid:
            p.add(f"read_eval_log_sample({first.id!r}, {first.epoch}) returned another sample")
    rows, cols, ev_rows = check_frames(p, path, log, scorers)
    report = {
        "path": path, "status": log.status, "samples": len(log.samples or []),
        "scorers": scorers, "results": results_view(log), "df_rows": rows,
        "df_score_columns": cols, "records": records, "evals_df_rows": ev_rows,
    }
    return report, p.items


def main(paths):
    if not paths:
        print(__doc__, file=sys.stderr)
        return 2
    failed = []
    for path in paths:
        report, problems = check(path)
        print(json.dumps(report))
        failed.extend(problems)
    for msg in failed:
        print(msg, file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

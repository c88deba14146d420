"""Inspect Swarm's own analysis run on a log: `swarm_ledger()` on each
sample and `samples_df()` with `SwarmColumns`, as a researcher would."""

import math
from pathlib import Path
from typing import Any

from inspect_ai.analysis import SampleSummary, samples_df
from inspect_ai.log import EvalLog
from inspect_swarm.analysis import SwarmColumns, swarm_ledger


def _plain(v: Any) -> Any:
    """A dataframe cell as plain JSON: numpy scalars unwrapped, NA and NaN null."""
    import pandas as pd

    if v is pd.NA or v is None:
        return None
    if hasattr(v, "item"):
        v = v.item()
    if isinstance(v, float) and math.isnan(v):
        return None
    return v


def swarm_columns(log_file: Path) -> list[dict[str, Any]]:
    """SwarmColumns' values for every sample of one log file; raises what
    inspect_swarm raises on a ledger it cannot read."""
    df = samples_df(str(log_file), columns=SampleSummary + SwarmColumns, quiet=True)
    names = [c.name for c in SwarmColumns]
    return [{n: _plain(row[n]) for n in names} for _, row in df.iterrows()]


def analysis_part(log: EvalLog, log_file: Path) -> Any:
    """What the analysis reads from the log: SwarmColumns of its first sample
    and whether swarm_ledger() validates every sample's ledger."""
    try:
        ledgers = [swarm_ledger(s) is not None for s in (log.samples or [])]
    except ValueError as ex:
        return {"swarm_ledger": "raises: " + str(ex).splitlines()[0]}
    try:
        rows = swarm_columns(log_file)
    except Exception as ex:  # noqa: BLE001 - reported in the table
        return {"swarm_ledger": ledgers, "columns": "raises: " + str(ex).splitlines()[0]}
    columns = rows[0] if rows else None
    if columns and columns.get("swarm_time_cap") is not None:
        # a derived time cap depends on when the swarm started
        columns["swarm_time_cap"] = "<float>"
    return {"swarm_ledger": ledgers, "columns": columns}


def check_logs(files: list[Path]) -> list[str]:
    """Problems the analysis has with each log file (empty: it reads them all)."""
    from inspect_ai.log import read_eval_log

    problems = []
    for f in files:
        try:
            log = read_eval_log(str(f))
            for s in log.samples or []:
                swarm_ledger(s)
            swarm_columns(f)
        except Exception as ex:  # noqa: BLE001 - each is reported
            problems.append(f"{f}: {type(ex).__name__}: {str(ex).splitlines()[0] if str(ex) else ''}")
    return problems

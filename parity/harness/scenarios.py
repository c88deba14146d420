"""Scenario discovery and the two runs: Inspect Swarm in this process,
swarmhost as subprocesses beside it.

A scenario is a folder under parity/scenarios/ holding `task.py` (an
Inspect `@task` named after the folder) and `suite.hcl` (one `eval`)."""

import importlib.util
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from inspect_ai import Task, eval
from inspect_ai.log import EvalLog, read_eval_log

PARITY = Path(__file__).resolve().parent.parent
SCENARIOS = PARITY / "scenarios"
# How many of the peer's tasks run at once in this process.
PEER_TASKS = 4


@dataclass
class Scenario:
    """One scenario's folder and what its runs produced."""

    name: str
    folder: Path
    peer: EvalLog | None = None
    peer_file: Path | None = None
    ours: EvalLog | None = None
    ours_file: Path | None = None
    error: str | None = None


def discover(only: list[str]) -> list[Scenario]:
    """Every scenario folder, sorted; with only, just those (unknown names fail)."""
    found = {
        d.name: Scenario(d.name, d)
        for d in sorted(SCENARIOS.iterdir())
        if (d / "task.py").exists() and (d / "suite.hcl").exists()
    }
    unknown = [n for n in only if n not in found]
    if unknown:
        raise SystemExit(f"parity: no scenario {', '.join(unknown)} (have {', '.join(found)})")
    return [found[n] for n in only] if only else list(found.values())


def load_task(s: Scenario) -> Task:
    """The scenario's Inspect task (its task.py's @task named after the folder)."""
    lib = str(PARITY / "lib")
    if lib not in sys.path:
        sys.path.insert(0, lib)
    spec = importlib.util.spec_from_file_location(f"parity_scenario_{s.name}", s.folder / "task.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    fn = getattr(module, s.name, None)
    if fn is None:
        raise SystemExit(f"parity: {s.folder / 'task.py'} defines no @task named {s.name}")
    return fn()


def log_files(folder: Path) -> list[Path]:
    """The eval logs in folder, either of Inspect's formats (.eval, .json)."""
    return sorted([*folder.glob("*.eval"), *folder.glob("*.json")])


def run_ours(s: Scenario, swarmhost: Path, out: Path) -> None:
    """Runs the scenario's suite with swarmhost into out/ours/<name>."""
    logs = out / "ours" / s.name
    logs.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(
        [str(swarmhost), "run", str(s.folder), "--log-dir", str(logs)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    files = log_files(logs)
    if not files:
        s.error = f"swarmhost wrote no log (exit {proc.returncode}): {(proc.stderr or proc.stdout).strip()[-400:]}"
        return
    # read later, in the main thread: parsing a log here would hold the GIL
    # and stall the peer's event loop, whose members are timed by sleeps
    s.ours_file = files[-1]


def run_peer(scenarios: list[Scenario], out: Path) -> None:
    """Runs every scenario's Inspect task in one eval() call."""
    tasks = [load_task(s) for s in scenarios]
    logs = eval(
        tasks,
        log_dir=str(out / "peer"),
        display="none",
        # a few at a time: members are ordered by sleeps of a few hundred
        # milliseconds, which one busy event loop running every task would blur
        max_tasks=min(PEER_TASKS, len(tasks)),
        log_format="json",
        # each task's own fail_on_error (Inspect's default when unset), as
        # swarmhost runs each suite with its defaults
    )
    for s, log in zip(scenarios, logs, strict=True):
        s.peer_file = Path(log.location)
        s.peer = read_eval_log(log.location)


EXAMPLES = PARITY.parent / "examples"


@dataclass
class Example:
    """One of the project's examples, run for inspect_swarm.analysis."""

    name: str
    folder: Path
    logs: list[Path]
    error: str | None = None


def run_example(e: Example, swarmhost: Path, out: Path) -> None:
    """Runs an example suite with swarmhost into out/examples/<name>."""
    logs = out / "examples" / e.name
    logs.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(
        [str(swarmhost), "run", str(e.folder), "--log-dir", str(logs)],
        capture_output=True, text=True, timeout=600,
    )
    e.logs = log_files(logs)
    if not e.logs:
        e.error = f"wrote no log (exit {proc.returncode}): {(proc.stderr or proc.stdout).strip()[-300:]}"


def examples() -> list[Example]:
    """Every example folder with a suite."""
    return [Example(d.name, d, []) for d in sorted(EXAMPLES.iterdir()) if (d / "suite.hcl").exists()]


def run_both(scenarios: list[Scenario], swarmhost: Path, out: Path, jobs: int, extra: list[Example]) -> None:
    """Both sides at once: swarmhost's suites (and the examples) in a
    thread pool while the peer's tasks run in this process; the threads
    only wait on subprocesses, and swarmhost's logs are read afterwards."""
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(run_ours, s, swarmhost, out) for s in scenarios]
        futures += [pool.submit(run_example, e, swarmhost, out) for e in extra]
        run_peer(scenarios, out)
        for f in futures:
            f.result()
    for s in scenarios:
        if s.ours_file is not None:
            s.ours = read_eval_log(str(s.ours_file))

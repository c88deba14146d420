"""The side-by-side parity suite: every scenario run on Inspect Swarm 0.1.0
(the peer, from bench/peer/venv.sh) and on swarmhost, compared part by part.

Usage (make parity runs it in the peer's venv):

    python parity/run.py [-only NAME]... [-v] [--strict] [--swarmhost BIN] [--out DIR]
    python parity/run.py --check-docs
    python parity/run.py --analysis LOG...

Prints a table (scenario x part: same / allowed / pending / DIFFERENT) and
the differences behind every DIFFERENT cell; exits 1 on any difference the
allow-list does not cover (and, with --strict, on pending ones), 2 when the
suite itself cannot run. parity/README.md says how to add a scenario.
"""

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import allow  # noqa: E402
from harness.analysis import analysis_part, check_logs  # noqa: E402
from harness.diff import Difference, diff  # noqa: E402
from harness.parts import PARTS, sample_parts  # noqa: E402
from harness.requests import requests_part  # noqa: E402
from harness.scenarios import PARITY, Example, Scenario, discover, examples, run_both  # noqa: E402

ROOT = PARITY.parent
COLUMNS = [*PARTS, "analysis", "requests"]
# The part a scenario that could not run on one side is filed under.
RUN_PART = "run"
MARK = {"same": "same", "allowed": "allowed", "pending": "pending", "different": "DIFFERENT"}


def parse() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-only", "--only", action="append", default=[], help="run only this scenario (repeatable)")
    p.add_argument("-v", "--verbose", action="store_true", help="also list allowed and pending differences")
    p.add_argument("--strict", action="store_true", help="pending differences fail too")
    p.add_argument("--swarmhost", default=str(ROOT / "bin" / "swarmhost"))
    p.add_argument("--out", help="directory for both sides' logs and report.json (default: a temporary one)")
    p.add_argument("--jobs", type=int, default=2, help="swarmhost suites run at once")
    p.add_argument("--check-docs", action="store_true", help=f"only check {allow.DOCS_PAGE} has a bullet for every allow-list entry")
    p.add_argument("--no-examples", action="store_true", help="skip running examples/* for inspect_swarm.analysis")
    p.add_argument("--analysis", nargs="+", metavar="LOG", help="only run inspect_swarm.analysis on these logs")
    return p.parse_args()


def lists() -> tuple[list[allow.Entry], list[allow.Entry]]:
    parts = {*COLUMNS, RUN_PART}
    try:
        allowed = allow.load(PARITY / "allowlist.toml", parts)
        pending = allow.load(PARITY / "pending.toml", parts)
        problems = allow.check_docs(allowed, (ROOT / allow.DOCS_PAGE).read_text())
    except allow.ListError as ex:
        raise SystemExit(f"parity: {ex}") from ex
    if problems:
        raise SystemExit("parity: " + "\n parity: ".join(problems))
    return allowed, pending


def compare(s: Scenario, allowed: list[allow.Entry], pending: list[allow.Entry]) -> dict:
    """Each part's verdict and differences for one scenario."""
    assert s.peer is not None and s.ours is not None and s.peer_file and s.ours_file
    peer, ours = sample_parts(s.peer), sample_parts(s.ours)
    peer["analysis"] = analysis_part(s.peer, s.peer_file)
    ours["analysis"] = analysis_part(s.ours, s.ours_file)
    peer["requests"], ours["requests"] = requests_part(s.peer, s.folder), requests_part(s.ours, s.folder)
    cells = {}
    for part in COLUMNS:
        rows = []
        for d in diff(peer[part], ours[part]):
            e = allow.find(allowed, s.name, part, d)
            verdict = "allowed" if e else None
            if e is None:
                e = allow.find(pending, s.name, part, d)
                verdict = "pending" if e else "different"
            rows.append({"path": d.path, "kind": d.kind, "detail": d.detail, "verdict": verdict, "entry": e.id if e else None})
        worst = next((v for v in ("different", "pending", "allowed") if any(r["verdict"] == v for r in rows)), "same")
        cells[part] = {"verdict": worst, "differences": rows}
    return cells


def run_error(s: Scenario, allowed: list[allow.Entry], pending: list[allow.Entry]) -> dict:
    """A scenario one side could not run, as its one difference in part run."""
    d = Difference("", "missing", s.error or "no log")
    e = allow.find(allowed, s.name, RUN_PART, d)
    verdict = "allowed" if e else None
    if e is None:
        e = allow.find(pending, s.name, RUN_PART, d)
        verdict = "pending" if e else "different"
    return {"error": s.error or "no log", "verdict": verdict, "entry": e.id if e else None}


def table(results: dict[str, dict]) -> str:
    width = max([len("scenario"), *map(len, results)])
    colw = {c: max(len(c), 9) for c in COLUMNS}
    lines = ["scenario".ljust(width) + "  " + "  ".join(c.ljust(colw[c]) for c in COLUMNS)]
    for name, cells in results.items():
        if "error" in cells:
            tag = "" if cells["verdict"] == "different" else f" [{cells['verdict']}: {cells['entry']}]"
            lines.append(name.ljust(width) + "  did not run" + tag + ": " + " ".join(cells["error"].split())[:160])
            continue
        lines.append(name.ljust(width) + "  " + "  ".join(MARK[cells[c]["verdict"]].ljust(colw[c]) for c in COLUMNS))
    return "\n".join(lines)


def details(results: dict[str, dict], verbose: bool) -> list[str]:
    shown = {"different"} | ({"allowed", "pending"} if verbose else set())
    out = []
    for name, cells in results.items():
        if "error" in cells:
            continue
        for part, cell in cells.items():
            for r in cell["differences"]:
                if r["verdict"] in shown:
                    tag = "" if r["verdict"] == "different" else f" [{r['verdict']}: {r['entry']}]"
                    out.append(f"{name} {part}: {r['path'] or '<root>'}: {r['kind']}: {r['detail']}{tag}")
    return out


def examples_report(extra: list[Example]) -> list[str]:
    """Runs inspect_swarm.analysis on every example's logs, prints what it
    could not read, and returns the examples that failed."""
    if not extra:
        return []
    bad = []
    for e in extra:
        problems = [e.error] if e.error else check_logs(e.logs)
        if problems:
            bad.append(f"examples/{e.name}")
            for p in problems:
                print(f"examples/{e.name}: inspect_swarm.analysis: {p}")
    files = sum(len(e.logs) for e in extra)
    print(f"parity: inspect_swarm.analysis read {files} logs of {len(extra) - len(bad)}/{len(extra)} examples")
    return bad


def verdict(cells: dict) -> str:
    """A scenario's worst verdict."""
    if "error" in cells:
        return cells["verdict"]
    found = {c["verdict"] for c in cells.values()}
    return next((v for v in ("different", "pending", "allowed") if v in found), "same")


def main() -> int:
    args = parse()
    if args.analysis:
        problems = check_logs([Path(f) for f in args.analysis])
        print("\n".join(problems) or f"inspect_swarm.analysis read {len(args.analysis)} logs")
        return 1 if problems else 0
    allowed, pending = lists()
    if args.check_docs:
        print(f"parity: {allow.DOCS_PAGE} lists every allow-list entry ({len(allowed)} entries)")
        return 0
    scenarios = discover(args.only)
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="parity-"))
    extra = [] if args.no_examples or args.only else examples()
    run_both(scenarios, Path(args.swarmhost), out, args.jobs, extra)
    results = {}
    for s in scenarios:
        if s.error or s.peer is None or s.ours is None:
            results[s.name] = run_error(s, allowed, pending)
            continue
        results[s.name] = compare(s, allowed, pending)
    (out / "report.json").write_text(json.dumps(results, indent=1))
    print(table(results))
    for line in details(results, args.verbose):
        print(line)
    failing = {"different"} | ({"pending"} if args.strict else set())
    bad = [n for n, c in results.items() if verdict(c) in failing]
    bad += examples_report(extra)
    used = [f"{e.id} ({e.item}): {e.used}" for e in pending if e.used]
    if used:
        print("parity: pending differences by entry: " + "; ".join(used))
    stale = [e.id for e in pending if e.used == 0 and not args.only]
    if stale:
        print(f"parity: pending entries no scenario needs any more (remove them): {', '.join(stale)}")
    print(f"parity: {len(scenarios)} scenarios, {len(bad)} with differences outside the allow-list; logs and report.json in {out}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

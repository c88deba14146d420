"""The allow-list (parity/allowlist.toml) and the pending list (parity/pending.toml).

Both hold `[[difference]]` entries:

    [[difference]]
    id = "plugins"                # unique, a bullet of docs/reference/differences.md
    reason = "why it differs"     # required
    scenarios = ["*"]             # fnmatch globs on scenario names (default all)
    part = "evidence"             # a compared part, or "*"; absent: not visible in the suite
    paths = ["*.span_id"]         # fnmatch globs on difference paths (default all)
    kinds = ["missing"]           # missing, extra, order, type, value (default all)

The allow-list holds only the differences SPEC §15 keeps on purpose and
those the suite observes; each is a `**id**` bullet of the generated page
docs/reference/differences.md (`make docs`), which also lists the decisions
the suite cannot observe (parity/decisions.md: deadlines, sandboxes, log
layout...) that are not in the list. The
pending list holds known gaps another item of issue 20 closes (`item`
names it); they print as pending and fail only with --strict.
"""

import fnmatch
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .diff import Difference

KINDS = frozenset({"missing", "extra", "order", "type", "value"})


@dataclass
class Entry:
    """One allowed (or pending) difference."""

    id: str
    reason: str
    scenarios: list[str] = field(default_factory=lambda: ["*"])
    part: str | None = None
    paths: list[str] = field(default_factory=lambda: ["*"])
    kinds: list[str] = field(default_factory=lambda: sorted(KINDS))
    item: str | None = None
    used: int = 0

    def matches(self, scenario: str, part: str, d: Difference) -> bool:
        """Whether this entry covers difference d of part in scenario."""
        return (
            self.part is not None
            and fnmatch.fnmatchcase(part, self.part)
            and any(fnmatch.fnmatchcase(scenario, g) for g in self.scenarios)
            and any(fnmatch.fnmatchcase(d.path, g) for g in self.paths)
            and d.kind in self.kinds
        )


class ListError(ValueError):
    """A malformed allow-list or pending list, naming the file and entry."""


def load(path: Path, parts: set[str]) -> list[Entry]:
    """The entries of one list file; a missing file is an empty list."""
    if not path.exists():
        return []
    data = tomllib.loads(path.read_text())
    entries, seen = [], set()
    for i, raw in enumerate(data.get("difference", []), 1):
        where = f"{path}: difference {i}"
        unknown = set(raw) - {"id", "reason", "scenarios", "part", "paths", "kinds", "item"}
        if unknown:
            raise ListError(f"{where}: unknown keys {sorted(unknown)}")
        if not raw.get("id") or not raw.get("reason"):
            raise ListError(f"{where}: needs an id and a reason")
        if raw["id"] in seen:
            raise ListError(f"{where}: id {raw['id']!r} is repeated")
        seen.add(raw["id"])
        if raw.get("part") is not None and raw["part"] != "*" and raw["part"] not in parts:
            raise ListError(f"{where} ({raw['id']}): unknown part {raw['part']!r} (want one of {sorted(parts)})")
        if set(raw.get("kinds", [])) - KINDS:
            raise ListError(f"{where} ({raw['id']}): unknown kinds {sorted(set(raw['kinds']) - KINDS)}")
        entries.append(Entry(**raw))
    return entries


def find(entries: list[Entry], scenario: str, part: str, d: Difference) -> Entry | None:
    """The first entry covering d, counting the use."""
    for e in entries:
        if e.matches(scenario, part, d):
            e.used += 1
            return e
    return None


_BULLET = re.compile(r"^- \*\*([a-z0-9_-]+)\*\*", re.M)

#: The page listing the differences, generated from this list and parity/decisions.md.
DOCS_PAGE = "docs/reference/differences.md"


def listed_ids(page: str) -> list[str]:
    """The `**id**` bullets of the differences page."""
    if not re.search(r"^# Differences from Inspect Swarm\s*$", page, re.M):
        raise ListError(f'{DOCS_PAGE} has no "# Differences from Inspect Swarm" title')
    return _BULLET.findall(page)


def check_docs(entries: list[Entry], page: str) -> list[str]:
    """Problems with the differences page covering the allow-list (empty:
    every entry has its bullet; `make docs` regenerates the page). The page
    lists more: the differences the suite cannot observe stay out of the
    allow-list."""
    listed = set(listed_ids(page))
    return [f"allow-list entry {e.id!r} is not in {DOCS_PAGE}: run `make docs`" for e in entries
            if e.id not in listed]

"""Field-by-field comparison of two JSON values: names, order, types, values.

A difference is (path, kind, detail). Paths are dotted, list items by index
(`members.1.status`); kinds are `missing` (only the peer has it), `extra`
(only swarmhost has it), `order` (same keys, other order), `type` (other
JSON type) and `value`.
"""

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Difference:
    """One difference between the peer's value (Inspect Swarm) and ours."""

    path: str
    kind: str
    detail: str

    def __str__(self) -> str:
        return f"{self.path or '<root>'}: {self.kind}: {self.detail}"


def json_type(v: Any) -> str:
    """The JSON type name of a decoded value (int and float kept apart)."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "array"
    if isinstance(v, dict):
        return "object"
    return type(v).__name__


def _join(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


def _short(v: Any) -> str:
    s = repr(v)
    return s if len(s) <= 60 else s[:57] + "..."


def diff(peer: Any, ours: Any, path: str = "") -> list[Difference]:
    """Every difference between peer and ours, depth first."""
    tp, to = json_type(peer), json_type(ours)
    if tp != to:
        return [Difference(path, "type", f"peer {tp} {_short(peer)}, swarmhost {to} {_short(ours)}")]
    if tp == "object":
        return _diff_objects(peer, ours, path)
    if tp == "array":
        out = []
        for i, (a, b) in enumerate(zip(peer, ours)):
            out += diff(a, b, _join(path, i))
        for i in range(len(ours), len(peer)):
            out.append(Difference(_join(path, i), "missing", _short(peer[i])))
        for i in range(len(peer), len(ours)):
            out.append(Difference(_join(path, i), "extra", _short(ours[i])))
        return out
    if peer != ours:
        return [Difference(path, "value", f"peer {_short(peer)}, swarmhost {_short(ours)}")]
    return []


def _diff_objects(peer: dict, ours: dict, path: str) -> list[Difference]:
    out = []
    for k in peer:
        if k not in ours:
            out.append(Difference(_join(path, k), "missing", _short(peer[k])))
    for k in ours:
        if k not in peer:
            out.append(Difference(_join(path, k), "extra", _short(ours[k])))
    shared_p = [k for k in peer if k in ours]
    shared_o = [k for k in ours if k in peer]
    if shared_p != shared_o:
        out.append(Difference(path, "order", f"peer {shared_p}, swarmhost {shared_o}"))
    for k in shared_p:
        out += diff(peer[k], ours[k], _join(path, k))
    return out

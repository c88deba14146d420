"""Completing a config with its schema's defaults, as the host does (the Go
SDK's schema.Schema.Complete, which the host itself calls): every attribute
present, an unset (absent or None) optional one with its default (None
without one), an unset single block None and an unset list block empty, and
the same inside every nested block given. Keys the schema does not name are
kept. Both SDKs are tested against sdk/schema/testdata/complete.json."""

from __future__ import annotations

import copy
from typing import Any

from .types import Block, Schema


def complete(schema: Schema, config: Any) -> dict[str, Any]:
    """Returns a completed copy of config (None counts as {})."""
    if config is None:
        config = {}
    if not isinstance(config, dict):
        raise ValueError(f"config must be a JSON object, not {_kind(config)}")
    out = copy.deepcopy(config)
    _complete(schema, out, "")
    return out


def _complete(schema: Schema, obj: dict[str, Any], path: str) -> None:
    for a in schema.attributes:
        if obj.get(a.name) is None:
            obj[a.name] = copy.deepcopy(a.default)
    for b in schema.blocks:
        _complete_block(b, obj, _join(path, b.name))


def _complete_block(b: Block, parent: dict[str, Any], path: str) -> None:
    v = parent.get(b.name)
    if v is None:
        parent[b.name] = [] if b.nesting == "list" else None
        return
    if b.nesting != "list":
        _complete_one(b, v, path)
        return
    if not isinstance(v, list):
        raise ValueError(f"{path}: a list block must be a JSON array, not {_kind(v)}")
    for i, item in enumerate(v):
        _complete_one(b, item, f"{path}[{i}]")


def _complete_one(b: Block, v: Any, path: str) -> None:
    if not isinstance(v, dict):
        raise ValueError(f"{path}: a block must be a JSON object, not {_kind(v)}")
    _complete(b.body, v, path)


def _kind(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, dict):
        return "an object"
    if isinstance(v, list):
        return "an array"
    if isinstance(v, str):
        return "a string"
    if isinstance(v, bool):
        return "a boolean"
    return "a number"


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name

"""Checking a config schema as the host does when it loads a plugin (the Go
SDK's schema.Schema.Check): names present and distinct, every type an HCL
type constraint, every default a value of its type as written. All three (Go,
Python, the host through HCL) are tested against sdk/schema/testdata/check.json."""

from __future__ import annotations

import json
from decimal import Decimal, InvalidOperation
from typing import Any

from .types import Attribute, Schema

PRIMITIVES = {"any", "string", "number", "bool"}
CONSTRUCTORS = {"list", "set", "map", "object", "tuple"}


class SchemaError(ValueError):
    """A config schema the host refuses to load."""


def check(schema: Schema) -> None:
    """Raises SchemaError for the first problem the host would refuse the
    schema for; nested blocks' bodies are checked too."""
    names: set[str] = set()
    for a in schema.attributes:
        if not a.name or a.name in names:
            raise SchemaError(f"attribute {_q(a.name)}: empty or duplicate name")
        names.add(a.name)
        try:
            _check_attribute(a)
        except SchemaError as e:
            raise SchemaError(f"attribute {_q(a.name)}: {e}") from None
    for b in schema.blocks:
        if not b.name or b.name in names:
            raise SchemaError(f"block {_q(b.name)}: empty name, or the name of another attribute or block")
        names.add(b.name)
        try:
            check(b.body)
        except SchemaError as e:
            raise SchemaError(f"block {_q(b.name)}: {e}") from None
        if b.nesting not in ("single", "list"):
            raise SchemaError(f"block {_q(b.name)}: unknown nesting {b.nesting!r}")


def _check_attribute(a: Attribute) -> None:
    try:
        ty = _Parser(a.type or "").parse()
    except SchemaError as e:
        raise SchemaError(f"type {_q(a.type)}: {e}") from None
    if a.required or a.default is None:
        return
    raw = _dumps(a.default)
    try:
        back = _convert(a.default, ty)
    except SchemaError as e:
        raise SchemaError(f"default {raw} does not fit the type: {e}") from None
    if not _same(a.default, back):
        raise SchemaError(f"default {raw} is not of its type; write it as {_dumps(back)}")


# --- types --------------------------------------------------------------------------------------
# A parsed type is a tuple: ("any",), ("string",), ("list", elem), ("set", elem), ("map", elem),
# ("object", {name: type}, {optional names}), ("tuple", [types]).


class _Parser:
    def __init__(self, src: str) -> None:
        self.src, self.pos, self.end = src, 0, 0

    def parse(self):
        if not self.src.strip():
            return ("any",)
        t = self.typ()
        if self._skip() < len(self.src):
            raise SchemaError(f"Extra characters after the type: {_q(self.src[self.pos:])}")
        return t

    def _skip(self) -> int:
        while self.pos < len(self.src) and self.src[self.pos] in " \t\r\n":
            self.pos += 1
        return self.pos

    def _peek(self) -> str:
        return self.src[self.pos] if self._skip() < len(self.src) else ""

    def _eat(self, c: str) -> bool:
        if self._peek() == c:
            self.pos += 1
            self.end = self.pos
            return True
        return False

    def _ident(self) -> str:
        start = self._skip()
        while self.pos < len(self.src):
            c = self.src[self.pos]
            if not (c == "_" or c.isascii() and c.isalpha() or self.pos > start and (c == "-" or c.isdigit())):
                break
            self.pos += 1
        if self.pos > start:
            self.end = self.pos
        return self.src[start:self.pos]

    def typ(self):
        name = self._ident()
        if not name:
            raise SchemaError("A type specification is either a primitive type keyword (bool, number, string) "
                              "or a complex type constructor call, like list(string)")
        if not self._eat("("):
            if name in PRIMITIVES:
                return (name,)
            if name in CONSTRUCTORS:
                raise SchemaError(f"The {name} type constructor requires one argument")
            raise SchemaError(f"The keyword {_q(name)} is not a valid type specification")
        if name in PRIMITIVES:
            raise SchemaError(f"Type keyword {_q(name)} does not expect arguments")
        if name in ("list", "set", "map"):
            t = (name, self.typ())
        elif name == "object":
            t = self._object()
        elif name == "tuple":
            t = self._tuple()
        elif name == "optional":
            raise SchemaError(f"Keyword {_q(name)} is valid only as a modifier for object type attributes")
        else:
            raise SchemaError(f"Keyword {_q(name)} is not a valid type constructor")
        if not self._eat(")"):
            raise SchemaError(f"The {name} type constructor requires one argument")
        return t

    def _object(self):
        attrs: dict[str, Any] = {}
        optional: set[str] = set()
        if not self._eat("{"):
            raise SchemaError("Object type constructor requires a map whose keys are attribute names and "
                              "whose values are the corresponding attribute types")
        while not self._eat("}"):
            name = self._ident()
            if not name:
                raise SchemaError("Object constructor map keys must be attribute names")
            if name in attrs:
                raise SchemaError("Object constructor map keys must be unique")
            if not self._eat("=") and not self._eat(":"):
                raise SchemaError(f"Missing key/value separator after {_q(name)}")
            save = self.pos
            if self._ident() == "optional" and self._eat("("):
                attrs[name] = self.typ()
                optional.add(name)
                if not self._eat(")"):
                    raise SchemaError("Optional attribute modifier expects only one argument: the attribute type")
            else:
                self.pos = save
                attrs[name] = self.typ()
            if not self._newline() and not self._eat(",") and self._peek() != "}":
                raise SchemaError(f"Missing attribute separator after {_q(name)}")
        return ("object", attrs, optional)

    def _newline(self) -> bool:
        self._skip()
        if "\n" not in self.src[self.end:self.pos]:
            return False
        self._eat(",")
        return True

    def _tuple(self):
        if not self._eat("["):
            raise SchemaError("Tuple type constructor requires a list of element types")
        elems = []
        while not self._eat("]"):
            elems.append(self.typ())
            if not self._eat(",") and self._peek() != "]":
                raise SchemaError("Missing item separator in the tuple's element types")
        return ("tuple", elems)


# --- conversion ---------------------------------------------------------------------------------


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _convert(v: Any, ty) -> Any:
    kind = ty[0]
    if v is None or kind == "any":
        return v
    if kind in ("string", "number", "bool"):
        return _primitive(v, kind)
    if kind in ("list", "set"):
        if not isinstance(v, list):
            raise SchemaError(f"{kind} required")
        out = _elems(v, ty[1])
        return out if kind == "list" else _set_order(out)
    if kind == "map":
        if not isinstance(v, dict):
            raise SchemaError("map required")
        keys = sorted(v)
        try:
            conv = _elems([v[k] for k in keys], ty[1])
        except SchemaError as e:
            raise SchemaError(f"map values: {e}") from None
        return dict(zip(keys, conv))
    if kind == "object":
        if not isinstance(v, dict):
            raise SchemaError("object required")
        out = {}
        for name in sorted(ty[1]):
            if name not in v and name not in ty[2]:
                raise SchemaError(f"attribute {_q(name)} is required")
            try:
                out[name] = _convert(v.get(name), ty[1][name])
            except SchemaError as e:
                raise SchemaError(f".{name}: {e}") from None
        return out
    if not isinstance(v, list):
        raise SchemaError("tuple required")
    if len(v) != len(ty[1]):
        raise SchemaError(f"tuple required with {len(ty[1])} elements")
    return [_convert(x, t) for x, t in zip(v, ty[1])]


def _primitive(v: Any, kind: str) -> Any:
    if kind == "string":
        if isinstance(v, str):
            return v
        if isinstance(v, bool):
            return "true" if v else "false"
        if _is_number(v):
            return _dumps(v)
        raise SchemaError("string required")
    if kind == "number":
        if _is_number(v):
            return v
        if isinstance(v, str):
            try:
                d = Decimal(v)
            except InvalidOperation:
                raise SchemaError("a number is required") from None
            return int(d) if d == d.to_integral_value() else float(d)
        raise SchemaError("number required")
    if isinstance(v, bool):
        return v
    if v in ("true", "false"):
        return v == "true"
    raise SchemaError("a bool is required" if isinstance(v, str) else "bool required")


def _elems(items: list, elem) -> list:
    out, first = [], None
    for i, item in enumerate(items):
        if _has_any(elem) and item is not None:
            sig = _implied(item)
            if first is None:
                first = sig
            elif sig != first:
                raise SchemaError(f"element {i}: all elements must have the same type")
        try:
            out.append(_convert(item, elem))
        except SchemaError as e:
            raise SchemaError(f"element {i}: {e}") from None
    return out


def _set_order(items: list) -> list:
    out: list = []
    for x in items:
        if not any(_same(x, y) for y in out):
            out.append(x)

    def key(x):
        if x is None:
            return (1, 0, "")
        if isinstance(x, bool):
            return (0, 0, int(x))
        if _is_number(x):
            return (0, 1, x)
        if isinstance(x, str):
            return (0, 2, x)
        return (0, 3, 0)  # no order promised: kept as written

    if all(x is None or isinstance(x, (str, bool, int, float)) for x in out):
        kinds = {type(x) for x in out if x is not None}
        if len(kinds - {int, float}) <= 1:
            out.sort(key=key)
    return out


def _has_any(ty) -> bool:
    kind = ty[0]
    if kind == "any":
        return True
    if kind in ("list", "set", "map"):
        return _has_any(ty[1])
    if kind == "object":
        return any(_has_any(t) for t in ty[1].values())
    if kind == "tuple":
        return any(_has_any(t) for t in ty[1])
    return False


def _implied(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "bool"
    if _is_number(v):
        return "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "[" + "".join(_implied(x) + "," for x in v) + "]"
    if isinstance(v, dict):
        return "{" + "".join(f"{k}:{_implied(v[k])}," for k in sorted(v)) + "}"
    return type(v).__name__


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values: numbers by value, never a bool for a number."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if _is_number(a) or _is_number(b):
        return _is_number(a) and _is_number(b) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def _dumps(v: Any) -> str:
    return json.dumps(v, separators=(",", ":"), ensure_ascii=False)


def _q(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)

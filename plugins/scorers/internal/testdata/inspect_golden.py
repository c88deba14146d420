"""Write inspect-0.3.260.json: Inspect AI's own answers for the scorer helpers.

The scorer plugins must agree with Inspect bit for bit; this script runs
Inspect's code on a fixed, seeded corpus of inputs and records what it
returns, and the Go tests replay the corpus. Nothing of Inspect is copied:
the script loads the installed wheel's modules (without the package's heavy
imports) and calls them.

    pip download inspect-ai==0.3.260 --no-deps -d /tmp/w
    unzip -q /tmp/w/inspect_ai-0.3.260-py3-none-any.whl -d /tmp/w/src
    INSPECT_SRC=/tmp/w/src/inspect_ai python3 inspect_golden.py

Python 3.11 was used (Unicode 14, as in ../pytext/tables.go).
"""

import asyncio
import importlib.util
import json
import os
import random
import sys
import types

ROOT = os.environ["INSPECT_SRC"]


def _package(name, path):
    m = types.ModuleType(name)
    m.__path__ = [path]
    sys.modules[name] = m


def _stub(name, **attrs):
    m = types.ModuleType(name)
    m.__dict__.update(attrs)
    sys.modules[name] = m


class _Score:
    def __init__(self, value, answer=None, explanation=None, metadata=None):
        self.value, self.answer, self.explanation = value, answer, explanation


def _load(name):
    path = os.path.join(ROOT, name.split(".", 1)[1].replace(".", "/") + ".py")
    spec = importlib.util.spec_from_file_location(name, path)
    m = importlib.util.module_from_spec(spec)
    sys.modules[name] = m
    spec.loader.exec_module(m)
    return m


for pkg, sub in [("inspect_ai", ""), ("inspect_ai._util", "_util"), ("inspect_ai.scorer", "scorer"), ("inspect_ai.solver", "solver")]:
    _package(pkg, os.path.join(ROOT, sub))
_stub("inspect_ai.solver._task_state", TaskState=object)
_stub("inspect_ai.scorer._metric", CORRECT="C", INCORRECT="I", PARTIAL="P", NOANSWER="N", Score=_Score)
_stub("inspect_ai.scorer._scorer", Scorer=object, scorer=lambda **kw: (lambda f: f))
_stub("inspect_ai.scorer._metrics", accuracy=lambda: None, stderr=lambda: None, mean=lambda: None)
text = _load("inspect_ai._util.text")
target_mod = _load("inspect_ai.scorer._target")
unicode_mod = _load("inspect_ai.scorer._unicode")
common = _load("inspect_ai.scorer._common")
match_mod = _load("inspect_ai.scorer._match")
pattern_mod = _load("inspect_ai.scorer._pattern")
classification = _load("inspect_ai.scorer._classification")


class _State:
    def __init__(self, completion):
        self.output = types.SimpleNamespace(completion=completion)


def _score(fn, completion, targets):
    s = asyncio.run(fn(_State(completion), target_mod.Target(targets)))
    return {"value": s.value, "answer": s.answer, "explanation": s.explanation or ""}


TOKENS = [
    "The", "answer", "is", "ANSWER:", "42", "42.", "42.0", "$1,000.50", "\\$460", "1,000", "3,000", "−5", "-5", "+7",
    "½", "2½", "-½", "三", "十二", "二〇二五", "三千零五", "五点五", "负三", "廿", "１２３", "٣٫٥", "3²", "1.5⁻³",
    "60%", "(42)", "[7]", "42!", "1e3", "1E-2", "1_000", "Ⅻ", "①", "0.0001", "123456", "123460", "1e-5", "-0.5",
    "99999.5", "nan", "inf", "1e400", "**7**", "__8__", "€5", "£6", "1,5", "1.234,5", "3.14.", "(3.14)", "don't",
    "U.S.", "STRASSE", "Straße", "ΟΔΟΣ", "İstanbul", "a", "an", "the", "A", "cat", "Cat!", "dog", "well-known",
    "-", "--", "...", "?", "x", "", "\u3000", "é", "ﬁ", "٤٢", "5.", ".5",
]
SEPARATORS = [" ", " ", " ", "-", "\n", "\t", "  ", "\u00a0", "\x1c"]


def _join(rng, tokens):
    out = ""
    for i, t in enumerate(tokens):
        if i:
            out += rng.choice(SEPARATORS)
        out += t
    if rng.random() < 0.2:
        out = rng.choice([" ", "\n", ""]) + out + rng.choice([" ", "\n", "."])
    return out


def _text(rng, max_tokens):
    return _join(rng, [rng.choice(TOKENS) for _ in range(rng.randint(0, max_tokens))])


def _pair(rng):
    """A completion and one or two targets; half the targets reuse some of
    the completion's tokens, so that matches and partial overlaps occur."""
    tokens = [rng.choice(TOKENS) for _ in range(rng.randint(0, 6))]
    targets = []
    for _ in range(rng.randint(1, 2)):
        if tokens and rng.random() < 0.5:
            k = rng.randint(1, len(tokens))
            picked = rng.sample(tokens, k) if rng.random() < 0.5 else tokens[-k:]
            targets.append(_join(rng, picked))
        else:
            targets.append(_text(rng, 2))
    return _join(rng, tokens), targets


def main():
    rng = random.Random(20260822)
    pairs = [_pair(rng) for _ in range(500)]
    words = sorted(set(TOKENS + [_text(rng, 2) for _ in range(200)]))

    match_rows = []
    for completion, targets in pairs:
        loc = rng.choice(["begin", "end", "exact", "any"])
        ic, num = rng.random() < 0.8, rng.random() < 0.6
        s = _score(match_mod.match(loc, ignore_case=ic, numeric=num), completion, targets)
        match_rows.append({"location": loc, "ignore_case": ic, "numeric": num, "completion": completion, "targets": targets, **s})
    includes_rows = [{"completion": c, "targets": t, **_score(match_mod.includes(), c, t)} for c, t in pairs[:100]]
    exact_rows = [{"completion": c, "targets": t, **_score(classification.exact(), c, t)} for c, t in pairs]
    f1_rows = [{"completion": c, "targets": t, **_score(classification.f1(), c, t)} for c, t in pairs]

    def number(s):
        v = common._parse_number(s)
        return None if v is None else repr(v)

    def unicode_number(s):
        try:
            return repr(unicode_mod.unicode_number_to_float(s))
        except (ValueError, OverflowError, ZeroDivisionError):
            return None

    golden = {
        "inspect_ai": "0.3.260",
        "python": sys.version.split()[0],
        "match": match_rows,
        "includes": includes_rows,
        "exact": exact_rows,
        "f1": f1_rows,
        "words": [
            {"in": w, "strip_numeric_punctuation": text.strip_numeric_punctuation(w), "parse_number": number(w),
             "normalize_number": common.normalize_number(w), "unicode_number": unicode_number(w),
             "normalize": classification._normalize(w), "is_finite_number": text.is_finite_number(w),
             "lower": w.lower(), "casefold": w.casefold()}
            for w in words
        ],
    }
    with open("inspect-0.3.260.json", "w", encoding="utf-8") as f:
        json.dump(golden, f, ensure_ascii=False, indent=0, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()

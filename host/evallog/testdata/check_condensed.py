"""Reads condensed logs with Inspect and compares their sample with the uncondensed one.

Usage: check_condensed.py UNCONDENSED.json LOG...

UNCONDENSED.json holds {"events": [...], "messages": [...]}: the sample's events and messages
as they were before the writer condensed them. For each log (one sample, .json or .eval) this
checks, through Inspect's own readers, that:
  - every attachment's key is Inspect's hash of its text (mm3_hash);
  - read_eval_log with resolved attachments gives back exactly those events and messages;
  - the read without resolving has every model event's input filled from the pool;
  - Inspect's condense_sample of the uncondensed sample gives the file's events, attachments
    and events_data;
  - the dataframes give as many rows as for the same log uncondensed.
Any difference is printed and the exit status is 1.
"""

import json
import sys
import zipfile

from inspect_ai._util.hash import mm3_hash
from inspect_ai.analysis import events_df, messages_df, samples_df
from inspect_ai.event import ModelEvent
from inspect_ai.log import EvalSample, condense_sample, read_eval_log, read_eval_log_sample


def raw_sample(path):
    """The log's one sample as the file holds it."""
    if path.endswith(".eval"):
        with zipfile.ZipFile(path) as z:
            name = next(n for n in z.namelist() if n.startswith("samples/"))
            return json.loads(z.read(name))
    with open(path) as f:
        return json.load(f)["samples"][0]


def first_difference(a, b, path=""):
    """The path of the first place a and b differ, and the two values there."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if a.get(k) != b.get(k):
                return first_difference(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
    return f"{path}: got {a!r}, want {b!r}"


def dumped(items):
    return [i.model_dump(mode="json", exclude_none=True) for i in items]


def main() -> int:
    with open(sys.argv[1]) as f:
        ref = json.load(f)
    want = EvalSample(id="ref", epoch=1, input="", target="", events=ref["events"], messages=ref["messages"])
    failures = []
    for path in sys.argv[2:]:
        log = read_eval_log(path)
        raw = log.samples[0]
        if not raw.attachments:
            failures.append(f"{path}: no attachments: the sample is not condensed")
        for key, text in raw.attachments.items():
            if mm3_hash(text) != key:
                failures.append(f"{path}: attachment {key} is not mm3_hash of its text")
        for e in raw.events:
            if isinstance(e, ModelEvent) and not e.input:
                failures.append(f"{path}: a model event's input was not filled from the pool")
        full = read_eval_log(path, resolve_attachments="full").samples[0]
        one = read_eval_log_sample(path, id=raw.id, epoch=raw.epoch, resolve_attachments=True)
        for what, got in (("read_eval_log", full), ("read_eval_log_sample", one)):
            for name, a, b in (("events", dumped(got.events), dumped(want.events)),
                               ("messages", dumped(got.messages), dumped(want.messages))):
                if a != b:
                    for i, (x, y) in enumerate(zip(a, b)):
                        if x != y:
                            failures.append(f"{path}: {what}: {name}[{i}]{first_difference(x, y)}")
                    if len(a) != len(b):
                        failures.append(f"{path}: {what}: {len(a)} {name}, want {len(b)}")
        # the same log uncondensed: what the dataframes must agree with
        plain = path + ".uncondensed.json"
        whole = read_eval_log(path, resolve_attachments="full")
        with open(plain, "w") as f:
            f.write(whole.model_dump_json(exclude_none=True))
        # Inspect's own condensing of the uncondensed sample gives what the file holds
        ours = EvalSample.model_validate(raw_sample(path)).model_dump(mode="json", exclude_none=True)
        theirs = condense_sample(whole.samples[0]).model_dump(mode="json", exclude_none=True)
        for key in ("events", "attachments", "events_data"):
            if ours.get(key) != theirs.get(key):
                failures.append(f"{path}: condense_sample: {key}{first_difference(ours.get(key), theirs.get(key))}")
        if list(ours["attachments"]) != list(theirs["attachments"]):
            failures.append(f"{path}: condense_sample: attachments in another order")
        counts = {name: (len(df(path)), len(df(plain)))
                  for name, df in (("samples_df", samples_df), ("messages_df", messages_df), ("events_df", events_df))}
        for name, (got_n, want_n) in counts.items():
            if got_n != want_n:
                failures.append(f"{path}: {name} has {got_n} rows, want {want_n}")
        print(json.dumps({"path": path, "attachments": len(raw.attachments), **{k: v[0] for k, v in counts.items()}}))
    for f in failures:
        print(f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

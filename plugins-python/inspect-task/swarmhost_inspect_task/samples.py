"""A task's dataset as rows for the host, one at a time, in order.

Each Inspect Sample becomes a JSON row with Inspect's field names (the host
reads it with the same rules as a dataset file): id, input (a string, or
the chat messages as Inspect serialises them), target, choices, metadata,
files, setup, and the sample's own sandbox ({"type", "config"}, the config
a path made absolute against the task's directory, as Inspect resolves it).

Rows are made from the dataset lazily: the dataset is indexed one sample at
a time and nothing is kept, so a large dataset is never held twice (Inspect
datasets are Sequences; a streaming sample source is read in order). A row
Inspect would reject (a sample without input, a value that cannot be
written to a log) is reported as an error naming its index.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Iterator


@dataclass
class Row:
    """One dataset row: its 0-based index and either the row or an error."""

    index: int
    row: dict[str, Any] | None = None
    error: str = ""


def rows(task: Any, run_dir: str | None) -> Iterator[Row]:
    """The task's samples as rows, in the dataset's order."""
    dataset = task.dataset
    for index in range(len(dataset)):
        try:
            sample = dataset[index]
        except Exception as e:  # noqa: BLE001 - the row, not the stream, failed
            yield Row(index=index, error=f"{type(e).__name__}: {e}")
            continue
        try:
            yield Row(index=index, row=to_row(sample, run_dir))
        except (TypeError, ValueError) as e:
            yield Row(index=index, error=f"id {sample.id!r}: {e}" if sample.id is not None else str(e))


def to_row(sample: Any, run_dir: str | None) -> dict[str, Any]:
    """One Inspect Sample as a row with Inspect's field names."""
    if sample.input is None or sample.input == "" or sample.input == []:
        raise ValueError("the sample has no input")
    row: dict[str, Any] = {"input": sample.input if isinstance(sample.input, str) else
                           [jsonable(m.model_dump(exclude_none=True)) for m in sample.input]}
    if sample.id is not None:
        row["id"] = sample.id
    if sample.target not in (None, ""):
        row["target"] = sample.target
    if sample.choices:
        row["choices"] = list(sample.choices)
    if sample.metadata:
        row["metadata"] = jsonable(sample.metadata)
    if sample.files:
        row["files"] = dict(sample.files)
    if sample.setup:
        row["setup"] = sample.setup
    if sample.sandbox is not None:
        row["sandbox"] = sandbox_spec(sample.sandbox, run_dir)
    return row


def sandbox_spec(spec: Any, run_dir: str | None) -> dict[str, Any]:
    """A SandboxEnvironmentSpec as {"type", "config"}; a config file path is
    absolute (relative paths resolve against the task's directory, as
    Inspect's resolve_task_sandbox does); a config object is its JSON."""
    from inspect_ai.util._sandbox.environment import resolve_sandbox_environment
    resolved = resolve_sandbox_environment(spec)
    config = resolved.config
    if isinstance(config, str):
        if not os.path.isabs(config):
            config = os.path.join(run_dir or os.getcwd(), config)
    elif config is not None:
        config = jsonable(config.model_dump() if hasattr(config, "model_dump") else config)
    return {"type": resolved.type, "config": config}


def jsonable(value: Any) -> Any:
    """A value as Inspect writes it into a log (pydantic's JSON mode); a
    value it cannot write is a ValueError naming its type."""
    from pydantic_core import PydanticSerializationError, to_jsonable_python
    try:
        return to_jsonable_python(value, serialize_unknown=False)
    except PydanticSerializationError as e:
        raise ValueError(f"a value cannot be written to the log: {e}") from None

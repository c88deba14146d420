"""Finding an Inspect task by the name a researcher gives it, as `inspect
eval` finds it, and making it with its task arguments.

Three forms, tried in this order (the first that applies wins; when none
does, the error lists what each try found):

* "file.py@name" or "file.py": Inspect's own file loader (the file's
  directory is the working directory while the module loads, as in Inspect);
* "package.module:name": the module imported, the @task function called;
* a registry name ("inspect_evals/gsm8k", or a name registered by any
  installed package): Inspect's registry, which loads the package's
  "inspect_ai" entry points on first use.

Task arguments come as a JSON object (from HCL) and as Inspect's `-T k=v`
strings, parsed by Inspect's own parse_cli_args (YAML values, commas make
lists); -T wins on a clash, as a command line overrides a file.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class TaskRef:
    """What names one Inspect task and its arguments."""

    spec: str
    args: dict[str, Any] = field(default_factory=dict)
    cli_args: tuple[str, ...] = ()
    base_dir: str = ""
    """Where a relative file.py resolves (the suite's directory); "" is the
    working directory."""

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> "TaskRef":
        """A TaskRef from the host's JSON ({"spec", "args", "cli_args", "base_dir"})."""
        if not isinstance(doc.get("spec"), str) or not doc["spec"]:
            raise ValueError("an Inspect task reference needs a non-empty \"spec\"")
        args = doc.get("args") or {}
        if not isinstance(args, dict):
            raise ValueError("task args must be an object of keyword arguments")
        return cls(spec=doc["spec"], args=args, cli_args=tuple(doc.get("cli_args") or ()),
                   base_dir=doc.get("base_dir") or "")

    def key(self) -> str:
        """A stable key for the loaded task (same reference, same key)."""
        doc = json.dumps([self.spec, self.args, list(self.cli_args), self.base_dir], sort_keys=True, default=str)
        return hashlib.sha256(doc.encode()).hexdigest()[:16]

    def task_args(self) -> dict[str, Any]:
        """The arguments the @task function gets: args, then -T on top."""
        try:
            from inspect_ai._util.config import parse_cli_args
        except ImportError:  # inspect_ai before 0.3.285 keeps it with the CLI
            from inspect_ai._cli.util import parse_cli_args
        merged = dict(self.args)
        merged.update(parse_cli_args(list(self.cli_args)))
        return merged


class TaskNotFound(LookupError):
    """No form found the task; str() lists each try and why it failed."""

    def __init__(self, spec: str, tries: list[tuple[str, str]]) -> None:
        self.spec, self.tries = spec, tries
        lines = [f"{spec!r} is not an Inspect task:"] + [f"  as {how}: {why}" for how, why in tries]
        super().__init__("\n".join(lines))


@dataclass
class Loaded:
    """An Inspect task made from a TaskRef."""

    ref: TaskRef
    task: Any
    form: str
    """"file", "module" or "registry": how it was found."""
    file: str | None
    """The task's source file, absolute, as Inspect's task_file gives it."""
    registry_name: str
    args: dict[str, Any]
    """The arguments as Inspect records them (every parameter, defaults too)."""


def load(ref: TaskRef) -> Loaded:
    """Makes the task ref names; TaskNotFound when no form finds it. An error
    raised by the task function itself (a bad argument, a dataset it cannot
    read) propagates as raised."""
    tries: list[tuple[str, str]] = []
    for form, attempt in (("file", _from_file), ("module", _from_module), ("registry", _from_registry)):
        found = attempt(ref, tries)
        if found is not None:
            return _loaded(ref, found, form)
    raise TaskNotFound(ref.spec, tries)


def _loaded(ref: TaskRef, task: Any, form: str) -> Loaded:
    from inspect_ai._eval.loader import resolve_task_args
    from inspect_ai._eval.task.util import task_file
    from inspect_ai._util.registry import is_registry_object, registry_info
    name = registry_info(task).name if is_registry_object(task) else task.name
    file = task_file(task, relative=False)
    if file is None and form == "module":
        module = importlib.import_module(ref.spec.partition(":")[0])
        file = getattr(module, "__file__", None)
    return Loaded(ref=ref, task=task, form=form, file=file, registry_name=name, args=resolve_task_args(task))


def _file_part(spec: str) -> tuple[str, str | None]:
    path, sep, name = spec.partition("@")
    return path, (name if sep else None)


def _from_file(ref: TaskRef, tries: list[tuple[str, str]]):
    path, name = _file_part(ref.spec)
    if not path.endswith(".py"):
        tries.append(("a file (file.py or file.py@task)", "the name does not end in .py"))
        return None
    full = Path(ref.base_dir or os.getcwd(), path)
    if not full.is_file():
        tries.append(("a file", f"{full} does not exist"))
        return None
    from inspect_ai._eval.loader import create_file_tasks, load_file_tasks
    load_file_tasks(full.absolute())
    tasks = create_file_tasks(full.absolute(), [name] if name else None, ref.task_args())
    if not tasks:
        tries.append(("a file", f"{full} defines no @task"))
        return None
    if len(tasks) > 1:
        names = ", ".join(t.name for t in tasks)
        raise ValueError(f"{full} defines several tasks ({names}): name one, as {path}@NAME")
    return tasks[0]


def _from_module(ref: TaskRef, tries: list[tuple[str, str]]):
    module, sep, attr = ref.spec.partition(":")
    if not sep or not module or not attr:
        tries.append(("package.module:task", "the name has no ':'"))
        return None
    try:
        obj = importlib.import_module(module)
    except ImportError as e:
        tries.append(("package.module:task", f"cannot import {module}: {e}"))
        return None
    for part in attr.split("."):
        if not hasattr(obj, part):
            tries.append(("package.module:task", f"{module} has no {attr}"))
            return None
        obj = getattr(obj, part)
    from inspect_ai import Task
    task = obj if isinstance(obj, Task) else obj(**ref.task_args())
    if not isinstance(task, Task):
        raise TypeError(f"{ref.spec} returned {type(task).__name__}, not an Inspect Task")
    return task


def _from_registry(ref: TaskRef, tries: list[tuple[str, str]]):
    from inspect_ai._util.registry import registry_lookup
    from inspect_ai._eval.registry import task_create
    if registry_lookup("task", ref.spec) is None:
        why = "no installed package registers a task of that name"
        if "/" in ref.spec:
            package = ref.spec.split("/")[0]
            why += f" (is {package} installed in this Python, {_python()}?)"
        tries.append(("a registry name", why))
        return None
    return task_create(ref.spec, **ref.task_args())


def _python() -> str:
    import sys
    return sys.executable

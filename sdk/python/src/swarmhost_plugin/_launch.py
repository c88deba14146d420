"""The plugin files of swarmhost_plugin.hosttest: the plugin under test as a
file the real host can run, and the suite's plugin block for it.

A plugin object becomes a launcher script in sdk/python's form (a sh line
that execs this interpreter on the file itself) holding the pickled object:
the plugin process unpickles it, importing its class from the same sys.path
entries as the test, and serves it. The object is the test's own, and the
block's sha256 pins its bytes. A plugin file is used as it is.
"""

from __future__ import annotations

import base64
import glob
import os
import pickle
import site
import sys
from dataclasses import dataclass, field

from .agent import Agent
from .controller import Controller
from .scorer import Scorer

KINDS = ("agent", "controller", "scorer")
"""The plugin kinds, as a plugin block and a file name spell them."""

TRUST = ("trusted", "untrusted", None)
"""A plugin block's trust values; None writes none, leaving it to the
host's default (trusted only when its trust manifest lists the bytes)."""

LAUNCHER = """#!/bin/sh
''''true; py="${{SWARMHOST_PYTHON:-{python}}}"; [ -x "$py" ] || py=python3; exec "$py" "$0" "$@" # '''
# The plugin under test of a swarmhost_plugin.hosttest suite: the pickled
# object below, served. Written by the harness; removed with its suite.
import base64, pickle, sys
sys.path[:0] = {path!r}
from swarmhost_plugin import serve
serve(pickle.loads(base64.b64decode({payload!r})))
"""


@dataclass
class PluginFile:
    """A plugin the suite's plugin block registers: its kind, name, file and
    the directories an untrusted one reads (its interpreter's environment
    first, then its code)."""

    kind: str
    name: str
    path: str
    read_only: list[str] = field(default_factory=list)

    def block(self, trust: str | None) -> str:
        """The suite's plugin block for the file; one that may run
        sandboxed lists read_only."""
        if trust not in TRUST:
            raise ValueError(f"trust must be one of trusted, untrusted or None, not {trust!r}")
        lines = [f'plugin "{self.kind}" "{self.name}" {{', f"  source = {_hcl(self.path)}"]
        if trust:
            lines.append(f'  trust  = "{trust}"')
        if trust != "trusted" and self.read_only:
            lines.append("  read_only = [" + ", ".join(_hcl(d) for d in self.read_only) + "]")
        return "\n".join(lines + ["}", ""])


def plugin_file(plugin, directory: str) -> PluginFile:
    """The PluginFile of a plugin given to a suite: a Scorer, Agent or
    Controller object (written as a launcher into directory), or the path of
    an executable plugin file named swarmhost-<kind>-<name>."""
    if isinstance(plugin, (Scorer, Agent, Controller)):
        return _object_file(plugin, directory)
    if isinstance(plugin, (str, os.PathLike)):
        return _existing_file(os.fspath(plugin))
    raise TypeError(f"a suite's plugin is a Scorer, Agent or Controller object or a plugin file's path, "
                    f"not {type(plugin).__name__}")


def _object_file(plugin, directory: str) -> PluginFile:
    kind = next(k for k, cls in zip(KINDS, (Agent, Controller, Scorer)) if isinstance(plugin, cls))
    name = plugin.metadata().name
    if not name:
        raise ValueError(f"{type(plugin).__name__}.metadata() names no plugin: the suite refers to it by name")
    path = os.path.join(directory, f"swarmhost-{kind}-{name}")
    code = _module_dirs(plugin)
    text = LAUNCHER.format(python=sys.executable, path=code + _import_path(code),
                           payload=base64.b64encode(_pickled(plugin)).decode())
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o755)
    with os.fdopen(fd, "w") as f:
        f.write(text)
    return PluginFile(kind, name, path, _environment_dirs() + [c for c in code if c not in _environment_dirs()])


def _pickled(plugin) -> bytes:
    cls = type(plugin)
    if cls.__module__ == "__main__":
        raise ValueError(f"{cls.__qualname__} is defined in __main__: define the plugin under test in a module, "
                         "so that its process can import it")
    try:
        return pickle.dumps(plugin)
    except Exception as e:  # noqa: BLE001 - pickle raises many kinds
        raise ValueError(f"the plugin under test, a {cls.__qualname__}, cannot be pickled for its process "
                         f"({type(e).__name__}: {e}); define its class at a module's top level and keep "
                         "no locks, sockets or open files in it, or give the suite its plugin file instead") from e


def _module_dirs(plugin) -> list[str]:
    """The sys.path entries that hold the plugin's module (so an untrusted
    plugin's sandbox can bind them)."""
    module = sys.modules.get(type(plugin).__module__)
    file = getattr(module, "__file__", None)
    if not file:
        return []
    root = os.path.dirname(os.path.abspath(file))
    for _ in range(type(plugin).__module__.count(".")):
        root = os.path.dirname(root)
    return [root]


def _import_path(first: list[str]) -> list[str]:
    """The test's sys.path directories after the plugin's own."""
    return [p for p in sys.path if p and os.path.isdir(p) and p not in first]


def _existing_file(path: str) -> PluginFile:
    path = os.path.abspath(path)
    base = os.path.basename(path)
    parts = base.split("-", 2)
    if len(parts) != 3 or parts[0] != "swarmhost" or parts[1] not in KINDS or not parts[2]:
        raise ValueError(f"{path}: a plugin file is named swarmhost-<kind>-<name> with kind one of "
                         f"{', '.join(KINDS)}")
    if not os.access(path, os.X_OK):
        raise ValueError(f"{path}: not an executable file (chmod +x it)")
    return PluginFile(parts[1], parts[2], path, _environment_dirs() + [os.path.dirname(path)])


def _environment_dirs() -> list[str]:
    """This interpreter's environment as an untrusted plugin's sandbox must
    show it: sys.prefix, then the directories its .pth files add (editable
    installs, such as this SDK's source in a development checkout). The
    host never binds a directory on an environment's own say-so, so the
    plugin block lists them."""
    dirs = [sys.prefix]
    for site_dir in site.getsitepackages():
        for pth in sorted(glob.glob(os.path.join(site_dir, "*.pth"))):
            try:
                with open(pth, encoding="utf-8") as f:
                    lines = [line.strip() for line in f]
            except OSError:
                continue
            for line in lines:
                inside = line == sys.prefix or line.startswith(sys.prefix.rstrip("/") + "/")
                if os.path.isabs(line) and os.path.isdir(line) and not inside and line not in dirs:
                    dirs.append(line)
    return dirs


def _hcl(s: str) -> str:
    """s as an HCL string literal."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("${", "$${").replace("%{", "%%{") + '"'

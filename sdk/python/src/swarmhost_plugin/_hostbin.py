"""Finding the swarmhost binary swarmhost_plugin.hosttest runs: $SWARMHOST_BIN,
else swarmhost on $PATH, else the bin/swarmhost `make build` puts in the
source tree this SDK was installed from (an editable install)."""

from __future__ import annotations

import os
import pathlib
import shutil

BIN_ENV = "SWARMHOST_BIN"
"""The environment variable naming the swarmhost binary to run."""


class SwarmhostNotFound(RuntimeError):
    """No swarmhost binary to run; the message says where the harness looked
    and how to provide one."""


def find_swarmhost(explicit: str | os.PathLike | None = None) -> str:
    """The swarmhost binary: explicit, else $SWARMHOST_BIN, else swarmhost
    on $PATH, else the source tree's bin/swarmhost. A path given (or in
    $SWARMHOST_BIN) that is not an executable file is an error, never
    skipped over."""
    if explicit is not None:
        return _usable(os.fspath(explicit), "the swarmhost argument")
    if os.environ.get(BIN_ENV):
        return _usable(os.environ[BIN_ENV], "$" + BIN_ENV)
    on_path = shutil.which("swarmhost")
    if on_path:
        return on_path
    tree = source_tree()
    built = tree / "bin" / "swarmhost" if tree else None
    if built and os.access(built, os.X_OK):
        return str(built)
    raise SwarmhostNotFound(_not_found(tree))


def source_tree() -> pathlib.Path | None:
    """The swarmhost source tree this package lies in (editable install),
    or None: the directory above it holding cmd/swarmhost."""
    for d in pathlib.Path(__file__).resolve().parents:
        if (d / "cmd" / "swarmhost").is_dir() and (d / "go.mod").is_file():
            return d
    return None


def _usable(path: str, where: str) -> str:
    if not os.path.isfile(path) or not os.access(path, os.X_OK):
        raise SwarmhostNotFound(f"{where} is {path!r}, which is not an executable file")
    return os.path.abspath(path)


def _not_found(tree: pathlib.Path | None) -> str:
    msg = f"no swarmhost binary to run: ${BIN_ENV} is not set and there is no swarmhost on $PATH"
    if tree is None:
        return msg + f"; install swarmhost or set ${BIN_ENV} to its path"
    return msg + (f" nor in {tree / 'bin'}; run `make build` in {tree} (or set ${BIN_ENV})")

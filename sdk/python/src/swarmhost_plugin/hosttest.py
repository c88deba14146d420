"""Run an HCL suite against the plugin under test through the real host, as
terraform-plugin-testing runs real configurations (the Python twin of the
Go SDK's plugintest).

The test writes a suite that uses the plugin by name; Suite writes it as
suite.hcl into a suite directory in a temporary directory, with its files
and a plugin block for each plugin under test in a file of its own (so the
diagnostics' line numbers are the test's), and runs the real `swarmhost`
binary (find_swarmhost: $SWARMHOST_BIN, else $PATH, else the source tree's
bin/swarmhost from `make build`) on it. The
plugin under test is a real process speaking the real protocol: a plugin
object is pickled into a launcher that this interpreter runs (its class must
be importable), a plugin file runs as it is. The suite's other plugins come
from the host's plugin path, as in any run.

    from swarmhost_plugin.hosttest import Suite

    def test_in_a_suite():
        with Suite(SUITE, plugins=[Tolerance()], files={"m.jsonl": DATA}) as s:
            res = s.run()
            assert res.code == 0, res.stderr
            assert res.samples()[0].scores["tolerance"] == "C"

Leaving the block removes the directory; every swarmhost process a Suite
started has ended by then (a run past its timeout is stopped as an operator
stops it, SIGTERM, a second SIGTERM that kills its plugins, SIGKILL last,
and raises RunTimeout).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from typing import Any

from ._hostbin import BIN_ENV, SwarmhostNotFound, find_swarmhost
from ._launch import PluginFile, plugin_file
from ._logread import SuiteSample, read_samples

__all__ = ["BIN_ENV", "EXIT_FAILED", "EXIT_OK", "EXIT_USAGE", "Result", "RunTimeout", "Suite", "SuiteDiagnostic", "SuiteSample", "SwarmhostNotFound",
           "find_swarmhost"]

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
"""swarmhost's exit codes: success, a failed run, an invalid suite or command line."""

PLUGIN_BLOCKS = "plugins-under-test.hcl"
"""The suite file holding the plugin blocks of the plugins under test."""

STOP_GRACE = 10
"""Seconds a stopped swarmhost has after each signal: the first SIGTERM
stops the run as Ctrl-C does (it finishes the logs), the second kills its
plugins and exits, and only then is it SIGKILLed."""


class RunTimeout(RuntimeError):
    """swarmhost ran past the suite's timeout and was stopped."""


@dataclass
class SuiteDiagnostic:
    """One diagnostic of `swarmhost validate --json`: severity ("error" or
    "warning"), summary, detail and where (file, 1-based line and column;
    0 when it points nowhere)."""

    severity: str
    summary: str
    detail: str = ""
    file: str = ""
    line: int = 0
    column: int = 0


@dataclass
class Result:
    """What one `swarmhost run` produced. code is its exit code (EXIT_OK,
    ...), summaries its --json lines (one per eval, each with its "log"),
    diagnostics the suite's (from `swarmhost validate --json`) when the run
    exited EXIT_USAGE."""

    code: int
    stdout: str
    stderr: str
    summaries: list[dict[str, Any]] = field(default_factory=list)
    diagnostics: list[SuiteDiagnostic] = field(default_factory=list)
    _samples: list[tuple[str, list[SuiteSample]]] | None = field(default=None, repr=False, compare=False)

    @property
    def logs(self) -> list[str]:
        """The log files the run wrote, one per eval."""
        return [s["log"] for s in self.summaries if s.get("log")]

    def samples(self, eval: str = "") -> list[SuiteSample]:
        """Every sample of every log (of the eval named, when one is), in
        log order, read back through Inspect's log reader when inspect_ai is
        installed (else the JSON). Read them while the Suite is open:
        closing it removes the logs."""
        if self._samples is None:
            gone = [p for p in self.logs if not os.path.exists(p)]
            if gone:
                raise FileNotFoundError(f"{gone[0]}: the log is gone; read a run's results before its Suite closes")
            self._samples = [(s.get("eval", ""), read_samples(s["log"])) for s in self.summaries if s.get("log")]
        if eval and eval not in [name for name, _ in self._samples]:
            raise KeyError(f"the run logged no eval named {eval!r} (it logged {[n for n, _ in self._samples]})")
        return [x for name, xs in self._samples if not eval or name == eval for x in xs]

    def records(self, eval: str = "") -> list[dict[str, Any]]:
        """Every sample's swarm result record (members, final, ...)."""
        return [s.record for s in self.samples(eval)]

    def statuses(self, eval: str = "") -> list[dict[str, str | None]]:
        """Every sample's member statuses, by member name."""
        return [{m["name"]: m.get("status") for m in rec.get("members", [])} for rec in self.records(eval)]


class Suite:
    """A suite run against the plugins under test through the real host.
    Use it as a context manager (or call close()): run() and validate() may
    be called any number of times while it is open.

    suite is the HCL; plugins the plugins under test (objects or plugin
    files; each gets a plugin block); files are written beside the suite by
    relative path. trust is the blocks' trust ("trusted", as the test's own
    code; "untrusted" runs them sandboxed, reading this interpreter's
    environment and their code's directory; None leaves it to the host's
    default, which trusts only bytes its trust manifest lists). plugin_path directories come
    first on $SWARMHOST_PLUGIN_PATH; env adds to the environment; timeout
    bounds each swarmhost command and stop_grace each step of stopping one
    past it (see run_process), in seconds."""

    def __init__(self, suite: str, plugins=(), *, files: dict[str, str | bytes] | None = None,
                 trust: str | None = "trusted", swarmhost: str | os.PathLike | None = None,
                 plugin_path: list[str] | tuple[str, ...] = (), env: dict[str, str] | None = None,
                 timeout: float = 300, stop_grace: float = STOP_GRACE) -> None:
        self.swarmhost = find_swarmhost(swarmhost)
        self.dir = tempfile.mkdtemp(prefix="swarmhost-suite-")
        try:
            self.plugins = self._write(suite, plugins, files or {}, trust)
        except BaseException:
            self.close()
            raise
        self.timeout, self.stop_grace = timeout, stop_grace
        self._env = _environment(plugin_path, env or {})

    @property
    def suite_dir(self) -> str:
        """The suite's directory, which swarmhost is given: suite.hcl, the
        plugin blocks' file and the files."""
        return os.path.join(self.dir, "suite")

    @property
    def path(self) -> str:
        """The test's suite file."""
        return os.path.join(self.suite_dir, "suite.hcl")

    def _write(self, suite: str, plugins, files: dict[str, str | bytes], trust: str) -> list[PluginFile]:
        launchers = os.path.join(self.dir, "plugins-under-test")
        os.mkdir(launchers)
        os.mkdir(self.suite_dir)
        pfs = [plugin_file(p, launchers) for p in plugins]
        for rel, content in files.items():
            if os.path.normpath(rel) in ("suite.hcl", PLUGIN_BLOCKS):
                raise ValueError(f"suite file {rel!r}: the harness writes that file; give the suite as its first argument")
            _write_file(self.suite_dir, rel, content)
        _write_file(self.suite_dir, "suite.hcl", suite)
        _write_file(self.suite_dir, PLUGIN_BLOCKS, "".join(pf.block(trust) for pf in pfs))
        return pfs

    def run(self, *args: str) -> Result:
        """Runs `swarmhost run --json --log-format json` on the suite, with
        more arguments (e.g. "--eval", "NAME"). A run that reports an invalid
        suite (EXIT_USAGE) also gets its diagnostics (validated with the
        run's --var arguments)."""
        logs = os.path.join(self.dir, "logs")
        code, out, err = self._swarmhost("run", "--json", "--log-format", "json", "--log-dir", logs, self.suite_dir,
                                         *args)
        res = Result(code, out, err, _json_lines(out))
        for summary in res.summaries:
            if summary.get("log"):
                summary["log"] = os.path.join(self.dir, summary["log"])
        if code == EXIT_USAGE:
            res.diagnostics = self.validate(*_var_args(args))
        return res

    def validate(self, *args: str) -> list[SuiteDiagnostic]:
        """The suite's diagnostics, from `swarmhost validate --json` with
        more arguments (e.g. "--var", "name=value")."""
        code, out, err = self._swarmhost("validate", "--json", self.suite_dir, *args)
        try:
            doc = json.loads(out)
        except ValueError:
            raise RuntimeError(f"swarmhost validate --json exited {code} without its JSON:\n{err}") from None
        return [SuiteDiagnostic(d["severity"], d["summary"], d.get("detail", ""), d.get("file", ""),
                                d.get("line", 0), d.get("column", 0)) for d in doc["diagnostics"]]

    def _swarmhost(self, *args: str) -> tuple[int, str, str]:
        return run_process([self.swarmhost, *args], self._env, self.dir, self.timeout, self.stop_grace)

    def close(self) -> None:
        """Removes the suite's directory (its logs too)."""
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> "Suite":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def run_process(argv: list[str], env: dict[str, str], cwd: str, timeout: float,
                stop_grace: float = STOP_GRACE) -> tuple[int, str, str]:
    """Runs argv to its end and returns its exit code and output. Past the
    timeout (or when the wait is interrupted) the process is stopped by its
    handle, which is not reaped before it has ended (_stop)."""
    proc = subprocess.Popen(argv, env=env, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _stop(proc, stop_grace)
        raise RunTimeout(f"swarmhost {argv[1]} ran past {timeout:g}s and was stopped ({argv[0]})") from None
    finally:
        if proc.returncode is None:
            _stop(proc, stop_grace)
    return proc.returncode, out, err


def _stop(proc: subprocess.Popen, grace: float) -> None:
    """Stops swarmhost as its operator would: SIGTERM (the run stops, logs
    are finished), SIGTERM again (every plugin is killed), then SIGKILL,
    each after grace seconds without an exit."""
    for signal_it in (proc.terminate, proc.terminate, proc.kill):
        signal_it()
        try:
            proc.communicate(timeout=grace)
            return
        except subprocess.TimeoutExpired:
            continue
    proc.communicate()


def _environment(plugin_path, env: dict[str, str]) -> dict[str, str]:
    """The host's environment: this one, with this interpreter for plugin
    files (launchers in sdk/python's form read $SWARMHOST_PYTHON, and its
    directory comes first on $PATH for `#!/usr/bin/env python3`) and
    plugin_path first on the plugin path."""
    out = dict(os.environ)
    out["SWARMHOST_PYTHON"] = sys.executable
    out["PATH"] = os.pathsep.join(p for p in [os.path.dirname(sys.executable), out.get("PATH", "")] if p)
    search = [os.path.abspath(p) for p in plugin_path] + [p for p in [out.get("SWARMHOST_PLUGIN_PATH", "")] if p]
    if search:
        out["SWARMHOST_PLUGIN_PATH"] = os.pathsep.join(search)
    out.update(env)
    return out


def _write_file(root: str, rel: str, content: str | bytes) -> None:
    path = os.path.normpath(os.path.join(root, rel))
    if os.path.isabs(rel) or not path.startswith(root + os.sep):
        raise ValueError(f"suite file {rel!r}: give a path relative to the suite's directory, inside it")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(content.encode() if isinstance(content, str) else content)


def _var_args(args: tuple[str, ...]) -> list[str]:
    """The --var arguments of a run's arguments, which validate takes too."""
    out = []
    for i, a in enumerate(args):
        if a in ("--var", "-var") and i + 1 < len(args):
            out += [a, args[i + 1]]
        elif a.startswith(("--var=", "-var=")):
            out.append(a)
    return out


def _json_lines(out: str) -> list[dict[str, Any]]:
    found = []
    for line in out.splitlines():
        try:
            v = json.loads(line)
        except ValueError:
            continue
        if isinstance(v, dict):
            found.append(v)
    return found

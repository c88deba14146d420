"""What swarmhost_plugin.hosttest refuses, and says, before it runs
anything: a missing swarmhost, plugins it cannot hand to a process, files
outside the suite."""

import os
import pathlib
import re
import tempfile
import threading

import pytest

from suite_plugins import Relay, Suffix
from swarmhost_plugin import _hostbin
from swarmhost_plugin._launch import plugin_file
from swarmhost_plugin.hosttest import Suite, SwarmhostNotFound, find_swarmhost


@pytest.fixture
def no_swarmhost(monkeypatch, tmp_path):
    """No $SWARMHOST_BIN, no swarmhost on $PATH, a source tree without bin/."""
    monkeypatch.delenv("SWARMHOST_BIN", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setattr(_hostbin, "source_tree", lambda: tmp_path)
    return tmp_path


@pytest.mark.parametrize("setup,message", [
    ("unset", r"SWARMHOST_BIN is not set and there is no swarmhost on \$PATH nor in .*/bin; run `make build` in "),
    ("missing", r"\$SWARMHOST_BIN is '.*/nope', which is not an executable file"),
    ("not executable", r"\$SWARMHOST_BIN is '.*/swarmhost', which is not an executable file"),
])
def test_a_missing_swarmhost_says_where_it_looked(no_swarmhost, monkeypatch, setup, message):
    if setup == "missing":
        monkeypatch.setenv("SWARMHOST_BIN", str(no_swarmhost / "nope"))
    if setup == "not executable":
        (no_swarmhost / "swarmhost").write_text("")
        monkeypatch.setenv("SWARMHOST_BIN", str(no_swarmhost / "swarmhost"))
    with pytest.raises(SwarmhostNotFound, match=message):
        find_swarmhost()


def test_outside_a_source_tree_the_error_says_to_install(no_swarmhost, monkeypatch):
    monkeypatch.setattr(_hostbin, "source_tree", lambda: None)
    with pytest.raises(SwarmhostNotFound, match=r"install swarmhost or set \$SWARMHOST_BIN"):
        find_swarmhost()


def test_path_and_the_built_binary_are_found(no_swarmhost, monkeypatch):
    built = no_swarmhost / "bin" / "swarmhost"
    built.parent.mkdir()
    built.write_text("#!/bin/sh\n")
    built.chmod(0o755)
    assert find_swarmhost() == str(built), "the source tree's make build output"
    monkeypatch.setenv("PATH", str(built.parent))
    assert find_swarmhost() == str(built), "on $PATH"


class Locked(Suffix):
    def __init__(self):
        self.lock = threading.Lock()


def test_plugins_a_process_cannot_get_are_refused(tmp_path):
    Main = type("Main", (Suffix,), {"__module__": "__main__"})
    with pytest.raises(ValueError, match="Main is defined in __main__: define the plugin under test in a module"):
        plugin_file(Main(), str(tmp_path))
    with pytest.raises(ValueError, match="a Locked, cannot be pickled .*TypeError"):
        plugin_file(Locked(), str(tmp_path))
    with pytest.raises(TypeError, match="a Scorer, Agent or Controller object or a plugin file's path, not int"):
        plugin_file(3, str(tmp_path))


@pytest.mark.parametrize("name,mode,message", [
    ("tolerance.py", 0o755, "named swarmhost-<kind>-<name> with kind one of agent, controller, scorer"),
    ("swarmhost-judge-x", 0o755, "named swarmhost-<kind>-<name>"),
    ("swarmhost-scorer-x", 0o644, "not an executable file"),
])
def test_plugin_files_are_checked(tmp_path, name, mode, message):
    (tmp_path / name).write_text("#!/bin/sh\n")
    (tmp_path / name).chmod(mode)
    with pytest.raises(ValueError, match=message):
        plugin_file(str(tmp_path / name), str(tmp_path))


def test_a_plugin_object_becomes_a_pinned_launcher(tmp_path):
    pf = plugin_file(Relay(), str(tmp_path))
    assert (pf.kind, pf.name) == ("controller", "pyrelay")
    assert os.access(pf.path, os.X_OK) and pathlib.Path(pf.path).name == "swarmhost-controller-pyrelay"
    assert pf.block("trusted") == f'plugin "controller" "pyrelay" {{\n  source = "{pf.path}"\n  trust  = "trusted"\n}}\n'
    assert "read_only = [" in pf.block("untrusted")
    with pytest.raises(ValueError, match="trust must be one of trusted, untrusted or None, not 'yes'"):
        pf.block("yes")


@pytest.mark.parametrize("rel,message", [
    ("../x", "give a path relative to the suite's directory"),
    ("/etc/x", "give a path relative to the suite's directory"),
    ("suite.hcl", "the harness writes that file"),
    ("./plugins-under-test.hcl", "the harness writes that file"),
])
def test_suite_files_stay_in_the_suites_directory(swarmhost_bin, monkeypatch, tmp_path, rel, message):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with pytest.raises(ValueError, match=f"suite file '{re.escape(rel)}': {message}"):
        Suite("", files={rel: ""}, swarmhost=swarmhost_bin)
    assert os.listdir(tmp_path) == [], "a Suite that failed to start removes its directory"

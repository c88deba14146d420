"""A metadata() that does not return is reported on stderr, so the host can
tell a hang there from a slow start."""

import io
import json
import sys
import time

from swarmhost_plugin._servicers import METADATA_STUCK, watched_metadata


class Slow:
    """Returns only once the warning is out (at most 10 s)."""

    def __init__(self, err: io.StringIO) -> None:
        self.err = err

    def metadata(self):
        deadline = time.monotonic() + 10
        while not self.err.getvalue() and time.monotonic() < deadline:
            time.sleep(0.01)
        return "md"


class Quick:
    def metadata(self):
        return "md"


def test_a_hung_metadata_is_reported(monkeypatch):
    err = io.StringIO()
    monkeypatch.setattr(sys, "__stderr__", err)
    assert watched_metadata(Slow(err), warn_after=0.05) == "md"
    line = json.loads(err.getvalue().splitlines()[0])
    assert line["@level"] == "warn"
    assert line["@message"].startswith(METADATA_STUCK)
    assert line["@message"].endswith(": Slow")


def test_a_quick_metadata_says_nothing(monkeypatch):
    err = io.StringIO()
    monkeypatch.setattr(sys, "__stderr__", err)
    assert watched_metadata(Quick(), warn_after=0.05) == "md"
    assert err.getvalue() == ""

"""Saying what a task tried to download when loading it failed.

Many Inspect tasks fetch their dataset at run time (hf_dataset, a URL in
json_dataset, a file from a release page). Where the network is closed
that fails deep inside a client library with a message about sockets or
retries. watch() notes every host name the process looks up while a task
loads; explain() turns the failure into one message naming the URLs found
in the error chain and the hosts looked up, and saying why it failed.
"""

from __future__ import annotations

import contextlib
import re
import socket
import threading
from typing import Iterator

_URL = re.compile(r"https?://[^\s'\"<>)]+")
_lock = threading.Lock()
_watchers: list[list[str]] = []
_original = socket.getaddrinfo


def _getaddrinfo(host, *args, **kwargs):
    if isinstance(host, (str, bytes)) and host not in ("localhost", b"localhost"):
        name = host.decode() if isinstance(host, bytes) else host
        with _lock:
            for w in _watchers:
                if name not in w:
                    w.append(name)
    return _original(host, *args, **kwargs)


socket.getaddrinfo = _getaddrinfo


@contextlib.contextmanager
def watch() -> Iterator[list[str]]:
    """Collects the host names looked up inside the block."""
    hosts: list[str] = []
    with _lock:
        _watchers.append(hosts)
    try:
        yield hosts
    finally:
        with _lock:
            _watchers.remove(hosts)


class DownloadError(RuntimeError):
    """Loading the task tried to fetch something from the network and failed."""


def explain(error: BaseException, hosts: list[str]) -> BaseException:
    """A DownloadError naming what was fetched when error came from a
    download; error itself otherwise."""
    urls = urls_in(error)
    if not hosts and not urls:
        return error
    what = ", ".join(urls) if urls else ", ".join(f"a file from {h}" for h in hosts)
    return DownloadError(f"the task downloads its data at run time and that failed: it tried to fetch {what} "
                         f"({type(error).__name__}: {_first_line(error)}). Only package registries are reachable "
                         f"from here: use a task whose data ships in its package, or download the data beforehand "
                         f"where the network is open and point the task at the local copy.")


def urls_in(error: BaseException) -> list[str]:
    """Every URL in the messages of error and its causes, in order, once."""
    seen: list[str] = []
    e: BaseException | None = error
    depth = 0
    while e is not None and depth < 20:
        for u in _URL.findall(str(e)):
            u = u.rstrip(".,;:")
            if u not in seen:
                seen.append(u)
        e = e.__cause__ or e.__context__
        depth += 1
    return seen


def _first_line(e: BaseException) -> str:
    return (str(e).strip().splitlines() or [""])[0][:300]

"""One asyncio loop in a daemon thread for the SDK's socket plumbing
(AutoMTLS forwarding and go-plugin's broker multiplexing), shared by
everything that needs it."""

from __future__ import annotations

import asyncio
import threading

_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None


def loop() -> asyncio.AbstractEventLoop:
    """The shared loop, started on first use."""
    global _loop
    with _lock:
        if _loop is None:
            _loop = asyncio.new_event_loop()
            threading.Thread(target=_loop.run_forever, name="swarmhost-io", daemon=True).start()
        return _loop


def run(coro, timeout: float = 30.0):
    """Runs coro on the shared loop and returns its result (from any thread
    but the loop's own)."""
    return asyncio.run_coroutine_threadsafe(coro, loop()).result(timeout=timeout)


async def copy(reader, writer) -> None:
    """Copies reader to writer until EOF or an error, then closes writer
    (a half-close where the writer supports it)."""
    try:
        while True:
            data = await reader.read(CHUNK)
            if not data:
                break
            writer.write(data)
            await writer.drain()
    except (OSError, EOFError, asyncio.IncompleteReadError):
        pass
    except Exception:  # noqa: BLE001 - ssl errors and resets end the copy alike
        pass
    finally:
        _half_close(writer)


def _half_close(writer) -> None:
    try:
        if writer.can_write_eof():
            writer.write_eof()
        else:
            writer.close()
    except (OSError, RuntimeError):
        writer.close()


async def join(r1, w1, r2, w2) -> None:
    """Copies both ways until both directions ended, then closes both."""
    await asyncio.gather(copy(r1, w2), copy(r2, w1), return_exceptions=True)
    w1.close()
    w2.close()


CHUNK = 256 << 10
"""The most one read takes."""


_tasks: set = set()


def spawn(coro) -> asyncio.Task:
    """Starts coro as a task on the running loop and holds it until it ends
    (the loop itself keeps only weak references, so an unheld task waiting
    on I/O can be collected mid-flight)."""
    task = asyncio.ensure_future(coro)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)
    return task

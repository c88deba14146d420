"""The zygote: one process that imports a plugin's libraries once and forks
the workers of its pool, each of which then serves as a plugin of its own.

A host that runs several worker processes of one trusted Python plugin (a
plugin block's `workers`) starts the plugin once with ZYGOTE_ENV set to the
number of a file descriptor: one end of a SOCK_SEQPACKET socket pair whose
other end the host keeps. serve() then runs the plugin's warm-up (its warm
argument: importing inspect_ai, say) in its only thread and calls run(),
which says "ready" and waits for requests. Each request is one message:

  {"env": ["KEY=VALUE", ...]}  with two descriptors (SCM_RIGHTS): the
                               worker's stdout and stderr

the environment go-plugin built for that worker (its handshake cookie,
protocol versions, socket directory, AutoMTLS certificate). The zygote
forks (only once the process has no thread but its main one: a thread the
plugin started, such as an import in the background, is waited for, and
if one is still running after QUIET_TIMEOUT the process serves as a plain
plugin instead, and the host starts each worker on its own); the child takes the descriptors as its stdout and stderr, the
environment as its own, and returns from run() into serve(), which makes
the go-plugin handshake as any plugin process does. The zygote answers

  {"pid": PID}                 with the child's pidfd (SCM_RIGHTS)
  {"error": "..."}             when the fork failed

and, when a child exits, kills what is left of its process group (the
child leads one) while it is still a zombie, reaps it and says

  {"exit": PID, "status": CODE}   (CODE negative: killed by signal -CODE)

Each child dies with the zygote (PR_SET_PDEATHSIG), and the zygote with the
host (the host starts it so); the zygote exits when the host closes its end.
A worker forked so costs a fork, not an interpreter's start and imports:
the pages of the warm-up are shared until written.
"""

from __future__ import annotations

import array
import ctypes
import json
import os
import signal
import socket
import threading
import time

ZYGOTE_ENV = "SWARMHOST_PLUGIN_ZYGOTE_FD"
"""The variable naming the zygote's control descriptor."""

QUIET_TIMEOUT = 30.0
"""How long the zygote waits for the plugin's other threads to end."""

_PR_SET_PDEATHSIG = 1
_MAX_MESSAGE = 1 << 20


def requested() -> int | None:
    """The control descriptor when the host started this process as a
    zygote, else None."""
    value = os.environ.get(ZYGOTE_ENV, "")
    return int(value) if value.isdigit() else None


def quiet(timeout: float) -> bool:
    """Waits, at most timeout seconds, until the calling thread is the only
    one alive, and says whether it is: a fork copies only the forking
    thread, so a lock another thread holds (an import in progress in a
    warm-up thread) would stay held in every worker forever."""
    deadline = time.monotonic() + timeout
    for t in threading.enumerate():
        if t is not threading.current_thread():
            t.join(max(0.0, deadline - time.monotonic()))
    return threading.active_count() == 1


def run(fd: int, handshake_fd: int | None) -> None:
    """Serves fork requests on fd until the host closes it (then exits the
    process). Returns only in a forked child, with the child's stdout,
    stderr and environment in place; handshake_fd is where serve() will
    write the handshake line (the SDK's guard keeps the real stdout there)."""
    os.environ.pop(ZYGOTE_ENV, None)
    ctl = socket.socket(fileno=fd)
    zygote = os.getpid()
    signal.signal(signal.SIGCHLD, lambda *_: _reap(ctl))
    ctl.sendmsg([b'{"ready": true}'])
    while True:
        try:
            msg, fds = _receive(ctl)
        except OSError:
            os._exit(0)
        if not msg:  # the host closed its end
            os._exit(0)
        try:
            env = json.loads(msg)["env"]
            out, err = fds
        except (ValueError, KeyError, TypeError):
            for f in fds:
                os.close(f)
            _send(ctl, {"error": "bad fork request"})
            continue
        # SIGCHLD waits until the pidfd is taken, so no reap comes first
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGCHLD})
        try:
            pid = os.fork()
        except OSError as e:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})
            os.close(out)
            os.close(err)
            _send(ctl, {"error": f"fork: {e}"})
            continue
        if pid == 0:
            _become_worker(ctl, zygote, out, err, env, handshake_fd)
            return
        os.close(out)
        os.close(err)
        try:
            pidfd = os.pidfd_open(pid)
        except OSError as e:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})
            _send(ctl, {"error": f"pidfd_open {pid}: {e}"})
            continue
        try:
            _send(ctl, {"pid": pid}, [pidfd])
        finally:
            os.close(pidfd)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})


def _become_worker(ctl: socket.socket, zygote: int, out: int, err: int, env: list[str],
                   handshake_fd: int | None) -> None:
    """The child's side of a fork: its own process group, death with the
    zygote, the host's pipes and environment."""
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})
    ctl.close()
    os.setpgid(0, 0)
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass
    if os.getppid() != zygote:  # the zygote died before the prctl took
        os._exit(1)
    os.dup2(out, handshake_fd if handshake_fd is not None else 1)
    os.dup2(err, 2)
    if handshake_fd is not None:
        os.dup2(err, 1)  # stray output to stderr, as the guard set it up
    for f in (out, err):
        if f not in (1, 2, handshake_fd):
            os.close(f)
    os.environ.clear()
    for item in env:
        key, sep, value = item.partition("=")
        if sep and key:
            os.environ[key] = value


def _reap(ctl: socket.socket) -> None:
    """SIGCHLD: for each exited child, kill the rest of its group while the
    zombie still holds the group's id, reap it, and tell the host."""
    while True:
        try:
            info = os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return
        if info is None or info.si_pid == 0:
            return
        pid = info.si_pid
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            _, status = os.waitpid(pid, 0)
        except ChildProcessError:
            continue
        code = os.waitstatus_to_exitcode(status)
        try:
            _send(ctl, {"exit": pid, "status": code})
        except OSError:
            pass


def _receive(ctl: socket.socket) -> tuple[bytes, list[int]]:
    """One message and the descriptors that came with it."""
    fds = array.array("i")
    msg, ancdata, _, _ = ctl.recvmsg(_MAX_MESSAGE, socket.CMSG_SPACE(4 * fds.itemsize))
    for level, kind, data in ancdata:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(data[:len(data) - (len(data) % fds.itemsize)])
    return msg, list(fds)


def _send(ctl: socket.socket, body: dict, fds: list[int] | None = None) -> None:
    data = json.dumps(body).encode()
    if fds:
        ctl.sendmsg([data], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds))])
    else:
        ctl.sendmsg([data])

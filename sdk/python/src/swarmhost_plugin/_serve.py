"""serve(): the whole go-plugin handshake for a Python plugin process.

What go-plugin's host expects of a non-Go plugin, and where it is done:

1. the magic cookie in the environment, else a message for the person who
   ran the file by hand and exit 1 (check_cookie);
2. a protocol version picked from PLUGIN_PROTOCOL_VERSIONS (negotiate);
3. a gRPC server with the standard health service, "plugin" = SERVING, and
   go-plugin's GRPCBroker, GRPCController (Shutdown) and GRPCStdio
   (StreamStdio) beside the plugin's own services (build_server);
4. a unix socket in PLUGIN_UNIX_SOCKET_DIR (or a fresh temp dir), with
   AutoMTLS when the host sent PLUGIN_CLIENT_CERT, and everything over its
   one connection when the host sent PLUGIN_MULTIPLEX_GRPC (listen,
   swarmhost_plugin._mux);
5. exactly one line on stdout: CORE|APP|unix|ADDR|grpc|CERT[|true], the
   seventh field saying the broker multiplexes, and nothing else ever
   (swarmhost_plugin._guard moved stray output to stderr).

Then it serves until the host calls Shutdown or goes away, and ends the
process.
"""

from __future__ import annotations

import gc
import os
import queue
import shutil
import signal
import sys
import tempfile
import threading
from concurrent import futures
from typing import Callable

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from . import _guard, _zygote, log
from ._broker import CHANNEL_OPTIONS, Broker
from ._mux import PluginMux
from ._pb.plugin import grpc_broker_pb2_grpc, grpc_controller_pb2, grpc_controller_pb2_grpc, grpc_stdio_pb2, grpc_stdio_pb2_grpc
from ._pb.swarmhost.v1 import agent_pb2_grpc, controller_pb2_grpc, scorer_pb2_grpc
from ._servicers import PROTOCOL_VERSION, AgentServicer, ControllerServicer, ScorerServicer
from ._tls import AutoMTLS
from .agent import Agent
from .controller import Controller
from .scorer import Scorer

CORE_PROTOCOL_VERSION = 1
"""go-plugin's own protocol version (the first handshake field)."""

# A member stream holds a worker for its whole life (its members run on
# threads of their own), as does each call in flight of the other kinds
# (scores, validations, controller calls of many samples at once), so the
# pool must not be what limits a run.
MAX_WORKERS = 256

NOT_A_PROGRAM = """This is a swarmhost plugin ({name}); it is not meant to be run by hand.
swarmhost starts it: put it on $SWARMHOST_PLUGIN_PATH, in a suite's plugins/
directory, or pin it with a plugin block, and run `swarmhost run SUITE`.
"""


def serve(*plugins: Scorer | Agent | Controller, protocol_versions: list[int] | None = None,
          warm: Callable[[], None] | None = None) -> None:
    """Serves the plugins (scorers, agents and controllers, mixed) until the
    host is done with the process, then exits it. Run by hand (without the
    host's cookie) it prints what the file is and exits 1. An object with an
    add_to_server(server, broker) method registers a gRPC service of its own
    beside them (plugins-python/inspect-task serves the Task service so).

    warm, if given, is the plugin's warm-up (importing its heavy libraries):
    it runs in a thread of its own beside the handshake, so the host is not
    kept waiting; and when the host starts the process as the zygote of a
    pool of workers (swarmhost_plugin._zygote), it runs once, before the
    workers are forked from the process, so every worker has it done. It
    must not raise (record a failure for the first call to report) and
    must leave no thread running. What it makes lives as long as the process
    and is frozen out of the garbage collector's reach (warm_up)."""
    name = os.path.basename(sys.argv[0] or "plugin")
    check_cookie(name)
    fd = _zygote.requested()
    if fd is not None:
        if warm is not None:
            warm_up(warm)
        if _zygote.quiet(_zygote.QUIET_TIMEOUT):
            _zygote.run(fd, _guard.handshake_fd)  # returns in each forked worker
        else:  # serve as a plain plugin: the host starts each worker on its own
            log.warning("a thread of the plugin still runs after its warm-up; not forking workers from this process")
            os.close(fd)
    elif warm is not None:
        # Beside the handshake and the first calls: the collector is left running (pausing it
        # is process-wide); what the warm-up made is still frozen once it is done.
        threading.Thread(target=warm_up, args=(warm, False), name="warm", daemon=True).start()
    drop_unused_secrets()
    _guard.protect()
    log.route_root()
    version = negotiate(protocol_versions or [PROTOCOL_VERSION], os.environ.get("PLUGIN_PROTOCOL_VERSIONS", ""))
    private = tempfile.mkdtemp(prefix="swarmhost-py-")
    cert = os.environ.get("PLUGIN_CLIENT_CERT", "")
    tls = AutoMTLS(cert, private) if cert else None
    mux = PluginMux(os.path.join(private, "grpc.sock"), private, tls) if multiplexed() else None
    done = threading.Event()
    server, stdio = build_server(plugins, Broker(tls, mux), done)
    address = listen(server, private, tls, mux)
    server.start()
    line = f"{CORE_PROTOCOL_VERSION}|{version}|unix|{address}|grpc|{tls.handshake_cert if tls else ''}"
    line += "|true\n" if mux else "\n"
    os.write(_guard.handshake_fd, line.encode())
    log.debug("plugin started", extra={"address": address, "protocol": version, "auto_mtls": tls is not None,
                                       "multiplexed": mux is not None})
    sys.stdout = _guard._LineWriter(stdio.write)
    _ignore_interrupts()
    threading.Thread(target=_watch_parent, args=(os.getppid(), done), daemon=True).start()
    done.wait()
    server.stop(grace=1.0).wait(2.0)
    shutil.rmtree(private, ignore_errors=True)
    log.debug("plugin exiting")
    os._exit(0)


def warm_up(warm: Callable[[], None], pause: bool = True) -> None:
    """Runs the plugin's warm-up with the cyclic garbage collector paused
    (unless pause is False: a warm-up on a thread beside the plugin's
    serving, where pausing would pause it for every thread),
    then freezes every object the process has (gc.freeze): the warm-up's
    imports live as long as the process, and a full collection would walk
    all of them again (inspect_ai's: about 0.3 s of CPU each time, once or
    more per hundred members) and, in a worker forked from a pool's zygote,
    write to every page the worker shares with its zygote, so the kernel
    copies them. Collections during the warm-up itself find nearly nothing
    to free in a fresh import (a tenth of inspect_ai's import time)."""
    enabled = gc.isenabled()
    if pause:
        gc.disable()
    try:
        warm()
    finally:
        gc.freeze()
        if enabled:
            gc.enable()


PLUGIN_TLS_ENV = "SWARMHOST_PLUGIN_TLS"
"""Where the host hands a plugin a one-time certificate and private key of
its own (Go plugins answer with it). This SDK makes its own pair, so the
variable is removed from the environment before anything runs, and no
child process the plugin starts inherits the key."""


def drop_unused_secrets() -> None:
    """Removes what the host handed over that this SDK does not use (the
    key pair in PLUGIN_TLS_ENV) from the process's environment."""
    os.environ.pop(PLUGIN_TLS_ENV, None)


def check_cookie(name: str) -> None:
    """Exits 1 with a message when the host did not start the process."""
    if not _guard.launched_by_host():
        sys.stderr.write(NOT_A_PROGRAM.format(name=name))
        sys.exit(1)


def multiplexed() -> bool:
    """Whether the host asked for broker multiplexing (PLUGIN_MULTIPLEX_GRPC,
    read as Go's strconv.ParseBool reads it)."""
    return os.environ.get("PLUGIN_MULTIPLEX_GRPC", "") in ("1", "t", "T", "true", "TRUE", "True")


def negotiate(ours: list[int], host_list: str) -> int:
    """go-plugin's choice: our highest version the host lists; when none
    matches, our lowest, and the host reports the mismatch."""
    host = {int(v) for v in host_list.split(",") if v.strip().isdigit()}
    common = [v for v in ours if v in host]
    return max(common) if common else min(ours)


def build_server(plugins, broker: Broker, done: threading.Event):
    """The gRPC server with go-plugin's services and the plugins'."""
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=MAX_WORKERS, thread_name_prefix="swarmhost"),
                         options=CHANNEL_OPTIONS)
    health_servicer = health.HealthServicer()
    health_servicer.set("plugin", health_pb2.HealthCheckResponse.SERVING)
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    grpc_broker_pb2_grpc.add_GRPCBrokerServicer_to_server(broker, server)
    grpc_controller_pb2_grpc.add_GRPCControllerServicer_to_server(_Controller(done), server)
    stdio = Stdio()
    grpc_stdio_pb2_grpc.add_GRPCStdioServicer_to_server(stdio, server)
    add_plugins(server, plugins, broker)
    return server, stdio


def add_plugins(server, plugins, broker: Broker) -> None:
    """Registers one service per kind that has implementations."""
    kinds = {Scorer: [], Agent: [], Controller: []}
    for p in plugins:
        if hasattr(p, "add_to_server"):  # a host-side kind served outside the SDK (the task plugin's Task service)
            p.add_to_server(server, broker)
            continue
        for kind in kinds:
            if isinstance(p, kind):
                kinds[kind].append(p)
                break
        else:
            raise TypeError(f"serve: {type(p).__name__} is not a Scorer, Agent or Controller")
    if kinds[Scorer]:
        scorer_pb2_grpc.add_ScorerServicer_to_server(ScorerServicer(kinds[Scorer], broker), server)
    if kinds[Agent]:
        agent_pb2_grpc.add_AgentServicer_to_server(AgentServicer(kinds[Agent], broker), server)
    if kinds[Controller]:
        controller_pb2_grpc.add_ControllerServicer_to_server(ControllerServicer(kinds[Controller]), server)


def listen(server, private: str, tls: AutoMTLS | None, mux: PluginMux | None = None) -> str:
    """Binds the server; returns the address for the handshake line."""
    socket_dir = os.environ.get("PLUGIN_UNIX_SOCKET_DIR") or private
    public = tempfile.mktemp(prefix="plugin-", suffix=".sock", dir=socket_dir)
    if mux is not None:
        server.add_insecure_port("unix:" + os.path.join(private, "grpc.sock"))
        mux.listen(public)
    elif tls is None:
        server.add_insecure_port("unix:" + public)
    else:
        backend = os.path.join(private, "grpc.sock")
        server.add_insecure_port("unix:" + backend)
        tls.serve(public, backend)
    group = os.environ.get("PLUGIN_UNIX_SOCKET_GROUP")
    if group and os.path.exists(public):
        shutil.chown(public, group=group)
        os.chmod(public, 0o660)
    return public


class _Controller(grpc_controller_pb2_grpc.GRPCControllerServicer):
    """go-plugin's GRPCController: Shutdown ends the process gracefully."""

    def __init__(self, done: threading.Event) -> None:
        self._done = done

    def Shutdown(self, request, context):  # noqa: N802
        threading.Timer(0.05, self._done.set).start()
        return grpc_controller_pb2.Empty()


class Stdio(grpc_stdio_pb2_grpc.GRPCStdioServicer):
    """go-plugin's GRPCStdio: what the plugin prints after the handshake is
    streamed to the host, which logs it as a warning under the plugin's
    name. Before the host connects (and once it has gone) it goes to stderr."""

    def __init__(self) -> None:
        self._q: queue.Queue[bytes | None] | None = None
        self._lock = threading.Lock()

    def write(self, text: str) -> None:
        with self._lock:
            q = self._q
        if q is None:
            _guard.to_stderr(text)
        else:
            q.put(text.encode())

    def StreamStdio(self, request, context):  # noqa: N802
        q: queue.Queue[bytes | None] = queue.Queue()
        with self._lock:
            self._q = q
        context.add_callback(lambda: q.put(None))
        try:
            while (data := q.get()) is not None:
                yield grpc_stdio_pb2.StdioData(channel=grpc_stdio_pb2.StdioData.STDOUT, data=data)
        finally:
            with self._lock:
                self._q = None


def _ignore_interrupts() -> None:
    """As go-plugin: Ctrl-C in the terminal reaches the host, which stops
    its plugins in order; the plugin itself ignores it."""
    try:
        signal.signal(signal.SIGINT, lambda *_: log.trace("plugin received interrupt; ignored"))
    except ValueError:  # not the main thread
        pass


def _watch_parent(parent: int, done: threading.Event) -> None:
    """Ends the plugin when the host dies (the process is re-parented)."""
    while not done.wait(1.0):
        if os.getppid() != parent:
            log.warning("host process went away; exiting")
            done.set()

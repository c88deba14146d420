"""The plugin's half of go-plugin's GRPCBrokerMultiplex.

When the host sets PLUGIN_MULTIPLEX_GRPC (it does for every untrusted
plugin: a sandboxed plugin can reach no socket but its own), everything
runs over the one connection the host makes to the plugin's socket, as
yamux streams (swarmhost_plugin._yamux; the plugin is yamux's server):

* every stream the host opens is a connection to the plugin's gRPC server
  (forwarded to it on a private unix socket);
* to dial a service the host serves under a broker id, the plugin sends a
  knock for the id down the broker stream, waits for the host's ack, then
  opens a stream, which the host hands to that service. Knock and open are
  one step under a lock, as in go-plugin, since the host gives the next
  stream it accepts to the id it was knocked for.

With AutoMTLS each stream carries its own TLS session, as go-plugin's do
(the host's gRPC credentials wrap every connection it dials or accepts).
"""

from __future__ import annotations

import asyncio
import socket
import tempfile
from collections.abc import Awaitable, Callable

from . import _aio, log
from ._tls import AutoMTLS
from ._yamux import Session, Stream, YamuxError

SESSION_WAIT_SECONDS = 10.0
"""How long a dial waits for the host's connection (it is made right after
the handshake line)."""


class PluginMux:
    """Serves the plugin's gRPC server over the host's one connection and
    dials the host's brokered services over the same connection."""

    def __init__(self, backend: str, private_dir: str, tls: AutoMTLS | None) -> None:
        self._backend, self._dir, self._tls = backend, private_dir, tls
        self._session: Session | None = None
        self.knock: Callable[[int], Awaitable[None]] | None = None
        """Set by the broker: knocks for a service id and waits for the ack."""

    def listen(self, public: str) -> None:
        """Listens on the advertised socket for the host's connection."""
        _aio.run(self._listen(public))

    async def _listen(self, public: str) -> None:
        self._ready = asyncio.Event()
        self._dial_lock = asyncio.Lock()
        self._server = await asyncio.start_unix_server(self._on_connection, path=public, limit=_aio.CHUNK)

    async def _on_connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self._session is not None:  # go-plugin makes exactly one
            writer.close()
            return
        self._session = Session(reader, writer, client=False)
        self._ready.set()
        while (stream := await self._session.accept()) is not None:
            _aio.spawn(self._serve_stream(stream))
        log.debug("host connection closed")

    async def _serve_stream(self, stream: Stream) -> None:
        try:
            b_reader, b_writer = await asyncio.open_unix_connection(self._backend, limit=_aio.CHUNK)
        except OSError:
            stream.reset()
            return
        reader, writer = stream, stream
        if self._tls is not None:
            reader, writer = await tls_over(stream, self._tls.server_context, server_side=True)
        await _aio.join(reader, writer, b_reader, b_writer)

    def dialer(self, service_id: int) -> str:
        """A private unix socket whose connections reach the host's service
        with that broker id, each over a fresh stream."""
        local = tempfile.mktemp(prefix="mux-", suffix=".sock", dir=self._dir)

        async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            try:
                stream = await self.open(service_id)
            except (OSError, RuntimeError, asyncio.TimeoutError) as e:
                log.warning("cannot reach host service", extra={"service_id": service_id, "error": str(e)})
                writer.close()
                return
            s_reader, s_writer = stream, stream
            if self._tls is not None:
                s_reader, s_writer = await tls_over(stream, self._tls.client_context, server_side=False)
            await _aio.join(reader, writer, s_reader, s_writer)

        async def start():
            return await asyncio.start_unix_server(handle, path=local, limit=_aio.CHUNK)

        _aio.run(start())
        return local

    async def open(self, service_id: int) -> Stream:
        """Knocks for service_id and opens the stream the host gives it."""
        await asyncio.wait_for(self._ready.wait(), SESSION_WAIT_SECONDS)
        if self.knock is None:
            raise YamuxError("no broker to knock with")
        async with self._dial_lock:
            await self.knock(service_id)
            return await self._session.open()


async def tls_over(stream: Stream, ctx, *, server_side: bool):
    """TLS over a yamux stream: the stream is joined to one end of a socket
    pair and asyncio's TLS runs on the other; returns its reader and
    writer."""
    ours, theirs = socket.socketpair()
    r, w = await asyncio.open_unix_connection(sock=ours, limit=_aio.CHUNK)
    _aio.spawn(_aio.join(stream, stream, r, w))
    if not server_side:
        return await asyncio.open_unix_connection(sock=theirs, ssl=ctx, server_hostname="localhost",
                                                  limit=_aio.CHUNK)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=_aio.CHUNK)
    protocol = asyncio.StreamReaderProtocol(reader)
    transport, _ = await loop.connect_accepted_socket(lambda: protocol, sock=theirs, ssl=ctx)
    return reader, asyncio.StreamWriter(transport, protocol, reader, loop)

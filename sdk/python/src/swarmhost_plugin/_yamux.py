"""yamux on asyncio: the stream multiplexer go-plugin's GRPCBrokerMultiplex
runs over a plugin's one connection (github.com/hashicorp/yamux, whose
spec.md this follows).

Every frame has a 12-byte header: version 0, type, flags, stream id and a
length (big endian). Data frames carry length bytes; a window update adds
length to the sender's window; a ping with SYN is answered with the same
ping and ACK; go-away ends the session. A stream opens with SYN, is
accepted with ACK, half-closes with FIN and is torn down with RST. Each
side may send at most the window the other granted (256 KiB to start) and
grants more as it reads, as Go's yamux does, which ends the session on a
window overrun. The client's stream ids are odd, the server's even.
"""

from __future__ import annotations

import asyncio
import struct

from . import _aio

HEADER = struct.Struct(">BBHII")

TYPE_DATA, TYPE_WINDOW_UPDATE, TYPE_PING, TYPE_GO_AWAY = 0, 1, 2, 3
FLAG_SYN, FLAG_ACK, FLAG_FIN, FLAG_RST = 1, 2, 4, 8

INITIAL_WINDOW = 256 * 1024
"""Every stream's window to start with, and the most either side grants."""

MAX_FRAME = 64 * 1024
"""The largest data frame sent."""


class YamuxError(ConnectionError):
    """The session broke the protocol or went away."""


class Stream:
    """One yamux stream, read and written like asyncio's StreamReader and
    StreamWriter (read, write, drain, write_eof, close)."""

    def __init__(self, session: Session, stream_id: int) -> None:
        self.id = stream_id
        self._session = session
        self._buf = bytearray()
        self._out = bytearray()
        self._recv_window = INITIAL_WINDOW
        self._send_window = INITIAL_WINDOW
        self._readable = asyncio.Event()
        self._writable = asyncio.Event()
        self._send_lock = asyncio.Lock()
        self.established = asyncio.Event()
        self._remote_fin = self._local_fin = self._reset = False
        self._fin_task: asyncio.Task | None = None

    # -- reading

    async def read(self, n: int = -1) -> bytes:
        """Up to n bytes (all buffered when n < 0); b"" at the end of the
        stream."""
        while not self._buf and not self._remote_fin and not self._reset:
            self._readable.clear()
            await self._readable.wait()
        if not self._buf:
            return b""
        n = len(self._buf) if n < 0 else n
        data = bytes(self._buf[:n])
        del self._buf[:n]
        self._grant()
        return data

    def _grant(self) -> None:
        delta = INITIAL_WINDOW - len(self._buf) - self._recv_window
        if delta >= INITIAL_WINDOW // 2 and not self._reset:
            self._recv_window += delta
            self._session.write_frame(TYPE_WINDOW_UPDATE, 0, self.id, delta)

    # -- writing

    def write(self, data: bytes) -> None:
        """Buffers data; drain sends it."""
        if self._local_fin or self._reset:
            raise YamuxError(f"yamux: write on closed stream {self.id}")
        self._out += data

    async def drain(self) -> None:
        """Sends what write buffered, within the peer's window."""
        async with self._send_lock:
            while self._out:
                while self._send_window == 0 and not self._reset:
                    self._writable.clear()
                    await self._writable.wait()
                if self._reset:
                    raise YamuxError(f"yamux: stream {self.id} reset")
                n = min(len(self._out), self._send_window, MAX_FRAME)
                chunk = bytes(self._out[:n])
                del self._out[:n]
                self._send_window -= n
                await self._session.send_frame(TYPE_DATA, 0, self.id, n, chunk)

    def can_write_eof(self) -> bool:
        """A stream half-closes."""
        return True

    def write_eof(self) -> None:
        """Sends FIN once what was written has been sent."""
        if not self._local_fin:
            self._local_fin = True
            self._fin_task = _aio.spawn(self._send_fin())

    async def _send_fin(self) -> None:
        try:
            await self.drain()
        except YamuxError:
            return
        self._session.write_frame(TYPE_WINDOW_UPDATE, FLAG_FIN, self.id, 0)
        self._forget_if_done()

    def close(self) -> None:
        """Half-closes the stream (FIN); it is forgotten once both sides
        closed."""
        self.write_eof()

    def reset(self) -> None:
        """Tears the stream down at once (RST)."""
        if not self._reset:
            self._session.write_frame(TYPE_WINDOW_UPDATE, FLAG_RST, self.id, 0)
            self._on_reset()

    # -- from the session

    def _on_frame(self, kind: int, flags: int, length: int, payload: bytes) -> None:
        if flags & FLAG_ACK:
            self.established.set()
        if kind == TYPE_WINDOW_UPDATE and length:
            self._send_window += length
            self._writable.set()
        if kind == TYPE_DATA and payload:
            if len(payload) > self._recv_window:
                raise YamuxError(f"yamux: stream {self.id} overran its receive window")
            self._recv_window -= len(payload)
            self._buf += payload
            self._readable.set()
        if flags & FLAG_FIN:
            self._remote_fin = True
            self._readable.set()
            self._forget_if_done()
        if flags & FLAG_RST:
            self._on_reset()

    def _on_reset(self) -> None:
        self._reset = True
        self.established.set()
        self._readable.set()
        self._writable.set()
        self._session.forget(self.id)

    def _forget_if_done(self) -> None:
        if self._remote_fin and self._local_fin and not self._out:
            self._session.forget(self.id)


class Session:
    """A yamux session over one connection (an asyncio reader/writer pair);
    create it on the loop that serves the connection."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, *, client: bool) -> None:
        self._reader, self._writer = reader, writer
        self._next_id = 1 if client else 2
        self._streams: dict[int, Stream] = {}
        self._accepts: asyncio.Queue[Stream | None] = asyncio.Queue()
        self._remote_go_away = False
        self.closed = asyncio.Event()
        self._task = _aio.spawn(self._receive())

    def write_frame(self, kind: int, flags: int, stream_id: int, length: int, payload: bytes = b"") -> None:
        """Queues one frame on the connection (frames never interleave:
        each is one write on the loop's thread)."""
        if not self.closed.is_set():
            self._writer.write(HEADER.pack(0, kind, flags, stream_id, length) + payload)

    async def send_frame(self, kind: int, flags: int, stream_id: int, length: int, payload: bytes = b"") -> None:
        """Writes one frame and waits until the connection took it."""
        if self.closed.is_set():
            raise YamuxError("yamux: session closed")
        self.write_frame(kind, flags, stream_id, length, payload)
        await self._writer.drain()

    async def open(self, timeout: float = 10.0) -> Stream:
        """Opens a stream and waits until the peer accepted it."""
        if self.closed.is_set() or self._remote_go_away:
            raise YamuxError("yamux: session is not accepting streams")
        stream = Stream(self, self._next_id)
        self._next_id += 2
        self._streams[stream.id] = stream
        self.write_frame(TYPE_WINDOW_UPDATE, FLAG_SYN, stream.id, 0)
        try:
            await asyncio.wait_for(stream.established.wait(), timeout)
        except asyncio.TimeoutError:
            stream.reset()
            raise YamuxError(f"yamux: stream {stream.id} not accepted within {timeout:g}s") from None
        if stream._reset:
            raise YamuxError(f"yamux: stream {stream.id} refused")
        return stream

    async def accept(self) -> Stream | None:
        """The next stream the peer opened, acknowledged; None once the
        session is closed."""
        stream = await self._accepts.get()
        if stream is not None:
            self.write_frame(TYPE_WINDOW_UPDATE, FLAG_ACK, stream.id, 0)
        return stream

    def forget(self, stream_id: int) -> None:
        """Drops a finished stream."""
        self._streams.pop(stream_id, None)

    def close(self) -> None:
        """Sends go-away and closes the connection."""
        if not self.closed.is_set():
            self.write_frame(TYPE_GO_AWAY, 0, 0, 0)
            self._writer.close()
            self._task.cancel()

    async def _receive(self) -> None:
        try:
            while True:
                version, kind, flags, stream_id, length = HEADER.unpack(await self._reader.readexactly(HEADER.size))
                if version != 0 or kind > TYPE_GO_AWAY:
                    raise YamuxError(f"yamux: bad frame header (version {version}, type {kind})")
                payload = await self._reader.readexactly(length) if kind == TYPE_DATA and length else b""
                self._dispatch(kind, flags, stream_id, length, payload)
        except (asyncio.IncompleteReadError, OSError, YamuxError, asyncio.CancelledError):
            pass
        finally:
            self._shutdown()

    def _dispatch(self, kind: int, flags: int, stream_id: int, length: int, payload: bytes) -> None:
        if kind == TYPE_PING:
            if flags & FLAG_SYN:
                self.write_frame(TYPE_PING, FLAG_ACK, 0, length)
            return
        if kind == TYPE_GO_AWAY:
            self._remote_go_away = True
            return
        stream = self._streams.get(stream_id)
        if flags & FLAG_SYN:
            if stream is not None:
                raise YamuxError(f"yamux: duplicate stream {stream_id}")
            stream = self._streams[stream_id] = Stream(self, stream_id)
            stream.established.set()
            self._accepts.put_nowait(stream)
        if stream is not None:
            stream._on_frame(kind, flags, length, payload)

    def _shutdown(self) -> None:
        if self.closed.is_set():
            return
        self.closed.set()
        try:
            self._writer.close()
        except (OSError, RuntimeError):
            pass
        for stream in list(self._streams.values()):
            stream._on_reset()
        self._accepts.put_nowait(None)

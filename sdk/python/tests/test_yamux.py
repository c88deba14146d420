"""yamux sessions (swarmhost_plugin._yamux) over a real socket pair: the
frames go-plugin's multiplexed broker runs on. Interop with Go's yamux is
covered by host/plugins TestUntrustedPythonPluginRunsSandboxed."""

import asyncio
import os
import socket
import struct

import pytest

from swarmhost_plugin._yamux import (FLAG_ACK, FLAG_SYN, HEADER, INITIAL_WINDOW, TYPE_PING, Session,
                                     YamuxError)


async def pair():
    a, b = socket.socketpair()
    ra, wa = await asyncio.open_unix_connection(sock=a)
    rb, wb = await asyncio.open_unix_connection(sock=b)
    return Session(ra, wa, client=True), Session(rb, wb, client=False)


async def read_all(stream):
    out = bytearray()
    while chunk := await stream.read(100_000):
        out += chunk
    return bytes(out)


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 30))


def test_streams_carry_more_than_a_window_both_ways_and_half_close():
    async def main():
        client, server = await pair()
        big = os.urandom(4 * INITIAL_WINDOW + 123)

        async def serve():
            stream = await server.accept()
            got = await read_all(stream)  # ends at the client's FIN
            stream.write(got[::-1])
            await stream.drain()
            stream.close()
            return got

        served = asyncio.ensure_future(serve())
        stream = await client.open()
        assert stream.id % 2 == 1, "the client's ids are odd"
        stream.write(big)
        await stream.drain()
        stream.write_eof()
        back = await read_all(stream)
        assert await served == big
        assert back == big[::-1]
        client.close()
        assert await server.accept() is None, "accept ends with the session"
    run(main())


def test_many_streams_at_once():
    async def main():
        client, server = await pair()

        async def echo():
            while (s := await server.accept()) is not None:
                async def one(s=s):
                    s.write(await read_all(s))
                    await s.drain()
                    s.close()
                asyncio.ensure_future(one())

        asyncio.ensure_future(echo())

        async def call(i):
            s = await client.open()
            s.write(str(i).encode() * 1000)
            await s.drain()
            s.write_eof()
            return await read_all(s)

        got = await asyncio.gather(*(call(i) for i in range(20)))
        assert got == [str(i).encode() * 1000 for i in range(20)]
        client.close()
    run(main())


def test_ping_is_answered_with_the_same_id():
    async def main():
        a, b = socket.socketpair()
        r, w = await asyncio.open_unix_connection(sock=a)
        Session(r, w, client=False)
        raw_r, raw_w = await asyncio.open_unix_connection(sock=b)
        raw_w.write(HEADER.pack(0, TYPE_PING, FLAG_SYN, 0, 77))
        await raw_w.drain()
        assert HEADER.unpack(await raw_r.readexactly(HEADER.size)) == (0, TYPE_PING, FLAG_ACK, 0, 77)
        raw_w.close()
    run(main())


def test_reset_stream_fails_writes_and_ends_reads():
    async def main():
        client, server = await pair()
        accepted = asyncio.ensure_future(server.accept())
        stream = await client.open()
        (await accepted).reset()
        assert await stream.read() == b""
        with pytest.raises(YamuxError):
            stream.write(b"x")
        client.close()
    run(main())


def test_a_window_overrun_ends_the_session():
    async def main():
        a, b = socket.socketpair()
        r, w = await asyncio.open_unix_connection(sock=a)
        session = Session(r, w, client=False)
        raw_r, raw_w = await asyncio.open_unix_connection(sock=b)
        raw_w.write(HEADER.pack(0, 1, FLAG_SYN, 1, 0))
        raw_w.write(HEADER.pack(0, 0, 0, 1, INITIAL_WINDOW + 1) + b"x" * (INITIAL_WINDOW + 1))
        await raw_w.drain()
        await asyncio.wait_for(session.closed.wait(), 10)
        raw_w.close()
    run(main())


def test_header_layout_is_big_endian_12_bytes():
    assert HEADER.size == 12
    assert HEADER.pack(0, 1, 2, 3, 4) == struct.pack(">BBHII", 0, 1, 2, 3, 4)

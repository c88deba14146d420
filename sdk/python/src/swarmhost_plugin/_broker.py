"""The plugin's side of go-plugin's GRPCBroker, enough to dial the host's
brokered services (AgentHost, ScorerHost).

go-plugin's host calls plugin.GRPCBroker/StartStream once, right after it
connects, and keeps the bidirectional stream open. Each time the host
serves a service under a broker id (AcceptAndServe) it either

* opens a listener and sends ConnInfo{service_id, network, address} down
  the stream; the plugin dials that address when a request carries the
  id; or, when the host multiplexes (PLUGIN_MULTIPLEX_GRPC),
* waits for the plugin's knock: the plugin sends ConnInfo{service_id,
  knock{knock}} up the stream, the host answers knock{knock, ack} and
  hands the next stream the plugin opens on the one connection to that
  service (swarmhost_plugin._mux).

The plugin never serves brokered services itself: a knock from the host
is answered with an error.
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time

import grpc

from ._pb.plugin import grpc_broker_pb2, grpc_broker_pb2_grpc
from ._tls import AutoMTLS

# How long a dial waits for the host's connection info. The host sends it
# from a goroutine started just before the call that names the id, so it is
# normally already there; go-plugin's own dialer waits 5 s.
DIAL_WAIT_SECONDS = 10.0

KNOCK_WAIT_SECONDS = 10.0
"""How long a knock waits for the host's ack (go-plugin waits 5 s)."""

MAX_MESSAGE_BYTES = 64 << 20
"""Bounds one gRPC message either way, as the Go SDK's protocol.MaxMessageBytes."""

CHANNEL_OPTIONS = [("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
                   ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES)]


class BrokerError(RuntimeError):
    """A brokered service could not be dialled."""


class Broker(grpc_broker_pb2_grpc.GRPCBrokerServicer):
    """Collects the host's connection info (or knocks, when multiplexed)
    and dials brokered services, one cached channel per id."""

    def __init__(self, tls: AutoMTLS | None = None, mux=None) -> None:
        self._tls = tls
        self._mux = mux
        self._cond = threading.Condition()
        self._infos: dict[int, grpc_broker_pb2.ConnInfo] = {}
        self._channels: dict[int, grpc.Channel] = {}
        self._out: queue.Queue[grpc_broker_pb2.ConnInfo | None] = queue.Queue()
        self._acks: dict[int, tuple[asyncio.AbstractEventLoop, asyncio.Future]] = {}
        if mux is not None:
            mux.knock = self.knock

    def StartStream(self, request_iterator, context):  # noqa: N802 - gRPC method name
        """Records what the host sends and sends the plugin's knocks, until
        the stream closes."""
        threading.Thread(target=self._receive, args=(request_iterator,), name="swarmhost-broker",
                         daemon=True).start()
        while (msg := self._out.get()) is not None:
            yield msg

    def _receive(self, request_iterator) -> None:
        try:
            for info in request_iterator:
                if info.HasField("knock"):
                    self._on_knock(info)
                    continue
                with self._cond:
                    self._infos[info.service_id] = info
                    self._cond.notify_all()
        except grpc.RpcError:
            pass
        finally:
            self._out.put(None)

    def _on_knock(self, info: grpc_broker_pb2.ConnInfo) -> None:
        if not info.knock.ack:
            self._out.put(grpc_broker_pb2.ConnInfo(service_id=info.service_id, knock=grpc_broker_pb2.ConnInfo.Knock(
                knock=True, ack=True, error="the plugin serves no brokered services")))
            return
        with self._cond:
            waiter = self._acks.pop(info.service_id, None)
        if waiter is not None:
            loop, fut = waiter
            loop.call_soon_threadsafe(lambda: fut.done() or fut.set_result(info))

    async def knock(self, service_id: int) -> None:
        """Knocks for service_id and waits for the host's ack (on the
        multiplexer's loop)."""
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        with self._cond:
            self._acks[service_id] = (loop, fut)
        self._out.put(grpc_broker_pb2.ConnInfo(service_id=service_id,
                                               knock=grpc_broker_pb2.ConnInfo.Knock(knock=True)))
        try:
            ack = await asyncio.wait_for(fut, KNOCK_WAIT_SECONDS)
        except asyncio.TimeoutError:
            raise BrokerError(f"dial host service {service_id}: no answer to the knock") from None
        finally:
            with self._cond:
                self._acks.pop(service_id, None)
        if ack.knock.error:
            raise BrokerError(f"dial host service {service_id}: {ack.knock.error}")

    def add(self, info: grpc_broker_pb2.ConnInfo) -> None:
        """Records connection info directly (the in-process harness)."""
        with self._cond:
            self._infos[info.service_id] = info
            self._cond.notify_all()

    def dial(self, service_id: int) -> grpc.Channel:
        """Returns a channel to the host's service with that broker id."""
        with self._cond:
            if service_id in self._channels:
                return self._channels[service_id]
            if self._mux is not None:
                target = "unix:" + self._mux.dialer(service_id)
            else:
                target = self._target(self._wait_info(service_id))
            channel = grpc.insecure_channel(target, options=CHANNEL_OPTIONS)
            self._channels[service_id] = channel
            return channel

    def _wait_info(self, service_id: int) -> grpc_broker_pb2.ConnInfo:
        deadline = time.monotonic() + DIAL_WAIT_SECONDS
        while service_id not in self._infos:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrokerError(f"dial host service {service_id}: timeout waiting for connection info")
            self._cond.wait(left)
        return self._infos[service_id]

    def _target(self, info: grpc_broker_pb2.ConnInfo) -> str:
        if info.network not in ("unix", "tcp"):
            raise BrokerError(f"dial host service {info.service_id}: unknown network {info.network!r}")
        if self._tls is not None:
            return "unix:" + self._tls.dial(info.network, info.address)
        return ("unix:" if info.network == "unix" else "") + info.address

    def close(self) -> None:
        """Closes every dialled channel."""
        with self._cond:
            for ch in self._channels.values():
                ch.close()
            self._channels.clear()

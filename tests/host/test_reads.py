"""Transports read in buffers under glibc's mmap threshold (vgcore/host/reads.py): real
sockets on loopback, the host's own WebSocket server and client."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from vgcore.host import ws as ws_module
from vgcore.host.client import AsyncClient
from vgcore.host.reads import READ_SIZE, read_in_small_buffers

from .test_stdio import real_host
from .test_ws import serving


class Collect(asyncio.Protocol):
    """Keeps every chunk a transport hands over, and says when `expected` bytes are in."""

    def __init__(self, expected: int) -> None:
        self.chunks: list[bytes] = []
        self.expected = expected
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        read_in_small_buffers(transport)

    def data_received(self, data: bytes) -> None:
        self.chunks.append(data)
        if sum(map(len, self.chunks)) >= self.expected and not self.done.done():
            self.done.set_result(None)


def test_a_long_message_arrives_whole_in_small_reads() -> None:
    payload = bytes(range(256)) * (4 * READ_SIZE // 256 + 7)  # four reads' worth and more

    async def run() -> list[bytes]:
        loop = asyncio.get_running_loop()
        collected: list[Collect] = []

        def made() -> Collect:
            collected.append(Collect(len(payload)))
            return collected[-1]

        server = await loop.create_server(made, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        _reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(payload)
        await writer.drain()
        await asyncio.wait_for(_first(collected), 10)
        writer.close()
        server.close()
        return collected[0].chunks

    chunks = asyncio.run(run())
    assert b"".join(chunks) == payload
    assert max(map(len, chunks)) <= READ_SIZE
    assert len(chunks) >= 5


async def _first(collected: list[Collect]) -> None:
    """Until the server's first connection has taken in everything it expects."""
    while not collected:
        await asyncio.sleep(0.01)
    await collected[0].done


def test_a_transport_without_a_read_size_is_left_alone() -> None:
    class Other:
        pass

    other = Other()
    read_in_small_buffers(other)
    assert not hasattr(other, "max_size")


def test_the_hosts_websocket_server_and_client_read_in_small_buffers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []

    def spy(transport: object) -> None:
        read_in_small_buffers(transport)
        seen.append(transport)

    monkeypatch.setattr(ws_module, "read_in_small_buffers", spy)

    async def run() -> int:
        async with serving(real_host()) as port:
            client = await AsyncClient.connect(f"ws://127.0.0.1:{port}/", validate=True)
            assert (await client.hello())["protocol"] == 1
            mine = client.link.ws.transport.max_size  # type: ignore[attr-defined]
            await client.close()
            return mine

    assert asyncio.run(run()) == READ_SIZE
    assert [t.max_size for t in seen] == [READ_SIZE]  # the server's side of the connection

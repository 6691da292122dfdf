"""The stdio transport: JSON Lines on a pair of real pipes, and `vgcore serve --stdio` as a
real subprocess."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Awaitable, Callable
from pathlib import Path

from vgcore.host.client import AsyncClient
from vgcore.host.stdio import MAX_MESSAGE, serve_stdio


class EchoConnection:
    """Replies to each message with a `pong` naming its id; records what it was given."""

    def __init__(self, send: Callable[[str], None], trusted: bool) -> None:
        self.send = send
        self.trusted = trusted
        self.received: list[str] = []
        self.is_closed = False

    async def receive(self, text: str) -> None:
        self.received.append(text)
        self.send(json.dumps({"v": 1, "type": "pong", "re": json.loads(text).get("id")}))

    def closed(self) -> None:
        self.is_closed = True


class EchoHost:
    def __init__(self) -> None:
        self.connections: list[EchoConnection] = []
        self.stopped = False

    def connect(self, send: Callable[[str], None], *, trusted: bool = False,
                peer: str = "") -> EchoConnection:
        self.connections.append(EchoConnection(send, trusted))
        return self.connections[-1]

    async def stop(self) -> None:
        self.stopped = True


async def over_pipes(host: EchoHost,
                     talk: Callable[[AsyncClient], Awaitable[None]]) -> None:
    """Run `serve_stdio` on two os.pipe()s and `talk` to it from the other ends."""
    loop = asyncio.get_running_loop()
    in_r, in_w = os.pipe()
    out_r, out_w = os.pipe()
    with (open(in_r, "rb", buffering=0) as stdin, open(out_w, "wb", buffering=0) as stdout,
          open(out_r, "rb", buffering=0) as replies, open(in_w, "wb", buffering=0) as lines):
        server = asyncio.create_task(serve_stdio(host, stdin=stdin, stdout=stdout))  # type: ignore[arg-type]
        reader = asyncio.StreamReader(limit=2**20)
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), replies)
        transport, protocol = await loop.connect_write_pipe(
            lambda: asyncio.StreamReaderProtocol(asyncio.StreamReader()), lines)
        writer = asyncio.StreamWriter(transport, protocol, None, loop)
        client = AsyncClient.attach(reader, writer)
        await talk(client)
        writer.close()  # EOF on the host's stdin
        await server
        await client.close()


def test_each_line_is_one_message_and_each_reply_one_line() -> None:
    host = EchoHost()

    async def talk(client: AsyncClient) -> None:
        assert (await client.request({"type": "ping"}))["type"] == "pong"
        assert (await client.request({"type": "ping", "id": "x"}))["re"] == "x"

    asyncio.run(over_pipes(host, talk))
    assert [json.loads(t)["id"] for t in host.connections[0].received] == [1, "x"]


def test_the_stdio_connection_is_trusted() -> None:
    host = EchoHost()

    async def talk(client: AsyncClient) -> None:
        await client.request({"type": "ping"})

    asyncio.run(over_pipes(host, talk))
    assert [c.trusted for c in host.connections] == [True]


def test_an_oversized_line_is_refused_and_the_next_line_is_served() -> None:
    host = EchoHost()

    async def talk(client: AsyncClient) -> None:
        await client.send_text(json.dumps({"type": "ping", "pad": "x" * (3 * MAX_MESSAGE)}))
        refused = await client.next()
        assert (refused["type"], refused["code"]) == ("error", "bad_message")
        assert (await client.request({"type": "ping"}))["type"] == "pong"

    asyncio.run(over_pipes(host, talk))
    assert len(host.connections[0].received) == 1


def test_a_line_of_exactly_the_limit_is_read() -> None:
    host = EchoHost()
    line = json.dumps({"type": "ping", "id": 7, "pad": ""})
    line = line.replace('""', '"' + "x" * (MAX_MESSAGE - len(line)) + '"')
    assert len(line.encode()) == MAX_MESSAGE

    async def talk(client: AsyncClient) -> None:
        await client.send_text(line)
        assert (await client.next())["re"] == 7

    asyncio.run(over_pipes(host, talk))


def test_invalid_utf8_is_refused_and_the_stream_goes_on() -> None:
    host = EchoHost()

    async def talk(client: AsyncClient) -> None:
        await client.link.send_bytes(b'{"type": "ping", "x": "\xff\xfe"}\n')  # type: ignore[attr-defined]
        refused = await client.next()
        assert (refused["type"], refused["code"]) == ("error", "bad_message")
        assert (await client.request({"type": "ping"}))["type"] == "pong"

    asyncio.run(over_pipes(host, talk))
    assert len(host.connections[0].received) == 1


def test_blank_lines_are_skipped() -> None:
    host = EchoHost()

    async def talk(client: AsyncClient) -> None:
        await client.link.send_bytes(b"\n  \r\n")  # type: ignore[attr-defined]
        assert (await client.request({"type": "ping"}))["re"] == 1

    asyncio.run(over_pipes(host, talk))
    assert len(host.connections[0].received) == 1


def test_end_of_stdin_closes_the_connection_and_stops_the_host() -> None:
    host = EchoHost()

    async def talk(client: AsyncClient) -> None:
        await client.request({"type": "ping"})

    asyncio.run(over_pipes(host, talk))
    assert host.connections[0].is_closed and host.stopped


def test_a_regular_file_on_stdin_is_read_to_its_end(tmp_path: Path) -> None:
    """`vgcore serve --stdio < transcript > out`: files cannot be watched by the event loop;
    a last line without a newline still counts."""
    (tmp_path / "in").write_text('{"type": "ping", "id": 1}\n{"type": "ping", "id": 2}')
    host = EchoHost()

    async def serve() -> None:
        with open(tmp_path / "in", "rb") as stdin, open(tmp_path / "out", "wb") as stdout:
            await serve_stdio(host, stdin=stdin, stdout=stdout)  # type: ignore[arg-type]

    asyncio.run(serve())
    replies = [json.loads(t) for t in (tmp_path / "out").read_text().splitlines()]
    assert [r["re"] for r in replies] == [1, 2] and host.stopped

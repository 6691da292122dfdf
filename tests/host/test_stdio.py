"""The stdio transport: JSON Lines on a pair of real pipes to the real host, and
`vgcore serve --stdio` as a real subprocess. Every message the tests read is validated against
the protocol's Structs (`validate=True`)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from vgcore.host.client import AsyncClient, HostRequestError
from vgcore.host.protocol import MAX_MESSAGE
from vgcore.host.service import Host
from vgcore.host.stdio import serve_stdio
from vgcore.host.store import Store
from vgcore.plugins import Registry

# `vgcore serve` (cli.py adds it to the `vgcore` group as `main.add_command(serve)`).
SERVE = [sys.executable, "-m", "vgcore.cli", "serve"]
VANILLA = {"A": "vanilla-premium-kagero", "B": "vanilla-premium-royal-paladin"}


def real_host() -> Host:
    return Host(Registry(), Store(":memory:"))


async def over_pipes(host: Host, talk: Callable[[AsyncClient], Awaitable[None]]) -> None:
    """Run `serve_stdio` on two os.pipe()s and `talk` to it from the other ends; then end
    its stdin and wait for it to stop."""
    loop = asyncio.get_running_loop()
    in_r, in_w = os.pipe()
    out_r, out_w = os.pipe()
    with (open(in_r, "rb", buffering=0) as stdin, open(out_w, "wb", buffering=0) as stdout,
          open(out_r, "rb", buffering=0) as replies, open(in_w, "wb", buffering=0) as lines):
        await host.start()
        server = asyncio.create_task(serve_stdio(host, stdin=stdin, stdout=stdout))  # type: ignore[arg-type]
        reader = asyncio.StreamReader(limit=2**24)
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), replies)
        transport, protocol = await loop.connect_write_pipe(
            lambda: asyncio.StreamReaderProtocol(asyncio.StreamReader()), lines)
        writer = asyncio.StreamWriter(transport, protocol, None, loop)
        client = AsyncClient.attach(reader, writer, validate=True)
        await talk(client)
        writer.close()  # EOF on the host's stdin
        await server
        await client.close()


async def play_to_the_end(client: AsyncClient, game: str, seats: dict[str, str],
                          first: dict[str, Any] | None, seed: int = 1) -> dict[str, Any]:
    """Answer every decision of the joined `seats` with random legal options until
    `game_over`; returns it."""
    rng = random.Random(seed)
    decision = first
    while True:
        if decision is not None and decision["seat"] in seats:
            await client.answer(game, decision["id"], rng.choice(decision["options"]))
        msg = await client.next(("decision", "game_over"))
        if msg["type"] == "game_over":
            return msg
        decision = msg["decision"]


def test_each_line_is_one_message_and_each_reply_one_line() -> None:
    async def talk(client: AsyncClient) -> None:
        assert (await client.request({"type": "ping"}))["type"] == "pong"
        assert (await client.request({"type": "ping", "id": "x"}))["re"] == "x"
        assert (await client.hello())["type"] == "welcome"

    asyncio.run(over_pipes(real_host(), talk))


def test_the_stdio_connection_may_hold_both_seats_of_a_game() -> None:
    """Trusted: the parent plays both human seats over its one connection, to the end."""

    async def talk(client: AsyncClient) -> None:
        created = await client.create("premium", VANILLA, seed=5)
        game, tokens = created["game"], created["tokens"]
        await client.join(game, "A", tokens["A"])
        await client.join(game, "B", tokens["B"])
        legal = {s: (await client.get(game, "legal", s))["decision"] for s in tokens}
        first = next(d for d in legal.values() if d is not None)
        over = await play_to_the_end(client, game, tokens, first)
        assert over["result"] in ("A", "B", "draw")

    asyncio.run(over_pipes(real_host(), talk))


def test_an_oversized_line_is_refused_and_the_next_line_is_served() -> None:
    async def talk(client: AsyncClient) -> None:
        await client.send_text(json.dumps({"type": "ping", "pad": "x" * (3 * MAX_MESSAGE)}))
        refused = await client.next()
        assert (refused["type"], refused["code"]) == ("error", "bad_message")
        assert "at most 65536 bytes" in refused["message"]
        assert (await client.ping())["type"] == "pong"

    asyncio.run(over_pipes(real_host(), talk))


def test_a_line_of_exactly_the_limit_is_read() -> None:
    line = json.dumps({"v": 1, "type": "ping", "id": 7, "pad": ""})
    line = line.replace('""', '"' + "x" * (MAX_MESSAGE - len(line)) + '"')
    assert len(line.encode()) == MAX_MESSAGE

    async def talk(client: AsyncClient) -> None:
        await client.send_text(line)
        assert (await client.next()) == {"v": 1, "type": "pong", "re": 7}

    asyncio.run(over_pipes(real_host(), talk))


def test_invalid_utf8_is_refused_and_the_stream_goes_on() -> None:
    async def talk(client: AsyncClient) -> None:
        await client.link.send_bytes(b'{"type": "ping", "x": "\xff\xfe"}\n')  # type: ignore[attr-defined]
        refused = await client.next()
        assert (refused["type"], refused["code"]) == ("error", "bad_message")
        assert "UTF-8" in refused["message"]
        assert (await client.ping())["type"] == "pong"

    asyncio.run(over_pipes(real_host(), talk))


def test_blank_lines_are_skipped() -> None:
    async def talk(client: AsyncClient) -> None:
        await client.link.send_bytes(b"\n  \r\n")  # type: ignore[attr-defined]
        assert (await client.ping())["re"] == 1

    asyncio.run(over_pipes(real_host(), talk))


def test_end_of_stdin_stops_the_host_and_leaves_the_game_in_the_store() -> None:
    host = real_host()
    games: list[str] = []

    async def talk(client: AsyncClient) -> None:
        created = await client.create("premium", VANILLA, seed=2, seats={"B": "agent:greedy"})
        await client.join(created["game"], "A", created["tokens"]["A"])
        games.append(created["game"])

    asyncio.run(over_pipes(host, talk))
    assert host.rooms == {} and host.connections == set()
    assert [r.id for r in host.store.unfinished()] == games


def test_a_regular_file_on_stdin_is_read_to_its_end(tmp_path: Path) -> None:
    """`vgcore serve --stdio < transcript > out`: files cannot be watched by the event loop;
    a last line without a newline still counts."""
    (tmp_path / "in").write_text('{"v": 1, "type": "ping", "id": 1}\n'
                                   '{"v": 1, "type": "hello", "id": 2}')
    host = real_host()

    async def serve() -> None:
        await host.start()
        with open(tmp_path / "in", "rb") as stdin, open(tmp_path / "out", "wb") as stdout:
            await serve_stdio(host, stdin=stdin, stdout=stdout)  # type: ignore[arg-type]

    asyncio.run(serve())
    replies = [json.loads(t) for t in (tmp_path / "out").read_text().splitlines()]
    assert [(r["type"], r["re"]) for r in replies] == [("pong", 1), ("welcome", 2)]


def test_a_terminal_on_stdin_is_read_line_by_line_until_ctrl_d(tmp_path: Path) -> None:
    """Someone typing at `vgcore serve --stdio`: a real pseudo-terminal on stdin."""
    import pty

    controller, terminal = pty.openpty()
    host = real_host()

    async def serve() -> None:
        await host.start()
        with open(terminal, "rb", buffering=0) as stdin, \
                open(tmp_path / "out", "wb") as stdout:
            os.write(controller, b'{"v": 1, "type": "ping", "id": 1}\n\x04')
            await serve_stdio(host, stdin=stdin, stdout=stdout)  # type: ignore[arg-type]

    asyncio.run(serve())
    os.close(controller)
    assert json.loads((tmp_path / "out").read_text()) == {"v": 1, "type": "pong", "re": 1}


# -- `vgcore serve --stdio`, a real subprocess -------------------------------------------


def test_serve_stdio_with_nothing_on_stdin_ends_at_once() -> None:
    """`vgcore serve --stdio < /dev/null` (a supervisor, `nohup`, a script's background job):
    a device the event loop cannot watch is read to its end like a file, and the host stops
    cleanly instead of waiting for ever."""
    done = subprocess.run([*SERVE, "--stdio", "--db", ":memory:"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr


def test_serve_stdio_plays_a_game_against_the_hosts_agent() -> None:
    async def run() -> None:
        client = await AsyncClient.spawn([*SERVE, "--stdio", "--db", ":memory:"],
                                         validate=True)
        welcome = await client.hello()
        assert "premium" in [f["id"] for f in welcome["formats"]]
        created = await client.create("premium", VANILLA, seed=3, seats={"B": "agent:greedy"})
        game = created["game"]
        joined = await client.join(game, "A", created["tokens"]["A"])
        over = await play_to_the_end(client, game, {"A": "human"}, joined.get("decision"))
        assert over["replay"]["answers"]
        replay = await client.get(game, "replay")
        # the replay asked for has the state hash before every answer too
        kept = replay["replay"]
        assert kept["answers"] == over["replay"]["answers"]
        assert len(kept["hashes"]) == len(kept["answers"])
        await client.close()
        assert client.link.process.returncode == 0  # type: ignore[attr-defined]

    asyncio.run(run())


def test_serve_stdio_keeps_games_in_its_database_across_runs(tmp_path: Path) -> None:
    db = str(tmp_path / "host.sqlite3")

    async def run() -> None:
        first = await AsyncClient.spawn([*SERVE, "--stdio", "--db", db], validate=True)
        created = await first.create("premium", VANILLA, seed=4, seats={"B": "agent:greedy"})
        await first.close()
        again = await AsyncClient.spawn([*SERVE, "--stdio", "--db", db], validate=True)
        joined = await again.join(created["game"], "A", created["tokens"]["A"])
        assert joined["game"] == created["game"]
        with pytest.raises(HostRequestError) as refused:
            await again.join(created["game"], "A", "not-the-token")
        assert refused.value.code == "unauthorized"
        await again.close()

    asyncio.run(run())


def test_a_second_host_on_a_database_in_use_is_refused(tmp_path: Path) -> None:
    db = str(tmp_path / "host.sqlite3")

    async def run() -> None:
        first = await AsyncClient.spawn([*SERVE, "--stdio", "--db", db], validate=True)
        await first.ping()  # it holds the database now
        second = subprocess.run([*SERVE, "--stdio", "--db", db], stdin=subprocess.DEVNULL,
                                capture_output=True, text=True, timeout=60)
        assert second.returncode == 2, second.stderr
        assert "in use by another process" in second.stderr and "Traceback" not in second.stderr
        assert (await first.ping())["type"] == "pong"  # the first goes on
        await first.close()

    asyncio.run(run())


def test_serve_stdio_stops_cleanly_on_sigterm() -> None:
    async def run() -> None:
        client = await AsyncClient.spawn([*SERVE, "--stdio", "--db", ":memory:"], validate=True)
        await client.ping()
        process = client.link.process  # type: ignore[attr-defined]
        process.send_signal(signal.SIGTERM)
        assert await process.wait() == 0
        await client.close()

    asyncio.run(run())


def test_serve_refuses_a_database_that_is_not_one(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not a database\n" * 100)

    async def run() -> tuple[int, bytes]:
        process = await asyncio.create_subprocess_exec(
            *SERVE, "--stdio", "--db", str(tmp_path / "notes.txt"),
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE)
        out, err = await process.communicate()
        assert out == b""
        return await process.wait(), err

    code, err = asyncio.run(run())
    assert code == 2 and b"notes.txt" in err and b"Traceback" not in err


def test_serve_needs_exactly_one_transport() -> None:
    async def run(*args: str) -> int:
        process = await asyncio.create_subprocess_exec(
            *SERVE, *args, stdin=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        await process.communicate()
        return await process.wait()

    assert asyncio.run(run()) == 2
    assert asyncio.run(run("--stdio", "--ws", "0")) == 2

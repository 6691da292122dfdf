"""The Python client (blocking and asyncio), `vgcore serve --ws` and `vgcore agent`, each a
real subprocess talking over loopback."""

from __future__ import annotations

import asyncio
import random
import re
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from vgcore.host.client import (
    AsyncClient,
    Client,
    HostClosed,
    HostMessageError,
    HostRequestError,
)

from .test_stdio import SERVE, VANILLA

pytestmark = pytest.mark.system

# `vgcore agent` (cli.py adds it to the `vgcore` group as `main.add_command(agent)`).
AGENT = [sys.executable, "-m", "vgcore.cli", "agent"]
LISTENING = re.compile(r"listening on (ws://\S+)")


@contextmanager
def ws_host(*args: str) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """`vgcore serve --ws 127.0.0.1:0` in a subprocess; yields its URL (read from the log
    line on stderr) and the process; SIGTERM at the end, which must stop it cleanly."""
    process = subprocess.Popen([*SERVE, "--ws", "127.0.0.1:0", "--db", ":memory:", *args],
                               stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stderr is not None
        for line in process.stderr:
            found = LISTENING.search(line)
            if found:
                break
        else:
            raise AssertionError(f"the host exited ({process.wait()}) without listening")
        yield found.group(1) + "/", process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
        process.stderr.close()  # type: ignore[union-attr]


def play_sync(client: Client, game: str, seat: str, first: dict[str, Any] | None) -> dict[str, Any]:
    rng = random.Random(9)
    decision = first
    while True:
        if decision is not None and decision["seat"] == seat:
            assert client.answer(game, decision["id"], rng.choice(decision["options"]))[
                "type"] == "accepted"
        msg = client.next(("decision", "game_over"))
        if msg["type"] == "game_over":
            return msg
        decision = msg["decision"]


def test_the_blocking_client_plays_a_game_on_a_websocket_host() -> None:
    with ws_host() as (url, _), Client.connect(url, validate=True) as client:
        assert client.hello()["type"] == "welcome"
        created = client.create("premium", VANILLA, seed=11, seats={"B": "agent:greedy"})
        game = created["game"]
        joined = client.join(game, "A", created["tokens"]["A"])
        over = play_sync(client, game, "A", joined.get("decision"))
        assert over["game"] == game and over["result"] in ("A", "B", "draw")


def test_error_replies_raise_with_the_code_and_the_legal_answers() -> None:
    with (ws_host() as (url, _), Client.connect(url, validate=True) as a,
          Client.connect(url, validate=True) as b):
        created = a.create("premium", VANILLA, seed=12)
        game, tokens = created["game"], created["tokens"]
        with pytest.raises(HostRequestError) as wrong_token:
            a.join(game, "A", tokens["B"])
        assert wrong_token.value.code == "unauthorized"
        clients = {"A": a, "B": b}
        decisions = {s: c.join(game, s, tokens[s])["decision"] for s, c in clients.items()}
        seat = next(s for s, d in decisions.items() if d is not None)
        other = "B" if seat == "A" else "A"
        decision = decisions[seat]
        with pytest.raises(HostRequestError) as illegal:
            clients[seat].answer(game, decision["id"], "fly-to-the-moon")
        assert (illegal.value.code, illegal.value.legal) == ("illegal_action",
                                                             decision["options"])
        with pytest.raises(HostRequestError) as not_yours:
            clients[other].answer(game, decision["id"], decision["options"][0])
        assert not_yours.value.code == "not_your_decision"
        with pytest.raises(HostRequestError) as stale:
            clients[seat].answer(game, decision["id"] + 1000, decision["options"][0])
        assert stale.value.code == "stale_decision"
        assert clients[seat].answer(game, decision["id"], decision["options"][0])[
            "decision"] == decision["id"]  # the connection stayed, the game was unchanged


def test_a_host_that_stops_closes_the_client_with_going_away() -> None:
    with ws_host() as (url, process):
        client = Client.connect(url, validate=True)
        client.ping()
        process.send_signal(signal.SIGTERM)
        with pytest.raises(HostClosed) as closed:
            client.next()
        assert closed.value.code == 1001
        client.close()
        assert process.wait(timeout=30) == 0


def test_serve_on_a_port_in_use_says_so_and_exits_2() -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        serve = subprocess.run([*SERVE, "--ws", f"127.0.0.1:{port}", "--db", ":memory:"],
                               stdin=subprocess.DEVNULL, capture_output=True, text=True,
                               timeout=60)
    assert serve.returncode == 2 and f"cannot listen on 127.0.0.1:{port}" in serve.stderr
    assert "Traceback" not in serve.stderr


def test_two_vgcore_agents_play_a_game_between_them_to_the_end() -> None:
    with ws_host() as (url, _), Client.connect(url, validate=True) as client:
        created = client.create("premium", VANILLA, seed=14)
        game, tokens = created["game"], created["tokens"]
        bots = [subprocess.Popen([*AGENT, "--connect", url, "--game", game, "--seat", seat,
                                  "--token", tokens[seat], "--agent", name],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                for seat, name in (("A", "greedy"), ("B", "random"))]
        outcomes = [bot.communicate(timeout=120) for bot in bots]
        assert [bot.returncode for bot in bots] == [0, 0], outcomes
        assert outcomes[0][0] == outcomes[1][0]
        assert outcomes[0][0].startswith(f"game {game}: ")
        joined = client.join(game, "A", tokens["A"])  # a finished game can still be joined
        assert joined["view"]["result"] is not None and joined["decision"] is None
        assert client.next("game_over")["result"] == joined["view"]["result"]


def test_vgcore_agent_with_a_wrong_token_exits_1() -> None:
    with ws_host() as (url, _), Client.connect(url, validate=True) as client:
        created = client.create("premium", VANILLA, seed=15)
        bot = subprocess.run([*AGENT, "--connect", url, "--game", created["game"],
                              "--seat", "A", "--token", "wrong"],
                             capture_output=True, text=True, timeout=60)
        assert bot.returncode == 1 and "unauthorized" in bot.stderr
        unknown = subprocess.run([*AGENT, "--connect", url, "--game", created["game"],
                                  "--seat", "A", "--token", "t", "--agent", "oracle"],
                                 capture_output=True, text=True, timeout=60)
        assert unknown.returncode == 2 and "no agent 'oracle'" in unknown.stderr


# -- validation of what the host sends ---------------------------------------------------


def fed(*lines: bytes) -> AsyncClient:
    """A client reading `lines` as if a host had sent them (then the stream ends)."""
    reader = asyncio.StreamReader()
    for line in lines:
        reader.feed_data(line)
    reader.feed_eof()
    return AsyncClient.attach(reader, None, validate=True)  # type: ignore[arg-type]


def test_validation_refuses_a_message_the_protocol_does_not_have() -> None:
    async def run() -> None:
        client = fed(b'{"v": 1, "type": "pong"}\n', b'{"v": 1, "type": "teleport"}\n',
                     b'{"v": 1, "type": "event", "game": "g", "seq": "one", "event": {}}\n',
                     b"not json\n", b"[1, 2]\n")
        assert await client.next() == {"v": 1, "type": "pong"}
        for _ in range(4):
            with pytest.raises(HostMessageError):
                await client.next()
        with pytest.raises(HostClosed):
            await client.next()

    asyncio.run(run())


def test_next_of_a_type_drops_the_messages_before_it() -> None:
    async def run() -> None:
        client = fed(b'{"v": 1, "type": "pong"}\n',
                     b'{"v": 1, "type": "waiting", "game": "g", "seat": "B", "kind": "ride"}\n',
                     b'{"v": 1, "type": "presence", "game": "g", "seat": "B", '
                     b'"connected": false}\n',
                     b'{"v": 1, "type": "pong", "re": 5}\n')
        assert (await client.next(("presence", "game_over")))["seat"] == "B"
        assert await client.next() == {"v": 1, "type": "pong", "re": 5}

    asyncio.run(run())


def test_a_reply_that_breaks_the_protocol_fails_its_request() -> None:
    async def run() -> None:
        reader = asyncio.StreamReader()
        replies = [b'{"v": 1, "type": "pong", "re": 1, "extra": 1}\n',
                   b'{"v": 1, "type": "welcome", "re": 2}\n']

        class Pipe:
            """Answers each line written with the next of `replies`."""

            def write(self, data: bytes) -> None:
                reader.feed_data(replies.pop(0))

            async def drain(self) -> None:
                pass

        client = AsyncClient.attach(reader, Pipe(), validate=True)  # type: ignore[arg-type]
        assert (await client.ping())["re"] == 1  # unknown fields are allowed
        with pytest.raises(HostMessageError):
            await client.hello()  # a welcome without its fields

    asyncio.run(run())


# -- `vgcore play --connect`: the terminal game as a client ------------------------------


class Person:
    """Types `lines`, then a random listed answer number each time (or ends the input)."""

    def __init__(self, lines: list[str], seed: int = 0, *, then_random: bool = True) -> None:
        self.lines = iter(lines)
        self.random = random.Random(seed) if then_random else None
        self.out: list[str] = []

    def echo(self, text: str) -> None:
        self.out.append(text)

    def read_line(self, prompt: str) -> str:
        line = next(self.lines, None)
        if line is not None:
            return line
        if self.random is None:
            raise EOFError
        listed = [int(n) for text in self.out[-4:]
                  for n in re.findall(r"^ *(\d+)\. ", text, re.M)]
        return str(self.random.randint(1, max(listed, default=1)))

    @property
    def text(self) -> str:
        return "\n".join(self.out)


def test_play_connected_plays_a_whole_game_at_the_terminal_against_the_hosts_agent(
        tmp_path: Path) -> None:
    from vgcore import replay as replays
    from vgcore.host.hostcli import play_connected
    from vgcore.plugins import Registry

    person = Person(["help", "board", "fly"], seed=2)
    save = tmp_path / "game.json"
    with ws_host() as (url, _):
        code = play_connected(url, "premium", (VANILLA["B"], VANILLA["A"]), "B", "greedy", 5,
                              save_path=str(save), read_line=person.read_line,
                              echo=person.echo)
    assert code == 0
    assert "You play B" in person.text and "Commands:" in person.text
    assert "'fly' is not an answer here" in person.text
    assert re.search(r"Game over( \(\w+\))?\. (You win!|You lose\.|Draw\.)$", person.out[-2])
    kept = replays.Replay.load(save)
    assert kept.decks["B"].name == VANILLA["B"]  # the person's deck went to their seat
    replays.run(Registry(), kept, verify=True)


def test_play_connected_leaves_a_game_and_comes_back_to_it() -> None:
    from vgcore.host.hostcli import play_connected

    leaving = Person(["1", "quit"])
    with ws_host() as (url, _):
        assert play_connected(url, "premium", (), "A", "greedy", 6,
                              read_line=leaving.read_line, echo=leaving.echo) == 0
        back = re.search(r"--game (\S+) --seat A --token (\S+)", leaving.text)
        assert back is not None
        returning = Person([], seed=4)
        assert play_connected(url, "premium", (), "A", "greedy", 6, game=back.group(1),
                              token=back.group(2), read_line=returning.read_line,
                              echo=returning.echo) == 0
    assert "Game over" in returning.out[-1]


def test_ws_addresses_default_to_loopback_and_take_ipv6_in_brackets() -> None:
    import click

    from vgcore.host.hostcli import parse_address

    assert parse_address("8765") == ("127.0.0.1", 8765)
    assert parse_address(":8765") == ("127.0.0.1", 8765)
    assert parse_address("0.0.0.0:0") == ("0.0.0.0", 0)
    assert parse_address("[::1]:9000") == ("::1", 9000)
    for wrong in ("host", "127.0.0.1:http", "127.0.0.1:70000"):
        with pytest.raises(click.BadParameter):
            parse_address(wrong)


# -- every message type and error code, over each transport ------------------------------


@contextmanager
def connected(transport: str) -> Iterator[Client]:
    """A validating client of a `vgcore serve` subprocess over `transport`."""
    if transport == "stdio":
        with Client.spawn([*SERVE, "--stdio", "--db", ":memory:"], validate=True) as client:
            yield client
    else:
        with ws_host() as (url, _), Client.connect(url, validate=True) as client:
            yield client


def refused(call: Any, *args: Any) -> str:
    with pytest.raises(HostRequestError) as error:
        call(*args)
    return error.value.code


@pytest.mark.parametrize("transport", ["stdio", "ws"])
def test_every_request_and_every_refusal_over_each_transport(transport: str) -> None:
    with connected(transport) as c:
        assert c.hello()["type"] == "welcome"
        assert c.ping()["type"] == "pong"
        assert refused(c.hello, (2, 3)) == "unsupported_version"
        c.send_text("{not json")
        assert (c.next("error"))["code"] == "bad_message"
        c.send({"v": 2, "type": "ping"})
        assert c.next("error")["code"] == "unsupported_version"
        assert refused(c.create, "premium", {"A": "no-such-deck", "B": "TD01"}) == "bad_deck"
        assert refused(c.create, "no-such-format") == "bad_request"
        assert refused(c.join, "no-such-game", "A", "t") == "unknown_game"
        b_first = c.create("premium", VANILLA, seed=22)  # two human seats; B decides first
        c.join(b_first["game"], "A", b_first["tokens"]["A"])
        assert refused(c.answer, b_first["game"], 1, "keep") == "not_your_decision"
        both = c.create("premium", VANILLA, seed=21)  # A decides first
        game, tokens = both["game"], both["tokens"]
        assert refused(c.join, game, "A", tokens["B"]) == "unauthorized"
        assert refused(c.hint, game) == "unauthorized"  # not joined yet
        pending = c.join(game, "A", tokens["A"])["decision"]
        assert c.get(game, "legal")["decision"] == pending
        assert c.get(game, "view")["view"]["seat"] == "A"
        assert refused(c.answer, game, pending["id"], "fly") == "illegal_action"
        assert refused(c.answer, game, pending["id"] + 99, "keep") == "stale_decision"
        hint = c.hint(game)
        assert c.answer(game, hint["decision"], hint["action"])["type"] == "accepted"
        assert c.answer(game, hint["decision"], hint["action"])["type"] == "accepted"  # a retry
        assert c.resume(game, "A", tokens["A"], after=1)["type"] == "joined"
        assert c.spectate(game)["seat"] is None
        assert c.leave(game)["type"] == "ok"
        assert c.resume(game, "A", tokens["A"])["type"] == "joined"
        assert c.concede(game, "A")["type"] == "ok"
        assert c.next("game_over")["result"] == "B"
        assert refused(c.concede, game, "A") == "game_over"
        assert c.get(game, "replay")["replay"]["answers"] is not None
        assert game in [g["game"] for g in c.list_games(status="over")["games"]]


def test_serve_help_states_the_hosts_own_defaults() -> None:
    """The help text names HostConfig's defaults without importing the host at start-up."""
    from click.testing import CliRunner

    from vgcore.host.hostcli import serve
    from vgcore.host.service import HostConfig

    shown = " ".join(CliRunner().invoke(serve, ["--help"]).output.split())
    config = HostConfig()
    assert f"(0: never). [default: {config.snapshot_every}]" in shown
    assert f"(0: forever). [default: {config.reconnect_window_ms // 1000}]" in shown
    assert f"forfeits (0: forever). [default: {config.join_window_ms // 1000}]" in shown

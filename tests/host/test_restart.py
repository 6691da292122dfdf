"""Nothing acknowledged is ever lost (issue 11, "Durability"): a real `vgcore serve --stdio`
subprocess — and a sharded `vgcore serve --ws … --workers 2`, its router killed with its
workers — is killed with SIGKILL at moments of its choosing — right after an answer was
written to it, while its agents play — and started again on the same database; every game is
resumed and played to the end, and ends in exactly the state an uninterrupted host reaches
(the same final state hash and result)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import queue
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.host.harness import Peer, create, new_host, settle
from vgcore import Registry, Replay
from vgcore.host import protocol
from vgcore.host.shards import shard_of

pytestmark = pytest.mark.system

SERVE = [sys.executable, "-m", "vgcore.cli", "serve", "--stdio", "--snapshot-every", "7"]
SERVE_SHARDED = [sys.executable, "-m", "vgcore.cli", "serve", "--ws", "127.0.0.1:0",
                 "--workers", "2", "--snapshot-every", "7"]
# (format, seed, seats): the client plays every human seat
GAMES = [("premium", 31, {"B": "agent:greedy"}), ("d-standard", 32, {"B": "agent:greedy"}),
         ("v-standard", 33, {})]
# Over WebSocket a connection holds one seat of a game: the host's agent plays every B. Four
# games, so that both workers play some (`create` goes to them in turn).
GAMES_SHARDED = [("premium", 31, {"B": "agent:greedy"}),
                 ("d-standard", 32, {"B": "agent:greedy"}),
                 ("v-standard", 33, {"B": "agent:random"}),
                 ("d-standard", 34, {"B": "agent:random"})]
KILL_AFTER = (3, 12, 1, 25, 30)  # answers written before each kill (the games take ~140)
TIMEOUT = 60
Game = tuple[str, int, dict[str, str]]


def pick(seed: int, decision: dict[str, Any]) -> str:
    """The client's answer: a function of the game and the decision only, so the killed run
    and the reference answer alike whatever the timing."""
    rnd = random.Random(f"{seed}-{decision['id']}")
    return rnd.choice(decision["options"])


def reference_endings(games: list[Game] = GAMES) -> dict[int, tuple[str, str]]:
    """Each game's (result, final hash) on an uninterrupted in-process host."""
    async def body() -> dict[int, tuple[str, str]]:
        host = await new_host()
        peer = Peer(host, trusted=True)
        played = {}
        for format_id, seed, seats in games:
            created = await create(peer, format=format_id, seed=seed, seats=seats)
            for seat, token in created["tokens"].items():
                await peer.request("join", game=created["game"], seat=seat, token=token)
            played[created["game"]] = seed
        endings: dict[int, tuple[str, str]] = {}
        while len(endings) < len(played):
            await settle(host)
            for message in peer.take():
                if message["type"] == "game_over":
                    endings[played[message["game"]]] = (message["result"],
                                                      message["replay"]["final_hash"])
            for game_id, seed in played.items():
                room = host.rooms.get(game_id)
                d = room.game.decision if room else None
                if d is not None and room.is_human(d.seat):
                    info = {"id": d.id, "options": d.option_strings()}
                    await peer.request("answer", game=game_id, decision=d.id,
                                       action=pick(seed, info))
        return endings
    return asyncio.run(body())


class StdioHost:
    """`vgcore serve --stdio` as a child process: lines in, validated messages out."""

    def __init__(self, db: Path) -> None:
        self.process = subprocess.Popen([*SERVE, "--db", str(db)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, bufsize=1)
        self.messages: queue.Queue[dict[str, Any] | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self.process.stderr.read, daemon=True).start()  # type: ignore[union-attr]
        self.next_id = 0

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            protocol.decode_host(line)
            self.messages.put(json.loads(line))
        self.messages.put(None)

    def send(self, **message: Any) -> int:
        self.next_id += 1
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"v": 1, "id": self.next_id, **message}) + "\n")
        self.process.stdin.flush()
        return self.next_id

    def get(self) -> dict[str, Any]:
        message = self.messages.get(timeout=TIMEOUT)
        assert message is not None, "the host ended"
        return message

    def request(self, seen: list[dict[str, Any]], **message: Any) -> dict[str, Any]:
        """Send and wait for the reply; everything that came meanwhile goes to `seen`."""
        rid = self.send(**message)
        while True:
            got = self.get()
            seen.append(got)
            if got.get("re") == rid:
                return got

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=TIMEOUT)
        assert self.process.returncode == -signal.SIGKILL


class Player:
    """The client: every human seat of every game, and what it last heard of each."""

    def __init__(self, games: list[Game]) -> None:
        self.playing = games
        self.games: dict[str, dict[str, Any]] = {}  # game -> seed, tokens, seq
        self.asked: dict[str, dict[str, Any]] = {}  # game -> the decision sent to us
        self.over: dict[str, dict[str, Any]] = {}
        self.acked: dict[str, int] = {}  # game -> the last decision the host acknowledged

    def hear(self, messages: list[dict[str, Any]]) -> None:
        for m in messages:
            game = m.get("game")
            if game not in self.games:
                continue
            if m["type"] == "event":
                self.games[game]["seq"] = max(self.games[game]["seq"], m["seq"])
            elif m["type"] in ("decision", "joined") and m.get("decision"):
                self.asked[game] = m["decision"]
            elif m["type"] == "game_over":
                self.over[game] = m
                self.asked.pop(game, None)

    def start(self, host: Host) -> None:
        seen: list[dict[str, Any]] = []
        for format_id, seed, seats in self.playing:
            created = host.request(seen, type="create", format=format_id, seed=seed,
                                   seats=seats)
            assert created["type"] == "created", created
            self.games[created["game"]] = {"seed": seed, "tokens": created["tokens"], "seq": 0}
            for seat, token in created["tokens"].items():
                seen.append(host.request(seen, type="join", game=created["game"], seat=seat,
                                         token=token))
        self.hear(seen)

    def resume(self, host: Host) -> None:
        """After a restart: every unfinished game, every seat, from the last event heard."""
        seen: list[dict[str, Any]] = []
        for game, info in self.games.items():
            if game in self.over:
                continue
            self.asked.pop(game, None)
            for seat, token in info["tokens"].items():
                reply = host.request(seen, type="resume", game=game, seat=seat, token=token,
                                     after=info["seq"])
                assert reply["type"] == "joined", reply
                asked = reply["decision"]
                if asked is not None:  # nothing acknowledged was lost
                    assert asked["id"] > self.acked.get(game, -1), (asked, self.acked)
        self.hear(seen)

    def play(self, host: Host, answers: int) -> int:
        """Answer up to `answers` decisions; the last one is only written, not waited for
        (the host is killed right after it). Returns how many were written."""
        written = 0
        while written < answers and len(self.over) < len(self.games):
            if not self.asked:
                self.hear([host.get()])
                continue
            game, decision = next(iter(self.asked.items()))
            del self.asked[game]
            action = pick(self.games[game]["seed"], decision)
            written += 1
            if written == answers:
                host.send(type="answer", game=game, decision=decision["id"], action=action)
                break
            seen: list[dict[str, Any]] = []
            reply = host.request(seen, type="answer", game=game, decision=decision["id"],
                                 action=action)
            assert reply["type"] == "accepted", reply
            self.acked[game] = decision["id"]
            self.hear(seen)
        return written


class ShardedHost(StdioHost):
    """`vgcore serve --ws … --workers 2` as a child process: the router and its two workers;
    one WebSocket connection (which holds one seat of each game)."""

    def __init__(self, db: Path) -> None:
        self.process = subprocess.Popen([*SERVE_SHARDED, "--db", str(db)],
                                        stderr=subprocess.PIPE, text=True)
        assert self.process.stderr is not None
        for line in self.process.stderr:
            if found := re.search(r"listening on (ws://\S+)", line):
                break
        else:
            raise AssertionError("the sharded host did not start")
        threading.Thread(target=self.process.stderr.read, daemon=True).start()
        self.connection = contextlib.ExitStack()
        self.ws = self.connection.enter_context(connect(found.group(1) + "/", compression=None))
        self.workers = children(self.process.pid)
        self.messages = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 0

    def _read(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                frame = self.ws.recv()
                protocol.decode_host(frame)
                self.messages.put(json.loads(frame))
        self.messages.put(None)

    def send(self, **message: Any) -> int:
        self.next_id += 1
        self.ws.send(json.dumps({"v": 1, "id": self.next_id, **message}))
        return self.next_id

    def kill(self) -> None:
        """SIGKILL the router: its workers die with it (worker.py), before any restart."""
        assert len(self.workers) == 2
        super().kill()
        for pid in self.workers:
            wait_gone(pid)

    def close(self) -> int:
        self.connection.close()
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=TIMEOUT)


def children(pid: int) -> list[int]:
    return [int(child) for task in Path(f"/proc/{pid}/task").glob("*/children")
            for child in task.read_text().split()]


def wait_gone(pid: int) -> None:
    """Until the process has exited (reaped, or a zombie waiting for its new parent)."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return
        if state in ("Z", "X"):
            return
        time.sleep(0.01)
    raise AssertionError(f"worker {pid} outlived its killed router")


Host = StdioHost | ShardedHost


@pytest.mark.parametrize("sharded", [False, True], ids=["stdio", "sharded"])
def test_a_host_killed_with_sigkill_resumes_every_game_exactly(tmp_path: Path,
                                                                sharded: bool) -> None:
    if sharded and not sys.platform.startswith("linux"):
        pytest.skip("a worker dies with its router through Linux's PR_SET_PDEATHSIG")
    games = GAMES_SHARDED if sharded else GAMES
    start = ShardedHost if sharded else StdioHost
    expected = reference_endings(games)
    db = tmp_path / "host.sqlite3"
    player = Player(games)
    host = start(db)
    player.start(host)
    if sharded:  # both workers play some of the games
        assert {shard_of(game) for game in player.games} == {0, 1}
    kills_mid_game = 0
    for after in KILL_AFTER:
        player.play(host, after)
        kills_mid_game += len(player.over) < len(player.games)
        host.kill()
        host = start(db)
        player.resume(host)
    player.play(host, 10**9)
    assert len(player.over) == len(player.games) and kills_mid_game == len(KILL_AFTER)
    seeds = {game: info["seed"] for game, info in player.games.items()}
    got = {seeds[g]: (m["result"], m["replay"]["final_hash"]) for g, m in player.over.items()}
    assert got == expected
    seen: list[dict[str, Any]] = []
    for game in player.games:  # each finished game keeps a replay that verifies
        replay = host.request(seen, type="get", game=game, what="replay")["replay"]
        assert Replay.from_json(replay).run(Registry(), verify=True).result \
            == player.over[game]["result"]
    if isinstance(host, ShardedHost):
        assert host.close() == 0
        return
    host.process.stdin.close()  # type: ignore[union-attr]
    assert host.process.wait(timeout=TIMEOUT) == 0

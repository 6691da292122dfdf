"""A sharded host (`vgcore serve --ws … --workers 2`, vgcore/host/router.py): a real router
subprocess and its two real worker subprocesses, over loopback. A client sees one host — each
message reaches the worker that plays its game, the router answers what needs no game — and
a worker killed with SIGKILL is started again with every game it played resumed exactly
(issue 11, "Durability"; the router's own death is in test_restart.py)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from tests.host.test_hostile_clients import hostile_messages
from tests.host.test_restart import pick, reference_endings
from vgcore import Registry, Replay
from vgcore.host import protocol
from vgcore.host.client import Client, HostRequestError
from vgcore.host.shards import existing_shards, shard_of, shard_path

SERVE = [sys.executable, "-m", "vgcore.cli", "serve", "--ws", "127.0.0.1:0"]
LISTENING = re.compile(r"listening on (ws://\S+)")
TIMEOUT = 60

pytestmark = [pytest.mark.system,
              pytest.mark.skipif(not sys.platform.startswith("linux"),
                                 reason="the tests find the workers in Linux's /proc")]


@contextmanager
def sharded_host(db: Path, workers: int = 2) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """The router and its workers; its URL. SIGTERM at the end must stop all cleanly."""
    process = subprocess.Popen([*SERVE, "--db", str(db), "--snapshot-every", "5",
                                "--workers", str(workers)],
                               stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stderr is not None
        for line in process.stderr:
            if found := LISTENING.search(line):
                break
        else:
            raise AssertionError(f"the host exited ({process.wait()}) without listening")
        yield found.group(1) + "/", process
    finally:
        workers = worker_pids(process.pid)
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=TIMEOUT) == 0
        assert not any(Path(f"/proc/{pid}").exists() for pid in workers.values())
        process.stderr.close()  # type: ignore[union-attr]


def worker_pids(router: int) -> dict[int, int]:
    """Each live worker's shard index -> its pid."""
    found = {}
    for task in Path(f"/proc/{router}/task").glob("*/children"):
        for pid in task.read_text().split():
            if (index := worker_index(int(pid))) is not None:
                found[index] = int(pid)
    return found


def worker_index(pid: int) -> int | None:
    """The shard a child of the router plays; None once it has died. Its command line reads
    empty for a moment after it starts (exec has returned to the router before the kernel
    has laid out the new arguments) and once it is dead and not yet reaped, so it is read
    again until it shows a worker's arguments or is dead (seen under a loaded machine)."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
        except FileNotFoundError:
            return None
        if b"--worker" in argv:
            return int(argv[argv.index(b"--worker") + 1].split(b"/")[0])
        if state in ("Z", "X"):
            return None
        assert time.monotonic() < deadline, f"child {pid} of the router is no worker: {argv!r}"
        time.sleep(0.01)


def play(client: Client, games: dict[str, dict[str, Any]], answers: int | None = None, *,
         backlog: list[dict[str, Any]] | None = None) -> int:
    """Answer the decisions sent for `games` (each game's `seed` picks its answers) until
    every game is over, or `answers` were given; returns how many were. `backlog`: messages
    already read, handled first."""
    given = 0
    backlog = backlog or []
    while any("over" not in g for g in games.values()) and (answers is None or given < answers):
        m = backlog.pop(0) if backlog else client.next()
        game = games.get(m.get("game", ""))
        if game is None:
            continue
        if m["type"] == "game_over":
            game["over"] = m
        elif m["type"] in ("decision", "joined") and m.get("decision") and "over" not in game:
            decision = m["decision"]
            reply = client.answer(m["game"], decision["id"], pick(game["seed"], decision))
            assert reply["type"] == "accepted"
            given += 1
    return given


def test_every_message_reaches_the_worker_of_its_game(tmp_path: Path) -> None:
    with sharded_host(tmp_path / "host.sqlite3") as (url, process):
        assert sorted(worker_pids(process.pid)) == [0, 1]
        second = subprocess.run([*SERVE, "--db", str(tmp_path / "host.sqlite3"), "--workers",
                                 "2"], capture_output=True, text=True, timeout=TIMEOUT)
        assert second.returncode == 2 and "in use" in second.stderr  # one host per database
        client = Client.connect(url, validate=True)
        try:
            assert client.ping()["type"] == "pong"  # the router's own reply
            client.send_text("{not json")
            assert client.next("error")["code"] == "bad_message"
            games: dict[str, dict[str, Any]] = {}
            for seed in range(4):  # `create` goes to the workers in turn
                created = client.create("d-standard", seed=seed, seats={"B": "agent:random"})
                games[created["game"]] = {"seed": seed, "token": created["tokens"]["A"]}
            assert sorted(shard_of(g) for g in games) == [0, 0, 1, 1]
            joined = [client.join(game, "A", info["token"]) for game, info in games.items()]
            with pytest.raises(HostRequestError, match="unknown_game"):
                client.get("no-such-game", "view")
            # every game takes answers on its worker, then is conceded there: routing, not
            # whole games, is what this test is about (test_restart plays them to the end)
            assert play(client, games, answers=40, backlog=joined) == 40
            for game in games:
                client.concede(game, "A")
            for _ in games:
                over = client.next("game_over")
                games[over["game"]]["over"] = over
            assert {info["over"]["reason"] for info in games.values()} == {"concede"}
            listed = {g["game"]: g["status"] for g in client.list_games()["games"]}
            assert listed == dict.fromkeys(games, "over")  # both workers' games
            for game, info in games.items():  # each replay verifies: the game was whole
                replay = client.get(game, "replay")["replay"]
                result = Replay.from_json(replay).run(Registry(), verify=True).result
                assert result == info["over"]["result"]
            assert client.leave()["type"] == "ok"  # one reply for both workers
            for game in games:
                with pytest.raises(HostRequestError, match="unauthorized"):
                    client.get(game, "view")
            client.ping()
            with pytest.raises(TimeoutError):  # nothing more: one `ok`, not one per worker
                client.next("ok", timeout=0.3)
        finally:
            client.close()


def test_a_batching_client_gets_batches_from_every_worker(tmp_path: Path) -> None:
    """`hello` goes to worker 0; the worker of a later game learns the client batches."""
    with sharded_host(tmp_path / "host.sqlite3") as (url, _), \
            connect(url, compression=None) as ws:
        ids = iter(range(1, 1000))
        heard: list[dict[str, Any]] = []

        def request(**message: Any) -> dict[str, Any]:
            """The frame that holds the reply (the agent's moves may come in frames first)."""
            rid = next(ids)
            ws.send(json.dumps({"v": 1, "id": rid, **message}))
            while True:
                frame = json.loads(ws.recv(timeout=TIMEOUT))
                messages = frame["messages"] if frame["type"] == "batch" else [frame]
                heard.extend(messages)
                if any(m.get("re") == rid for m in messages):
                    return frame

        def my_decision(game: str) -> dict[str, Any]:
            while True:
                for m in heard:
                    if m.get("game") == game and m["type"] in ("decision", "joined") \
                            and m.get("decision") and m["decision"].get("seat", "A") == "A":
                        heard.clear()
                        return m["decision"]
                frame = json.loads(ws.recv(timeout=TIMEOUT))
                heard.extend(frame["messages"] if frame["type"] == "batch" else [frame])

        assert request(type="hello", protocol=[1, 1], batch=True)["type"] == "welcome"
        made = [request(type="create", format="premium", seed=s, seats={"B": "agent:random"})
                for s in range(2)]
        made = [m["messages"][0] if m["type"] == "batch" else m for m in made]
        on_one = next(m for m in made if shard_of(m["game"]) == 1)
        game = on_one["game"]
        heard.clear()
        request(type="join", game=game, seat="A", token=on_one["tokens"]["A"], views=False)
        decision = my_decision(game)
        answered = request(type="answer", game=game, decision=decision["id"],
                           action=decision["options"][0])
        assert answered["type"] == "batch"  # `accepted` and what followed, in one frame
        assert answered["messages"][0]["type"] == "accepted"
        decision = my_decision(game)
        # `hello` again, without batching: worker 0 answers, worker 1 is told
        assert request(type="hello", protocol=[1, 1], batch=False)["type"] == "welcome"
        answered = request(type="answer", game=game, decision=decision["id"],
                           action=decision["options"][0])
        assert answered["type"] == "accepted"


def test_a_killed_worker_starts_again_with_its_games(tmp_path: Path) -> None:
    """SIGKILL one worker mid-game: the client is told, resumes, and every game ends exactly
    as an uninterrupted host ends it; the other worker's game never stopped."""
    formats = [("d-standard", 41, {"B": "agent:greedy"}), ("premium", 42, {"B": "agent:greedy"})]
    expected = reference_endings(formats)
    with sharded_host(tmp_path / "host.sqlite3") as (url, process):
        client = Client.connect(url, validate=True)
        try:
            games: dict[str, dict[str, Any]] = {}
            joined = []
            for format_id, seed, seats in formats:
                created = client.create(format_id, seed=seed, seats=seats)
                games[created["game"]] = {"seed": seed, "token": created["tokens"]["A"]}
                joined.append(client.join(created["game"], "A", created["tokens"]["A"]))
            assert play(client, games, answers=12, backlog=joined) == 12
            victim = next(g for g in games if shard_of(g) == 1)
            old = worker_pids(process.pid)
            os.kill(old[1], signal.SIGKILL)
            backlog = []
            while (m := client.next())["type"] != "error":
                backlog.append(m)
            assert m["code"] == "internal_error" and "resume" in m["message"]
            # meanwhile new games go to the worker that is up (its restart waits 0.5 s)
            made = [client.create("premium", seed=s, seats={"B": "agent:random"})["game"]
                    for s in (7, 8)]
            assert [shard_of(g) for g in made] == [0, 0]
            deadline = time.monotonic() + TIMEOUT
            while time.monotonic() < deadline:  # the router starts it again
                if (new := worker_pids(process.pid)).get(1) not in (None, old[1]):
                    break
                time.sleep(0.05)
            assert new[0] == old[0] and new[1] != old[1]
            while True:
                try:
                    joined = client.resume(victim, "A", games[victim]["token"])
                    break
                except HostRequestError as exc:  # until the new worker reads its pipe
                    assert exc.code == "internal_error", exc
            play(client, games, backlog=[*backlog, joined])  # `joined` has its decision
        finally:
            client.close()
    got = {info["seed"]: (info["over"]["result"], info["over"]["replay"]["final_hash"])
           for info in games.values()}
    assert got == expected


def test_hostile_messages_through_the_router_change_no_game(tmp_path: Path) -> None:
    """The fuzz of test_hostile_clients.py, through the router: every message is answered,
    none with a failure of the host, and neither worker's game changes."""
    db = tmp_path / "host.sqlite3"
    with sharded_host(db) as (url, _):
        owner = Client.connect(url, validate=True)
        hostile = Client.connect(url, validate=True)
        try:
            games = [client_game(owner, seed) for seed in range(2)]
            assert sorted(shard_of(g["game"]) for g in games) == [0, 1]
            mine = games[0]
            joined = owner.join(mine["game"], "A", mine["tokens"]["A"])
            ours = [g["game"] for g in games]
            lengths = journal_lengths(db, ours)
            while True:  # until the agents have played up to the humans' turn
                time.sleep(0.1)
                if (now := journal_lengths(db, ours)) == lengths:
                    break
                lengths = now
            before = [owner.get(mine["game"], "view")["view"], journal_lengths(db, ours)]
            rnd = random.Random(11)
            texts = [t for t in hostile_messages(
                rnd, mine["game"], "forged", games[1]["game"],
                games[1]["tokens"]["A"][:-1] + "x", joined["decision"]["id"], 1500)
                if len(t.encode()) <= protocol.MAX_MESSAGE]  # longer: the socket closes (1009)
            for i, text in enumerate(texts):
                if i % 7 == 0 and text.startswith("{"):  # newlines between tokens
                    with contextlib.suppress(ValueError):
                        text = json.dumps(json.loads(text), indent=1)
                hostile.send_text(text)
            replies = []
            while len(replies) < len(texts):  # at least one reply each
                replies.append(hostile.next())
            assert not [r for r in replies if r.get("code") == "internal_error"]
            assert hostile.ping()["type"] == "pong"
            assert [owner.get(mine["game"], "view")["view"], journal_lengths(db, ours)] == before
        finally:
            hostile.close()
            owner.close()


def client_game(client: Client, seed: int) -> dict[str, Any]:
    return client.create("premium", seed=seed, seats={"B": "agent:greedy"})


def journal_lengths(db: Path, games: list[str]) -> list[int]:
    """The games' journal entries, read beside the running host (SQLite's WAL readers)."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con:
        return [con.execute("SELECT COUNT(*) FROM journal WHERE game_id = ?", (g,)).fetchone()[0]
                for g in games]


def test_every_game_resumes_whatever_the_number_of_workers(tmp_path: Path) -> None:
    """Games made by two workers go on in one process, then in three, and end as an
    uninterrupted host ends them: a game's shard is in its id, and every shard file is
    played by some worker (shards.py)."""
    formats = [("d-standard", 51, {"B": "agent:greedy"}), ("premium", 52, {"B": "agent:greedy"})]
    expected = reference_endings(formats)
    db = tmp_path / "host.sqlite3"
    games: dict[str, dict[str, Any]] = {}
    for workers in (2, 1, 3):
        with sharded_host(db, workers) as (url, _):
            client = Client.connect(url, validate=True)
            try:
                backlog = []
                if not games:
                    for format_id, seed, seats in formats:
                        created = client.create(format_id, seed=seed, seats=seats)
                        games[created["game"]] = {"seed": seed,
                                                  "token": created["tokens"]["A"]}
                    assert sorted(shard_of(g) for g in games) == [0, 1]
                for game, info in games.items():
                    backlog.append(client.resume(game, "A", info["token"]))
                play(client, games, answers=None if workers == 3 else 10, backlog=backlog)
            finally:
                client.close()
    assert existing_shards(db) == [0, 1, 2]  # the third worker's own file
    got = {info["seed"]: (info["over"]["result"], info["over"]["replay"]["final_hash"])
           for info in games.values()}
    assert got == expected


@pytest.mark.parametrize(("args", "said"), [
    (["--stdio", "--workers", "2"], "--workers is for --ws"),
    (["--ws", "127.0.0.1:0", "--workers", "2", "--db", ":memory:"], "give a file"),
])
def test_workers_need_a_websocket_and_a_file(args: list[str], said: str) -> None:
    from click.testing import CliRunner

    from vgcore.host.hostcli import serve

    result = CliRunner().invoke(serve, args)
    assert result.exit_code == 2 and said in result.output


def test_a_file_that_is_no_host_database_stops_a_sharded_host_at_once(tmp_path: Path) -> None:
    """Checked by the router before any worker starts: one line, exit 2, nothing written."""
    db = tmp_path / "notes.sqlite3"
    db.write_bytes(b"these are not games " * 300)
    run = subprocess.run([*SERVE, "--db", str(db), "--workers", "2"], capture_output=True,
                         text=True, timeout=TIMEOUT)
    assert run.returncode == 2 and str(db) in run.stderr and "Traceback" not in run.stderr
    assert db.read_bytes() == b"these are not games " * 300
    assert existing_shards(db) == [0]


class Pipe(asyncio.ReadTransport):
    """The worker's stdin transport, as far as its flow control goes."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[str] = []

    def pause_reading(self) -> None:
        self.calls.append("pause")

    def resume_reading(self) -> None:
        self.calls.append("resume")


class Lines:
    """A worker's `Mux` that only counts the lines it is given."""

    def __init__(self) -> None:
        self.handled = 0

    def line(self, line: bytes) -> None:
        self.handled += 1

    def flush(self) -> None:
        pass


def test_a_worker_behind_stops_reading_the_router_until_it_has_caught_up() -> None:
    """Flow control, worker side: past BACKLOG unhandled lines the worker stops reading its
    pipe (which fills, and the router then stops reading the client that sends)."""
    from vgcore.host.worker import BACKLOG, RouterPipe

    async def run() -> None:
        pipe, lines = Pipe(), Lines()
        reader = RouterPipe(lines, asyncio.get_running_loop().create_future())  # type: ignore[arg-type]
        reader.connection_made(pipe)
        reader.draining = True  # as if a slice were running: nothing is handled yet
        reader.data_received(b"M 1 {}\n" * (BACKLOG + 1))
        assert pipe.calls == ["pause"]
        reader.data_received(b"M 1 {}\n" * 10)  # what was in flight still arrives
        reader.draining = False
        reader.drain()  # handles 2 ms worth, then the rest after the loop's other work
        while reader.lines:
            await asyncio.sleep(0)
        assert lines.handled == BACKLOG + 11 and pipe.calls == ["pause", "resume"]

    asyncio.run(run())


def test_the_router_reads_a_client_no_faster_than_its_worker_takes_the_lines() -> None:
    """Flow control, router side: while the worker's pipe is full, `receive` waits, so the
    WebSocket transport reads nothing more from that client."""
    from vgcore.host.router import Router, WorkerLink

    async def run() -> None:
        router = Router(lambda index: [], 2)
        written: list[bytes] = []
        link = WorkerLink(router, 1)
        link.write = written.append  # type: ignore[method-assign]
        router.workers = [link, link]
        conn = router.connect(lambda text: None)
        message = json.dumps({"v": 1, "type": "get", "game": "1.x", "what": "view"})
        link.pause_writing()
        waiting = asyncio.create_task(conn.receive(message))
        await asyncio.sleep(0.01)
        assert not waiting.done() and written[-1].startswith(b"M ")  # passed on, then held
        link.resume_writing()
        await asyncio.wait_for(waiting, 1)
        await conn.receive('{"v": 1, "type": "ping"}')  # answered here: never held

    asyncio.run(run())


def test_a_shard_file_that_cannot_be_used_stops_the_host_with_its_name(tmp_path: Path) -> None:
    """A worker that cannot open its files dies at its start; after three such deaths the
    router stops the host (exit 1), the worker's one-line reason in the log."""
    db = tmp_path / "host.sqlite3"
    with sharded_host(db):
        pass  # made the database
    shard = Path(shard_path(db, 1))
    shard.write_bytes(b"not a database " * 500)
    run = subprocess.run([*SERVE, "--db", str(db), "--workers", "2"], capture_output=True,
                         text=True, timeout=TIMEOUT)
    assert run.returncode == 1, run.stderr[-2000:]
    assert f"error: {shard}" in run.stderr and "died 3 times at its start" in run.stderr
    assert "Traceback" not in run.stderr

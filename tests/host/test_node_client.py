"""The Node.js example client (examples/node/random-client.mjs) plays a whole game against a
real `vgcore serve --ws` subprocess: a client in another language needs only the protocol."""

from __future__ import annotations

import json
import re
import shutil
import signal
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from vgcore.host.client import Client
from vgcore.host.store import Store
from vgcore.plugins import Registry
from vgcore.replay import Replay

from .test_stdio import SERVE

SCRIPT = Path(__file__).parents[2] / "examples" / "node" / "random-client.mjs"
LISTENING = re.compile(r"listening on (ws://\S+)")
RESULT_LINE = re.compile(r"game (\S+): (A|B|draw) \((.+)\)")
NODE = shutil.which("node")

pytestmark = [pytest.mark.system,
              pytest.mark.skipif(NODE is None, reason="`node` is not on PATH: the Node.js "
                                 "example client cannot run here")]


@contextmanager
def ws_host(db: Path) -> Iterator[str]:
    """`vgcore serve --ws 127.0.0.1:0 --db DB`; yields its URL. Its log is read to the end in
    a thread (a full stderr pipe would stall the host); SIGTERM must stop it cleanly."""
    process = subprocess.Popen([*SERVE, "--ws", "127.0.0.1:0", "--db", str(db)],
                               stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    log: list[str] = []
    try:
        for line in process.stderr:
            log.append(line)
            found = LISTENING.search(line)
            if found:
                break
        else:
            raise AssertionError(f"the host exited ({process.wait()}) without listening: "
                                 + "".join(log))
        drain = threading.Thread(target=lambda: log.extend(process.stderr), daemon=True)
        drain.start()
        yield found.group(1) + "/"
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0, "".join(log)


def run_node(url: str, *args: str) -> subprocess.CompletedProcess[str]:
    assert NODE is not None
    return subprocess.run([NODE, "--experimental-websocket", str(SCRIPT), url, *args],
                          capture_output=True, text=True, timeout=120)


def result_of(run: subprocess.CompletedProcess[str]) -> tuple[str, str, str]:
    """The game id, result and reason of the client's one line of output (exit 0)."""
    assert run.returncode == 0, run.stderr
    found = RESULT_LINE.fullmatch(run.stdout.strip())
    assert found is not None, run.stdout
    game, result, reason = found.groups()
    return game, result, reason


def test_the_node_client_plays_a_game_to_the_end_and_the_host_keeps_it(tmp_path: Path) -> None:
    db = tmp_path / "host.sqlite3"
    with ws_host(db) as url:
        game, result, reason = result_of(run_node(url, "--seed", "5"))
        again = result_of(run_node(url, "--seed", "5"))[0]
        with Client.connect(url, validate=True) as client:
            replays = [client.get(g, "replay")["replay"] for g in (game, again)]
    # the same seed, the same game: the host's shuffles and agent, and the client's picks
    assert replays[0]["answers"] == replays[1]["answers"]
    replayed = Replay.from_json(replays[0]).run(Registry(), verify=True)
    assert (replayed.result, replayed.result_reason) == (result, reason)
    store = Store(db)
    try:
        record = store.game(game)
        assert record is not None
        assert (record.status, record.result, record.reason) == ("over", result, reason)
        assert json.loads(store.replay(game) or "{}")["answers"] == replays[0]["answers"]
    finally:
        store.close()


def test_the_node_client_prints_the_hosts_error_and_exits_1(tmp_path: Path) -> None:
    with ws_host(tmp_path / "host.sqlite3") as url:
        refused = run_node(url, "--deck-a", "no-such-deck")
    assert refused.returncode == 1 and refused.stdout == ""
    assert "bad_deck" in refused.stderr and "no-such-deck" in refused.stderr

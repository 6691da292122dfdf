"""A short hosted game, message by message: the transcript in docs/host-protocol.md.

`python -m vgcore.host.transcript` plays it in-process — a real `Host` with `Store(":memory:")`
and no transport — and prints every message both ways, one JSON object a line: `→` what the
client sent, `←` what the host sent back. Seat A is a scripted client (a seeded random pick
for each decision; on its first decision it also retries an answer, sends an illegal one, and
asks `get legal`, `hint` and `ping` to show their replies); seat B is the host's own
`agent:greedy`. After a few answers A concedes, which shows `game_over` and `ok`; then A asks
for the replay (with its state hashes), comes back to the finished game with `resume` (its
final view, then `game_over` again) and lists the games. Whatever differs between two runs is
replaced by a placeholder (the game id, the token, the creation time, the engine version); the
replay's long lists are cut short with "…". Everything else is the host's own output, so
tests/host/test_protocol_doc.py checks that the doc's copy is exactly what this prints. When
the protocol or the engine changes, `python -m vgcore.host.transcript --doc
docs/host-protocol.md` rewrites that copy (the fenced block after the `MARKER` line).
"""

from __future__ import annotations

import asyncio
import importlib.metadata
import json
import math
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vgcore.host import room
from vgcore.host.service import Host
from vgcore.host.store import Store
from vgcore.plugins import CORE_PLUGIN, ENTRY_POINT_GROUP, Registry

FORMAT = "premium"
SEED = 11  # the game's seed: which cards are drawn, and the agent's picks
PICK_SEED = 5  # seat A's random picks
ANSWERS = 5  # A's answers before it concedes
# A clock whose grace period no scripted answer can use up: its figures never vary.
CLOCK = {"bank_ms": 300_000, "increment_ms": 5_000, "grace_ms": 60_000}
TO_HOST, TO_CLIENT = "→", "←"
ELIDE_AFTER = 3  # a replay's list keeps this many items, then "…"
MARKER = "<!-- transcript: the output of `python -m vgcore.host.transcript`, unchanged -->"
WAIT_S = 30.0  # a reply that takes longer means the host is broken: fail, do not hang


@dataclass(frozen=True, slots=True)
class Line:
    direction: str  # TO_HOST or TO_CLIENT
    message: dict[str, Any]


class Client:
    """Seat A's side of one connection: sends requests, keeps everything in order."""

    def __init__(self, host: Host) -> None:
        self.lines: list[Line] = []
        self.next_id = 0
        self.arrived = asyncio.Event()
        self.conn = host.connect(self.got, peer="transcript")

    def got(self, text: str) -> None:
        self.lines.append(Line(TO_CLIENT, json.loads(text)))
        self.arrived.set()

    async def send(self, type: str, *, until: Callable[[dict[str, Any]], bool] | None = None,
                   **fields: Any) -> list[dict[str, Any]]:
        """Send one request; return what arrived until `until` holds for a message (by
        default: the reply that names the request in `re`)."""
        self.next_id += 1
        message = {"v": 1, "type": type, "id": self.next_id, **fields}
        rid = self.next_id
        self.lines.append(Line(TO_HOST, message))
        start = len(self.lines)
        done = until or (lambda m: m.get("re") == rid)
        await self.conn.receive(json.dumps(message))
        while not any(done(line.message) for line in self.lines[start:]):
            self.arrived.clear()
            await asyncio.wait_for(self.arrived.wait(), WAIT_S)
        return [line.message for line in self.lines[start:]]


def registry() -> Registry:
    """vgcore's own plugins only, so that other installed plugins do not change `welcome`."""
    plugins = [(ep.name, ep.load())
               for ep in importlib.metadata.distribution("vgcore").entry_points
               if ep.group == ENTRY_POINT_GROUP and ep.name != CORE_PLUGIN]
    return Registry(entry_points=False, plugins=sorted(plugins, key=lambda p: p[0]))


async def record(answers: int = ANSWERS) -> list[Line]:
    """Play the game and return every message, as sent (no placeholders yet). The host's
    agent answers in one slice until the person is asked (never cut by the clock, as a busy
    host's are), so which messages go together does not depend on the machine's speed."""
    host = Host(registry(), Store(":memory:"))
    slice_s, room.AGENT_SLICE = room.AGENT_SLICE, math.inf
    await host.start()
    client = Client(host)
    try:
        await play(client, answers)
    finally:
        room.AGENT_SLICE = slice_s
        await host.stop()
        host.store.close()
    return client.lines


async def play(client: Client, answers: int) -> None:
    await client.send("hello", protocol=[1, 1], client="transcript")
    created = (await client.send("create", format=FORMAT, seed=SEED,
                                 seats={"B": "agent:greedy"}, clock=CLOCK))[-1]
    game, token = created["game"], created["tokens"]["A"]
    got = await client.send("join", game=game, seat="A", token=token,
                            until=asked_or_over("A"))
    rnd = random.Random(PICK_SEED)
    for n in range(answers):
        decision = last_decision(got, "A")
        action = rnd.choice(decision["options"])
        got = await client.send("answer", game=game, decision=decision["id"], action=action,
                                until=asked_or_over("A"))
        if n == 0:  # the reply was lost, say: the same answer again is acknowledged, once
            await client.send("answer", game=game, decision=decision["id"], action=action)
            pending = last_decision(got, "A")
            await client.send("answer", game=game, decision=pending["id"], action="guard")
            await client.send("get", game=game, what="legal")
            await client.send("hint", game=game, agent="greedy")
            await client.send("ping")
    await client.send("concede", game=game, seat="A")
    await client.send("get", game=game, what="replay")
    last = next(line.message["seq"] for line in reversed(client.lines)
                if line.message["type"] == "event")
    await client.send("resume", game=game, seat="A", token=token, after=last,
                      until=lambda m: m["type"] == "game_over")
    await client.send("list", limit=1)


def asked_or_over(seat: str) -> Callable[[dict[str, Any]], bool]:
    """Until `seat` is asked something (a `decision`, or a `joined` carrying one) or the game
    ends."""
    return lambda m: ((m["type"] == "decision" and m["seat"] == seat)
                      or (m["type"] == "joined" and m.get("decision") is not None)
                      or m["type"] == "game_over")


def last_decision(messages: list[dict[str, Any]], seat: str) -> dict[str, Any]:
    for m in reversed(messages):
        if m["type"] in ("decision", "joined") and (m.get("decision") or {}).get("seat") == seat:
            return m["decision"]
    raise RuntimeError(f"{seat} was not asked anything: {messages[-3:]}")


# -- the printed form -------------------------------------------------------------------


def transcript(lines: list[Line]) -> str:
    """The lines as printed: placeholders for what varies, long replay lists cut short."""
    created = next(line.message for line in lines if line.message["type"] == "created")
    names = {created["game"]: "<game>"}
    names.update({token: f"<token {seat}>" for seat, token in created["tokens"].items()})
    out = []
    for line in lines:
        message = placeholders(line.message, names)
        if message["type"] in ("game_over", "replay"):
            message = {**message, "replay": elided(message["replay"])}
        out.append(f"{line.direction} {compact(message)}")
    return "\n".join(out) + "\n"


def compact(message: dict[str, Any]) -> str:
    """JSON as the host writes it: no spaces, UTF-8 as is."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def placeholders(value: Any, names: dict[str, str], key: str = "") -> Any:
    if key == "created" and isinstance(value, float):
        return "<created>"
    if key == "engine_version":
        return "<engine version>"
    if isinstance(value, str):
        for name, placeholder in names.items():
            value = value.replace(name, placeholder)
        return value
    if isinstance(value, dict):
        return {k: placeholders(v, names, k) for k, v in value.items()}
    if isinstance(value, list):
        return [placeholders(v, names) for v in value]
    return value


def elided(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: elided(v) for k, v in value.items()}
    if isinstance(value, list) and len(value) > ELIDE_AFTER:
        return [*value[:ELIDE_AFTER], "…"]
    return value


def doc_parts(text: str) -> tuple[str, str, str]:
    """A doc split around its transcript: the text up to the block's opening fence, the
    block's content, and the text from its closing fence on."""
    at = text.index(MARKER)
    start = text.index("```text\n", at) + len("```text\n")
    end = text.index("```\n", start)
    return text[:start], text[start:end], text[end:]


def write_doc(path: Path, printed: str) -> None:
    before, _old, after = doc_parts(path.read_text(encoding="utf-8"))
    path.write_text(before + printed + after, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    """Print the transcript, or with `--doc PATH` put it into that doc instead."""
    args = sys.argv[1:] if argv is None else argv
    printed = transcript(asyncio.run(record()))
    if args[:1] == ["--doc"] and len(args) == 2:
        write_doc(Path(args[1]), printed)
    elif not args:
        sys.stdout.write(printed)
    else:
        sys.exit("usage: python -m vgcore.host.transcript [--doc docs/host-protocol.md]")


if __name__ == "__main__":
    main()

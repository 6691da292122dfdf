"""In-process clients of a real `Host` (real Store, real engine; no transport), for the
protocol tests. Every message a peer receives is validated against the protocol's Structs."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any

from vgcore import Registry
from vgcore.host import protocol
from vgcore.host.service import Host, HostConfig
from vgcore.host.store import Store

_REGISTRY: Registry | None = None


def registry() -> Registry:
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = Registry()
    return _REGISTRY


def run(test: Callable[..., Coroutine[Any, Any, None]], *args: Any) -> None:
    asyncio.run(test(*args))


async def new_host(db: str | Path = ":memory:", **config: Any) -> Host:
    host = Host(registry(), Store(db), HostConfig(**config))
    await host.start()
    assert host.resumed is not None
    await host.resumed  # every unfinished game of the store is back
    return host


async def crash(host: Host) -> None:
    """The host process goes away as a killed one would, as far as one process can tell: its
    games stop where they are (nothing finished or flushed beyond what is journaled) and its
    database is let go (tests/host/test_restart.py kills a real process)."""
    await host.stop()
    host.store.close()


class Peer:
    """One connection: sends dicts, keeps what it receives (validated)."""

    def __init__(self, host: Host, *, trusted: bool = False) -> None:
        self.host = host
        self.inbox: list[dict[str, Any]] = []
        self.seen: list[dict[str, Any]] = []
        self.next_id = 0
        self.conn = host.connect(self.got, trusted=trusted, peer="test")

    def got(self, text: str) -> None:
        protocol.decode_host(text)  # every message the host sends is a valid message
        message = json.loads(text)
        assert message["v"] == protocol.PROTOCOL
        if message["type"] == "batch":
            assert len(message["messages"]) > 1
            for inner in message["messages"]:
                self.got(json.dumps(inner))
            return
        self.inbox.append(message)
        self.seen.append(message)

    async def send(self, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else json.dumps({"v": 1, **message})
        await self.conn.receive(text)

    async def request(self, type: str, **fields: Any) -> dict[str, Any]:
        """Send a request and return its reply (the message whose `re` is its id)."""
        self.next_id += 1
        rid = self.next_id
        await self.send({"type": type, "id": rid, **fields})
        for _ in range(10_000):  # most replies come at once; a replay's after some steps
            for message in self.inbox:
                if message.get("re") == rid:
                    return message
            await asyncio.sleep(0)
        raise AssertionError(f"no reply to {type} #{rid}; got {self.inbox[-5:]}")

    def take(self) -> list[dict[str, Any]]:
        out, self.inbox = self.inbox, []
        return out

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.inbox if m["type"] == kind]

    def pending(self, seat: str | None = None) -> dict[str, Any] | None:
        """The latest decision this peer was sent that is still the game's pending one."""
        for message in reversed(self.inbox):
            asked = message.get("decision") if message["type"] in ("decision", "joined") \
                else None
            if isinstance(asked, dict) and (seat is None or asked["seat"] == seat):
                room = self.host.rooms.get(message["game"])
                d = room.game.decision if room else None
                if d is not None and d.id == asked["id"]:
                    return message
                return None
        return None

    def close(self) -> None:
        self.conn.closed()


async def settle(host: Host, rounds: int = 3) -> None:
    """Let agent tasks, publishing and timers that are due run, until nothing is left."""
    for _ in range(1000):
        for _ in range(rounds):
            await asyncio.sleep(0)
        rooms = list(host.rooms.values())
        tasks = [r.agent_task for r in rooms if r.agent_task and not r.agent_task.done()]
        for task in tasks:
            await asyncio.wait_for(task, timeout=30)
        if not tasks and not any(r.publishing for r in rooms):
            return
    raise AssertionError("the host never settled")


async def create(peer: Peer, **fields: Any) -> dict[str, Any]:
    fields.setdefault("format", "premium")
    fields.setdefault("seed", 7)
    reply = await peer.request("create", **fields)
    assert reply["type"] == "created", reply
    return reply


async def play_out(host: Host, peers: dict[str, Peer], game: str, seed: int = 0, *,
                   limit: int = 5000, on_step: Callable[[], Awaitable[None]] | None = None,
                   ) -> dict[str, Any]:
    """Answer every decision sent to the given seats' peers with a seeded random pick until
    the game ends; returns the game_over message."""
    rnd = random.Random(seed)
    for _ in range(limit):
        await settle(host)
        for peer in peers.values():
            over = peer.of("game_over")
            if over:
                return over[-1]
        for seat, peer in peers.items():
            d = peer.pending(seat)
            if d is not None:
                info = d["decision"]
                reply = await peer.request("answer", game=game, decision=info["id"],
                                           action=rnd.choice(info["options"]))
                assert reply["type"] == "accepted", reply
                if on_step is not None:
                    await on_step()
                break
        else:
            room = host.rooms.get(game)
            if room is None:
                continue
            raise AssertionError(f"nobody was asked: {room.game.decision}")
    raise AssertionError("the game did not end")

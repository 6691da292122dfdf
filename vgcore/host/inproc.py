"""The host's own work per answer, measured in one process: no socket, no router, no bots.

`vgcore bench --host` times the host from outside, over loopback WebSocket, on a two-core
machine it shares with its bots: what it reports is what a player sees, and it swings by a
fifth from run to run with the machine's other work (docs/performance.md). A change to the host
that saves a few per cent cannot be told from that noise. `answer_in_process` plays the same
kind of load — vs-agent games, seat A answered at random, a view after every change, batch
messages — against a `Host` in this process through one connection, so that its CPU time (or
its instruction count under callgrind) is the host's code and the engine's and nothing else:
the client side decodes only the few fields the bench's bots read (`bench.Incoming`).

tests/host/test_host_bench.py runs it as a pytest-benchmark (`--benchmark-enable`).
"""

from __future__ import annotations

import asyncio
import random
from typing import TYPE_CHECKING, Any

import msgspec

from vgcore.host.bench import BATCH_PREFIX, Incoming, IncomingBatch

if TYPE_CHECKING:
    from vgcore.host.service import Host

AGENT_TURN_WAITS = 1000  # turns of the loop a client waits for the host's agent to answer


_ONE: msgspec.json.Decoder[Incoming] = msgspec.json.Decoder(Incoming)
_BATCH: msgspec.json.Decoder[IncomingBatch] = msgspec.json.Decoder(IncomingBatch)
_encode = msgspec.json.Encoder().encode


class InProcessError(RuntimeError):
    """The host refused something this client sent (a bug in the host or here)."""


async def answer_in_process(host: Host, answers: int, *, format_id: str = "premium",
                            seed: int = 0, views: bool = True) -> int:
    """Play vs-agent games of `format_id` on `host` (the host's random agent in seat B) until
    seat A has given `answers` answers; the games started. Seeded: the same host code plays
    the same games and answers."""
    inbox: list[Incoming] = []

    def receive(text: str) -> None:
        if text.startswith(BATCH_PREFIX):
            inbox.extend(_BATCH.decode(text).messages)
        else:
            inbox.append(_ONE.decode(text))

    conn = host.connect(receive, peer="in-process")

    def send(message: dict[str, Any]) -> None:
        conn.receive_now(_encode({"v": 1, **message}))
        for seen in inbox:
            if seen.type == "error":
                raise InProcessError(f"{seen.code}: {seen.message}")

    rng = random.Random(seed)
    send({"type": "hello", "protocol": [1, 1], "batch": True})
    given = games = 0
    while given < answers:
        inbox.clear()
        send({"type": "create", "format": format_id, "seats": {"B": "agent:random"},
              "seed": seed + games})
        created = next(m for m in inbox if m.type == "created")
        game, games = created.game, games + 1
        inbox.clear()
        send({"type": "join", "game": game, "seat": "A", "token": created.tokens["A"],
              "views": views})
        while given < answers:
            decision = await _next_decision(inbox)
            if decision is None:
                break  # the game is over
            send({"type": "answer", "game": game, "decision": decision["id"],
                  "action": rng.choice(decision["options"])})
            given += 1
    conn.closed()
    return games


async def _next_decision(inbox: list[Incoming]) -> dict[str, Any] | None:
    """Seat A's next decision (None: the game ended), waiting for the host's agent if it is
    still playing its turn in slices."""
    for _ in range(AGENT_TURN_WAITS):
        for seen in inbox:
            if seen.type == "game_over":
                inbox.clear()
                return None
            if seen.type in ("decision", "joined") and seen.decision is not None and (
                    seen.decision.get("seat") == "A"):
                decision: dict[str, Any] = seen.decision
                inbox.clear()
                return decision
        inbox.clear()
        await asyncio.sleep(0)
    raise InProcessError(f"no decision for seat A after {AGENT_TURN_WAITS} turns of the loop")

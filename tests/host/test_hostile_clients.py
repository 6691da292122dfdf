"""Clients from strangers (issue 11): thousands of malformed and hostile messages leave the
host serving and every game unchanged; nothing a seat or spectator receives from the host
is more than the engine's own per-seat output, over whole games of every format."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.host.harness import Peer, create, new_host, play_out, registry, run, settle
from tests.hostile.test_hidden import FORMATS
from tests.test_views import permute_hidden
from vgcore.views import redact

pytestmark = pytest.mark.hostile

HOSTILE_VALUES: tuple[Any, ...] = (None, True, -1, 0, 2**70, 1.5, "", "x" * 5000, [], {},
                                   [1, 2], {"a": {"b": {}}}, "A", "B", "\u0000", "ﬀ")


def hostile_messages(rnd: random.Random, game: str, token: str, other_game: str,
                     other_token: str, decision: int, n: int) -> list[str]:
    """`n` messages a hostile client might send: broken JSON, huge or deep frames, wrong
    types, other seats' decisions and other games' tokens."""
    types = ["hello", "create", "join", "answer", "resume", "spectate", "concede", "leave",
             "get", "ping", "list", "nope", ""]
    fields = ["game", "seat", "token", "decision", "action", "after", "what", "format",
              "decks", "seed", "seats", "clock", "spectators", "protocol", "v", "id"]
    out = []
    for _ in range(n):
        roll = rnd.random()
        if roll < 0.05:
            out.append(rnd.choice(["{", "}", "[]", "null", "1", '"x"', "{{}}", "\xff", "",
                                   "[" * 5000 + "]" * 5000, '{"v":1,"type":"ping"' * 50]))
            continue
        if roll < 0.08:
            out.append(json.dumps({"v": 1, "type": "ping", "pad": "y" * 70_000}))
            continue
        message: dict[str, Any] = {"v": 1, "type": rnd.choice(types)}
        if rnd.random() < 0.5:  # plausible shapes aimed at real games
            message.update(game=rnd.choice([game, other_game, "nope"]),
                           seat=rnd.choice(["A", "B", "C"]),
                           token=rnd.choice([token, other_token, "forged"]),
                           decision=rnd.choice([decision, decision + 1, 0, 10**6]),
                           action=rnd.choice(["done", "keep", 0, 3, "act VC:99"]))
        for _ in range(rnd.randrange(4)):
            message[rnd.choice(fields)] = rnd.choice(HOSTILE_VALUES)
        if rnd.random() < 0.05:
            message["v"] = rnd.choice([0, 2, "1", None])
        out.append(json.dumps(message))
    return out


def test_thousands_of_hostile_messages_change_no_game() -> None:
    async def body() -> None:
        host = await new_host()
        owner = Peer(host)
        mine = await create(owner, seats={"B": "agent:greedy"})
        theirs = await create(owner, seats={"B": "agent:greedy"}, seed=9)
        await owner.request("join", game=mine["game"], seat="A", token=mine["tokens"]["A"])
        await settle(host)
        rooms = [host.rooms[mine["game"]], host.rooms[theirs["game"]]]
        before = [r.game.state.state_hash() for r in rooms]
        journals = [len(host.store.journal(r.id)) for r in rooms]
        decision = rooms[0].game.decision.id
        rnd = random.Random(2026)
        hostile = Peer(host)
        texts = hostile_messages(rnd, mine["game"], "forged", theirs["game"],
                                 theirs["tokens"]["A"][:-1] + "x", decision, 3000)
        for text in texts:
            hostile.take()
            await hostile.send(text)
            replies = hostile.inbox
            assert replies, text[:200]
            assert all(r["type"] != "error" or r["code"] != "internal_error" for r in replies), \
                (text[:200], replies)
        await settle(host)
        assert [r.game.state.state_hash() for r in rooms] == before
        assert [len(host.store.journal(r.id)) for r in rooms] == journals
        assert (await hostile.request("ping"))["type"] == "pong"
        d = owner.pending("A")["decision"]  # the real player still plays
        assert (await owner.request("answer", game=mine["game"], decision=d["id"],
                                    action=d["options"][0]))["type"] == "accepted"
    run(body)


class Judge:
    """Checks every message a watcher gets against the engine's output for its seat."""

    def __init__(self, host: Any, game: str) -> None:
        self.host, self.game = host, game
        self.checked = 0

    def check(self, peer: Peer, seat: str | None) -> None:
        room = self.host.rooms.get(self.game)
        for message in peer.take():
            if message.get("game") != self.game:
                continue
            kind = message["type"]
            if kind == "event":
                assert message["seat"] == seat
                game = room.game if room is not None else None
                if game is not None:
                    logged = game.state.log[message["seq"] - 1]
                    assert message["event"] == json.loads(json.dumps(
                        redact(logged, seat, game.engine.event_card_fields)))
                self.checked += 1
            elif kind == "view" and room is not None and message["seq"] == len(
                    room.game.state.log):
                expected = room.view_of(room.game, seat, log=False)
                assert message["view"] == json.loads(json.dumps(expected))
                twin = room.game  # what this watcher cannot see, shuffled among itself
                for other in room.game.state.seats:
                    if other != seat:
                        twin = permute_hidden(twin, other)
                assert message["view"] == json.loads(json.dumps(
                    room.view_of(twin, seat, log=False)))
                self.checked += 1
            elif kind == "decision":
                assert message["seat"] == seat and seat is not None
            elif kind == "joined" and seat is None:
                assert message["decision"] is None


@pytest.mark.parametrize("format_id", FORMATS)
def test_watchers_get_only_the_engines_output_for_their_seat(format_id: str) -> None:
    """Every seat (each on its own connection) and a spectator, through a whole game: each
    event is the engine's redaction of that log entry for that seat (spectator: public
    only), each view is that seat's engine view and unchanged when the cards the watcher
    cannot see are permuted (the engine's permutation method, through the host), decisions
    reach only the seat asked. The engine's own redaction is leak-tested event by event in
    tests/hostile/test_hidden.py."""
    async def body() -> None:
        host = await new_host()
        first = Peer(host)
        created = await create(first, format=format_id, seed=21)
        game = created["game"]
        seats = list(created["tokens"])
        peers = {seat: (first if i == 0 else Peer(host)) for i, seat in enumerate(seats)}
        for seat, peer in peers.items():
            await peer.request("join", game=game, seat=seat, token=created["tokens"][seat])
        watcher = Peer(host)
        await watcher.request("spectate", game=game)
        judge = Judge(host, game)

        async def judge_all() -> None:
            for seat, peer in peers.items():
                keep = [m for m in peer.inbox
                        if m["type"] in ("decision", "joined", "game_over")]
                judge.check(peer, seat)
                peer.inbox.extend(keep)
            judge.check(watcher, None)

        await play_out(host, peers, game, seed=21, on_step=judge_all, limit=3000)
        assert judge.checked > 50
        registry()  # the registry the host used (cached for the suite)
    run(body)

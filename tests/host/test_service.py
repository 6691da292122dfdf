"""The host protocol, message by message, against a real Host (real engine, real SQLite):
every message type, every error code, a whole game, retries, takeover, resume, spectators,
presence, clocks, restart (issue 11; docs/host-protocol.md)."""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import json
from pathlib import Path
from typing import Any

from tests.host.harness import Peer, crash, create, new_host, play_out, registry, run, settle
from vgcore import Replay
from vgcore.game import Game
from vgcore.host import protocol
from vgcore.host.service import FINALS_KEPT


async def joined_game(**fields: Any) -> tuple[Any, Peer, str, dict[str, Any]]:
    host = await new_host()
    peer = Peer(host)
    fields.setdefault("seats", {"B": "agent:greedy"})
    created = await create(peer, **fields)
    game = created["game"]
    reply = await peer.request("join", game=game, seat="A", token=created["tokens"]["A"])
    assert reply["type"] == "joined", reply
    await settle(host)
    return host, peer, game, created


async def two_players(**fields: Any) -> tuple[Any, Peer, Peer, str, dict[str, str]]:
    """A host and a new game with both seats human, each joined on its own connection."""
    host = await new_host()
    a, b = Peer(host), Peer(host)
    created = await create(a, **fields)
    game, tokens = created["game"], created["tokens"]
    await a.request("join", game=game, seat="A", token=tokens["A"])
    await b.request("join", game=game, seat="B", token=tokens["B"])
    return host, a, b, game, tokens


def hash_of(host: Any, game: str) -> str:
    return host.rooms[game].game.state.state_hash()


# -- hello, create, join -------------------------------------------------------------------


def test_hello_lists_formats_decks_agents_and_plugins() -> None:
    async def body() -> None:
        peer = Peer(await new_host())
        welcome = await peer.request("hello", protocol=[1, 1], client="test")
        assert welcome["type"] == "welcome" and welcome["protocol"] == 1
        assert {f["id"] for f in welcome["formats"]} == set(registry().formats)
        assert "TD01" in welcome["decks"]["premium"]
        assert {"greedy", "random"} <= set(welcome["agents"])
        assert "standard" in welcome["plugins"]
        too_new = await peer.request("hello", protocol=[2, 3])
        assert too_new["code"] == "unsupported_version"
        await peer.send({"type": "ping", "v": 2, "id": 9})
        assert peer.inbox[-1]["code"] == "unsupported_version" and peer.inbox[-1]["re"] == 9
    run(body)


def test_create_gives_tokens_to_human_seats_only_and_join_sends_the_view() -> None:
    async def body() -> None:
        host = await new_host()
        peer = Peer(host)
        created = await create(peer, seats={"B": "agent:random"})
        assert set(created["tokens"]) == {"A"}
        assert created["seats"] == {"A": "human", "B": "agent:random"}
        game = created["game"]
        joined = await peer.request("join", game=game, seat="A", token=created["tokens"]["A"])
        assert joined["seat"] == "A" and joined["view"]["seat"] == "A"
        assert joined["seq"] == len(joined["view"]["log"])  # joining sends the whole log
        record = host.store.game(game)
        assert record is not None and created["tokens"]["A"] not in str(record.token_hashes)
    run(body)


def test_a_whole_game_against_an_agent_ends_with_a_verifiable_replay() -> None:
    async def body() -> None:
        host, peer, game, _ = await joined_game(seed=3)
        over = await play_out(host, {"A": peer}, game, seed=3)
        assert over["result"] in ("A", "B", "draw")
        replay = Replay.from_json(over["replay"])  # answers, result and the final hash
        again = replay.run(registry())
        assert again.result == over["result"] and replay.hashes == []
        assert again.state.state_hash() == replay.final_hash
        stored = Replay.from_json((await peer.request("get", game=game, what="replay"))["replay"])
        assert len(stored.hashes) == len(stored.answers) == len(replay.answers)
        assert stored.run(registry(), verify=True).result == over["result"]
        seqs = [m["seq"] for m in peer.seen if m["type"] == "event"]
        assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)  # each event once, in order
    run(body)


def test_two_humans_on_two_connections_and_waiting_for_the_other() -> None:
    async def body() -> None:
        host, a, b, game, _ = await two_players()
        asked = host.rooms[game].game.decision.seat
        other = b if asked == "A" else a
        assert other.of("waiting")[-1]["seat"] == asked
        assert all(m["type"] != "decision" or m["seat"] == ("B" if other is b else "A")
                   for m in other.seen)
        over = await play_out(host, {"A": a, "B": b}, game, seed=1)
        assert a.of("game_over") and b.of("game_over") and over["reason"]
    run(body)


def test_a_watcher_may_ask_for_events_and_decisions_without_views() -> None:
    async def body() -> None:
        host = await new_host()
        bot = Peer(host)
        created = await create(bot, seats={"B": "agent:greedy"})
        game = created["game"]
        joined = await bot.request("join", game=game, seat="A", token=created["tokens"]["A"],
                                   views=False)
        assert joined["view"]["seat"] == "A"  # joining still shows the game once
        await play_out(host, {"A": bot}, game, seed=6)
        kinds = {m["type"] for m in bot.seen}
        assert "view" not in kinds and {"event", "decision", "game_over"} <= kinds
    run(body)


def test_an_option_index_is_an_answer() -> None:
    async def body() -> None:
        host, peer, game, _ = await joined_game()
        d = peer.pending("A")["decision"]
        reply = await peer.request("answer", game=game, decision=d["id"], action=0)
        assert reply["type"] == "accepted"
        assert host.store.journal(game)[-1].action == d["options"][0]
    run(body)


# -- every error code: a clear reply, the connection open, the game unchanged ----------------


def test_every_error_code_leaves_the_game_unchanged() -> None:
    async def body() -> None:
        host, peer, game, _ = await joined_game()
        d = peer.pending("A")["decision"]
        before = hash_of(host, game)
        entries = len(host.store.journal(game))
        stranger = Peer(host)
        cases = [
            (peer, "{not json", "bad_message"),
            (peer, '{"v": 1, "type": "teleport"}', "bad_message"),
            (peer, {"type": "answer", "game": game, "decision": "x", "action": "done"},
             "bad_message"),
            (peer, {"type": "join", "game": "nope", "seat": "A", "token": "t"}, "unknown_game"),
            (peer, {"type": "join", "game": game, "seat": "A", "token": "wrong"},
             "unauthorized"),
            (stranger, {"type": "answer", "game": game, "decision": d["id"],
                        "action": d["options"][0]}, "unauthorized"),
            (peer, {"type": "answer", "game": game, "decision": d["id"] + 50,
                    "action": d["options"][0]}, "stale_decision"),
            (peer, {"type": "answer", "game": game, "decision": d["id"], "action": "fly away"},
             "illegal_action"),
            (peer, {"type": "answer", "game": game, "decision": d["id"], "action": 999},
             "illegal_action"),
            (peer, {"type": "create", "format": "chess"}, "bad_request"),
            (peer, {"type": "create", "format": "premium", "seats": {"B": "agent:nobody"}},
             "bad_request"),
            (peer, {"type": "create", "format": "premium", "decks": {"A": "TD01", "B": "nope"}},
             "bad_deck"),
            (peer, {"type": "join", "game": game, "seat": "B", "token": "x" * 10},
             "unauthorized"),
        ]
        for who, message, code in cases:
            who.take()
            await who.send(message if isinstance(message, str) else {**message, "id": 5})
            error = who.inbox[-1]
            assert error["type"] == "error" and error["code"] == code, (message, error)
            assert error["message"]
        illegal = [c for c in cases if c[2] == "illegal_action"]
        for _who, message, _code in illegal:
            await peer.send({**message, "id": 6})  # type: ignore[dict-item]
            assert peer.inbox[-1]["legal"] == d["options"]
        assert hash_of(host, game) == before
        assert len(host.store.journal(game)) == entries
        assert (await peer.request("ping"))["type"] == "pong"  # still served
    run(body)


def test_not_your_decision_and_game_over() -> None:
    async def body() -> None:
        host, a, b, game, _ = await two_players()
        d = host.rooms[game].game.decision
        wrong = b if d.seat == "A" else a
        reply = await wrong.request("answer", game=game, decision=d.id,
                                    action=str(d.options[0]))
        assert reply["code"] == "not_your_decision"
        await a.request("concede", game=game, seat="A")
        assert a.of("game_over")[-1]["result"] == "B"
        assert a.of("game_over")[-1]["reason"] == "concede"
        late = await b.request("answer", game=game, decision=d.id, action=str(d.options[0]))
        assert late["code"] == "game_over"
    run(body)


def test_an_illegal_deck_lists_every_violation() -> None:
    async def body() -> None:
        peer = Peer(await new_host())
        tiny = {"name": "tiny", "deck": [{"id": "TD01-001", "count": 4},
                                         {"id": "NOPE-999", "count": 1}]}
        reply = await peer.request("create", format="premium", decks={"A": tiny, "B": "TD02"})
        assert reply["code"] == "bad_deck"
        assert "NOPE-999" in reply["message"] and "cards" in reply["message"]
        # the same violations, one string each, for a client to list without parsing
        violations = reply["violations"]
        assert len(violations) >= 2 and all(v.startswith("A (tiny): ") for v in violations)
        assert reply["message"] == "illegal decks: " + "; ".join(violations)
        described = {**tiny, "description": "a deck file's own words"}  # a deck file's keys
        unknown = await peer.request("create", format="premium",
                                     decks={"A": described, "B": "nope"})
        assert unknown["violations"] == ["B: no installed deck 'nope'"]
        # A card whose script needs a plugin the format lacks (D-BT01-006 imprisons: the
        # Prison plugin is d-standard's) is refused before any game, not at its first ability.
        jailer = {"name": "jailer", "deck": [{"id": "D-BT01-006", "count": 4}]}
        refused = await peer.request("create", format="v-standard",
                                     decks={"A": jailer, "B": "vanilla-v-aqua-force"})
        assert refused["code"] == "bad_deck"
        assert any(v.startswith("A (jailer): D-BT01-006 cannot be played in v-standard: ")
                   and "D-BT01-006.lua:" in v for v in refused["violations"]), refused
    run(body)


def test_an_untrusted_connection_holds_one_seat_a_trusted_one_several() -> None:
    async def body() -> None:
        host = await new_host()
        web, pipe = Peer(host), Peer(host, trusted=True)
        created = await create(web)
        game, tokens = created["game"], created["tokens"]
        await web.request("join", game=game, seat="A", token=tokens["A"])
        assert (await web.request("join", game=game, seat="B", token=tokens["B"]))["code"] \
            == "too_many"
        other = await create(pipe)
        for seat in ("A", "B"):
            assert (await pipe.request("join", game=other["game"], seat=seat,
                                       token=other["tokens"][seat]))["type"] == "joined"
        await play_out(host, {"A": pipe, "B": pipe}, other["game"], seed=2)
    run(body)


# -- retries, takeover, resume ---------------------------------------------------------------


def test_an_answer_repeated_is_acknowledged_again_never_applied_twice() -> None:
    async def body() -> None:
        host, peer, game, _ = await joined_game()
        d = peer.pending("A")["decision"]
        answer = {"game": game, "decision": d["id"], "action": d["options"][0]}
        assert (await peer.request("answer", **answer))["type"] == "accepted"
        await settle(host)
        after = hash_of(host, game)
        entries = len(host.store.journal(game))
        again = await peer.request("answer", **answer)
        assert again == {"type": "accepted", "v": 1, "re": again["re"], "game": game,
                         "decision": d["id"]}
        assert hash_of(host, game) == after and len(host.store.journal(game)) == entries
    run(body)


def test_a_newer_connection_with_the_token_takes_the_seat_over() -> None:
    async def body() -> None:
        host, old, game, created = await joined_game()
        new = Peer(host)
        joined = await new.request("join", game=game, seat="A", token=created["tokens"]["A"])
        assert joined["decision"] is not None
        assert old.inbox[-1]["code"] == "unauthorized" and "taken over" in old.inbox[-1]["message"]
        d = joined["decision"]
        refused = await old.request("answer", game=game, decision=d["id"],
                                    action=d["options"][0])
        assert refused["code"] == "unauthorized"
        assert (await new.request("answer", game=game, decision=d["id"],
                                  action=d["options"][0]))["type"] == "accepted"
    run(body)


def test_resume_sends_every_event_after_the_last_seen_then_the_decision() -> None:
    async def body() -> None:
        host, peer, game, created = await joined_game()
        for _ in range(6):
            await settle(host)
            d = peer.pending("A")["decision"]
            await peer.request("answer", game=game, decision=d["id"], action=d["options"][-1])
        await settle(host)
        seen = [m for m in peer.seen if m["type"] == "event"]
        cut = seen[len(seen) // 2]["seq"]
        peer.close()
        back = Peer(host)
        resumed = await back.request("resume", game=game, seat="A", token=created["tokens"]["A"],
                                     after=cut)
        events = [m for m in back.seen if m["type"] == "event"]
        assert [e["seq"] for e in events] == list(range(cut + 1, resumed["seq"] + 1))
        assert [e["event"] for e in events] == [m["event"] for m in seen if m["seq"] > cut]
        assert "log" not in resumed["view"] and resumed["decision"] is not None
    run(body)


# -- spectators ----------------------------------------------------------------------------


def test_a_spectator_sees_the_public_view_and_a_delayed_one_trails() -> None:
    async def body() -> None:
        host, peer, game, _ = await joined_game(spectators={"delay": 4})
        live, late = Peer(host), Peer(host)
        for _ in range(8):
            await settle(host)
            d = peer.pending("A")["decision"]
            await peer.request("answer", game=game, decision=d["id"], action=d["options"][0])
        await settle(host)
        watched = await late.request("spectate", game=game)
        room = host.rooms[game]
        assert watched["seat"] is None and watched["decision"] is None
        assert watched["seq"] < len(room.game.state.log)  # some decisions behind
        assert watched["view"]["players"]["A"]["zones"]["hand"].get("cards") is None
        over = await play_out(host, {"A": peer}, game, seed=4)
        assert late.of("game_over")[-1]["result"] == over["result"]
        seqs = [m["seq"] for m in late.seen if m["type"] == "event"]
        assert seqs[-1] == max(m["seq"] for m in peer.seen if m["type"] == "event")
        del live
    run(body)


def test_a_game_may_refuse_spectators() -> None:
    async def body() -> None:
        host, _peer, game, _ = await joined_game(spectators={"allowed": False})
        reply = await Peer(host).request("spectate", game=game)
        assert reply["code"] == "unauthorized"
        listed = await Peer(host).request("list")
        assert game not in [g["game"] for g in listed["games"]]
    run(body)


# -- presence, reconnect window, clocks -------------------------------------------------------


def test_a_seat_gone_past_its_reconnect_window_forfeits() -> None:
    async def body() -> None:
        host, a, b, game, _ = await two_players(reconnect_window_ms=50)
        b.close()
        assert a.of("presence")[-1] == {"type": "presence", "v": 1, "game": game, "seat": "B",
                                        "connected": False}
        await asyncio.sleep(0.2)
        over = a.of("game_over")[-1]
        assert over["result"] == "A" and over["reason"] == "disconnect"
        assert host.store.journal(game)[-1].kind == "forfeit"
        stored = await a.request("get", game=game, what="replay")
        assert Replay.from_json(stored["replay"]).run(registry(), verify=True).result == "A"
    run(body)


def test_an_agent_stands_in_for_a_seat_gone_past_its_window_until_it_is_back() -> None:
    async def body() -> None:
        host, a, b, game, tokens = await two_players(reconnect_window_ms=30,
                                                     on_disconnect="agent", seed=12)
        b.close()
        await asyncio.sleep(0.1)
        room = host.rooms[game]
        assert room.stand_ins == {"B"}
        for _ in range(40):  # A plays; the host answers for B
            await settle(host)
            d = a.pending("A")
            if d is None or game not in host.rooms:
                break
            await a.request("answer", game=game, decision=d["decision"]["id"],
                            action=d["decision"]["options"][0])
        played_for_b = [e for e in host.store.journal(game) if e.seat == "B"]
        assert played_for_b and game in host.rooms
        back = Peer(host)
        await back.request("join", game=game, seat="B", token=tokens["B"])
        assert room.stand_ins == set()
    run(body)


def test_a_seat_back_within_the_window_plays_on() -> None:
    async def body() -> None:
        host, a, b, game, tokens = await two_players(reconnect_window_ms=150)
        b.close()
        back = Peer(host)
        await back.request("join", game=game, seat="B", token=tokens["B"])
        assert a.of("presence")[-1]["connected"] is True
        await asyncio.sleep(0.3)
        assert not a.of("game_over") and game in host.rooms
    run(body)


def test_a_clock_that_runs_out_loses_or_lets_the_agent_answer() -> None:
    async def body() -> None:
        host, peer, game, _ = await joined_game(clock={"bank_ms": 30, "on_expiry": "lose"})
        assert any(m["type"] == "clock" and m["running"] for m in peer.seen)
        await asyncio.sleep(0.2)
        over = peer.of("game_over")[-1]
        assert over["result"] == "B" and over["reason"] == "time"

        host, peer, game, _ = await joined_game(clock={"bank_ms": 0, "grace_ms": 20,
                                                       "on_expiry": "answer"})
        first = host.rooms[game].game.decision.id
        await asyncio.sleep(0.3)
        await settle(host)
        kinds = [e.kind for e in host.store.journal(game)]
        assert "timeout" in kinds and host.rooms[game].game.decision.id > first
    run(body)


def test_an_answer_in_time_keeps_the_bank_and_adds_the_increment() -> None:
    async def body() -> None:
        host, peer, game, _ = await joined_game(clock={"bank_ms": 60_000,
                                                       "increment_ms": 1000,
                                                       "grace_ms": 60_000})
        d = peer.pending("A")["decision"]
        await peer.request("answer", game=game, decision=d["id"], action=d["options"][0])
        assert host.store.journal(game)[-1].clock_ms == 61_000
    run(body)


def test_a_hint_is_the_agents_pick_for_my_pending_decision_and_changes_nothing() -> None:
    async def body() -> None:
        host, peer, game, _ = await joined_game()
        before = hash_of(host, game)
        d = peer.pending("A")["decision"]
        hint = await peer.request("hint", game=game, agent="greedy")
        assert hint["decision"] == d["id"] and hint["action"] in d["options"]
        assert (await peer.request("hint", game=game, agent="greedy"))["action"] \
            == hint["action"]  # the same pick every time it is asked
        assert hash_of(host, game) == before
        assert (await peer.request("hint", game=game, agent="oracle"))["code"] == "bad_request"
        assert (await Peer(host).request("hint", game=game))["code"] == "unauthorized"
    run(body)


# -- get, list ----------------------------------------------------------------------------------


def test_get_view_and_legal_and_list() -> None:
    async def body() -> None:
        host, peer, game, _ = await joined_game()
        view = await peer.request("get", game=game, what="view")
        assert view["seat"] == "A" and "log" not in view["view"]
        legal = await peer.request("get", game=game, what="legal")
        assert legal["decision"]["options"] == peer.pending("A")["decision"]["options"]
        early = await peer.request("get", game=game, what="replay")
        assert early["code"] == "bad_request"
        listed = await Peer(host).request("list", status="live")
        assert game in [g["game"] for g in listed["games"]]
        outsider = await Peer(host).request("get", game=game, what="view")
        assert outsider["code"] == "unauthorized"
    run(body)


# -- past views of a finished game (get view at) ------------------------------------------


def played_to(replay: Replay, at: int) -> Any:
    """A fresh game with the replay's first `at` answers applied (the engine alone)."""
    return dataclasses.replace(replay, answers=replay.answers[:at], hashes=[],
                               forfeit=None).run(registry())


def as_sent(view: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(view))


def test_a_finished_games_view_at_an_answer_is_the_game_played_again_to_it() -> None:
    async def body() -> None:
        host, peer, game, _ = await joined_game(seed=3)
        over = await play_out(host, {"A": peer}, game, seed=3)
        replay = Replay.from_json(over["replay"])
        count = len(replay.answers)
        assert count > 40
        final = await peer.request("get", game=game, what="view")
        # the end, the middle, one back from it (from a kept state), the start, and again
        for at in (count, count // 2, count // 2 - 1, 0, count // 2, 17):
            past = await peer.request("get", game=game, what="view", at=at)
            again = played_to(replay, at)
            assert past["type"] == "view" and past["seat"] == "A", past
            assert past["view"] == as_sent(again.view("A", log=False)), at
            assert past["seq"] == len(again.state.log)
        assert (await peer.request("get", game=game, what="view", at=count))["view"] \
            == final["view"]
        middle = await peer.request("get", game=game, what="view", at=count // 2)
        assert middle["view"] != final["view"] and middle["view"]["result"] is None
        hand = middle["view"]["players"]["A"]["zones"]["hand"]
        assert len(hand["cards"]) == hand["count"]  # A's own hand, in full
    run(body)


def test_a_spectator_gets_the_spectators_past_view_and_a_private_game_refuses_it() -> None:
    async def body() -> None:
        host, peer, game, _ = await joined_game(seed=5)
        over = await play_out(host, {"A": peer}, game, seed=5)
        replay = Replay.from_json(over["replay"])
        at = len(replay.answers) // 2
        outsider = Peer(host)  # a public game's past, like its replay, is anyone's
        past = await outsider.request("get", game=game, what="view", at=at)
        assert past["seat"] is None
        assert past["view"] == as_sent(played_to(replay, at).spectator_view(log=False))
        assert "cards" not in past["view"]["players"]["A"]["zones"]["hand"]
        mine = await peer.request("get", game=game, what="view", at=at)
        assert "cards" in mine["view"]["players"]["A"]["zones"]["hand"]
        assert (await outsider.request("get", game=game, what="view", at=at, seat="A"))[
            "code"] == "unauthorized"

        host, peer, game, _ = await joined_game(spectators={"allowed": False})
        await peer.request("concede", game=game, seat="A")
        refused = await Peer(host).request("get", game=game, what="view", at=0)
        assert refused["code"] == "unauthorized"
        assert (await peer.request("get", game=game, what="view", at=0))["seat"] == "A"
    run(body)


def test_view_at_is_refused_out_of_range_on_a_live_game_and_with_other_whats() -> None:
    async def body() -> None:
        host, peer, game, _ = await joined_game()
        live = await peer.request("get", game=game, what="view", at=0)
        assert live["code"] == "bad_request" and "not over" in live["message"]
        asked = peer.pending("A")["decision"]
        await peer.request("answer", game=game, decision=asked["id"], action=asked["options"][0])
        await settle(host)
        await peer.request("concede", game=game, seat="A")
        count = len(host.known(game).answers)
        for at in (count + 1, -1):
            refused = await peer.request("get", game=game, what="view", at=at)
            assert refused["code"] == "bad_request" and f"0..{count}" in refused["message"]
        legal = await peer.request("get", game=game, what="legal", at=0)
        assert legal["code"] == "bad_request"
        end = await peer.request("get", game=game, what="view", at=count)
        assert end["view"]["result"] == "B"  # the last step is the final view: conceded
        before = await peer.request("get", game=game, what="view", at=count - 1)
        assert before["view"]["result"] is None
    run(body)


# -- restart -----------------------------------------------------------------------------------


def test_a_new_host_on_the_same_database_resumes_the_game_exactly(tmp_path: Path) -> None:
    async def body() -> None:
        db = tmp_path / "host.sqlite3"
        host = await new_host(db, snapshot_every=5)
        peer = Peer(host)
        created = await create(peer, seats={"B": "agent:greedy"}, seed=11)
        game = created["game"]
        await peer.request("join", game=game, seat="A", token=created["tokens"]["A"])
        for _ in range(12):
            await settle(host)
            d = peer.pending("A")["decision"]
            await peer.request("answer", game=game, decision=d["id"], action=d["options"][-1])
        await settle(host)
        expected = hash_of(host, game)
        decision = host.rooms[game].game.decision.id
        await crash(host)  # a second host opens the same file
        again = await new_host(db, snapshot_every=5)
        await settle(again)
        assert hash_of(again, game) == expected
        back = Peer(again)
        resumed = await back.request("resume", game=game, seat="A",
                                     token=created["tokens"]["A"], after=0)
        assert resumed["decision"]["id"] == decision
        over = await play_out(again, {"A": back}, game, seed=5)
        stored = await back.request("get", game=game, what="replay")
        assert Replay.from_json(stored["replay"]).run(registry(), verify=True).result \
            == over["result"]
    run(body)


def test_a_restarted_host_serves_at_once_and_wakes_a_game_asked_for_first(
        tmp_path: Path) -> None:
    """Unfinished games come back in the background; one a client asks for before its turn
    is rebuilt there and then."""
    async def body() -> None:
        db = tmp_path / "host.sqlite3"
        first = await new_host(db)
        peer = Peer(first)
        games = []
        for seed in range(4):
            created = await create(peer, seats={"B": "agent:greedy"}, seed=seed)
            games.append(created)
        await crash(first)
        from vgcore.host.service import Host, HostConfig
        from vgcore.host.store import Store

        again = Host(registry(), Store(db), HostConfig())
        await again.start()
        assert len(again.waiting) == 4 and not again.rooms  # nothing rebuilt yet
        last = games[-1]
        back = Peer(again)
        joined = await back.request("join", game=last["game"], seat="A",
                                    token=last["tokens"]["A"])
        assert joined["type"] == "joined" and last["game"] in again.rooms
        assert again.resumed is not None and await again.resumed == 4
        assert {g["game"] for g in games} <= set(again.rooms)
    run(body)


def test_a_database_one_host_holds_is_refused_to_another(tmp_path: Path) -> None:
    from vgcore.host.store import Store, StoreError

    async def body() -> None:
        db = tmp_path / "host.sqlite3"
        first = await new_host(db)
        try:
            Store(db)
        except StoreError as exc:
            assert "in use by another process" in str(exc) and str(db) in str(exc)
        else:
            raise AssertionError("a second store opened a database a host holds")
        await crash(first)
        Store(db).close()  # let go: the next host gets it
    run(body)


def test_schema_names_every_message_type() -> None:
    schema = protocol.json_schemas()
    text = str(schema)
    for kind in protocol.client_types() + protocol.host_types():
        assert f"'{kind}'" in text


# -- finished games, windows before the first join, clocks waiting, failures -------------------


def test_the_answer_that_ended_the_game_is_acknowledged_again_after_a_reconnect() -> None:
    async def body() -> None:
        host, peer, game, created = await joined_game()
        d = peer.pending("A")["decision"]
        await peer.request("concede", game=game, seat="A")
        assert (await peer.request("answer", game=game, decision=d["id"],
                                   action=d["options"][0]))["code"] == "game_over"
        host2, peer2, game2, created2 = await joined_game(seed=4)
        await play_out(host2, {"A": peer2}, game2, seed=4)
        assert host2.store.journal(game2)[-1].kind == "answer"  # it ended by an answer
        mine = [e for e in host2.store.journal(game2) if e.seat == "A"][-1]
        peer2.close()
        again = Peer(host2)
        joined = await again.request("join", game=game2, seat="A", token=created2["tokens"]["A"])
        assert joined["type"] == "joined" and again.of("game_over")
        retry = await again.request("answer", game=game2, decision=mine.decision,
                                    action=mine.action)
        assert retry["type"] == "accepted"
        del host, created
    run(body)


def test_a_finished_game_lets_its_state_go_and_rebuilds_it_for_late_requests() -> None:
    """A finished room keeps no `Game` (full collections scanned hundreds of them): the few
    kept are let go, and a late `get view`, `get legal`, `get replay` or spectator gets the
    same game rebuilt from the store; a late answer is refused without rebuilding it."""

    async def body() -> None:
        host, peer, game, _ = await joined_game(seed=4)
        over = await play_out(host, {"A": peer}, game, seed=4)
        view = (await peer.request("get", game=game, what="view"))["view"]
        final = host.finals[game]
        assert final.scripts.game is final  # its script host (made on first use): a cycle
        final_id, final_hash = id(final), final.state.state_hash()
        del final
        gc.collect()
        gc.disable()  # freed by reference counting, not left for a full collection
        try:
            filler = host.fresh_game(host.finished[game].record)
            for n in range(FINALS_KEPT):  # as if FINALS_KEPT games had ended since
                host.keep_final(f"other{n}", filler)
            assert game not in host.finals
            assert not any(id(o) == final_id and isinstance(o, Game) for o in gc.get_objects())
        finally:
            gc.enable()
        host.finals.clear()
        late = await peer.request("answer", game=game, decision=10**6, action="x")
        assert late["code"] == "game_over" and game not in host.finals  # refused, no rebuild
        again = await peer.request("get", game=game, what="view")
        assert again["view"] == view and host.finals[game].state.state_hash() == final_hash
        host.finals.clear()
        assert (await peer.request("get", game=game, what="legal"))["decision"] is None
        stored = Replay.from_json((await peer.request("get", game=game, what="replay"))["replay"])
        assert stored.run(registry(), verify=True).result == over["result"]
        watcher = Peer(host)
        joined = await watcher.request("spectate", game=game)
        assert joined["type"] == "joined" and watcher.of("game_over")[-1]["result"] == \
            over["result"]

    run(body)


def test_a_frozen_game_and_its_room_are_freed_without_the_collector_once_dropped() -> None:
    """The host freezes what survives a full collection (collector.py), live games included:
    a game that ends, and its room, must then be freed by reference counting alone (no
    cycle), or they would stay until a thaw."""

    async def body() -> None:
        host, peer, game, _ = await joined_game(seed=4)
        gc.collect()
        gc.disable()
        gc.freeze()  # the live game and its room, as the host's policy freezes them
        try:
            await play_out(host, {"A": peer}, game, seed=4)
            room = host.finished[game]
            ids = {id(room), id(host.finals[game]), id(room.record)}
            host.finals[game].scripts  # noqa: B018 - made if the game did not: its cycle
            filler = host.fresh_game(room.record)
            for n in range(FINALS_KEPT):
                host.keep_final(f"other{n}", filler)
            del room
            host.finished.clear()
            peer.close()
            gc.unfreeze()  # to look: frozen objects are not listed
            assert not [o for o in gc.get_objects() if id(o) in ids
                        and type(o).__name__ in ("Room", "Game", "GameRecord")]
        finally:
            gc.unfreeze()
            gc.enable()

    run(body)


def test_finished_games_free_a_connections_slots() -> None:
    async def body() -> None:
        host = await new_host(max_games_per_connection=1)
        peer = Peer(host)
        for seed in (1, 2):
            created = await create(peer, seats={"B": "agent:greedy"}, seed=seed)
            joined = await peer.request("join", game=created["game"], seat="A",
                                        token=created["tokens"]["A"])
            assert joined["type"] == "joined", joined
            await peer.request("concede", game=created["game"], seat="A")
    run(body)


def test_a_seat_that_never_joins_forfeits_after_the_join_window() -> None:
    async def body() -> None:
        host = await new_host(join_window_ms=50)
        peer = Peer(host)
        created = await create(peer)
        game = created["game"]
        await peer.request("join", game=game, seat="A", token=created["tokens"]["A"])
        await asyncio.sleep(0.2)
        over = peer.of("game_over")[-1]
        assert over["result"] == "A" and over["reason"] == "disconnect"
    run(body)


def test_after_a_restart_every_seat_gets_the_reconnect_window(tmp_path: Path) -> None:
    async def body() -> None:
        db = tmp_path / "host.sqlite3"
        first = await new_host(db)
        peer = Peer(first)
        created = await create(peer, seats={"B": "agent:greedy"})
        await peer.request("join", game=created["game"], seat="A", token=created["tokens"]["A"])
        await crash(first)
        again = await new_host(db, reconnect_window_ms=50)
        await asyncio.sleep(0.2)
        record = again.store.game(created["game"])
        assert record is not None and record.status == "over" and record.reason == "disconnect"
    run(body)


def test_clocks_wait_until_every_human_seat_has_joined() -> None:
    async def body() -> None:
        host = await new_host()
        a, b = Peer(host), Peer(host)
        created = await create(a, clock={"bank_ms": 40, "on_expiry": "lose"})
        game = created["game"]
        await a.request("join", game=game, seat="A", token=created["tokens"]["A"])
        await asyncio.sleep(0.15)
        assert game in host.rooms  # B is not here yet: no clock runs
        assert not any(m["type"] == "clock" and m["running"] for m in a.inbox)
        await b.request("join", game=game, seat="B", token=created["tokens"]["B"])
        assert any(m["type"] == "clock" and m["running"] for m in a.inbox)
        await asyncio.sleep(0.2)
        assert a.of("game_over")[-1]["reason"] == "time"
    run(body)


def test_delayed_spectators_get_no_clock_or_presence_until_the_end() -> None:
    async def body() -> None:
        host = await new_host()
        a, b, late = Peer(host), Peer(host), Peer(host)
        created = await create(a, clock={"bank_ms": 60_000}, spectators={"delay": 2})
        game = created["game"]
        await a.request("join", game=game, seat="A", token=created["tokens"]["A"])
        await late.request("spectate", game=game)
        await b.request("join", game=game, seat="B", token=created["tokens"]["B"])
        b.close()
        assert a.of("presence") and a.of("clock")
        assert not late.of("presence") and not late.of("clock")
    run(body)


def test_a_private_games_replay_is_for_its_seats_only() -> None:
    async def body() -> None:
        host, peer, game, _ = await joined_game(spectators={"allowed": False})
        await peer.request("concede", game=game, seat="A")
        assert (await Peer(host).request("get", game=game, what="replay"))["code"] \
            == "unauthorized"
        assert (await peer.request("get", game=game, what="replay"))["type"] == "replay"
    run(body)


def test_a_journal_the_store_refuses_undoes_the_answer(tmp_path: Path) -> None:
    """The store cannot write (SQLite's query_only: a real refusal from the database): the
    answer is refused with internal_error and the game is the one the store holds."""
    async def body() -> None:
        host, peer, game, _ = await joined_game()
        while True:  # up to an answer that the agent in B replies to (one commit for both)
            d = peer.pending("A")["decision"]
            after = host.rooms[game].game.clone()
            after.apply(d["options"][0])
            if after.decision is not None and after.decision.seat == "B":
                break
            await peer.request("answer", game=game, decision=d["id"], action=d["options"][0])
            await settle(host)
        before = hash_of(host, game)
        kept = len(host.store.journal(game))
        host.store._db.execute("PRAGMA query_only = ON")
        reply = await peer.request("answer", game=game, decision=d["id"], action=d["options"][0])
        assert reply["code"] == "internal_error" and "as it was" in reply["message"]
        assert hash_of(host, game) == before and len(host.store.journal(game)) == kept
        host.store._db.execute("PRAGMA query_only = OFF")
        again = await peer.request("answer", game=game, decision=d["id"], action=d["options"][0])
        assert again["type"] == "accepted"
        assert [e.seat for e in host.store.journal(game)[kept:kept + 2]] == ["A", "B"]
    run(body)


def test_an_agent_that_fails_is_replaced_by_the_random_agent(monkeypatch: Any) -> None:
    from vgcore import agents

    class Broken:
        name = "broken"

        def __init__(self, seed: int = 0) -> None:
            pass

        def choose(self, game: Any, options: list[Any]) -> Any:
            raise RuntimeError("this agent has a bug")

    monkeypatch.setitem(agents.AGENTS, "broken", Broken)

    async def body() -> None:
        host, peer, game, _ = await joined_game(seats={"B": "agent:broken"}, seed=2)
        over = await play_out(host, {"A": peer}, game, seed=2)
        assert over["result"] in ("A", "B", "draw")
    run(body)


def test_a_late_answer_to_a_decision_the_clock_answered_is_stale() -> None:
    async def body() -> None:
        _host, peer, game, _ = await joined_game(clock={"bank_ms": 0, "grace_ms": 10,
                                                        "on_expiry": "answer"})
        d = peer.pending("A")["decision"]
        await asyncio.sleep(0.1)
        late = await peer.request("answer", game=game, decision=d["id"], action=d["options"][0])
        assert late["code"] == "stale_decision" and "clock" in late["message"]
    run(body)


def test_the_clock_starts_after_the_last_seat_hears_joined() -> None:
    async def body() -> None:
        *_, b, _game, _tokens = await two_players(clock={"bank_ms": 60_000})
        kinds = [(m["type"], m.get("running")) for m in b.seen]
        assert kinds.index(("joined", None)) < kinds.index(("clock", True))
    run(body)


def test_leaving_a_finished_game_stops_watching_it_and_list_counts_public_games() -> None:
    async def body() -> None:
        host = await new_host()
        peer = Peer(host)
        private = await create(peer, spectators={"allowed": False})
        public = await create(peer, seed=8)
        listed = await peer.request("list", limit=1)
        assert [g["game"] for g in listed["games"]] == [public["game"]]
        watcher = Peer(host)
        await watcher.request("spectate", game=public["game"])
        await peer.request("join", game=public["game"], seat="A",
                           token=public["tokens"]["A"])
        await peer.request("concede", game=public["game"], seat="A")
        assert (await watcher.request("leave", game=public["game"]))["type"] == "ok"
        assert (await watcher.request("get", game=public["game"], what="view"))["code"] \
            == "unauthorized"
        assert (await watcher.request("spectate", game=public["game"]))["type"] == "joined"
        assert (await watcher.request("hint", game=public["game"]))["code"] == "game_over"
        del private
    run(body)


def test_a_spectator_asking_for_a_hint_is_unauthorized_and_replays_are_made_once() -> None:
    async def body() -> None:
        host, peer, game, _ = await joined_game()
        watcher = Peer(host)
        await watcher.request("spectate", game=game)
        assert (await watcher.request("hint", game=game))["code"] == "unauthorized"
        await peer.request("concede", game=game, seat="A")
        first = await watcher.request("get", game=game, what="replay")
        room = host.known(game)
        assert room is not None and room.full_replay == first["replay"]
        again = await watcher.request("get", game=game, what="replay")
        assert again["replay"] == first["replay"] and room.full_replay is not None
    run(body)


def test_an_answer_its_acceptance_and_the_next_decision_leave_as_one_frame_at_once() -> None:
    """A batching player's answer is accepted and told in one frame, sent before the host
    turns its loop again (each turn is a wait behind every other game's work)."""
    async def body() -> None:
        host, a, b, game, _ = await two_players(seed=5)
        for peer in (a, b):
            await peer.request("hello", batch=True)
        await settle(host)
        for _ in range(6):
            asker = a if a.pending("A") is not None else b
            seat = "A" if asker is a else "B"
            info = asker.pending(seat)["decision"]  # type: ignore[index]
            frames: list[str] = []
            asker.conn._send = frames.append  # type: ignore[method-assign]
            await asker.conn.receive(json.dumps({"v": 1, "type": "answer", "id": 99,
                                                 "game": game, "decision": info["id"],
                                                 "action": 0}))
            assert len(frames) == 1, frames  # no await in between: sent synchronously
            kinds = [m["type"] for m in json.loads(frames[0])["messages"]]
            assert kinds[0] == "accepted" and kinds[-1] in ("decision", "waiting")
            assert "event" in kinds
            asker.conn._send = asker.got  # type: ignore[method-assign]
            asker.got(frames[0])
            await settle(host)
    run(body)


def test_a_connection_that_asks_for_batches_gets_the_same_messages_in_fewer_frames() -> None:
    async def body() -> None:
        host, peer, game, _ = await joined_game(seed=13)
        frames: list[str] = []
        batched = Peer(host)
        plain = Peer(host)
        got = batched.got
        batched.conn._send = lambda text: (frames.append(text), got(text))  # type: ignore[method-assign]
        welcome = await batched.request("hello", batch=True)
        assert welcome["batch"] is True
        assert (await plain.request("hello"))["batch"] is False
        for watcher in (batched, plain):
            await watcher.request("spectate", game=game)
            watcher.take()
        await play_out(host, {"A": peer}, game, seed=13)
        await settle(host)
        strip = [{k: v for k, v in m.items() if k != "re"} for m in batched.seen[2:]]
        assert strip == [{k: v for k, v in m.items() if k != "re"} for m in plain.seen[2:]]
        assert len(frames) < len(batched.seen) / 2
        assert any('"type":"batch"' in f for f in frames)
    run(body)


def test_a_run_of_messages_alone_in_a_moment_still_leaves_as_a_batch_of_each() -> None:
    """`Connection.send_run` queues several messages as one encoded piece: the moment's
    frame counts messages, not pieces (one message goes out bare, two or more as a batch)."""
    async def body() -> None:
        host = await new_host()
        peer = Peer(host)
        await peer.request("hello", batch=True)
        frames: list[str] = []
        peer.conn._send = frames.append  # type: ignore[method-assign]
        pongs = [protocol.Pong(re=n) for n in (1, 2, 3)]
        peer.conn.send_run(pongs)
        peer.conn.flush()
        peer.conn.send_run(pongs[:1])
        peer.conn.flush()
        assert [json.loads(f) for f in frames] == [
            {"v": 1, "type": "batch", "messages": [{"v": 1, "type": "pong", "re": n}
                                                    for n in (1, 2, 3)]},
            {"v": 1, "type": "pong", "re": 1}]
        for frame in frames:
            protocol.decode_host(frame)
    run(body)

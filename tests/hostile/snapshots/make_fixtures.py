"""Write the tampered snapshots and replays of this folder from real games (deterministic).

    python tests/hostile/snapshots/make_fixtures.py

Three real snapshots are the bases: a guard decision in a battle (premium, seed 0, 25 random
answers), a check timing with two pending abilities (d-standard, seed 0, 6 answers) and a
choice inside a resolving ability (premium, seed 0, 63 answers); the replay base is a whole
recorded game. Each fixture changes one thing; test_snapshots.py says what error each gets.
Rerun this when the engine legitimately changes those games.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from vgcore import Registry, Replay

HERE = Path(__file__).parent
BASES = {"guard": ("premium", 0, 25), "resolve": ("d-standard", 0, 6),
         "choose": ("premium", 0, 63)}


def base_snapshot(registry: Registry, name: str) -> dict[str, Any]:
    """A real snapshot, taken mid-game after random (seeded) answers, as JSON gives it."""
    fmt, seed, answers = BASES[name]
    game = registry.new_game(fmt, seed=seed)
    rnd = random.Random(seed)
    for _ in range(answers):
        game.apply(rnd.choice(game.decision.options))
    return json.loads(json.dumps(game.to_json()))


def base_replay(registry: Registry) -> dict[str, Any]:
    rep = Replay.record(registry, "premium", None, 5,
                        lambda game: game.decision.options[-1])
    return rep.to_json()


Tamper = Callable[[dict[str, Any]], Any]


def edit(change: Callable[[dict[str, Any]], None]) -> Tamper:
    def tamper(data: dict[str, Any]) -> Any:
        out = copy.deepcopy(data)
        change(out)
        return out
    return tamper


def put(path: str, value: Any) -> Tamper:
    """Set the value at a dotted path (list indices as numbers)."""
    def change(data: dict[str, Any]) -> None:
        *parents, last = [int(p) if p.lstrip("-").isdigit() else p for p in path.split(".")]
        node: Any = data
        for part in parents:
            node = node[part]
        node[last] = value
    return edit(change)


def hand(data: dict[str, Any], seat: str = "A") -> list[int]:
    return data["state"]["players"][seat]["zones"]["hand"]  # type: ignore[no-any-return]


def _twice(data: dict[str, Any]) -> None:
    hand(data).append(data["state"]["players"]["A"]["zones"]["deck"][0])


def _nowhere(data: dict[str, Any]) -> None:
    hand(data).pop()


def _misplaced(data: dict[str, Any]) -> None:
    uid = hand(data)[0]
    data["state"]["loc"][uid] = ["A", "drop"]


def _grant(data: dict[str, Any]) -> None:
    card = data["state"]["pending"][0]["card"]
    data["state"]["flags"]["granted"] = {"g1": {"uid": 0, "by": {"card": card, "ab": 1},
                                                "path": ["effect", 9, "grant"],
                                                "until": "turn"}}


def _extra_option(data: dict[str, Any]) -> None:
    data["state"]["decision"]["options"].insert(0, "guard TD02-001")


def _game_over_event(data: dict[str, Any]) -> None:
    log = data["state"]["log"]
    log.append({"kind": "game_over", "result": "A", "losers": {"B": "damage"}, "n": len(log)})


SNAPSHOTS: dict[str, tuple[str, Tamper]] = {
    "state-a-list": ("guard", put("state", [])),
    "unknown-key": ("guard", put("state.cheat", True)),
    "card-in-two-places": ("guard", edit(_twice)),
    "card-in-no-zone": ("guard", edit(_nowhere)),
    "loc-disagrees": ("guard", edit(_misplaced)),
    "negative-uid": ("guard", put("state.players.A.zones.hand.0", -3)),
    "foreign-uid": ("guard", put("state.players.B.zones.hand.0", 100000)),
    "owners-short": ("guard", edit(lambda d: d["state"]["owners"].pop())),
    "owner-no-seat": ("guard", put("state.owners.5", "Z")),
    "two-on-a-circle": ("guard", edit(lambda d: d["state"]["players"]["A"]["zones"]["VC"]
                                      .append(hand(d).pop()))),
    "rng-out-of-range": ("guard", put("state.rng.0", 2**64)),
    "rng-even-increment": ("guard", put("state.rng.1", 108)),
    "turn-huge": ("guard", put("state.turn", 10**30)),
    "turn-a-string": ("guard", put("state.turn", "3")),
    "result-without-ending": ("guard", put("state.result", "A")),
    "ending-without-result": ("guard", edit(_game_over_event)),
    "unknown-frame": ("guard", put("state.stack.4.k", "teleport")),
    "turn-step-out-of-range": ("guard", put("state.stack.1.i", 99)),
    "guard-passes-negative": ("guard", put("state.stack.4.passes", -1)),
    "battle-attacker-foreign": ("guard", put("state.battle.attacker", 5000)),
    "decision-extra-option": ("guard", edit(_extra_option)),
    "decision-other-seat": ("guard", put("state.decision.seat", "A")),
    "decision-id": ("guard", put("state.decision.id", 3)),
    "decision-null-answer": ("guard", put("state.decision.options.0", None)),
    "pending-no-such-ability": ("resolve", put("state.pending.0.ab", 99)),
    "pending-wrong-card": ("resolve", put("state.pending.1.uid", 0)),
    "grant-leads-nowhere": ("resolve", edit(_grant)),
    "step-path-nowhere": ("choose", put("state.stack.6.path", ["effect", 42])),
    "block-without-resolve": ("choose", put("state.stack.5.r", 2)),
    "frames-out-of-order": ("guard", edit(lambda d: d["state"]["stack"].insert(
        3, d["state"]["stack"].pop(4)))),
    "battle-missing": ("guard", put("state.battle", None)),
    "modifier-foreign-uid": ("guard", edit(lambda d: d["state"]["modifiers"]
                                           .append([999, "power", 5000, "turn", "x"]))),
}

REPLAYS: dict[str, Tamper] = {
    "null-answer": put("answers.3", None),
    "object-answer": put("answers.3", {"verb": "ride"}),
    "answers-an-object": put("answers", {"0": "keep"}),
    "seed-huge": put("seed", 10**30),
    "seed-a-string": put("seed", "7"),
    "deck-a-list": edit(lambda d: d["decks"].__setitem__("A", d["decks"]["A"]["main"])),
    "decks-a-list": edit(lambda d: d.__setitem__("decks", list(d["decks"].values()))),
    "deck-for-no-seat": edit(lambda d: d["decks"].__setitem__("Z", d["decks"]["A"])),
    "first-player-no-seat": put("first_player", "Z"),
    "unknown-key": put("cheat", True),
    "illegal-answer": put("answers.3", "ride TD99-999"),
    "cut-short": edit(lambda d: (d.__setitem__("answers", d["answers"][:40]),
                                 d.__setitem__("hashes", d["hashes"][:40]))),
    "no-hashes": edit(lambda d: d.pop("hashes")),
    "no-result": edit(lambda d: (d.__setitem__("result", None), d.pop("final_hash"))),
    "final-hash-wrong": put("final_hash", "0123456789abcdef"),
    "hash-not-hex": put("hashes.7", "not a hash at all"),
}


def write(name: str, data: Any) -> None:
    (HERE / f"{name}.json").write_text(json.dumps(data, separators=(",", ":")) + "\n")


def main() -> None:
    registry = Registry()
    bases = {name: base_snapshot(registry, name) for name in BASES}
    for name, data in bases.items():
        write(f"base-{name}.snapshot", data)
    for name, (base, tamper) in SNAPSHOTS.items():
        write(f"{name}.snapshot", tamper(bases[base]))
    replay = base_replay(registry)
    write("base.replay", replay)
    for name, tamper in REPLAYS.items():
        write(f"{name}.replay", tamper(replay))
    text = json.dumps(replay)
    (HERE / "truncated.replay.json").write_text(text[: len(text) // 2])
    # Valid JSON but for one string holding bytes that are not UTF-8.
    (HERE / "not-utf8.replay.json").write_bytes(
        text.encode().replace(b'"answers": [', b'"answers": ["\xff", ', 1))
    snap = json.dumps(bases["guard"])
    (HERE / "truncated.snapshot.json").write_text(snap[: len(snap) // 3])
    (HERE / "not-utf8.snapshot.json").write_bytes(
        snap.encode().replace(b'"prompt": "', b'"prompt": "\xfe\xff', 1))


if __name__ == "__main__":
    main()

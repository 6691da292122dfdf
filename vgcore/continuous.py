"""CONT abilities (RULES.md §7): continuous effects re-evaluated whenever values are read.

The contributions of every CONT ability in the game are computed together and cached until
the next event: every change to the game logs an event, so the log's length is a version
number that costs nothing to keep. A CONT ability's own condition and targets are read
without CONT effects applied (no CONT depends on another), which keeps evaluation finite.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from vgcore.abilities import is_valid
from vgcore.errors import ScriptError
from vgcore.selectors import Ctx, active_in, amount_of, condition_holds, resolve_ref
from vgcore.types import GC

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.types import Uid

Deltas = dict[tuple[int, str], int]


def cont_delta(game: Game, uid: Uid, stat: str) -> int:
    """What CONT abilities add to one unit's stat (or restriction/skill count) right now."""
    flags = game.state.flags
    if not flags.get("granted") and not flags.get("player_granted") and (
            stat not in game.index.cont_stats):
        return 0  # no CONT ability in this game can change this stat
    version = len(game.state.log)
    cache = game.cont_cache
    if cache is None or cache[0] != version:
        if game.cont_busy:
            return 0
        game.cont_busy = True
        try:
            cache = (version, compute(game))
        finally:
            game.cont_busy = False
        game.cont_cache = cache
    return cache[1].get((uid, stat), 0)


def compute(game: Game) -> Deltas:
    deltas: Deltas = defaultdict(int)
    st = game.state
    conts = list(game.index.conts)
    conts += [(uid, a) for _key, uid, a in game.granted() if a.kind == "cont"]
    for uid, ability in conts:
        seat, zone = st.loc[uid]
        if zone == GC:
            seat = st.owners[uid]  # a guardian is its owner's (a tag guardian: the teammate's)
        if not active_in(game, seat, zone, ability.zone_set):
            continue
        if not is_valid(game, seat, uid, ability):
            continue
        try:
            contribution = evaluate(game, Ctx(seat, uid), ability.spec)
        except ScriptError as exc:  # a failing CONT applies nothing (strict engines raise)
            game.tolerate(exc, reading=True)
            continue
        for key, amount in contribution:
            deltas[key] += amount
    for seat, ability in game.player_abilities():  # a player's own: no card, zone or validity
        try:
            contribution = evaluate(game, Ctx(seat), ability.spec)
        except ScriptError as exc:
            game.tolerate(exc, reading=True)
            continue
        for key, amount in contribution:
            deltas[key] += amount
    return dict(deltas)


def evaluate(game: Game, ctx: Ctx, spec: dict) -> list[tuple[tuple[int, str], int]]:
    if "condition" in spec and not condition_holds(game, ctx, spec["condition"]):
        return []
    out = []
    for effect in spec["effects"]:
        targets = resolve_ref(game, ctx, effect["target"])
        if effect["op"] == "modify":
            key, amount = effect["stat"], amount_of(game, ctx, effect["amount"])
        else:
            key, amount = effect["what"], 1 if effect["op"] == "grant" else -1
        out.extend(((target, key), amount) for target in targets)
    return out

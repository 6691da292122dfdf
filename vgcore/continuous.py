"""CONT abilities (RULES.md §7): continuous effects re-evaluated whenever values are read.

What the CONT abilities add to a stat is computed for every unit at once, from the abilities
that can change that stat, and cached until the next event: every change to the game logs an
event, so the log's length (answers left out: `Game.cont_version`) is a version number that
costs nothing to keep. Each printed ability's own result is also kept while the values it
reads keep their key (vgcore.contkeys). A CONT ability's own condition and targets are read
without CONT effects applied (no CONT depends on another), which keeps evaluation finite.

Player states a CONT gives (`{op = "state"}`: a World's Dark Night) are a layer of their own,
below the stat layer, so that a stat CONT's condition may read a state ("while your World is
Dark Night, +5000"); a state CONT's own condition sees no CONT effect at all. It is worked
out only when something reads a state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

from vgcore import contkeys
from vgcore.abilities import Ability, is_valid
from vgcore.errors import ScriptError
from vgcore.selectors import (
    Ctx,
    active_in,
    amount_of,
    condition_holds,
    resolve_ref,
    uses_target,
)
from vgcore.types import GC

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.state import GameState
    from vgcore.types import Seat, Uid

# What no CONT ability changes (a dict: fast reads; never filled).
NO_VALUES: Final[dict[int, int]] = {}
STAT_LISTS: Final[dict[str, str]] = {}  # stat -> the GameIndex list of the CONTs changing it
# stat -> the names cont_delta uses: its per-unit cache, and the GameIndex lists of the CONTs
# changing other cards' stat and of those changing only their own.
UNIT_LISTS: Final[dict[str, tuple[str, str, str]]] = {}


def cont_delta(game: Game, uid: Uid, stat: str) -> int:
    """What CONT abilities add to one unit's stat (or restriction/skill count) right now.

    Worked out for that unit alone unless the whole stat is already known at this version:
    the abilities on the unit itself that change only their own card ("self:<stat>" — most
    of a booster deck's: "+5000 while …"), plus what every other CONT ability adds (worked
    out once per version, "others:<stat>"). A battle reads two units' power after each
    trigger: the whole field's CONTs per read were a tenth of a booster deck's game."""
    if stat not in game.index.cont_stats and stat not in game.granted_changes():
        return 0  # no CONT ability in this game can change this stat
    if game.cont_busy:
        return 0  # a CONT's own condition and targets are read without CONT effects
    version = game.cont_version
    cache = game.cont_cache
    if cache is None or cache[0] != version:
        cache = game.cont_cache = (version, {})
    layer = cache[1]
    values = layer.get(stat)
    if values is not None:
        return values.get(uid, 0)
    lists = UNIT_LISTS.get(stat) or UNIT_LISTS.setdefault(
        stat, (f"unit:{stat}", f"others:{stat}", f"self:{stat}"))
    units = layer.get(lists[0])
    if units is None:
        units = layer[lists[0]] = {}
    else:
        known = units.get(uid)
        if known is not None:
            return known
    failures = game.read_failures
    game.cont_busy = True
    try:
        others = layer.get(lists[1])
        if others is None:
            if game.index.changes_others(stat) or stat in game.granted_changes():
                others = compute(game, stat, lists[1])
            else:  # only abilities that change their own card's (most booster decks')
                others = NO_VALUES
            if game.read_failures == failures:
                layer[lists[1]] = others
        value = others.get(uid, 0) + _own_delta(game, uid, stat, lists[2])
    finally:
        game.cont_busy = False
    if game.read_failures == failures:  # a read from outside that failed: not kept
        units[uid] = value
    return value


def _own_delta(game: Game, uid: Uid, stat: str, which: str) -> int:
    """What the unit's own CONT abilities that change only their own card add to `stat`
    (`placed` and `compute` for one card)."""
    mine = game.index.placed_on(game, which, uid)
    if not mine:
        return 0
    st = game.state
    total = 0
    for ability in mine:
        seat = _working_for(game, st, uid, ability)
        if seat is None:
            continue
        try:
            contribution = remembered(game, "stats", Ctx(seat, uid), ability.spec, ability,
                                      evaluate)
        except ScriptError as exc:  # a failing CONT applies nothing (strict engines raise)
            game.tolerate(exc, reading=True)
            continue
        for (target, key), amount in contribution:
            if key == stat and target == uid:
                total += amount
    return total


def cont_values(game: Game, stat: str) -> dict[Uid, int]:
    """What CONT abilities add to `stat` right now, by unit (units it leaves alone are not
    listed): worked out once per event, so a reader of many units' stats at one moment
    (vgcore.unitstats.StatReader) may keep the mapping for as long as the game is only read.
    Never mutate it: it is the cache."""
    if stat not in game.index.cont_stats and stat not in game.granted_changes():
        return NO_VALUES  # no CONT ability in this game can change this stat
    if game.cont_busy:
        return NO_VALUES  # a CONT's own condition and targets are read without CONT effects
    version = game.cont_version
    cache = game.cont_cache
    if cache is None or cache[0] != version:
        cache = game.cont_cache = (version, {})
    values = cache[1].get(stat)
    if values is None:
        # The state layer below is worked out only if a stat CONT's condition reads a state
        # (`in_cont_state` from inside `compute`): the same values, since that layer is
        # computed with CONT stats off either way.
        failures = game.read_failures
        game.cont_busy = True
        try:
            values = compute(game, stat)
            if game.read_failures == failures:  # a read from outside that failed: not kept
                cache[1][stat] = values
        finally:
            game.cont_busy = False
    return values


def in_cont_state(game: Game, seat: Seat, name: str) -> bool:
    """Whether a CONT ability puts a player in the named state now (`{op = "state"}`)."""
    if name not in game.index.cont_states and name not in game.granted_changes():
        return False  # no CONT of this game gives that state
    return (seat, name) in cont_states(game)


def cont_states(game: Game) -> frozenset[tuple[Seat, str]]:
    """Every (seat, state) the CONT abilities give now, cached until the next event."""
    version = game.cont_version
    cache = game.state_cache
    if cache is not None and cache[0] == version:
        return cache[1]
    # While the layer is computed, states read as none and stats without CONT effects.
    game.state_cache = (version, frozenset())
    failures = game.read_failures
    busy, game.cont_busy = game.cont_busy, True
    found: set[tuple[Seat, str]] = set()
    try:
        for ctx, spec, printed in active_conts(game, "state_conts"):
            if not any(e["op"] == "state" for e in spec["effects"]):
                continue
            try:
                found.update(remembered(game, "states", ctx, spec, printed, _states_of))
            except ScriptError as exc:  # a failing CONT applies nothing (strict: raises)
                game.tolerate(exc, reading=True)
    except BaseException:
        game.state_cache = None  # not worked out: the next read tries again
        raise
    finally:
        game.cont_busy = busy
    layer = frozenset(found)
    # a read from outside that failed is not kept: the procedure meets the failure itself
    game.state_cache = (version, layer) if game.read_failures == failures else None
    return layer


def _states_of(game: Game, ctx: Ctx, spec: dict) -> list[tuple[Seat, str]]:
    if "condition" in spec and not condition_holds(game, ctx, spec["condition"]):
        return []
    return [(game.opponent(ctx.seat) if e.get("player") == "opponent" else ctx.seat,
             e["state"]) for e in spec["effects"]
            if e["op"] == "state" and _effect_applies(game, ctx, e)]


def remembered(game: Game, layer: str, ctx: Ctx, spec: Mapping[str, Any],
               printed: Ability | None,
               work_out: Callable[[Game, Ctx, Any], list[Any]]) -> list[Any]:
    """What one CONT ability gives in a layer ("stats" or "states"): its last result while
    nothing it reads has changed (vgcore.contkeys), else worked out anew."""
    if printed is None:
        return work_out(game, ctx, spec)  # granted and player abilities: read every time
    engine = game.engine
    known = engine.cont_reads.get(id(printed))
    if known is None:
        known = engine.cont_reads[id(printed)] = (printed, contkeys.reads_of(engine, spec))
    reads = known[1]
    if reads is None:
        return work_out(game, ctx, spec)
    if reads.turns and not contkeys.turn_gate_open(game, ctx, reads.turns):
        return []  # its condition cannot hold this turn: no key, no state layer read
    key = contkeys.key(game, ctx, reads,
                       cont_states(game) if reads.states and layer == "stats" else None)
    slot = (layer, ctx.uid, printed.number)
    last = game.cont_memo.get(slot)
    if last is not None and last[0] == key:
        return last[1]
    result = work_out(game, ctx, spec)
    game.cont_memo[slot] = (key, result)
    return result


def active_conts(game: Game, which: str = "conts",
                 ) -> list[tuple[Ctx, Mapping[str, Any], Ability | None]]:
    """(point of view, spec, the ability if printed) of each CONT ability that works now:
    printed (of one of the index's lists: all, "state_conts" giving a state, or "stat:<s>"
    changing a stat), or granted to a unit, and those a player holds (no card: `Ctx(seat)`).
    A list, not a generator: it is read once per event, and most often it is empty."""
    st = game.state
    found: list[tuple[Ctx, Mapping[str, Any], Ability | None]] = []
    for uid, ability in game.index.placed(game, which, st.seats):
        seat = _working_for(game, st, uid, ability)
        if seat is not None:
            found.append((Ctx(seat, uid), ability.spec, ability))
    for _key, uid, ability in game.granted():
        if ability.kind == "cont":
            seat = _working_for(game, st, uid, ability)
            if seat is not None:
                found.append((Ctx(seat, uid), ability.spec, None))
    for seat, ability in game.player_abilities():  # a player's own: no card, zone or validity
        found.append((Ctx(seat), ability.spec, None))
    return found


def _working_for(game: Game, st: GameState, uid: Uid, ability: Ability) -> Seat | None:
    """Whose point of view a card's CONT ability works from, if it works where the card is
    and is valid now (a guardian is its owner's; a tag guardian the teammate's)."""
    seat, zone = st.loc[uid]
    if zone == GC:
        seat = st.owners[uid]
    if active_in(game, seat, zone, ability.zone_set) and is_valid(game, seat, uid, ability):
        return seat
    return None


def compute(game: Game, stat: str, which: str | None = None) -> dict[Uid, int]:
    """What the CONT abilities that work now add to `stat`, by unit. Only the abilities that
    can change that stat are looked at (`GameIndex`'s list "stat:<stat>", or `which`: one
    part of it), and those granted to units or held by players."""
    deltas: dict[Uid, int] = {}
    if which is None:
        which = STAT_LISTS.get(stat) or STAT_LISTS.setdefault(stat, f"stat:{stat}")
    for ctx, spec, printed in active_conts(game, which):
        try:
            contribution = remembered(game, "stats", ctx, spec, printed, evaluate)
        except ScriptError as exc:  # a failing CONT applies nothing (strict engines raise)
            game.tolerate(exc, reading=True)
            continue
        for (target, key), amount in contribution:
            if key == stat:
                deltas[target] = deltas.get(target, 0) + amount
    return deltas


def _effect_applies(game: Game, ctx: Ctx, effect: dict) -> bool:
    """An effect's own `condition` ("with two or more, …"), read like the ability's."""
    return "condition" not in effect or condition_holds(game, ctx, effect["condition"])


def evaluate(game: Game, ctx: Ctx, spec: dict) -> list[tuple[tuple[int, str], int]]:
    if "condition" in spec and not condition_holds(game, ctx, spec["condition"]):
        return []
    out: list[tuple[tuple[int, str], int]] = []
    for effect in spec["effects"]:
        if effect["op"] == "state" or not _effect_applies(game, ctx, effect):
            continue  # states are the layer below (cont_states); an effect's own "and if …"
        targets = resolve_ref(game, ctx, effect["target"])
        if effect["op"] == "modify" and uses_target(effect["amount"]):  # each unit's own
            out.extend(((t, effect["stat"]), amount_of(game, ctx, effect["amount"], t))
                       for t in targets)
            continue
        if effect["op"] == "modify":
            key, amount = effect["stat"], amount_of(game, ctx, effect["amount"])
        else:
            key, amount = effect["what"], 1 if effect["op"] == "grant" else -1
        out.extend(((target, key), amount) for target in targets)
    return out

"""When a CONT ability's effect cannot have changed: a key over everything it reads.

The CONT layers (continuous.py) are worked out again after every event, yet most events
change nothing a given CONT ability reads: a card drawn changes neither whether your World is
Dark Night nor a unit's "+5000 during your turn". Evaluating every active CONT again was most
of what a booster deck's game cost beyond a vanilla one.

So each printed CONT ability's declaration is looked at once (`reads_of`). When it reads only
what this module knows how to key — whose turn it is, the phase, the battle's attacker and
booster, the players' states, its own card's place, damage, counts of cards picked by printed
data in zones off the field (of the seats whose cards it counts), and how many events of some
kinds this turn has seen — and changes only its own card by fixed amounts, `key` builds a
small tuple of those values, and the ability's last result is reused while the key stays
equal (`Game.cont_memo`). Anything else (a Lua function, a count of units on the field, an
amount that varies) is evaluated every time. tests/test_contkeys.py plays whole games
checking that the layers always equal a fresh evaluation.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from vgcore.history import this_turn
from vgcore.scripting.declarations import WHEN_CARD_ROLES
from vgcore.selectors import seats_for, turn_of
from vgcore.types import GC, Zone

if TYPE_CHECKING:
    from vgcore.engine import Engine
    from vgcore.game import Game
    from vgcore.selectors import Ctx

# Filters that depend only on a card's printed data (and its owner, which never changes).
KEYED_FILTERS: Final = frozenset({"clan", "nation", "race", "trigger", "kind", "order_type", "unit",
                           "sentinel", "persona_ride", "card_owner"})
_BATTLE_CONDITIONS: Final = frozenset({"attacking", "boosting", "boosted", "in_battle"})
_STATIC_CONDITION_KEYS: Final = frozenset({"min", "max", "player", "went_first", "self_row"})
_ZONE_WORDS: Final = frozenset({"field", "units", "RC"})
EVERY_SEAT: Final = "any"  # a pile read for every seat (`seats_for` takes any such word)


@dataclass(frozen=True, slots=True)
class Reads:
    """What one CONT ability reads, beyond its own card's place (always part of the key)."""

    turn: bool  # which turn it is (a turn's state and history lapse with it)
    phase: bool
    battle: bool  # the battle's attacker and booster
    states: bool  # player states
    # (zone off the field, whose: "you", "opponent" or any other word for every seat) for
    # each pile whose cards it counts: a World counts its own order zone only, so an
    # opponent's order played or card imprisoned leaves its key alone
    zones: tuple[tuple[str, str], ...]
    history: tuple[str, ...] = ()  # event kinds of this turn it counts (`this_turn`)
    # Whose turn its condition requires ("yours", "opponents"), when the condition cannot
    # hold otherwise: out of such a turn it gives nothing, whatever else it reads, so
    # neither its key nor the state layer is worked out (`turn_gate_open`).
    turns: tuple[str, ...] = ()
    whose_turn: bool = False  # whose turn it is ("during your turn"), whichever turn


class _Reading:
    """Gathers what a declaration reads while checking that each part can be keyed."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.turn = self.whose_turn = self.phase = self.battle = self.states = False
        self.zones: dict[tuple[str, str], None] = {}
        self.history: dict[str, None] = {}

    def condition(self, cond: Any) -> bool:
        if not isinstance(cond, Mapping):
            return False  # a Lua function reads anything
        for key, value in cond.items():
            if key in _STATIC_CONDITION_KEYS:
                continue
            if key in ("all", "any"):
                if not all(self.condition(part) for part in value):
                    return False
            elif key == "not":
                if not self.condition(value):
                    return False
            elif key == "count":
                if not self.selector(value):
                    return False
            elif key == "turn":
                self.whose_turn = True
            elif key == "phase":
                self.phase = True
            elif key in _BATTLE_CONDITIONS:
                self.battle = True
            elif key == "state":
                self.turn = self.states = True
            elif key in ("damage_min", "limit_break"):
                self.zones[Zone.DAMAGE, EVERY_SEAT] = None  # a player's, or a team's total
            elif key == "this_turn":
                if not _keyed_history(value):
                    return False
                self.turn = True
                self.history.update(dict.fromkeys(value["event"]))
            else:
                return False
        return True

    def selector(self, selector: Any) -> bool:
        if not isinstance(selector, Mapping):
            return False
        zones = selector.get("zone", ("field",))
        if not all(self._off_field(z) for z in zones):
            return False  # units: modifiers and effects change what a selector finds there
        if not all(key in ("zone", "owner") or _keyed_filter(key, want)
                   for key, want in selector.items()):
            return False
        owner = selector.get("owner", "you")
        whose = owner if owner in ("you", "opponent") else EVERY_SEAT
        self.zones.update(dict.fromkeys((zone, whose) for zone in zones))
        return True

    def _off_field(self, zone: Any) -> bool:
        engine = self.engine
        return (isinstance(zone, str) and zone not in _ZONE_WORDS and zone != GC
                and not zone.startswith(("VC", "RC")) and not engine.is_field(zone)
                and zone not in engine.zone_circles and zone not in engine.circle_parts)

    def effect(self, effect: Mapping[str, Any]) -> bool:
        if "condition" in effect and not self.condition(effect["condition"]):
            return False
        if effect["op"] == "state":
            return True
        return effect.get("target") == "self" and (
            effect["op"] != "modify" or type(effect["amount"]) is int)


def _keyed_history(when: Any) -> bool:
    """A turn-history table whose count depends only on the turn's events of its kinds (and
    whose seat logged them): no card role, whose filters would read cards as they are now.
    Within a turn events are only ever added, so the number of each kind keys the count."""
    return isinstance(when, Mapping) and all(
        key not in WHEN_CARD_ROLES and isinstance(want, str | int | bool | tuple)
        for key, want in when.items())


def _keyed_filter(key: str, want: Any) -> bool:
    if key in KEYED_FILTERS:
        return True
    return key == "not" and isinstance(want, Mapping) and all(
        _keyed_filter(k, w) for k, w in want.items())


def reads_of(engine: Engine, spec: Mapping[str, Any]) -> Reads | None:
    """What a CONT declaration reads, or None when some part of it reads what no key covers."""
    reading = _Reading(engine)
    if "condition" in spec and not reading.condition(spec["condition"]):
        return None
    if not all(reading.effect(effect) for effect in spec["effects"]):
        return None
    return Reads(reading.turn, reading.phase, reading.battle, reading.states,
                 tuple(reading.zones), tuple(reading.history), required_turns(spec),
                 reading.whose_turn and not reading.turn)


def required_turns(spec: Mapping[str, Any]) -> tuple[str, ...]:
    """The turns a declaration's condition requires: its own `turn` key, or an `all` part
    that is only a `turn` (the usual "during your turn, while …")."""
    cond = spec.get("condition")
    if not isinstance(cond, Mapping):
        return ()
    found = [cond["turn"]] if isinstance(cond.get("turn"), str) else []
    for part in cond.get("all", ()):
        if isinstance(part, Mapping) and len(part) == 1 and isinstance(part.get("turn"), str):
            found.append(part["turn"])
    return tuple(found)


def turn_gate_open(game: Game, ctx: Ctx, turns: tuple[str, ...]) -> bool:
    """Whether it is each turn a declaration requires (`Reads.turns`), seen from `ctx`."""
    turn_player = game.state.turn_player
    return all(turn_player == turn_of(game, ctx, which) for which in turns)


def key(game: Game, ctx: Ctx, reads: Reads, states: frozenset[Any] | None) -> Hashable:
    """The values a CONT ability with these `reads` reads now, seen from `ctx` (`states`: the
    CONT state layer when its conditions may read it; None inside that layer)."""
    st = game.state
    parts: list[Any] = [ctx.seat, ctx.uid, None if ctx.uid is None else st.loc[ctx.uid]]
    if reads.turn:
        parts.append((st.turn, st.turn_player))
    elif reads.whose_turn:
        parts.append(st.turn_player)
    if reads.phase:
        parts.append(st.phase)
    if reads.battle:
        b = st.battle
        parts.append(None if b is None else (b["attacker"], b["booster"]))
    if reads.states:
        parts.append(tuple(tuple(p.flags.get("states", {}).items())
                           for p in st.players.values()))
        parts.append(states)
    if reads.zones:
        piles: list[tuple[int, ...]] = []
        players = st.players
        for zone, whose in reads.zones:
            for seat in seats_for(ctx, game, whose):  # as the selector reads them
                piles.append(tuple(players[seat].zones.get(zone, ())))
        parts.append(tuple(piles))
    if reads.history:
        by_kind = this_turn(game).by_kind
        parts.append(tuple(len(by_kind.get(kind, ())) for kind in reads.history))
    return tuple(parts)

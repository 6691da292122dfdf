"""Costs (RULES.md §7): each kind has a check half here and a pay half in steps.py.

A cost is a list of parts (`vg.cost.counter_blast(1)`, `vg.cost.discard(1)`, …) that are
paid in order as ordinary steps, so the paying player chooses which cards pay. `can_pay` is
exact — an ACT whose cost cannot be paid in full is not offered, an AUTO's cost is not asked
for — because a cost is paid in full or not at all.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from vgcore.selectors import Ctx, card_matches, resolve_ref, select
from vgcore.types import Zone

if TYPE_CHECKING:
    from vgcore.game import Game

CanPay = Callable[["Game", Ctx, Mapping[str, Any]], bool]


def _pile(zone: str, face_up: bool | None) -> CanPay:
    def check(game: Game, ctx: Ctx, part: Mapping[str, Any]) -> bool:
        st = game.state
        players = st.players
        if "filter" in part:
            usable = [u for seat in payers(game, ctx, part["op"])
                      for u in players[seat].zones[zone]
                      if face_up is None or st.face_up[u] == face_up]
            usable = [u for u in usable if card_matches(game, ctx, u, part["filter"])]
            return len(usable) >= part.get("count", 1)
        found = 0  # counted, not listed: asked for every ACT at every main-phase question
        for seat in payers(game, ctx, part["op"]):
            cards = players[seat].zones[zone]
            if face_up is None:
                found += len(cards)
                continue
            flags = st.face_up
            for uid in cards:
                if flags[uid] == face_up:
                    found += 1
        return found >= part.get("count", 1)

    return check


def payers(game: Game, ctx: Ctx, op: str) -> Sequence[str]:
    """The seats whose zones may pay a cost of kind `op`: the payer's own, or more when a
    plugin says so (hook `vgcore_cost_sources`; tag fight's team counter/soul blast)."""
    sources = game.engine.cost_sources.get(op)
    return (ctx.seat,) if sources is None else sources(game, ctx.seat)


def _soul_charge(game: Game, ctx: Ctx, part: Mapping[str, Any]) -> bool:
    count = part.get("count", 1)
    return isinstance(count, int) and len(game.state.players[ctx.seat].zones[Zone.DECK]) >= count


def _targeted(requirement: Callable[[Game, int], bool]) -> CanPay:
    """Costs that act on `target` (e.g. "self") or on `count` cards chosen `from`."""

    def check(game: Game, ctx: Ctx, part: Mapping[str, Any]) -> bool:
        if "from" in part:
            need = part.get("count", 1)
            if need <= 0:
                return True
            for uid in select(game, ctx, part["from"]):  # counted up to the need, not listed
                if requirement(game, uid):
                    need -= 1
                    if need == 0:
                        return True
            return False
        targets = resolve_ref(game, ctx, part.get("target", "self"))
        return bool(targets) and all(requirement(game, u) for u in targets)

    return check


def _on_field(game: Game, uid: int) -> bool:
    return game.on_field(uid)


def _standing(game: Game, uid: int) -> bool:
    return _on_field(game, uid) and not game.state.rested[uid]


def _anywhere(game: Game, uid: int) -> bool:
    return True


COST_CHECKS: Final[dict[str, CanPay]] = {
    "counter_blast": _pile(Zone.DAMAGE, True),
    "counter_charge": _pile(Zone.DAMAGE, False),
    "soul_blast": _pile(Zone.SOUL, None),
    "discard": _pile(Zone.HAND, None),
    "soul_charge": _soul_charge,
    "retire": _targeted(_on_field),
    "rest": _targeted(_standing),
    "put_into_soul": _targeted(_on_field),
    "reveal": _targeted(_anywhere),
    "put": _targeted(_anywhere),  # e.g. "put this card from your hand on top of your deck"
}



def can_pay(game: Game, ctx: Ctx, parts: Sequence[Mapping[str, Any]]) -> bool:
    """Whether every part of a cost can be paid now (parts are checked independently)."""
    checks = game.engine.cost_checks
    return all(checks[part["op"]](game, ctx, part) for part in parts)


PILES: Final = frozenset({"counter_blast", "counter_charge", "soul_blast", "discard"})


def can_pay_together(game: Game, costs: Sequence[tuple[Ctx, Sequence[Mapping[str, Any]]]],
                     waive: frozenset[str] = frozenset()) -> bool:
    """Whether several abilities' costs, paid as one (Alchemagic), can all be paid: each
    part on its own, and the unfiltered pile parts of one kind added up (SB1 + SB2 needs a
    soul of 3). Parts of a `waive`d kind are not paid at all."""
    totals: dict[str, int] = {}
    for ctx, parts in costs:
        kept = [p for p in parts if p["op"] not in waive]
        if not can_pay(game, ctx, kept):
            return False
        for part in kept:
            if part["op"] in PILES and "filter" not in part:
                totals[part["op"]] = totals.get(part["op"], 0) + part.get("count", 1)
    ctx = costs[0][0]
    checks = game.engine.cost_checks
    return all(checks[op](game, ctx, {"op": op, "count": n}) for op, n in totals.items())


# How a cost part reads in a prompt ("Counter Blast 1, discard 1 card from hand").
COST_WORDS: Final = {
    "counter_blast": "Counter Blast {n}",
    "soul_blast": "Soul Blast {n}",
    "counter_charge": "Counter Charge {n}",
    "soul_charge": "Soul Charge {n}",
    "discard": "discard {n} from hand",
}


def describe_cost(parts: Sequence[Mapping[str, Any]]) -> str:
    """A cost as a person reads it, for the "pay or decline" question; plugin kinds read
    as their name."""
    return ", ".join(_describe_part(part) for part in parts)


def _describe_part(part: Mapping[str, Any]) -> str:
    op, count = part["op"], part.get("count", 1)
    if op in COST_WORDS:
        return COST_WORDS[op].format(n=f"{count} or more" if part.get("or_more") else count)
    words = op.replace("_", " ")
    if "from" not in part and part.get("target", "self") == "self":
        return f"{words} this card"
    return f"{words} {count}"

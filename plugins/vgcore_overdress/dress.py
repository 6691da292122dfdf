"""overDress's hot rules: the main-phase answers, asked at every main-phase question while an
overDress unit is in hand. Compiled with the engine where vgcore is built (setup.py
`COMPILED`); the hooks that register them are in `__init__.py` (a compiled function cannot
carry a marker). See `__init__.py` for the mechanic.
"""

from __future__ import annotations

from typing import Any, Final

from vgcore.decisions import Action, shared_action
from vgcore.game import Game
from vgcore.selectors import Ctx, card_matches
from vgcore.types import VC, Zone

KIND: Final = "overdress_unit"
VERB: Final = "overdress"
MATERIALS_KEY: Final = ("vgcore_overdress", "materials")  # its key in GameIndex.plugin_data


def materials(game: Game, card_id: str) -> list[dict[str, Any]]:
    """What an overDress unit dresses over (its record's `overdress` field) as filter tables,
    any of which a rear-guard may match; [] for a card that cannot overDress."""
    card = game.engine.db[card_id]
    if card.kind != KIND:
        return []
    field = card.extra.get("overdress")
    if isinstance(field, str):
        return [{"name_has": field}] if field else []
    if isinstance(field, (list, tuple)):  # the card database freezes lists into tuples
        return [{k: tuple(v) if isinstance(v, list) else v for k, v in alt.items()}
                for alt in field]
    return []


def materials_of(game: Game, card_id: str) -> list[dict[str, Any]]:
    """`materials`, read once per game's cards (`GameIndex.plugin_data`): asked for every
    rear-guard at every main-phase question while an overDress unit is in hand."""
    known = game.index.plugin_data.setdefault(MATERIALS_KEY, {})
    found = known.get(card_id)
    if found is None:
        found = known[card_id] = materials(game, card_id)
    return found


def overdress_options(game: Game, seat: str) -> list[Action]:
    """`overdress <id> <circle>` for each overDress unit in hand (grade ≤ the vanguard's, as a
    normal call) and each rear-guard circle whose unit is one of its materials."""
    st = game.state
    player = st.players[seat]
    records, card_ids = game.records, st.card_ids
    in_hand = {card_ids[u] for u in player.zones[Zone.HAND] if records[card_ids[u]].kind == KIND}
    if not in_hand:
        return []  # asked at every main phase question: most hands hold no overDress unit
    vg = game.vanguard(seat)
    max_grade = game.grade(vg) if vg is not None else 0
    zones = player.zones
    rear = [(circle, zones[circle][0]) for circle in player.circles
            if circle != VC and zones[circle]]  # each rear-guard, by circle
    ctx = Ctx(seat)
    options: list[Action] = []
    for card_id in sorted(in_hand):
        card = records[card_id]
        if card.grade is None or card.grade > max_grade:
            continue
        alternatives = materials_of(game, card_id)
        options.extend(shared_action(VERB, (card_id, circle)) for circle, under in rear
                       if any(card_matches(game, ctx, under, alt) for alt in alternatives))
    return options

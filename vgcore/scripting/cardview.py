"""A card as a card script's function sees it: `ctx.cards[handle]`, and a filter's candidate.

A module of its own so that it can be compiled (setup.py's COMPILED): every call of a card's
function builds this record for each card its snapshot lists (a few dozen), and built
interpreted that was the larger part of the snapshot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vgcore.game import Game


def card_record(game: Game, uid: int) -> dict[str, Any]:
    """The card's printed data, and where it is; on the field its current stats and names."""
    st = game.state
    card = game.card(uid)
    seat, zone = st.loc[uid]
    if game.is_field(seat, zone):
        names: list[str] = list(game.names(uid))
        grade: Any = game.grade(uid)
        power: Any = game.power(uid)
        critical: Any = game.critical(uid)
        shield: Any = game.shield(uid)
    else:
        names = [card.name]
        grade, power, critical, shield = card.grade, card.power, card.critical, card.shield
    return {
        "handle": uid, "id": card.id, "name": card.name, "names": names, "grade": grade,
        "power": power, "critical": critical, "shield": shield,
        "skill": card.skill, "trigger": card.trigger, "clan": card.clan, "nation": card.nation,
        "race": card.race, "kind": card.kind, "seat": seat, "zone": zone,
        "face_up": st.face_up[uid], "rested": st.rested[uid], "owner": st.owners[uid],
    }

"""Zones and who may see what in them (RULES.md §1).

A zone is an ordered list of uids in a player's `zones` mapping; circles are zones too (a
circle holds its unit, GC holds the guardians). Visibility is per zone and per card face:
the engine's views consult these specs, and plugins register zones of their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from vgcore.types import GC, STANDARD_CIRCLES, Zone


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    """How a zone shows its cards.

    `visible`: "all" (public), "owner" (hand, ride deck) or "none" (deck: count only).
    Face-down cards in a visible zone are shown only to their owner (`face_down_to_owner`),
    or to nobody when it is False (then only a count of face-down cards leaks).
    `field`: the zone is part of the field (VC, RC, GC), so its cards are units.
    `circle`: the cards of this field zone stand on that circle of their seat beside its unit
    (a legion mate beside the vanguard on VC). Abilities active on that circle work there, and
    zone words and the `circle`/`row` filters count them as on it; the circle's unit
    (`Game.unit_at`) is still the card in the circle itself.
    `optional`: a seat may lack the zone (its plugin drops it when the deck has no use for
    it: no G deck, no G zone); every other zone a seat always has, which a snapshot must show.
    """

    name: str
    visible: str = "all"
    face_down_to_owner: bool = True
    field: bool = False
    circle: str | None = None
    optional: bool = False

    def __post_init__(self) -> None:
        if self.circle is not None and not self.field:
            raise ValueError(f"zone {self.name!r} stands on circle {self.circle!r}, so it must "
                             "be a field zone (field=True)")


CORE_ZONES: Final[tuple[ZoneSpec, ...]] = (
    ZoneSpec(Zone.DECK, visible="none"),
    ZoneSpec(Zone.HAND, visible="owner"),
    ZoneSpec(Zone.RIDE_DECK, visible="owner"),
    ZoneSpec(Zone.DROP),
    ZoneSpec(Zone.DAMAGE),
    ZoneSpec(Zone.SOUL),
    ZoneSpec(Zone.TRIGGER),
    ZoneSpec(Zone.BIND),
    ZoneSpec(Zone.REMOVED),
    ZoneSpec(Zone.ORDER),
    ZoneSpec(Zone.CREST),
    ZoneSpec(GC, field=True),
    *(ZoneSpec(name, field=True) for name in STANDARD_CIRCLES),
)


def can_see(spec: ZoneSpec, face_up: bool, is_owner: bool) -> bool:
    """Whether a viewer may know the identity of one card in this zone."""
    if spec.visible == "none":
        return False
    if spec.visible == "owner" and not is_owner:
        return False
    if not face_up:
        return is_owner and spec.face_down_to_owner
    return True

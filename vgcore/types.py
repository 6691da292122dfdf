"""Domain ids and constants: seats, circles, zones, phases (RULES.md §1, §5).

Ids are plain strings so that the game state stays plain data; the constants below are the
core's vocabulary, and plugins extend the field and the zones with their own names.
"""

from __future__ import annotations

from typing import Final, TypeAlias

Seat: TypeAlias = str
"""A seat at the table: "A" or "B" (tag fight adds "A1", "A2", "B1", "B2")."""

CardId: TypeAlias = str
"""A card's printed id, e.g. "TD01-005"; copies share it."""

Uid: TypeAlias = int
"""One physical card in one game: an index into the game's card tables."""

CircleName: TypeAlias = str
"""A circle on one player's side: "VC", "RC.FL", …, "GC", or a plugin's circle."""

SEATS: Final = ("A", "B")

VC: Final = "VC"
GC: Final = "GC"
FRONT: Final = "front"
BACK: Final = "back"

# name -> (row, column); column 0 is the vanguard's column. Plugins add circles (accel circles
# get columns outside -1..1 and no back-row partner).
STANDARD_CIRCLES: Final[dict[CircleName, tuple[str, int]]] = {
    "VC": (FRONT, 0),
    "RC.FL": (FRONT, -1),
    "RC.FR": (FRONT, 1),
    "RC.BL": (BACK, -1),
    "RC.BC": (BACK, 0),
    "RC.BR": (BACK, 1),
}


# Zones, phases and durations are plain strings, not enum members: a game's state holds them
# in thousands of places (card locations, events), a snapshot gives them back as plain strings
# anyway, and containers of plain strings are left alone by Python's cycle collector (a host
# with a hundred live games paused for ~90 ms on each full collection with enum members).


class Zone:
    """The core's zones outside the field (RULES.md §1); plugins add more by name."""

    DECK: Final = "deck"
    HAND: Final = "hand"
    DROP: Final = "drop"
    DAMAGE: Final = "damage"
    SOUL: Final = "soul"
    TRIGGER: Final = "trigger"
    BIND: Final = "bind"
    REMOVED: Final = "removed"
    RIDE_DECK: Final = "ride_deck"
    ORDER: Final = "order_zone"
    CREST: Final = "crest_zone"
    ALL: Final = (DECK, HAND, DROP, DAMAGE, SOUL, TRIGGER, BIND, REMOVED, RIDE_DECK, ORDER, CREST)
    # Not a zone of the game: where a token that left the field is kept once it has ceased
    # to exist, so that its uid stays valid. No zone word, selector, view or step reaches it.
    CEASED: Final = "ceased"


TOKEN: Final = "token"
"""The card kind of tokens: units created on the field by effects, never in a deck; a token
that leaves the field ceases to exist (docs/lua-api.md, `call_token`)."""


class Phase:
    """Phases of a turn (RULES.md §5); "setup" precedes the first turn."""

    SETUP: Final = "setup"
    STAND: Final = "stand"
    DRAW: Final = "draw"
    RIDE: Final = "ride"
    MAIN: Final = "main"
    BATTLE: Final = "battle"
    END: Final = "end"
    ALL: Final = (SETUP, STAND, DRAW, RIDE, MAIN, BATTLE, END)


class Until:
    """How long a modifier lasts."""

    BATTLE: Final = "battle"
    TURN: Final = "turn"
    FOREVER: Final = "forever"


#: What a player's `states` flag stores for a state entered for the game or for one battle
#: (a turn's state stores its turn number instead).
STATE_SINCE: Final = {Until.FOREVER: -1, Until.BATTLE: -2}



"""The event catalogue: what the core logs, and what AUTO abilities may trigger on.

Every event is a plain dict with `kind`, `n` (its place in the log) and fields. Card fields
follow one convention so that triggers can name card roles uniformly: the event's main card
is `uid` (role `subject` in a trigger), another card in a role X is `X_uid` (role `X`). A card
that left a zone has its old zone in `from`, so abilities that look back ("when this unit is
retired") see where it was (last-known information). Plugins announce their own kinds
through `vgcore_event_kinds`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

CORE_EVENTS: Final = frozenset({
    # set-up and turn structure
    "first_vanguard", "first_player", "mulligan", "stand_up", "turn_start", "phase",
    "end_phase", "turn_end", "game_over",
    # cards moving (`place`: a card put on a circle by a rule, neither ridden nor called; the
    # core never emits it, plugins do — e.g. a legion mate put on VC)
    "draw", "shuffle", "ride", "call", "place", "move", "discard", "retire", "put", "to_hand",
    "damage", "heal", "removed", "soul_charge", "soul_blast", "counter_blast",
    "counter_charge", "reveal", "look", "stand", "rest", "token_ceased", "arrange",
    # battle
    "battle_start", "attack", "boost", "guard", "intercept", "drive_check", "damage_check",
    "hit", "no_hit", "battle_end", "battle_phase_end", "over_trigger", "trigger_fizzled",
    # values
    "power", "critical", "shield", "drive", "grade", "grant", "lose", "grant_ability",
    # abilities
    "ability", "ability_resolved", "ability_fizzled", "ability_declined", "chose",
    "script_error", "enter_state", "give_player",
})

STATS: Final = frozenset({"power", "critical", "shield", "drive", "grade"})

_CARD: Final = frozenset({"card"})
_STAT: Final = frozenset({"card", "source"})

CARD_FIELDS: Final[Mapping[str, frozenset[str]]] = {
    # Which fields of each core event kind name cards: a card id, a list or mapping of ids, an
    # answer or a source that contains one. A private event hides exactly these fields from the
    # seats that may not read it (views.redact); a kind not listed names no card. Plugins list
    # their kinds' fields through `vgcore_event_card_fields`; tests/hostile/test_hidden.py fails
    # on any emitted event that names a card in a field not listed here.
    **dict.fromkeys(
        ("first_vanguard", "draw", "call", "place", "move", "discard", "retire", "put",
         "token_ceased",
         "to_hand", "damage", "heal", "soul_charge", "soul_blast", "counter_blast",
         "counter_charge", "reveal", "stand", "rest", "boost", "guard", "intercept",
         "drive_check", "damage_check", "over_trigger", "trigger_fizzled", "grant_ability",
         "ability", "ability_resolved", "ability_fizzled", "ability_declined"),
        _CARD),
    # a script error's file, line and message name its card as plainly as its id does
    "script_error": frozenset({"card", "file", "line", "message"}),
    **dict.fromkeys((*STATS, "grant", "lose", "give_player"), _STAT),
    "mulligan": frozenset({"cards"}), "look": frozenset({"cards"}),
    "chose": frozenset({"cards"}), "removed": frozenset({"card", "cards"}),
    "ride": frozenset({"card", "previous"}), "attack": frozenset({"card", "target_card"}),
    "stand_up": frozenset({"vanguards"}), "decision": frozenset({"answer"}),
}

"""overDress (D era): a plugin the `d-standard` format enables. See README.md.

A card of kind `overdress_unit` whose record names its material in the `overdress` field may be
placed, instead of a normal call, on one of your rear-guards that is such a material: a name
(`overdress: Trickstar`: a rear-guard whose name contains it) or a list of alternatives, each a
filter table of the core filter keys (`{has: overdress_state, grade_max: 3}`: a grade 3 or less
unit in the overDress state; see MATERIAL_KEYS).
The rear-guard beneath becomes the new unit's *originalDress*: it leaves the field (it is no
longer a unit) and waits in the public `originaldress` zone, tied to the new unit by the
player flag `originaldress` (the unit's uid, as a string, -> the uids of the cards under it).
The placed unit is in the overDress state (a permanent `overdress_state` modifier, which ends
by itself when the unit leaves the field; scripts test it with the filter `has =
"overdress_state"`). When the unit leaves the field its originalDress cards go to the drop.

The placement counts as placing the unit on RC, not as a superior call: it logs `call` with
`superior = false`, `source = "hand"` and `how = "overdress"` (so "when placed on RC" and
"when called" abilities trigger), then `overdress` with the circle and the originalDress
(`dress_uid`, its first card; `dress_cards`, all of them). The unit beneath is not retired:
no `retire` event, and "when retired" abilities do not trigger.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from vgcore import actions, hookimpl
from vgcore.decisions import Action
from vgcore.engine import PluginScope, hears_moves
from vgcore.game import Game
from vgcore.selectors import resolve_ref
from vgcore.types import Zone
from vgcore.zones import ZoneSpec
from vgcore_overdress.dress import KIND, VERB, overdress_options
from vgcore_overdress.dress import materials as materials  # re-exported: the tests read it

ZONE = "originaldress"
FLAG = "originaldress"          # player flag: {str(unit uid): [uids of its originalDress]}
STATE = "overdress_state"       # the modifier that marks a unit in the overDress state


# The filter keys a material alternative may use: the core's (docs/lua-api.md §4.3) that read
# the card itself, written in YAML (no functions, bindings or zones: the material is always
# one of your rear-guards).
MATERIAL_KEYS = ("name", "name_has", "grade", "grade_min", "grade_max", "clan", "nation",
                 "race", "trigger", "kind", "unit", "sentinel", "persona_ride", "has")
_STRS = {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
_INTS = {"oneOf": [{"type": "integer"}, {"type": "array", "items": {"type": "integer"}}]}
MATERIAL_SCHEMA: dict[str, Any] = {
    "oneOf": [
        {"type": "string", "minLength": 1},
        {"type": "array", "minItems": 1, "items": {
            "type": "object", "minProperties": 1, "additionalProperties": False,
            "properties": {
                "name": _STRS, "name_has": {"type": "string", "minLength": 1}, "grade": _INTS,
                "grade_min": {"type": "integer"}, "grade_max": {"type": "integer"},
                "clan": _STRS, "nation": _STRS, "race": _STRS, "kind": _STRS,
                "trigger": {"oneOf": [{"type": "boolean"}, _STRS["oneOf"][0],
                                      _STRS["oneOf"][1]]},
                "unit": {"type": "boolean"}, "sentinel": {"type": "boolean"},
                "persona_ride": {"type": "boolean"}, "has": {"type": "string"}}}},
    ]}


def overdress(game: Game, seat: str, card_id: str, circle: str) -> None:
    """Place an overDress unit from hand on `circle` over the rear-guard there."""
    st = game.state
    uid = next(u for u in st.players[seat].zones[Zone.HAND] if st.card_ids[u] == card_id)
    under = game.unit_at(seat, circle)
    assert under is not None
    table = st.players[seat].flags.setdefault(FLAG, {})
    # The unit beneath, and any originalDress it had itself, all go under the new unit.
    dress = [under, *table.pop(str(under), [])]
    actions.move(game, under, seat, ZONE)
    table[str(uid)] = dress
    actions.move(game, uid, seat, circle)
    game.add_modifier(uid, STATE, 1, "forever", source=card_id)
    game.emit("call", seat=seat, circle=circle, card=card_id, uid=uid, source=Zone.HAND,
              superior=False, how=VERB)
    game.emit(VERB, seat=seat, circle=circle, card=card_id, uid=uid, dress_uid=under,
              dress_cards=[st.card_ids[u] for u in dress])


@hears_moves(from_zones=(ZONE, "field"))  # the dress, or a unit that may wear one
def release_dress(game: Game, move: actions.Move) -> None:
    """Zone listener: a unit with originalDress left the field, by whatever means (retired,
    bound, imprisoned, put into the soul, deck or hand): its originalDress goes to the drop."""
    st = game.state
    if move.from_zone == ZONE and move.zone != ZONE:
        forget_dress(game, move.from_seat, move.uid)
        return
    table = st.players[move.from_seat].flags.get(FLAG)
    if not table or str(move.uid) not in table:
        return  # asked at every move: most units have no originalDress
    if not game.is_field(move.from_seat, move.from_zone) or game.is_field(move.seat, move.zone):
        return
    for card in table.pop(str(move.uid)):
        if st.loc[card] != (move.from_seat, ZONE):
            continue
        owner = st.owners[card]
        actions.move(game, card, owner, Zone.DROP)
        game.emit("put", seat=owner, card=st.card_ids[card], uid=card, to="drop",
                  **{"from": ZONE}, from_seat=move.from_seat)


def forget_dress(game: Game, seat: str, card: int) -> None:
    """An originalDress card left the zone by an effect (put into the soul, …): it is no
    longer beneath its unit, so it no longer counts for it."""
    table = game.state.players[seat].flags.get(FLAG)
    if not table:
        return
    for key, cards in list(table.items()):
        if card in cards:
            table[key] = [c for c in cards if c != card]


@hookimpl
def vgcore_card_fields() -> dict[str, dict[str, Any]]:
    return {"overdress": MATERIAL_SCHEMA}


@hookimpl
def vgcore_lua_libs() -> list[Path]:
    return [Path(__file__).parent / "overdress.lua"]


def beneath(game: Game, ctx: Any, uid: int, want: Any) -> bool:
    """Filter key `beneath = ref`: the card is an originalDress card beneath a unit the
    reference names ("for each of this unit's originalDress": `beneath = "self"`)."""
    seat = game.state.loc[uid][0]
    table = game.state.players[seat].flags.get(FLAG)
    if not table:
        return False
    return any(uid in table.get(str(unit), ()) for unit in resolve_ref(game, ctx, want))


@hookimpl
def vgcore_filter_keys(fmt: Any) -> dict[str, tuple[str, Any]]:
    return {"beneath": ("ref", beneath)}


@hookimpl
def vgcore_zones(fmt: Any) -> list[ZoneSpec]:
    return [ZoneSpec(ZONE)]


@hookimpl
def vgcore_event_kinds(fmt: Any) -> list[str]:
    return [VERB]


@hookimpl
def vgcore_event_card_fields(fmt: Any) -> dict[str, list[str]]:
    return {VERB: ["card", "dress_cards"]}


@hookimpl
def vgcore_zone_listeners(fmt: Any) -> list[Any]:
    return [release_dress]


@hookimpl
def vgcore_extra_options(game: Game, seat: str, kind: str) -> list[Action]:
    return overdress_options(game, seat) if kind == "main" else []


@hookimpl
def vgcore_apply_option(game: Game, seat: str, kind: str, action: Action) -> bool | None:
    if action.verb != VERB or kind != "main":
        return None
    overdress(game, seat, *action.args)
    return True


@hookimpl
def vgcore_flag_shapes(fmt: Any) -> dict[str, dict[str, str]]:
    """This plugin's player flags and their shapes (snapshots refuse any other)."""
    return {"player": {FLAG: "{uid: [uid]}"}}


@hookimpl
def vgcore_plugin_scope(fmt: Any) -> PluginScope:
    """overDress is a main-phase call, and originalDress exists only under an overDress
    unit: games without one never need the answers or the zone listener."""
    return PluginScope(option_kinds=frozenset({"main"}), cards=lambda card: card.kind == KIND,
                       option_zones=frozenset({Zone.HAND}))  # called from the hand

"""What a card's Lua function is handed (DESIGN.md §6, docs/lua-api.md §12): the `ctx` snapshot
of the game as plain data, and each card's record (`ctx.cards[handle]`, a filter's candidate).

A module of its own so that it can be compiled (setup.py's COMPILED): every call of a card's
function at a new moment of the game builds a snapshot listing a few dozen cards, and built
interpreted that was most of what a call cost.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

from vgcore.types import VC, Zone
from vgcore.unitstats import StatReader
from vgcore.zones import can_see

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.selectors import Ctx
    from vgcore.types import Uid

# Zones whose cards the snapshot lists (decks are counted, never listed).
LISTED_ZONES: Final = (Zone.SOUL, Zone.DROP, Zone.DAMAGE, Zone.TRIGGER, Zone.BIND, Zone.HAND,
                       Zone.ORDER, Zone.REMOVED)

#: A card record's fields, in the order `card_values` gives them; its names follow them. Where
#: the card is and its stats come first; the printed data that never changes for a card (the
#: `CardParts` kept per card record) last.
CARD_FIELDS: Final = ("handle", "seat", "zone", "face_up", "rested", "owner", "grade", "power",
                      "critical", "shield", "id", "name", "skill", "trigger", "clan", "nation",
                      "race", "kind")
#: The record's list of the card's names (every name it has now: `card_values` ends with them).
NAMES_FIELD: Final = "names"

#: Per card id, (its record, its printed data, its stats and printed data with its name): the
#: parts of `card_values` that depend on the record only, made once (reading a record's
#: fields one by one was most of the cost of a card's values).
CardParts = dict[str, tuple[Any, tuple[Any, ...], tuple[Any, ...]]]


def card_values(game: Game, uid: int, parts: CardParts,
                stats: StatReader | None = None) -> tuple[Any, ...]:
    """The record's values: CARD_FIELDS, then the card's names; on the field its current
    stats (read by `stats`, one reader for the many cards of one moment) and names, elsewhere
    its printed ones. Equal values make an equal record, which is what lets a game keep a
    card's Lua table until one of them changes."""
    st = game.state
    seat, zone = st.loc[uid]
    card_id = st.card_ids[uid]
    card = game.records[card_id]
    known = parts.get(card_id)
    if known is None or known[0] is not card:
        printed = (card.id, card.name, card.skill, card.trigger, card.clan, card.nation,
                   card.race, card.kind)
        known = parts[card_id] = (card, printed, (card.grade, card.power, card.critical,
                                                  card.shield, *printed, card.name))
    where = (uid, seat, zone, st.face_up[uid], st.rested[uid], st.owners[uid])
    if game.is_field(seat, zone):
        reader = stats if stats is not None else StatReader(game)
        power, critical, shield, grade = reader.stats(uid)
        return (where + (grade, power, critical, shield) + known[1]
                + tuple(game.names(uid)))
    return where + known[2]


def card_record(game: Game, uid: int) -> dict[str, Any]:
    """The card's record as a fresh dict (`card_values` by field name)."""
    values = card_values(game, uid, {})
    count = len(CARD_FIELDS)
    record = dict(zip(CARD_FIELDS, values[:count], strict=True))
    record[NAMES_FIELD] = list(values[count:])
    return record


def card_tables(game: Game, listed: list[int], kept: dict[int, tuple[tuple[Any, ...], Any]],
                shared: dict[tuple[Any, ...], Any], make: Callable[[tuple[Any, ...]], Any],
                most_shared: int, parts: CardParts) -> dict[int, tuple[tuple[Any, ...], Any]]:
    """Each listed card's values and Lua table: the table `kept` holds for the card while its
    values are unchanged; else the one `shared` holds for those values (the runtime's, at
    most `most_shared`: games of the same decks meet the same cards in the same places); else
    a new one from `make` (scripting.host: converting records was most of a snapshot's cost)."""
    tables: dict[int, tuple[tuple[Any, ...], Any]] = {}
    stats = StatReader(game)
    for uid in listed:
        values = card_values(game, uid, parts, stats)
        old = kept.get(uid)
        if old is None or old[0] != values:
            table = shared.get(values)
            if table is None:
                table = make(values)
                if len(shared) >= most_shared:
                    del shared[next(iter(shared))]  # the oldest
                shared[values] = table
            old = values, table
        tables[uid] = old
    return tables


def build_snapshot(game: Game, ctx: Ctx) -> dict[str, Any]:
    """`ctx` as plain data, its cards' records included (what the tests and tools read)."""
    data, listed = snapshot_parts(game, ctx)
    data["cards"] = {uid: card_record(game, uid) for uid in listed}
    return data


def snapshot_parts(game: Game, ctx: Ctx) -> tuple[dict[str, Any], list[int]]:
    """`ctx` as plain data but for `cards`, and the handles `cards` lists (sorted)."""
    st = game.state
    me = ctx.seat
    listed: set[int] = set()
    players: dict[str, Any] = {}
    parts = game.engine.zone_circles
    shapes = game.engine.flag_shapes["player"]
    named: set[int] = set()  # cards the flags name: listed where `me` may see them
    for seat, player in st.players.items():
        zones = player.zones
        units = [u for c in player.circles for u in zones[c][:1]]
        rear_guards = [u for u in units if st.loc[u][1] != VC]
        for part in parts:  # cards standing on a circle beside its unit (a legion mate)
            units.extend(zones.get(part, ()))
        listed.update(units)
        listed.update(zones.get("GC", ()))
        for zone in LISTED_ZONES:
            if zone == Zone.HAND and seat != me:
                continue
            listed.update(zones.get(zone, ()))
        damage = zones[Zone.DAMAGE]
        players[seat] = {
            "damage": len(damage),
            "team_damage": game.team_damage(seat),  # tag fight: the team's total
            "face_up_damage": sum(1 for u in damage if st.face_up[u]),
            "hand": len(zones[Zone.HAND]), "deck": len(zones[Zone.DECK]),
            "soul": len(zones[Zone.SOUL]), "drop": len(zones[Zone.DROP]),
            "vanguard": game.vanguard(seat), "units": units,
            "rear_guards": rear_guards,
            "flags": lua_flags(player.flags, shapes, named),
        }
    extra = [ctx.uid, *_event_uids(ctx.event)]
    for uids in ctx.bindings.values():
        extra.extend(u for u in uids if isinstance(u, int))
    listed.update(u for u in extra if u is not None)
    listed.update(u for u in named if 0 <= u < len(st.card_ids) and visible(game, u, me))
    # a token that ceased to exist is listed no more, except as the ability's own card
    listed.difference_update([u for u in listed if st.loc[u][1] == Zone.CEASED
                              and u != ctx.uid])
    battle = st.battle
    return {
        "me": me, "opponent": game.opponent(me), "self": ctx.uid,
        "turn": st.turn, "turn_player": st.turn_player, "phase": st.phase,
        "first_player": st.first_player,
        "my_turn": st.turn_player == me,
        "event": _plain_event(ctx.event),
        "bound": {k: [u for u in v if isinstance(u, int) and u in listed]
                  for k, v in ctx.bindings.items()},
        "players": players,
        "battle": None if battle is None else {
            "attacker": battle["attacker"], "target": battle["target"],
            "targets": [t[0] for t in battle.get("targets", ())] or [battle["target"]],
            "booster": battle["booster"], "hit": battle["hit"],
            "drive_grades": [g for g in battle["drive_grades"] if g is not None]},
    }, sorted(listed)


def visible(game: Game, uid: Uid, seat: str) -> bool:
    """Whether `seat` may see the card where it is (zones.can_see)."""
    st = game.state
    where, zone = st.loc[uid]
    spec = game.engine.zones.get(zone)
    return spec is not None and can_see(spec, st.face_up[uid], where == seat)


def lua_flags(flags: Mapping[str, Any], shapes: Mapping[str, Any],
              listed: set[int]) -> dict[str, Any]:
    """A player's flags as plain read-only data for `ctx` (docs/lua-api.md §12): every flag
    a rule or plugin keeps (not the `_private` ones), nested tables included; a mapping keyed
    by cards (shape `{uid: …}`) is keyed by handles, and the cards its declared shape names
    are gathered in `listed` (shown in `ctx.cards` where the viewer may see them). Values
    that are not plain data are left out."""
    return {name: lua_value(value, shapes.get(name), listed) for name, value in flags.items()
            if not name.startswith("_")}


def lua_value(value: Any, shape: Any, listed: set[int]) -> Any:
    """`value` read by its flag shape (vgcore_flag_shapes); None for what is not plain."""
    if not isinstance(shape, str):  # no shape or a callable one: plain data, as it is
        return plain_value(value)
    shape = shape.strip().removesuffix("?")
    if shape == "uid" and isinstance(value, int) and not isinstance(value, bool):
        listed.add(value)
        return value
    if shape.startswith("[") and isinstance(value, list):
        parts = _shape_parts(shape)
        return [lua_value(v, parts[i] if len(parts) > 1 else parts[0], listed)
                for i, v in enumerate(value)]
    if shape.startswith("{") and isinstance(value, Mapping):
        fields = _shape_fields(shape)
        if list(fields) == ["uid"]:
            return {int(k): lua_value(v, fields["uid"], listed) for k, v in value.items()
                    if isinstance(k, str) and k.isdigit()}
        if list(fields) == ["str"]:
            return {k: lua_value(v, fields["str"], listed) for k, v in value.items()}
        return {k: lua_value(v, fields.get(k), listed) for k, v in value.items()}
    return plain_value(value)


# Flag shapes parsed once each (vgcore.snapshots parses them; it imports the game, which
# imports this module, so it is imported on first use: an import statement in `lua_value`
# cost thousands of instructions a flag, compiled).
_PARTS: dict[str, list[str]] = {}
_FIELDS: dict[str, dict[str, str]] = {}


def _shape_parts(shape: str) -> list[str]:
    """A list shape's item shapes ("[uid]" -> ["uid"])."""
    parts = _PARTS.get(shape)
    if parts is None:
        from vgcore.snapshots import split_shape

        parts = _PARTS[shape] = split_shape(shape[1:-1])
    return parts


def _shape_fields(shape: str) -> dict[str, str]:
    """A mapping shape's {key: item shape}."""
    fields = _FIELDS.get(shape)
    if fields is None:
        from vgcore.snapshots import shape_fields

        fields = _FIELDS[shape] = shape_fields(shape)
    return fields


def plain_value(value: Any) -> Any:
    """Strings, numbers, booleans, and lists and string-keyed tables of them; else None."""
    if isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, list):
        return [plain_value(v) for v in value]
    if isinstance(value, Mapping):
        return {k: plain_value(v) for k, v in value.items() if isinstance(k, str)}
    return None


def _event_uids(event: Mapping[str, Any] | None) -> list[int]:
    if not event:
        return []
    return [v for k, v in event.items() if (k == "uid" or k.endswith("_uid")) and
            isinstance(v, int)]


def _plain_event(event: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if event is None:
        return None
    return {k: v for k, v in event.items() if isinstance(v, (str, int, float, bool))
            or (isinstance(v, list) and all(isinstance(x, (str, int)) for x in v))}


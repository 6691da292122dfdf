"""Snapshots from strangers: what `Game.from_json` checks before a game plays on from one.

A snapshot (`Game.to_json()`) may come from a file, a network host or a person who edited it.
Nothing in it is trusted: before the game is rebuilt, `check_snapshot` checks its shape (every
key and type `GameState.to_json` writes, plain JSON values nested at most `MAX_DEPTH` deep, no
integer beyond 64 bits), then the facts that tie it together (each card in exactly one place,
owners and seats, the PRNG state, the result and the log, modifiers, pending and granted
abilities naming real abilities, the procedure stack's frames, every flag declared by the
core or a plugin through `vgcore_flag_shapes` and of its shape), and last, on the rebuilt game,
`check_decision` asks the pending question again and compares, and `probe_answers` tries
each legal answer on a clone. The first problem raises a
`SnapshotError` of one line naming the place (`state.players.A.zones.hand[2]: ...`), so a
tampered snapshot is refused at once rather than playing on from a bogus state.

`parse_snapshot` reads snapshot text (JSON, `str` or UTF-8 `bytes`) within the same bounds.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from vgcore.decisions import parse
from vgcore.errors import ScriptError, SnapshotError, VgError
from vgcore.game import Asked, Game
from vgcore.types import STANDARD_CIRCLES, TOKEN, VC, Zone
from vgcore.zones import CORE_ZONES

if TYPE_CHECKING:
    from vgcore.decisions import Decision
    from vgcore.engine import Engine

MAX_DEPTH = 40                 # nesting of any value (a real snapshot nests < 12 deep)
MAX_TEXT = 64 << 20            # characters of snapshot JSON text (a long game is < 2 MiB)
INT_BOUND = 1 << 64            # every number in a snapshot fits in 64 bits
MAX_CARDS = 5_000              # physical cards of one game (a tag fight has ~200)
MAX_STACK = 1_000              # frames on the procedure stack (a game uses < 30)

STATE_KEYS = ("seats", "players", "card_ids", "owners", "loc", "face_up", "rested", "rng",
              "turn", "turn_player", "first_player", "phase", "stack", "decision",
              "decision_seq", "modifiers", "battle", "pending", "log", "result", "flags")
OPTIONAL_STATE_KEYS = frozenset({"pending"})  # older snapshots have none
PLAYER_KEYS = ("seat", "zones", "circles", "markers", "flags")
DECISION_KEYS = ("id", "seat", "kind", "prompt", "options", "min", "max", "optional", "data")
ROWS = ("front", "back")
CORE_ZONE_NAMES = frozenset(z.name for z in CORE_ZONES)
PHASES = ("setup", "stand", "draw", "ride", "main", "battle", "end")


def fail(where: str, what: str) -> SnapshotError:
    return SnapshotError(f"invalid snapshot: {where}: {what}")


# -- text --------------------------------------------------------------------------------


def parse_snapshot(text: str | bytes) -> Any:
    """JSON text (or UTF-8 bytes) as data, refused cleanly when it is not UTF-8, not JSON,
    too large, nested too deep or holds a number of thousands of digits."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SnapshotError(f"the snapshot is not UTF-8 text (byte {exc.start})") from None
    # The plain-JSON check is `check_snapshot`'s, on the state: not done twice.
    return parse_json(text, "the snapshot", SnapshotError, plain=False)


def parse_json(text: str, what: str, error: type[VgError], *, plain: bool = True) -> Any:
    """`json.loads` within bounds: `error` (one line naming `what`) instead of a traceback;
    with `plain`, the value's nesting and numbers are checked too (`plain_problem`)."""
    if len(text) > MAX_TEXT:
        raise error(f"{what} is too large ({len(text)} characters; at most {MAX_TEXT})")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{what} is not JSON: line {exc.lineno} column {exc.colno}: "
                    f"{exc.msg}") from None
    except RecursionError:
        raise error(f"{what} is nested too deep (at most {MAX_DEPTH} levels)") from None
    except ValueError:  # an integer of more digits than int() reads (sys.int_info)
        raise error(f"{what} holds a number of thousands of digits; every number in it "
                    "fits in 64 bits") from None
    where = plain_problem(data, MAX_DEPTH) if plain else None
    if where is not None:
        raise error(f"{what}: {where}")
    return data


def plain_problem(value: Any, depth: int, where: str = "") -> str | None:
    """Why `value` is not plain JSON within bounds (nesting, 64-bit numbers), naming the
    place (`where.key[3]: ...`), or None."""
    try:
        _check_plain(value, depth)
    except _NotPlain as exc:
        place = where + "".join(f"[{p}]" if isinstance(p, int) else f".{p}"
                                for p in reversed(exc.path))
        place = place.lstrip(".")
        if len(place) > 80:
            place = place[:77] + "..."
        return f"{place}: {exc}" if place else str(exc)
    return None


class _NotPlain(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.path: list[str | int] = []  # innermost first, filled while unwinding


_SCALARS = frozenset({str, bool, type(None)})


def _check_plain(value: Any, depth: int) -> None:
    # Recursion (bounded by `depth`) with scalars handled inline: a long log is thousands of
    # small events, and this runs on every load. The place is only built on failure.
    kind = type(value)
    if kind in _SCALARS:
        return
    if kind is dict:
        if depth <= 0:
            raise _NotPlain(f"nested more than {MAX_DEPTH} levels deep")
        for key, item in value.items():
            if type(key) is not str and not isinstance(key, str):
                raise _NotPlain(f"a mapping key {key!r} is not text")
            if type(item) not in _SCALARS:
                try:
                    _check_plain(item, depth - 1)
                except _NotPlain as exc:
                    exc.path.append(key)
                    raise
    elif kind is list or kind is tuple:
        if depth <= 0:
            raise _NotPlain(f"nested more than {MAX_DEPTH} levels deep")
        for i, item in enumerate(value):
            if type(item) not in _SCALARS:
                try:
                    _check_plain(item, depth - 1)
                except _NotPlain as exc:
                    exc.path.append(i)
                    raise
    elif kind is int:
        if not -INT_BOUND < value < INT_BOUND:
            raise _NotPlain("a number larger than 64 bits")
    elif kind is float:
        if not math.isfinite(value):
            raise _NotPlain(f"a number is {value}")
    elif isinstance(value, str):  # a str subclass (a plugin's StrEnum) before a JSON round trip
        return
    else:
        raise _NotPlain(f"a value of type {kind.__name__} is not JSON")


# -- shape -------------------------------------------------------------------------------


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def need(value: Any, kind: type | tuple[type, ...], where: str, what: str) -> Any:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise fail(where, f"expected {what}, got {type(value).__name__}")
    return value


def need_list(value: Any, where: str) -> list[Any] | tuple[Any, ...]:
    return need(value, (list, tuple), where, "a list")  # type: ignore[no-any-return]


def need_int(value: Any, where: str, low: int = 0, high: int = INT_BOUND) -> int:
    if not is_int(value):
        raise fail(where, f"expected a whole number, got {type(value).__name__}")
    if not low <= value < high:
        raise fail(where, f"{value} is out of range ({low} to {high - 1})")
    return int(value)


def need_keys(data: Any, where: str, keys: tuple[str, ...],
              optional: frozenset[str] = frozenset()) -> Mapping[str, Any]:
    need(data, Mapping, where, "a mapping")
    missing = [k for k in keys if k not in data and k not in optional]
    if missing:
        raise fail(where, "missing " + ", ".join(missing))
    unknown = sorted(str(k) for k in data if k not in keys)
    if unknown:
        raise fail(where, "unknown key(s) " + ", ".join(unknown[:5]))
    return data  # type: ignore[no-any-return]


def need_seat(value: Any, seats: tuple[str, ...], where: str) -> str:
    if not isinstance(value, str) or value not in seats:
        raise fail(where, f"{value!r} is not a seat (seats: {', '.join(seats)})")
    return value


def need_uid(value: Any, cards: int, where: str) -> int:
    if not is_int(value) or not 0 <= value < cards:
        raise fail(where, f"{value!r} is not a card of this game (uids 0 to {cards - 1})")
    return int(value)


# -- the whole snapshot --------------------------------------------------------------------


def check_snapshot(engine: Engine, data: Any) -> None:
    """Everything about a snapshot that can be checked before the game is rebuilt."""
    need_keys(data, "snapshot", ("format", "state", "plugins"), frozenset({"plugins"}))
    if data["format"] != engine.format.id:
        raise SnapshotError(f"the snapshot is of format {data['format']!r}, "
                            f"the engine is of {engine.format.id!r}")
    plugins = need_list(data.get("plugins", []), "snapshot.plugins")
    if tuple(plugins) != tuple(engine.extra_plugins):
        raise SnapshotError(f"the snapshot adds plugins {list(plugins)}, the engine "
                            f"{list(engine.extra_plugins)}")
    state = need_keys(data["state"], "state", STATE_KEYS, OPTIONAL_STATE_KEYS)
    problem = plain_problem(state, MAX_DEPTH, "state")
    if problem is not None:
        raise SnapshotError(f"invalid snapshot: {problem}")
    seats = check_seats(engine, state)
    cards = check_cards(engine, state, seats)
    check_players(engine, state, seats, cards)
    check_turn(engine, state, seats)
    check_modifiers(state, cards)
    check_battle(state, seats, cards)
    check_flags(engine, state, seats, cards)
    check_pending(engine, state, seats, cards)
    check_stack(engine, state, seats, cards)
    check_log_and_result(engine, state)
    check_decision_shape(state, seats)


def check_seats(engine: Engine, state: Mapping[str, Any]) -> tuple[str, ...]:
    seats = tuple(need_list(state["seats"], "state.seats"))
    if seats != engine.seat_layout.seats:
        raise fail("state.seats", f"{list(seats)}; format {engine.format.id!r} seats "
                   + ", ".join(engine.seat_layout.seats))
    return seats


def check_cards(engine: Engine, state: Mapping[str, Any], seats: tuple[str, ...]) -> int:
    """The uid-indexed card tables: equal lengths, known card ids, owners, booleans."""
    card_ids = need_list(state["card_ids"], "state.card_ids")
    cards = len(card_ids)
    if cards > MAX_CARDS:
        raise fail("state.card_ids", f"{cards} cards; a game holds at most {MAX_CARDS}")
    for name in ("owners", "loc", "face_up", "rested"):
        column = need_list(state[name], f"state.{name}")
        if len(column) != cards:
            raise fail(f"state.{name}", f"{len(column)} entries for {cards} cards")
    for uid, card_id in enumerate(card_ids):
        if not isinstance(card_id, str) or card_id not in engine.db:
            raise fail(f"state.card_ids[{uid}]", f"unknown card id {card_id!r}")
    for uid, owner in enumerate(state["owners"]):
        need_seat(owner, seats, f"state.owners[{uid}]")
    for name in ("face_up", "rested"):
        for uid, flag in enumerate(state[name]):
            need(flag, bool, f"state.{name}[{uid}]", "true or false")
    return cards


def check_players(engine: Engine, state: Mapping[str, Any], seats: tuple[str, ...],
                  cards: int) -> None:
    """Each card in exactly one place, the place its `loc` names; circles and their zones."""
    players = need(state["players"], Mapping, "state.players", "a mapping")
    if sorted(players) != sorted(seats):
        raise fail("state.players", f"players {sorted(players)} for seats {list(seats)}")
    loc = state["loc"]
    for uid, place in enumerate(loc):
        where = f"state.loc[{uid}]"
        if not isinstance(place, list | tuple) or len(place) != 2:
            raise fail(where, "expected [seat, zone]")
        need_seat(place[0], seats, where)
    placed = [False] * cards
    for seat in seats:
        where = f"state.players.{seat}"
        player = need_keys(players[seat], where, PLAYER_KEYS)
        if player["seat"] != seat:
            raise fail(f"{where}.seat", f"{player['seat']!r} under seat {seat}")
        circles = check_circles(player["circles"], f"{where}.circles")
        zones = need(player["zones"], Mapping, f"{where}.zones", "a mapping")
        # A plugin may drop its optional zones from a seat (no G deck, no G zone): every
        # other zone and one per circle are always there, and nothing the format lacks.
        always = {name for name, spec in engine.zones.items() if not spec.optional}
        odd = sorted((set(zones) - set(engine.zones) - set(circles) - {Zone.CEASED})
                     | (set(circles) | CORE_ZONE_NAMES | always) - set(zones))
        if odd:
            raise fail(f"{where}.zones", "zones do not match the format's: " + ", ".join(odd))
        for zone, uids in zones.items():
            here = f"{where}.zones.{zone}"
            need_list(uids, here)
            if zone in circles and zone != "GC" and len(uids) > 1:
                raise fail(here, f"{len(uids)} cards on one circle")
            for i, uid in enumerate(uids):
                need_uid(uid, cards, f"{here}[{i}]")
                if placed[uid]:
                    raise fail(f"{here}[{i}]", f"card {uid} is in two places")
                placed[uid] = True
                check_token_place(engine, state["card_ids"][uid], zone, circles, f"{here}[{i}]")
                if tuple(loc[uid]) != (seat, zone):
                    raise fail(f"state.loc[{uid}]", f"{list(loc[uid])}, but the card is in "
                               f"{seat}'s {zone}")
        markers = need(player["markers"], Mapping, f"{where}.markers", "a mapping")
        for circle, marks in markers.items():
            if circle not in circles:
                raise fail(f"{where}.markers", f"{circle!r} is not a circle")
            for i, mark in enumerate(need_list(marks, f"{where}.markers.{circle}")):
                need(mark, str, f"{where}.markers.{circle}[{i}]", "a marker name")
        need(player["flags"], Mapping, f"{where}.flags", "a mapping")
    if not all(placed):
        uid = placed.index(False)
        raise fail(f"state.loc[{uid}]", f"card {uid} is in no zone")


def check_token_place(engine: Engine, card_id: str, zone: str, circles: Mapping[str, Any],
                      where: str) -> None:
    """A token is on the field or has ceased to exist; only a token can have ceased."""
    token = engine.db[card_id].kind == TOKEN
    if zone == Zone.CEASED and not token:
        raise fail(where, f"{card_id} is no token, yet it has ceased to exist")
    if token and zone != Zone.CEASED and zone not in circles and not engine.is_field(zone):
        raise fail(where, f"{card_id} is a token in {zone!r}; a token exists only on the field")


def check_circles(circles: Any, where: str) -> dict[str, tuple[str, int]]:
    need(circles, Mapping, where, "a mapping")
    if VC not in circles:
        raise fail(where, "no VC")
    layout: dict[str, tuple[str, int]] = {}
    for name, spot in circles.items():
        if (not isinstance(spot, list | tuple) or len(spot) != 2 or spot[0] not in ROWS
                or not is_int(spot[1]) or not -16 <= spot[1] <= 16):
            raise fail(f"{where}.{name}", "expected [\"front\" or \"back\", column]")
        layout[name] = (spot[0], spot[1])
    for name, spot in STANDARD_CIRCLES.items():
        if layout.get(name) != tuple(spot):
            raise fail(f"{where}.{name}", f"the circle {name} is at {list(spot)} on every field")
    if len(set(layout.values())) != len(layout):
        raise fail(where, "two circles in one place")
    return layout


def check_turn(engine: Engine, state: Mapping[str, Any], seats: tuple[str, ...]) -> None:
    """The PRNG (two 64-bit words, the increment odd), the turn counters and the phase."""
    rng = need_list(state["rng"], "state.rng")
    if len(rng) != 2:
        raise fail("state.rng", "expected [state, increment]")
    need_int(rng[0], "state.rng[0]")
    if need_int(rng[1], "state.rng[1]") % 2 == 0:
        raise fail("state.rng[1]", "a PCG32 increment is odd")
    turn = need_int(state["turn"], "state.turn", 0, 1 << 31)
    need_seat(state["turn_player"], seats, "state.turn_player")
    if state["first_player"] is not None:
        need_seat(state["first_player"], seats, "state.first_player")
    phases = {*PHASES, *(step.phase for step in engine.turn_steps)}
    if not isinstance(state["phase"], str) or state["phase"] not in phases:
        raise fail("state.phase", f"unknown phase {state['phase']!r}")
    if turn == 0 and state["phase"] != "setup":
        raise fail("state.phase", f"{state['phase']!r} before the first turn")
    need_int(state["decision_seq"], "state.decision_seq", 0, 1 << 62)


def check_modifiers(state: Mapping[str, Any], cards: int) -> None:
    whiles = state["flags"].get("while", {}) if isinstance(state["flags"], Mapping) else {}
    for i, mod in enumerate(need_list(state["modifiers"], "state.modifiers")):
        where = f"state.modifiers[{i}]"
        if not isinstance(mod, list | tuple) or len(mod) != 5:
            raise fail(where, "expected [uid, stat, amount, until, source]")
        need_uid(mod[0], cards, where)
        need(mod[1], str, where, "a stat name")
        need_int(mod[2], where, -(1 << 31), 1 << 31)
        need(mod[3], str, where, "a duration")
        need(mod[4], str, where, "a source")
        if mod[3].startswith("while:") and (not isinstance(whiles, Mapping)
                                            or mod[3] not in whiles):
            raise fail(where, f"the duration {mod[3]!r} names no condition")


# What a battle in progress always records (battle.py, `start_battle`).
BATTLE_KEYS = ("attacker", "attacker_seat", "attacker_circle", "target", "target_seat",
               "target_circle", "booster", "booster_circle", "boost_applied", "no_hit", "hit",
               "drive_grades")


def check_battle(state: Mapping[str, Any], seats: tuple[str, ...], cards: int) -> None:
    battle = state["battle"]
    if battle is None:
        return
    need(battle, Mapping, "state.battle", "a mapping or null")
    missing = [key for key in BATTLE_KEYS if key not in battle]
    if missing:
        raise fail("state.battle", "missing " + ", ".join(missing))
    for key in ("attacker", "target"):
        need_uid(battle.get(key), cards, f"state.battle.{key}")
    if battle.get("booster") is not None:
        need_uid(battle["booster"], cards, "state.battle.booster")
    for key in ("attacker_seat", "target_seat"):
        need_seat(battle.get(key), seats, f"state.battle.{key}")
    players = state["players"]
    for key, seat_key in (("attacker_circle", "attacker_seat"), ("target_circle", "target_seat"),
                          ("booster_circle", "attacker_seat")):
        circle = battle.get(key)
        if key == "booster_circle" and circle is None:
            continue
        if not isinstance(circle, str) or circle not in players[battle[seat_key]]["circles"]:
            raise fail(f"state.battle.{key}", f"{circle!r} is not a circle of "
                       f"{battle[seat_key]}")
    need(battle.get("boost_applied"), bool, "state.battle.boost_applied", "true or false")
    if battle.get("hit") is not None:
        need(battle["hit"], bool, "state.battle.hit", "true, false or null")
    need_list(battle.get("no_hit"), "state.battle.no_hit")
    check_battle_extras(battle, players, cards)


def check_battle_extras(battle: Mapping[str, Any], players: Mapping[str, Any],
                        cards: int) -> None:
    """The optional parts of a battle (battle.py): a column battle's attacked units and
    guardians, guardians picked to be called together."""
    for i, picked in enumerate(need_list(battle.get("guard_group", []),
                                         "state.battle.guard_group")):
        where = f"state.battle.guard_group[{i}]"
        if (not isinstance(picked, list) or not 1 <= len(picked) <= 2
                or not all(isinstance(p, str) for p in picked)):
            raise fail(where, "expected [card id] or [card id, circle]")
    if "targets" not in battle:
        return
    circles = players[battle["target_seat"]]["circles"]
    for i, pair in enumerate(need_list(battle["targets"], "state.battle.targets")):
        where = f"state.battle.targets[{i}]"
        if not isinstance(pair, list) or len(pair) != 2 or pair[1] not in circles:
            raise fail(where, "expected [uid, a circle of the attacked player]")
        need_uid(pair[0], cards, where)
    guarding = need(battle.get("guarding"), Mapping, "state.battle.guarding", "a mapping")
    for key, uid in guarding.items():
        if not isinstance(key, str) or not key.isdigit() or int(key) >= cards:
            raise fail(f"state.battle.guarding.{key}", "keys are guardians' uids")
        need_uid(uid, cards, f"state.battle.guarding.{key}")
    for i, grade in enumerate(need_list(battle.get("drive_grades"), "state.battle.drive_grades")):
        need_int(grade, f"state.battle.drive_grades[{i}]", -16, 1 << 16)


def check_flags(engine: Engine, state: Mapping[str, Any], seats: tuple[str, ...],
                cards: int) -> None:
    """Every flag declared (`vgcore_flag_shapes`) and of its shape; granted abilities and
    "while" conditions must resolve."""
    flags = need(state["flags"], Mapping, "state.flags", "a mapping")
    check_declared(flags, engine.flag_shapes["game"], seats, cards, "state.flags")
    for seat in seats:
        check_declared(state["players"][seat]["flags"], engine.flag_shapes["player"], seats,
                       cards, f"state.players.{seat}.flags")
    granted = need(flags.get("granted", {}), Mapping, "state.flags.granted", "a mapping")
    for key, entry in granted.items():
        where = f"state.flags.granted.{key}"
        need_keys(entry, where, ("uid", "by", "path", "until"))
        need_uid(entry["uid"], cards, f"{where}.uid")
        need(entry["until"], str, f"{where}.until", "a duration")
        node = resolve_path(engine, state, entry["by"], entry["path"], where, set())
        if not isinstance(node, Mapping) or "kind" not in node:
            raise fail(where, "the path names no ability")
    players = need(flags.get("player_granted", {}), Mapping, "state.flags.player_granted",
                   "a mapping")
    for key, entry in players.items():
        where = f"state.flags.player_granted.{key}"
        need_keys(entry, where, ("seat", "by", "path", "until"))
        need_seat(entry["seat"], seats, f"{where}.seat")
        need(entry["until"], str, f"{where}.until", "a duration")
        node = resolve_path(engine, state, entry["by"], entry["path"], where, set())
        if not isinstance(node, Mapping) or node.get("kind") != "cont":
            raise fail(where, "the path names no CONT ability")
    whiles = need(flags.get("while", {}), Mapping, "state.flags.while", "a mapping")
    for key, entry in whiles.items():
        where = f"state.flags.while.{key}"
        need_keys(entry, where, ("seat", "uid", "by", "path"))
        need_seat(entry["seat"], seats, f"{where}.seat")
        need_uid(entry["uid"], cards, f"{where}.uid")
        resolve_path(engine, state, entry["by"], entry["path"], where, set())
    for key in ("grant_seq", "pending_seq"):
        if key in flags:
            need_int(flags[key], f"state.flags.{key}")


def check_declared(flags: Mapping[str, Any], shapes: Mapping[str, Any],
                   seats: tuple[str, ...], cards: int, where: str) -> None:
    for name, value in flags.items():
        if name not in shapes:
            raise fail(f"{where}.{name}", "no plugin of this format declares this flag")
        check_shape(value, shapes[name], seats, cards, f"{where}.{name}")


def check_shape(value: Any, shape: Any, seats: tuple[str, ...], cards: int,
                where: str) -> None:
    """`value` against a flag shape (see `vgcore_flag_shapes`): a shape string or a callable."""
    if callable(shape):
        problem = shape(value, seats, cards)
        if problem is not None:
            raise fail(where, str(problem))
        return
    shape = shape.strip()
    if shape.endswith("?"):
        if value is not None:
            check_shape(value, shape[:-1], seats, cards, where)
    elif shape.startswith("["):
        parts = split_shape(shape[1:-1])
        items = need_list(value, where)
        if len(parts) > 1 and len(items) != len(parts):
            raise fail(where, f"expected {len(parts)} items, got {len(items)}")
        for i, item in enumerate(items):
            check_shape(item, parts[i] if len(parts) > 1 else parts[0], seats, cards,
                        f"{where}[{i}]")
    elif shape.startswith("{"):
        check_shape_mapping(value, shape, seats, cards, where)
    else:
        check_word(value, shape, seats, cards, where)


def check_shape_mapping(value: Any, shape: str, seats: tuple[str, ...], cards: int,
                        where: str) -> None:
    fields = shape_fields(shape)
    need(value, Mapping, where, "a mapping")
    if len(fields) == 1 and next(iter(fields)) in ("str", "uid"):
        key_kind, item = next(iter(fields.items()))
        for key, entry in value.items():
            need(key, str, where, "text keys")
            if key_kind == "uid" and not (key.isdigit() and int(key) < cards):
                raise fail(where, f"key {key[:20]!r} is not a card of this game")
            check_shape(entry, item, seats, cards, f"{where}.{key}")
        return
    need_keys(value, where, tuple(fields))
    for key, item in fields.items():
        check_shape(value[key], item, seats, cards, f"{where}.{key}")


def check_word(value: Any, word: str, seats: tuple[str, ...], cards: int, where: str) -> None:
    if word == "int":
        need_int(value, where, -INT_BOUND)
    elif word == "bool":
        need(value, bool, where, "true or false")
    elif word == "str":
        need(value, str, where, "text")
    elif word == "seat":
        need_seat(value, seats, where)
    elif word == "uid":
        need_uid(value, cards, where)
    elif word != "any":
        raise ValueError(f"unknown flag shape word {word!r}")


SHAPE_WORDS = frozenset({"int", "bool", "str", "seat", "uid", "any"})


def shape_problem(shape: Any) -> str | None:
    """Why a declared flag shape cannot be read (None when it can): checked when the engine
    is built, so a plugin's typo is found before any snapshot."""
    if callable(shape):
        return None
    if not isinstance(shape, str) or not shape.strip():
        return f"{shape!r} is not a shape"
    shape = shape.strip().removesuffix("?")
    if shape.startswith("[") and shape.endswith("]"):
        parts = split_shape(shape[1:-1])
    elif shape.startswith("{") and shape.endswith("}"):
        fields = split_shape(shape[1:-1])
        if any(":" not in f for f in fields):
            return f"{shape!r}: a mapping shape is {{key: shape, ...}}"
        parts = [f.split(":", 1)[1] for f in fields]
    elif shape in SHAPE_WORDS:
        return None
    else:
        return f"unknown shape word {shape!r}"
    return next((p for p in map(shape_problem, parts) if p is not None), None)


def shape_fields(shape: str) -> dict[str, str]:
    """The {key: item shape} of a mapping shape ("{uid: [uid]}", "{turn: int, count: int}")."""
    return dict(tuple(p.strip() for p in part.split(":", 1))
                for part in split_shape(shape[1:-1]))


def split_shape(text: str) -> list[str]:
    """The comma-separated parts of a shape, not splitting inside brackets."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch in "[{"
        depth -= ch in "]}"
        if ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return parts


def ability_spec(engine: Engine, state: Mapping[str, Any], ref: Any, where: str,
                 seen: set[str]) -> Any:
    """The declaration a reference names: a printed ability {card, ab} or a grant."""
    need(ref, Mapping, where, "an ability reference")
    grant = ref.get("grant")
    if grant:
        granted = state["flags"].get("granted", {})
        if not isinstance(grant, str) or grant not in granted:
            raise fail(where, f"the granted ability {grant!r} does not exist")
        if grant in seen:
            raise fail(where, f"the granted ability {grant!r} is granted by itself")
        entry = granted[grant]
        return resolve_path(engine, state, entry.get("by"), entry.get("path"),
                            f"state.flags.granted.{grant}", seen | {grant})
    card, number = ref.get("card"), ref.get("ab")
    script = engine.script(card) if isinstance(card, str) and card in engine.db else None
    if script is None:
        raise fail(where, f"{card!r} has no abilities")
    if not is_int(number) or not 1 <= number <= len(script.abilities):
        raise fail(where, f"{card} has no ability {number!r}")
    return script.abilities[number - 1].spec


def resolve_path(engine: Engine, state: Mapping[str, Any], by: Any, path: Any, where: str,
                 seen: set[str]) -> Any:
    node = ability_spec(engine, state, by, f"{where}.by", seen)
    for part in need_list(path, f"{where}.path"):
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            raise fail(f"{where}.path", f"{part!r} leads nowhere in the ability") from None
    return getattr(node, "spec", node)  # a granted ability is built: its declaration


def check_pending(engine: Engine, state: Mapping[str, Any], seats: tuple[str, ...],
                  cards: int) -> None:
    ids = set()
    for i, pa in enumerate(need_list(state.get("pending", []), "state.pending")):
        where = f"state.pending[{i}]"
        check_ability_use(engine, state, pa, seats, cards, where)
        if pa["id"] in ids:
            raise fail(f"{where}.id", f"two pending abilities are #{pa['id']}")
        ids.add(pa["id"])


def check_ability_use(engine: Engine, state: Mapping[str, Any], pa: Any,
                      seats: tuple[str, ...], cards: int, where: str) -> None:
    """A pending (or resolving) ability: its card, controller and a real ability."""
    need(pa, Mapping, where, "a mapping")
    need_int(pa.get("id"), f"{where}.id")
    uid = need_uid(pa.get("uid"), cards, f"{where}.uid")
    need_seat(pa.get("seat"), seats, f"{where}.seat")
    if pa.get("card") != state["card_ids"][uid]:
        raise fail(f"{where}.card", f"{pa.get('card')!r}, but card {uid} is "
                   f"{state['card_ids'][uid]}")
    need_int(pa.get("ab"), f"{where}.ab", 1, 1 << 16)
    if pa.get("event") is not None:
        need(pa["event"], Mapping, f"{where}.event", "an event or null")
    spec = ability_spec(engine, state, pa, where, set())
    if not isinstance(spec, Mapping):
        raise fail(where, "names no ability")


# -- the procedure stack --------------------------------------------------------------------

# The fields core frames read, by kind: (field, check, required). A plugin's own kinds declare
# theirs in `FrameKind.fields`; other fields are only checked for being plain JSON.
UIDS_PENDING = "pending ids"
SEAT, UID, UID_OR_NONE, UIDS, COUNT, FLAG, LIST, MAP, TEXT = (
    "seat", "uid", "uid?", "uids", "count", "flag", "list", "map", "text")
FRAME_FIELDS: dict[str, tuple[tuple[str, Any, bool], ...]] = {
    "game": (("s", COUNT, True),),
    "setup": (("stage", COUNT, True), ("i", COUNT, True), ("pick", MAP, False)),
    "turn": (("i", COUNT, True), ("started", FLAG, False)),
    "check_timing": (("seat", SEAT, False), ("ready", UIDS_PENDING, False)),
    "battle_phase": (("s", COUNT, False),),
    "attack_step": (("hold", FLAG, False),),
    "battle_round": (("i", COUNT, True),),
    "guard_step": (("s", COUNT, False), ("passes", COUNT, False), ("who", COUNT, False)),
    "check": (("type", TEXT, True), ("seat", SEAT, True), ("left", COUNT, True),
              ("card", UID_OR_NONE, True), ("by", UID_OR_NONE, False), ("hold", FLAG, False)),
    "trigger": (("card", UID, True), ("seat", SEAT, True), ("check", TEXT, True),
                ("stages", LIST, True)),
    "resolve": (("pa", MAP, True), ("s", COUNT, True), ("b", MAP, True), ("dyn", LIST, False)),
    "block": (("r", COUNT, True), ("path", LIST, True), ("i", COUNT, True)),
    "step": (("r", COUNT, True), ("path", LIST, True), ("s", COUNT, False),
             ("pick", MAP, False), ("left", LIST, False), ("tokens", COUNT, False),
             ("made", UIDS, False), ("placed", LIST, False)),
}


def check_stack(engine: Engine, state: Mapping[str, Any], seats: tuple[str, ...],
                cards: int) -> None:
    stack = need_list(state["stack"], "state.stack")
    if len(stack) > MAX_STACK:
        raise fail("state.stack", f"{len(stack)} frames; at most {MAX_STACK}")
    if stack and (not isinstance(stack[0], Mapping) or stack[0].get("k") != "game"):
        raise fail("state.stack[0]", "the bottom frame is the game's")
    for i, frame in enumerate(stack):
        where = f"state.stack[{i}]"
        need(frame, Mapping, where, "a frame (a mapping)")
        kind = frame.get("k")
        if not isinstance(kind, str) or kind not in engine.frames:
            raise fail(f"{where}.k", f"unknown frame kind {kind!r}")
        for name, check, required in engine.frames[kind].fields or FRAME_FIELDS.get(kind, ()):
            if name not in frame:
                if required:
                    raise fail(where, f"a {kind} frame needs {name!r}")
                continue
            check_field(frame[name], check, seats, cards, f"{where}.{name}")
        if "pick" in frame:
            check_pick(frame["pick"], seats, cards, f"{where}.pick")
        check_frame(engine, state, stack, i, seats, cards, where)
    check_stack_order(engine, state, stack)


# Where the core's frames sit: the kind of the frame directly below one of these kinds.
BELOW = {"turn": {"game"}, "setup": {"game"}, "step": {"block"}, "block": {"block", "resolve"},
         "attack_step": {"battle_phase"}, "battle_round": {"battle_phase"}}


def check_stack_order(engine: Engine, state: Mapping[str, Any], stack: Any) -> None:
    """Frames in the order the procedure pushes them: a turn's steps on the turn, a battle's
    steps on its round (and only while there is a battle), a step on its block."""
    below = dict(BELOW)
    for step in engine.turn_steps:
        below.setdefault(step.kind, {"turn"})
    for kind in engine.battle_steps:
        below.setdefault(kind, {"battle_round"})
    battle_kinds = {"battle_round", *engine.battle_steps}
    for i, frame in enumerate(stack[1:], start=1):
        kind, under = frame["k"], stack[i - 1]["k"]
        if kind in below and under not in below[kind]:
            raise fail(f"state.stack[{i}]", f"a {kind} frame does not go on a {under} frame")
        if kind in battle_kinds and state["battle"] is None:
            raise fail(f"state.stack[{i}]", f"a {kind} frame with no battle going on")


def check_field(value: Any, check: Any, seats: tuple[str, ...], cards: int, where: str) -> None:
    if isinstance(check, tuple):
        if not isinstance(value, str) or value not in check:
            raise fail(where, f"{value!r} is not one of " + ", ".join(check))
    elif check == UIDS:
        for i, uid in enumerate(need_list(value, where)):
            need_uid(uid, cards, f"{where}[{i}]")
    elif check == SEAT:
        need_seat(value, seats, where)
    elif check == UID or (check == UID_OR_NONE and value is not None):
        need_uid(value, cards, where)
    elif check == COUNT:
        need_int(value, where, 0, 1 << 31)
    elif check == FLAG:
        need(value, bool, where, "true or false")
    elif check in (LIST, UIDS_PENDING):
        need_list(value, where)
    elif check == MAP:
        need(value, Mapping, where, "a mapping")
    elif check == TEXT:
        need(value, str, where, "text")


def check_frame(engine: Engine, state: Mapping[str, Any], stack: Any, i: int,
                seats: tuple[str, ...], cards: int, where: str) -> None:
    """What ties a core frame to the rest: indices in range, the ability it resolves."""
    frame = stack[i]
    kind = frame["k"]
    if kind == "turn" and frame["i"] > len(engine.turn_steps):
        raise fail(f"{where}.i", f"the turn has {len(engine.turn_steps)} steps")
    if kind == "battle_round" and frame["i"] > len(engine.battle_steps):
        raise fail(f"{where}.i", f"the battle has {len(engine.battle_steps)} steps")
    if kind == "resolve":
        check_ability_use(engine, state, frame["pa"], seats, cards, f"{where}.pa")
        check_resolved_together(engine, state, stack, i, seats, cards, f"{where}.pa")
        check_returned_steps(engine, frame, f"{where}.dyn")
        for name, uids in frame["b"].items():
            for j, uid in enumerate(need_list(uids, f"{where}.b.{name}")):
                need_uid(uid, cards, f"{where}.b.{name}[{j}]")
    elif kind == "trigger":
        check_trigger_stages(frame["stages"], f"{where}.stages")
        decision = state["decision"]
        if (i == len(stack) - 1 and isinstance(decision, Mapping)
                and decision.get("kind") == "trigger"):
            from vgcore.triggers import CHOSEN_PARTS

            stages = frame["stages"]
            if not stages or stages[0][0] not in CHOSEN_PARTS:
                raise fail(f"{where}.stages", "no part of the trigger is being chosen")
    elif (kind == "check_timing" and "ready" in frame and i == len(stack) - 1
          and state["decision"] is not None):
        # Asking which ability resolves next: the ones offered are pending (an older
        # frame's `ready` is stale until it runs again).
        ids = {pa["id"] for pa in state.get("pending", [])}
        for j, pid in enumerate(need_list(frame["ready"], f"{where}.ready")):
            if not is_int(pid) or pid not in ids:
                raise fail(f"{where}.ready[{j}]", f"{pid!r} is not a pending ability")
    elif kind in ("block", "step"):
        r = frame["r"]
        if r >= i or not isinstance(stack[r], Mapping) or stack[r].get("k") != "resolve":
            raise fail(f"{where}.r", f"{r} is not a resolve frame below this one")
        check_step_path(engine, state, stack[r], frame, where)
        if kind == "step":
            for name in ("left", "placed"):
                for j, uid in enumerate(frame.get(name, ())):
                    need_uid(uid, cards, f"{where}.{name}[{j}]")


def check_resolved_together(engine: Engine, state: Mapping[str, Any], stack: Any, i: int,
                            seats: tuple[str, ...], cards: int, where: str) -> None:
    """Abilities resolved as one (Alchemagic): `with` names a real ability, `after` a resolve
    frame below, `waive` cost kinds."""
    pa = stack[i]["pa"]
    if "with" in pa:
        check_ability_use(engine, state, pa["with"], seats, cards, f"{where}.with")
    if "after" in pa:
        after = need_int(pa["after"], f"{where}.after", 0, i)
        if not isinstance(stack[after], Mapping) or stack[after].get("k") != "resolve":
            raise fail(f"{where}.after", f"{after} is not a resolve frame below this one")
    for j, op in enumerate(need_list(pa.get("waive", []), f"{where}.waive")):
        need(op, str, f"{where}.waive[{j}]", "a cost kind")


PICK_KEYS = ("seat", "cands", "picked", "low", "high", "verb", "stop", "need", "stopped",
             "weights")


def check_pick(pick: Any, seats: tuple[str, ...], cards: int, where: str) -> None:
    """A choice of several cards in progress (steps.start_picks), in any frame."""
    need_keys(pick, where, PICK_KEYS)
    need_seat(pick["seat"], seats, f"{where}.seat")
    cands = [need_uid(u, cards, f"{where}.cands[{i}]")
             for i, u in enumerate(need_list(pick["cands"], f"{where}.cands"))]
    picked = [need_uid(u, cards, f"{where}.picked[{i}]")
              for i, u in enumerate(need_list(pick["picked"], f"{where}.picked"))]
    if len(set(cands)) != len(cands) or len(set(picked)) != len(picked):
        raise fail(where, "a card offered or picked twice")
    if not set(picked) <= set(cands):
        raise fail(f"{where}.picked", "a card that was not offered")
    high = need_int(pick["high"], f"{where}.high", 0, len(cands) + 1)
    need_int(pick["low"], f"{where}.low", 0, high + 1)
    if len(picked) > high:
        raise fail(f"{where}.picked", f"{len(picked)} cards, at most {high}")
    for key in ("verb", "stop"):
        word = need(pick[key], str, f"{where}.{key}", "an answer's verb")
        if not word or word.split() != [word]:
            raise fail(f"{where}.{key}", f"{word!r} is not a verb")
    need_int(pick["need"], f"{where}.need", 0, 1 << 31)
    need(pick["stopped"], bool, f"{where}.stopped", "true or false")
    weights = pick["weights"]
    if weights is not None:
        if len(need_list(weights, f"{where}.weights")) != len(cands):
            raise fail(f"{where}.weights", f"{len(weights)} weights for {len(cands)} cards")
        for i, w in enumerate(weights):
            need_int(w, f"{where}.weights[{i}]", 0, 1 << 16)


def check_trigger_stages(stages: Any, where: str) -> None:
    """A trigger's stages still to apply: one automatic part, or parts chosen in turn."""
    from vgcore.triggers import AUTOMATIC_PARTS, CHOSEN_PARTS

    for i, stage in enumerate(stages):
        here = f"{where}[{i}]"
        if not isinstance(stage, list | tuple) or not stage:
            raise fail(here, "expected a list of trigger parts")
        chosen = all(isinstance(p, str) and p in CHOSEN_PARTS for p in stage)
        single = len(stage) == 1 and isinstance(stage[0], str) and stage[0] in AUTOMATIC_PARTS
        if not (chosen or single):
            raise fail(here, f"{list(stage)} is not a stage of a trigger")


def check_returned_steps(engine: Engine, res: Mapping[str, Any], where: str) -> None:
    """Step lists a card's function returned in this resolution are checked again, as when
    they were returned (they are data in the snapshot like any other)."""
    from vgcore.scripting.declarations import check_steps

    card_id = res["pa"]["card"]
    for i, steps in enumerate(need_list(res.get("dyn", ()), where)):
        try:
            check_steps(engine, card_id, engine.db[card_id].script or "", steps,
                        ("abilities", 0, "returned"))
        except ScriptError as exc:
            raise fail(f"{where}[{i}]", exc.message) from None
        except (TypeError, ValueError, KeyError, IndexError) as exc:
            raise fail(f"{where}[{i}]", f"not a list of steps ({exc})") from None


def check_step_path(engine: Engine, state: Mapping[str, Any], res: Mapping[str, Any],
                    frame: Mapping[str, Any], where: str) -> None:
    """A block's path leads to a list of steps, a step's to one step of a known op."""
    from vgcore.steps import DYNAMIC

    path = list(frame["path"])
    if path and path[0] == DYNAMIC:
        dyn = res.get("dyn")
        if (not isinstance(dyn, list | tuple) or len(path) < 2 or not is_int(path[1])
                or not 0 <= path[1] < len(dyn)):
            raise fail(f"{where}.path", "names a step list this resolution did not make")
        node: Any = dyn[path[1]]
        path = path[2:]
    else:
        node = ability_spec(engine, state, res["pa"], f"{where}.r", set())
    for part in path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            raise fail(f"{where}.path", f"{part!r} leads nowhere in the ability") from None
    if frame["k"] == "block" and not isinstance(node, list | tuple):
        raise fail(f"{where}.path", "leads to no list of steps")
    if frame["k"] == "step" and (not isinstance(node, Mapping)
                                 or node.get("op") not in engine.step_kinds):
        raise fail(f"{where}.path", "leads to no step")


# -- the log, the result, the decision ------------------------------------------------------


def check_log_and_result(engine: Engine, state: Mapping[str, Any]) -> None:
    """Events numbered in order; a result only with its `game_over` event and no question."""
    log = need_list(state["log"], "state.log")
    seats = engine.seat_layout.seats
    over = None
    for n, event in enumerate(log):
        where = f"state.log[{n}]"
        need(event, Mapping, where, "an event (a mapping)")
        need(event.get("kind"), str, f"{where}.kind", "an event kind")
        if event.get("n") != n:
            raise fail(f"{where}.n", f"{event.get('n')!r}, but the event is number {n}")
        check_private(event.get("private"), f"{where}.private", seats)
        if event["kind"] == "game_over":
            over = event
    result = state["result"]
    teams = (*engine.seat_layout.team_ids(), "draw")
    if result is None:
        if over is not None:
            raise fail("state.result", f"none, but event {over['n']} ended the game")
        if state["decision"] is None:
            raise fail("state.decision", "none while the game goes on")
        if not state["stack"]:
            raise fail("state.stack", "empty while the game goes on")
        return
    if result not in teams:
        raise fail("state.result", f"{result!r} is not a team or \"draw\"")
    if over is None or over.get("result") != result:
        raise fail("state.result", f"{result!r}, but no game_over event says so")
    losers = over.get("losers")
    if not isinstance(losers, Mapping) or any(not isinstance(r, str)
                                              for r in losers.values()):
        raise fail(f"state.log[{over['n']}].losers", "expected a mapping seat -> reason")
    if state["decision"] is not None:
        raise fail("state.decision", "a question after the game ended")


def check_private(private: Any, where: str, seats: tuple[str, ...]) -> None:
    """Who may read an event: everyone (None), one seat, or a list of seats (views.may_read)."""
    if private is None or (isinstance(private, str) and private in seats):
        return
    if isinstance(private, list) and all(isinstance(s, str) and s in seats for s in private):
        return
    raise fail(where, f"{private!r} names no seat (expected a seat or a list of seats: "
               + ", ".join(seats) + ")")


def check_decision_shape(state: Mapping[str, Any], seats: tuple[str, ...]) -> None:
    d = state["decision"]
    if d is None:
        return
    need_keys(d, "state.decision", DECISION_KEYS, frozenset({"data"}))
    if d["id"] != state["decision_seq"]:
        raise fail("state.decision.id", f"{d['id']!r}, but the last question asked was "
                   f"#{state['decision_seq']}")
    need_seat(d["seat"], seats, "state.decision.seat")
    for key in ("kind", "prompt"):
        need(d[key], str, f"state.decision.{key}", "text")
    options = need_list(d["options"], "state.decision.options")
    for key in ("min", "max"):
        need_int(d[key], f"state.decision.{key}", 0, 1 << 16)
    need(d["optional"], bool, "state.decision.optional", "true or false")
    need(d.get("data", {}), Mapping, "state.decision.data", "a mapping")
    if not options:
        raise fail("state.decision.options", "a question with no answer")
    if len(options) == 1 and not d["optional"]:
        raise fail("state.decision.options", "one answer that is not a \"may\" is never "
                   "asked (it is taken at once)")
    for i, option in enumerate(options):
        if not isinstance(option, str):
            raise fail(f"state.decision.options[{i}]", "expected an action string")
        try:
            parse(option)
        except VgError as exc:
            raise fail(f"state.decision.options[{i}]", str(exc)) from None
    if len(set(options)) != len(options):
        raise fail("state.decision.options", "an answer listed twice")


# -- on the rebuilt game -----------------------------------------------------------------


def check_decision(game: Game) -> None:
    """Ask the pending question again on a copy and compare: a decision whose options, seat,
    kind or prompt were edited is refused. The top frame asked it, so running that frame
    again on a copy, with no question pending, asks it again; the copy stops at that question
    and, if nothing else changed on the way (the frame only asks), it must be the same. A
    frame that does other work before asking is left to the structural checks."""
    st = game.state
    d = st.decision
    if d is None:
        return
    kind = game.engine.frames[st.stack[-1]["k"]]
    if kind.answer is None:
        raise fail("state.decision", f"the top frame ({st.stack[-1]['k']}) asks no questions")
    try:
        again = _asked_again(game)
    except ScriptError:
        return  # a card script failed while offering: nothing can be concluded
    except (VgError, LookupError, TypeError, ValueError, AttributeError, AssertionError,
            RuntimeError, ArithmeticError) as exc:
        raise fail("state", f"the pending question cannot be asked in this state "
                   f"({type(exc).__name__}: {exc})") from None
    if again is None:
        return  # the frame asked nothing, or did more than ask: nothing to compare
    if again.to_json() != d.to_json():
        raise fail("state.decision", "does not match the question this state asks "
                   f"({again.kind} for {again.seat}: " + ", ".join(again.option_strings()[:6])
                   + (", …" if len(again.options) > 6 else "") + ")")


def ask_again(game: Game) -> Decision | None:
    """The pending question as the state would ask it now, asked again on a copy as
    `check_decision` does; None when there is no question, or its frame does more than ask
    (or fails) so that it cannot be asked again. A determinized game (vgcore.determinize)
    asks another seat's question again after dealing that seat's hidden cards anew."""
    st = game.state
    if st.decision is None or not st.stack:
        return None
    if game.engine.frames[st.stack[-1]["k"]].answer is None:
        return None
    try:
        return _asked_again(game)
    except VgError:
        return None


def _asked_again(game: Game) -> Decision | None:
    """Run the top frame (which asked the pending question) on a copy with no question
    pending: the question it asks, or None when it asks nothing or changes the game on the
    way (it does more than ask). Errors of the run propagate."""
    from vgcore.decisions import Decision

    st = game.state
    d = st.decision
    assert d is not None
    probe = Game(game.engine, st.clone())
    probe.probing = True
    probe.state.decision = None
    probe.state.decision_seq = d.id - 1
    try:
        game.engine.frames[st.stack[-1]["k"]].run(probe, probe.state.stack[-1])
    except Asked as asked:
        return Decision(d.id, *asked.args) if same_apart_from_decision(asked.game, game) else None
    return None


def probe_answers(game: Game) -> None:
    """Answer the pending question on a clone, each legal answer in turn, and run on to the
    next question: a snapshot the structural checks let through but on which an answer
    makes the engine raise something not its own (`VgError`s, script errors included, are
    the engine's) is refused, naming the answer. This covers the frames `check_decision`
    cannot ask again (they do other work before asking: costs, "may", heals)."""
    for option in game.legal_actions():
        probe = game.clone()
        try:
            probe.apply(option)
        except VgError:
            continue
        except Exception as exc:  # the point: anything else means the state breaks the engine
            raise fail("state", f"answering {str(option)!r} breaks the game "
                       f"({type(exc).__name__})") from None


def same_apart_from_decision(probe: Game, game: Game) -> bool:
    a, b = probe.state, game.state
    return (len(a.log) == len(b.log) and a.rng.to_json() == b.rng.to_json()
            and a.stack == b.stack and a.pending == b.pending and a.flags == b.flags
            and a.modifiers == b.modifiers and a.battle == b.battle and a.players == b.players
            and a.loc == b.loc and a.face_up == b.face_up and a.rested == b.rested
            and a.turn == b.turn and a.phase == b.phase and a.result == b.result
            and a.decision_seq == b.decision_seq)

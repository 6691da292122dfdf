"""Formats: the rules parameters of one era ("regulation"), read from YAML files.

A format file sets parameters (trigger power, clan/nation checks, guardian limits, mulligan,
deck construction…), names the plugins it enables and may `extends:` another format to change
only what differs (RULES.md, table of eras). Loading is two steps so that plugins can contribute
files: `load_format_file` reads and validates one file, `resolve_formats` joins a whole set of
them, following `extends` chains. `load_formats(paths)` does both.

Inheritance: a derived format starts from its base's resolved values; mappings (`deck`,
`trigger_values`, `deck.trigger_caps`, `limits`, `options`) merge key by key, every other value
(lists included) replaces the base's. `id`, `name`, `description` and `extends` are never inherited.
In `trigger_values` and `trigger_caps`, `null` removes an inherited entry.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

from vgcore.carddb import MAX_ID, MAX_NAME, MAX_STAT, TRIGGERS
from vgcore.errors import FormatError
from vgcore.yamlio import check_schema, error_at, load_yaml, schema_validator

STANDARD_FORMATS_DIR: Final = Path(__file__).parent / "standard" / "formats"
AFFILIATIONS: Final = ("clan", "nation", "none")
MULLIGANS: Final = ("shuffle_back", "bottom_then_draw")
FIRST_VANGUARD_SOURCES: Final = ("main_deck", "ride_deck")
# random, or a seat of the format's table (A, B; A1, B1, A2, B2 at a tag fight), checked
# against the table when the format's engine is built.
FIRST_PLAYER_PATTERN: Final = "^(random|[A-Z][0-9]*)$"

# Keys a format that extends nothing must set itself: they differ between eras, so a silent
# default would hide a mistake. Everything else defaults to the common core (RULES.md §3 to §9).
ERA_KEYS: Final = (
    "trigger_power", "triggers", "trigger_check", "affiliation", "guardian_grade_limit",
    "no_shield_cannot_guard", "mulligan", "first_vanguard", "ride_deck",
)
_NOT_INHERITED: Final = ("id", "name", "description", "extends")
#: Largest deck-construction number a format may set (deck size, copies, trigger counts,
#: ride deck size), and the most cards a deck file may list: deck checks loop over them.
MAX_DECK_CARDS: Final = 1000


@dataclass(frozen=True, kw_only=True)
class DeckRules:
    """Deck construction limits (RULES.md §3)."""

    size: int = 50
    max_copies: int = 4            # per card name
    triggers: int = 16             # exactly this many trigger units
    max_heal: int = 4
    max_sentinels: int | None = None  # None = no limit
    trigger_caps: Mapping[str, int] = field(default_factory=dict, hash=False)  # per type
    ride_deck_size: int = 0        # 0 = no ride deck
    # True: the ride deck counts inside `size` and inside the copy/trigger limits (D 2021).
    ride_deck_in_main: bool = True
    min_grade0: int = 1            # grade 0 units available as the first vanguard

    def __post_init__(self) -> None:
        object.__setattr__(self, "trigger_caps", MappingProxyType(dict(self.trigger_caps)))


@dataclass(frozen=True, kw_only=True)
class GameLimits:
    """How long a game may go on: the engine's own rule, not an official one.

    No driver (a naive loop, a buggy bot, a fuzzer) can keep a game alive for ever: when a
    player would start a turn after `turns_per_player` turns each, or when the players have
    answered `decisions_per_turn` decisions in one turn and the turn still asks, the game ends
    as a draw (reasons `turn_limit`, `decision_limit`). The defaults are several times longer
    than any game measured with `vgcore simulate` (at most about 20 turns per player and 55
    answers in one turn, every format, greedy and random agents), so no normal game meets them.

    The other limits end runaway games the same way (vgcore.limits: `step_limit`,
    `resolution_limit`, `pending_limit`, `script_limit`, `log_limit`): abilities that trigger
    each other for ever, a resolution that never ends, card scripts that eat CPU a little at a
    time, a log grown by endless free moves. Their defaults too are far above real games.
    """

    turns_per_player: int = 100    # each player's turns (a tag fight's four seats included)
    decisions_per_turn: int = 500  # answers given by anyone during one turn (set-up included)
    # Runaway games (vgcore.limits): loops of abilities, endless effects, hostile scripts.
    steps_per_decision: int = 20_000      # procedure steps from one answer to the next question
    resolutions_per_turn: int = 1_000     # abilities that begin resolving in one turn
    pending_abilities: int = 100          # abilities waiting to resolve at one time
    script_instructions_per_decision: int = 10_000_000  # Lua, all calls from answer to question
    log_events: int = 50_000              # events in the whole game's log


@dataclass(frozen=True, kw_only=True)
class Format:
    """One era's rules parameters; the engine and plugins read these instead of era names."""

    id: str
    name: str = ""                 # defaults to the id
    description: str = ""
    extends: str | None = None
    plugins: tuple[str, ...] = ()
    trigger_power: int             # power a trigger gives (RULES.md §6)
    trigger_values: Mapping[str, int] = field(default_factory=dict, hash=False)  # per type
    triggers: tuple[str, ...]      # trigger types that exist in this era
    trigger_check: str             # clan | nation | none: what a trigger must match to work
    affiliation: str               # clan | nation | none: one clan/nation per deck
    affiliation_exempt: tuple[str, ...] = ()
    guardian_grade_limit: bool     # guardian grade ≤ your vanguard's (RULES.md §5)
    no_shield_cannot_guard: bool   # a unit with no printed shield cannot guard
    mulligan: str                  # shuffle_back | bottom_then_draw (RULES.md §4)
    first_vanguard: str            # main_deck | ride_deck
    ride_deck: bool
    first_player: str = "random"   # random | a seat of the table (A | B; A1 … at a tag fight)
    first_player_draws: bool = True
    first_turn_attack: bool = False
    # Turns at the start of the game in which nobody attacks; None: 1, or 0 with
    # first_turn_attack (tag fight: 3, so the fourth player attacks first — RULES.md §13).
    no_attack_turns: int | None = None
    hand_size: int = 5
    damage_to_lose: int = 6
    max_orders_per_turn: int = 1
    deck: DeckRules = field(default_factory=DeckRules)
    limits: GameLimits = field(default_factory=GameLimits)
    default_decks: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict, hash=False)  # for plugins
    source: str | None = None      # the file that defined it

    def __post_init__(self) -> None:
        if not self.name:
            object.__setattr__(self, "name", self.id)
        for name in ("trigger_values", "options"):
            value = getattr(self, name)
            if not isinstance(value, MappingProxyType):
                object.__setattr__(self, name, MappingProxyType(dict(value)))

    @property
    def attack_free_turns(self) -> int:
        """How many turns at the start of the game have no attack (RULES.md §5, §13)."""
        if self.no_attack_turns is not None:
            return self.no_attack_turns
        return 0 if self.first_turn_attack else 1

    def trigger_power_of(self, trigger: str) -> int:
        """The power a trigger of this type gives (over: +100,000,000 in d-standard)."""
        return self.trigger_values.get(trigger, self.trigger_power)


def load_format_file(path: str | Path, *, within: str | Path | None = None) -> dict[str, Any]:
    """Read one format file and check its keys and value types; the raw mapping is returned.

    Whether `extends` names a real format, and whether a format without `extends` sets every
    era key, can only be checked with the other files: see `resolve_formats`. `within` is the
    card directory the file belongs to (`vgcore.cardfiles`).
    """
    data = load_yaml(path, within=within)
    check_schema(_FORMAT_VALIDATOR, data, path, label="format", cls=FormatError,
                 remember=True)
    return data


def resolve_formats(raws: Iterable[tuple[dict[str, Any], str]]) -> dict[str, Format]:
    """Join raw formats (each with its file) into resolved `Format`s by id.

    Errors (FormatError, located in the file): an id defined twice, `extends` naming an unknown
    format, an `extends` cycle, a root format missing an era key, contradictory settings.
    """
    by_id: dict[str, tuple[dict[str, Any], str]] = {}
    for raw, file in raws:
        check_schema(_FORMAT_VALIDATOR, raw, file, label="format", cls=FormatError,
                     remember=True)
        format_id = raw["id"]
        if format_id in by_id:
            raise error_at(file, ["id"], f"format {format_id!r} is defined twice: here and in "
                           f"{by_id[format_id][1]}", cls=FormatError)
        by_id[format_id] = (raw, file)
    merged: dict[str, dict[str, Any]] = {}
    for format_id in by_id:
        _merge_chain(format_id, by_id, merged, ())
    return {format_id: _build(format_id, merged[format_id], by_id[format_id][1])
            for format_id in by_id}


def load_formats(paths: Iterable[str | Path]) -> dict[str, Format]:
    """Load and resolve a set of format files together."""
    return resolve_formats((load_format_file(path), str(path)) for path in paths)


def standard_format_files() -> list[Path]:
    """The format files vgcore ships (premium, v-standard, d-standard)."""
    return sorted(STANDARD_FORMATS_DIR.glob("*.yaml"))


# --- private helpers -----------------------------------------------------------------------

def _int(minimum: int = 0, maximum: int = MAX_STAT) -> dict[str, Any]:
    return {"type": "integer", "minimum": minimum, "maximum": maximum}


def _count(minimum: int = 0, *, null: bool = False) -> dict[str, Any]:
    """A number of cards: at most MAX_DECK_CARDS."""
    return {"type": ["integer", "null"] if null else "integer", "minimum": minimum,
            "maximum": MAX_DECK_CARDS}


def _per_trigger(value: dict[str, Any]) -> dict[str, Any]:
    """A mapping trigger type → value; listing the types lets unknown ones be named."""
    return {"type": "object", "properties": dict.fromkeys(TRIGGERS, value),
            "additionalProperties": False}


def _strings() -> dict[str, Any]:
    """Names (plugins, decks, clans): short, and not too many, since messages list them."""
    return {"type": "array", "items": {"type": "string", "maxLength": MAX_NAME},
            "maxItems": 100}


_DECK_SCHEMA: Final = {
    "type": "object",
    "properties": {
        "size": _count(1), "max_copies": _count(1), "triggers": _count(), "max_heal": _count(),
        "max_sentinels": _count(null=True),
        "trigger_caps": _per_trigger(_count(null=True)),
        "ride_deck_size": _count(), "ride_deck_in_main": {"type": "boolean"},
        "min_grade0": _count(),
    },
    "additionalProperties": False,
}
_LIMITS_SCHEMA: Final = {
    "type": "object",
    "properties": {name: _int(1) for name in (
        "turns_per_player", "decisions_per_turn", "steps_per_decision", "resolutions_per_turn",
        "pending_abilities", "script_instructions_per_decision", "log_events")},
    "additionalProperties": False,
}
FORMAT_SCHEMA: Final[dict[str, Any]] = {
    "type": "object",
    "required": ["id"],
    "properties": {
        "id": {"type": "string", "minLength": 1, "maxLength": MAX_ID},
        "name": {"type": "string", "maxLength": MAX_NAME},
        "description": {"type": "string"},
        "extends": {"type": ["string", "null"], "maxLength": MAX_ID},
        "plugins": _strings(),
        "add_plugins": _strings(),
        "trigger_power": _int(),
        "trigger_values": _per_trigger({"type": ["integer", "null"], "minimum": 0,
                                        "maximum": MAX_STAT}),
        "triggers": {"type": "array", "items": {"enum": list(TRIGGERS)}, "uniqueItems": True},
        "trigger_check": {"enum": list(AFFILIATIONS)},
        "affiliation": {"enum": list(AFFILIATIONS)},
        "affiliation_exempt": _strings(),
        "guardian_grade_limit": {"type": "boolean"},
        "no_shield_cannot_guard": {"type": "boolean"},
        "mulligan": {"enum": list(MULLIGANS)},
        "first_vanguard": {"enum": list(FIRST_VANGUARD_SOURCES)},
        "ride_deck": {"type": "boolean"},
        "first_player": {"type": "string", "pattern": FIRST_PLAYER_PATTERN},
        "first_player_draws": {"type": "boolean"},
        "first_turn_attack": {"type": "boolean"},
        "no_attack_turns": _count(null=True),
        "hand_size": _count(),
        "damage_to_lose": _count(1),
        "max_orders_per_turn": _count(),
        "deck": _DECK_SCHEMA,
        "limits": _LIMITS_SCHEMA,
        "default_decks": _strings(),
        "options": {"type": "object"},
    },
    "additionalProperties": False,
}
"""The JSON Schema of one format file (cross-file rules: see `resolve_formats`)."""
_FORMAT_VALIDATOR: Final = schema_validator(FORMAT_SCHEMA)


def _merge_chain(format_id: str, by_id: dict[str, tuple[dict[str, Any], str]],
                 merged: dict[str, dict[str, Any]], chain: tuple[str, ...]) -> dict[str, Any]:
    """The format's values merged over its base's, resolving bases first (memoised)."""
    if format_id in merged:
        return merged[format_id]
    raw, file = by_id[format_id]
    base_id = raw.get("extends")
    values: dict[str, Any] = {}
    if base_id is not None:
        if base_id in (*chain, format_id):
            cycle = " -> ".join([*chain[chain.index(base_id):], format_id, base_id]
                                if base_id in chain else [format_id, base_id])
            raise error_at(file, ["extends"], f"format {format_id!r} extends itself through "
                           f"a cycle: {cycle}", cls=FormatError)
        if base_id not in by_id:
            known = ", ".join(sorted(by_id)) or "none"
            raise error_at(file, ["extends"], f"format {format_id!r} extends unknown format "
                           f"{base_id!r} (known: {known})", cls=FormatError)
        base = _merge_chain(base_id, by_id, merged, (*chain, format_id))
        values = {k: v for k, v in base.items() if k not in _NOT_INHERITED}
    else:
        missing = [key for key in ERA_KEYS if key not in raw]
        if missing:
            raise error_at(file, [], f"format {format_id!r} extends no other format, so it must "
                           f"set {', '.join(missing)}", cls=FormatError)
    merged[format_id] = _deep_merge(values, raw)
    added = merged[format_id].pop("add_plugins", None)
    if added:  # the base's plugins (or this file's `plugins:`) and then these
        plugins = list(merged[format_id].get("plugins", ()))
        merged[format_id]["plugins"] = [*plugins, *(a for a in added if a not in plugins)]
    return merged[format_id]


def _deep_merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """`override` over `base`: nested mappings merge key by key, other values replace."""
    result = dict(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(result.get(key), Mapping):
            result[key] = _deep_merge(result[key], value)
        else:
            result[key] = value
    return result


def _build(format_id: str, values: dict[str, Any], file: str) -> Format:
    """A Format from merged values, after checks that span several keys."""
    deck_values = dict(values.get("deck", {}))
    deck_values["trigger_caps"] = _drop_nulls(deck_values.get("trigger_caps", {}))
    deck = DeckRules(**deck_values)
    limits = GameLimits(**values.get("limits", {}))
    fields = {k: v for k, v in values.items() if k not in ("deck", "limits")}
    for key in ("plugins", "triggers", "affiliation_exempt", "default_decks"):
        if key in fields:
            fields[key] = tuple(fields[key])
    fields["trigger_values"] = _drop_nulls(fields.get("trigger_values", {}))
    fmt = Format(**fields, deck=deck, limits=limits, source=file)
    problem = _contradiction(fmt)
    if problem is not None:
        key, message = problem
        raise error_at(file, key, f"format {format_id!r}: {message}", cls=FormatError)
    return fmt


def _drop_nulls(mapping: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in mapping.items() if value is not None}


def _contradiction(fmt: Format) -> tuple[list[str], str] | None:
    """The first pair of settings that cannot both hold, with the key to point at."""
    if fmt.first_vanguard == "ride_deck" and not fmt.ride_deck:
        return ["first_vanguard"], "first_vanguard is ride_deck, but ride_deck is false"
    if fmt.ride_deck and fmt.deck.ride_deck_size == 0:
        return ["deck", "ride_deck_size"], "ride_deck is true, so deck.ride_deck_size must be > 0"
    if not fmt.ride_deck and fmt.deck.ride_deck_size != 0:
        return ["deck", "ride_deck_size"], "ride_deck is false, so deck.ride_deck_size must be 0"
    if fmt.first_turn_attack and fmt.no_attack_turns:
        return ["no_attack_turns"], ("first_turn_attack is true, so no_attack_turns must be 0 "
                                     "or unset")
    return None

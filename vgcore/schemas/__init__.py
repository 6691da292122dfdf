"""JSON Schemas of vgcore's YAML files, for editors and tools: card sets, decks, formats, scenarios.

Each schema is built from the definitions the loaders validate with — `carddb.card_schema` and
`SET_FILE_SCHEMA`, `decks.DECK_SCHEMA`, `formats.FORMAT_SCHEMA`, the scenario loader's key lists —
and only decorated here: titles, descriptions for editor hovers, and the cross-field rules the
loaders check in code (a trigger unit needs a trigger type, a root format sets every era key).
The `.json` files beside this module are generated from `build()`: `python -m vgcore.schemas`
rewrites them, and tests/test_schemas.py fails when they differ from what the code builds.

The shipped files describe the core alone; `build("card", extra_fields=…, extra_kinds=…)` (and
`vgcore schema card`) adds the fields and kinds of the installed plugins. One difference from the
loaders remains: JSON Schema counts 5000.0 as an integer, vgcore's loaders do not.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any, Final

from vgcore.carddb import SET_FILE_SCHEMA, UNIT_KINDS, card_schema
from vgcore.decks import DECK_SCHEMA
from vgcore.formats import ERA_KEYS, FORMAT_SCHEMA
from vgcore.testing.expectations import UNIT_STATS, ZONE_COUNTS
from vgcore.testing.scenario import COVER
from vgcore.types import GC, STANDARD_CIRCLES, Phase, Zone

SCHEMA_NAMES: Final = ("card", "deck", "format", "scenario")
DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"
HERE: Final = Path(__file__).parent

SEAT_PATTERN: Final = "^[A-Z][0-9]*$"
"""Seats: `A`, `B` (tag fight: `A1`, `A2`, `B1`, `B2`)."""

CARD_FIELDS: Final = {
    "id": "Unique card id (`<PREFIX>-<GROUP>-NNN`); decks, scripts and scenarios name it. "
          "Never renumber or reuse a published id.",
    "name": "Card name; the copies-per-deck limit counts by name.",
    "kind": "normal_unit, trigger_unit, sentinel, overdress_unit or order (plugins add kinds).",
    "grade": "Grade, 0 to 3 (orders too may have one).",
    "power": "Printed power.",
    "shield": "Printed shield. Leave it out when none is printed (premium grade 3s); "
              "0 is a printed 0 (sentinels, V/D grade 3s).",
    "critical": "Printed critical, normally 1.",
    "skill": "Skill icon: boost (grade 0/1), intercept (grade 2), twin_drive or triple_drive.",
    "trigger": "Trigger type, trigger units only: critical, draw, heal, front, stand or over.",
    "trigger_power": "Power the trigger gives, when it differs from the format's.",
    "clan": "Clan (premium and V cards).",
    "nation": "Nation (D cards).",
    "race": "Printed race.",
    "text": "The card's abilities in the project's own words; \"\" for a vanilla unit. "
            "The engine reads the card's <ID>.lua script, not this text.",
    "sentinel": "true for cards with the sentinel keyword (at most 4 per V/D deck).",
    "persona_ride": "true for D grade 3s with the persona ride icon.",
    "implemented_by": "Who carries out an ability text that has no Lua script (e.g. a plugin's "
                      "name, for its pseudo-cards); that text is then one ability to cover.",
    "gift": "Imaginary gift icon (V): accel, force or protect.",
    "order_type": "Order cards only: normal, blitz, set, prison, left_deity_arms, "
                  "right_deity_arms.",
    "notes": "Free notes for people (a string or a list); the engine ignores them.",
}
SET_FILE_FIELDS: Final = {
    "set": "The set id (default: the directory's name).",
    "name": "The set's name, for people.",
    "description": "What the set is for.",
    "cards": "The card records.",
}
DECK_FIELDS: Final = {
    "name": "The deck's name; the same as the file's stem.",
    "format": "The format the deck is built for: premium, v-standard, d-standard or a "
              "plugin's format.",
    "first_vanguard": "Id of the grade 0 that starts as vanguard (in D, the ride deck's).",
    "description": "What the deck is, for people.",
    "deck": "The main deck: card ids with counts (50 cards; in D, 46 beside the ride deck).",
    "ride_deck": "D only: the ride deck, one card of each grade 0 to 3.",
    "g_deck": "The G deck (stride plugin).",
}
FORMAT_FIELDS: Final = {
    "id": "The format id that decks, scenarios and `--format` name.",
    "name": "Display name (default: the id).",
    "description": "What the format is.",
    "extends": "Id of a format whose values this one starts from; mappings merge key by key.",
    "plugins": "Plugins the format enables (installed through the `vgcore` entry points); "
               "in a format that extends another, this list replaces the base's.",
    "add_plugins": "Plugins enabled on top of the base format's (or this file's `plugins`), "
                   "so that a variant keeps whatever its base enables.",
    "trigger_power": "Power a trigger gives (RULES.md §6).",
    "trigger_values": "Trigger types whose power differs from trigger_power; null removes an "
                      "inherited entry.",
    "triggers": "Trigger types that exist in the format.",
    "trigger_check": "What a trigger must match to work: clan, nation or none.",
    "affiliation": "One clan or nation per deck: clan, nation or none.",
    "affiliation_exempt": "Clans or nations that fit any deck.",
    "guardian_grade_limit": "A guardian's grade must be at most the defender's vanguard's.",
    "no_shield_cannot_guard": "A unit without a printed shield cannot guard.",
    "mulligan": "shuffle_back or bottom_then_draw (RULES.md §4).",
    "first_vanguard": "Where the first vanguard comes from: main_deck or ride_deck.",
    "ride_deck": "Whether decks have a ride deck.",
    "first_player": "random, or a seat of the table: A or B (A1, B1, A2, B2 at a tag fight).",
    "first_player_draws": "The first player draws on their first turn.",
    "first_turn_attack": "The first player may attack on their first turn.",
    "no_attack_turns": "How many turns at the start of the game have no attack (tag fight: "
                       "3); unset means 1, or 0 with first_turn_attack.",
    "hand_size": "Cards drawn at the start of the game.",
    "damage_to_lose": "Damage at which a player loses, a tag team's total (RULES.md §9, §13).",
    "max_orders_per_turn": "Orders a player may play per turn.",
    "deck": "Deck construction limits (RULES.md §3).",
    "limits": "Game-length limits, the engine's own rule: turns_per_player (each player's "
              "turns, default 100), decisions_per_turn (answers in one turn, default 500), "
              "and the runaway-game bounds steps_per_decision (procedure steps from one "
              "answer to the next question, default 20000), resolutions_per_turn (abilities "
              "resolved in one turn, default 1000), pending_abilities (waiting at once, "
              "default 100), script_instructions_per_decision (Lua instructions of all card "
              "functions from one answer to the next question, default 10000000) and "
              "log_events (events in a game, default 50000); meeting one ends the game as "
              "a draw (docs/architecture.md).",
    "default_decks": "Deck names used when none are given.",
    "options": "Settings for the format's plugins.",
}
SCENARIO_FIELDS: Final = {
    "name": "What the scenario shows; unique in its file.",
    "rule": "The rule it checks, e.g. `RULES.md §6`.",
    "covers": "Card abilities this scenario tests, as `<card id>:<n>` (n counts the card's "
              "abilities from 1); read by `vgcore cards --coverage` and `vgcore validate`.",
    "format": "An installed format id.",
    "seed": "Seed of the random generator, used only if something is shuffled (default 0).",
    "cards": "Extra card records for this scenario alone (the card-file record schema).",
    "start": "Where the game begins: the start of `phase` of `turn`, `player`'s turn "
             "(default turn 1, the first seat A or A1, main).",
    "board": "Each seat's zones; zones not listed are empty, nothing is shuffled or drawn.",
    "steps": "Answers in order, by seat, with checks, option lists and refused answers.",
    "expect": "Expectations checked after the last step.",
}


def build(name: str, *, extra_fields: Mapping[str, dict] | None = None,
          extra_kinds: Iterable[str] = ()) -> dict[str, Any]:
    """The JSON Schema `name` (one of SCHEMA_NAMES); card fields and kinds of plugins added."""
    if name == "card":
        return card_file_schema(extra_fields, extra_kinds)
    if name == "deck":
        return deck_file_schema()
    if name == "format":
        return format_file_schema()
    if name == "scenario":
        return scenario_file_schema(extra_fields, extra_kinds)
    raise KeyError(f"unknown schema {name!r}; schemas: {', '.join(SCHEMA_NAMES)}")


def card_record_schema(extra_fields: Mapping[str, dict] | None = None,
                       extra_kinds: Iterable[str] = ()) -> dict[str, Any]:
    """One card record: the loader's schema plus the cross-field rules it checks in code."""
    schema = _described(card_schema(extra_fields, extra_kinds), CARD_FIELDS)
    schema["title"] = "card record"
    schema["allOf"] = [
        *(_when_kind(kind, {"required": ["grade", "power"],
                            "properties": {"grade": {"type": "integer"},
                                           "power": {"type": "integer"}}})
          for kind in UNIT_KINDS),
        _when_kind("trigger_unit", {"required": ["trigger"],
                                    "properties": {"trigger": {"type": "string"}}}),
        _when_kind("sentinel", {"properties": {"sentinel": {"const": True}}}),
        _when_kind("order", {"properties": {k: {"type": "null"}
                                            for k in ("power", "shield", "critical", "trigger")}}),
    ]
    return schema


def card_file_schema(extra_fields: Mapping[str, dict] | None = None,
                     extra_kinds: Iterable[str] = ()) -> dict[str, Any]:
    """A set's cards.yaml: a list of records, or a mapping {set, name, description, cards}."""
    set_file = _described(SET_FILE_SCHEMA, SET_FILE_FIELDS)
    set_file["properties"]["cards"]["items"] = {"$ref": "#/$defs/card"}
    return {
        "$schema": DIALECT,
        "title": "vgcore card file (cards.yaml)",
        "description": "A card set's records: a list of card records, or a mapping "
                       "{set, name, description, cards}. One record is #/$defs/card.",
        "$defs": {"card": card_record_schema(extra_fields, extra_kinds)},
        "anyOf": [
            {"type": "array", "items": {"$ref": "#/$defs/card"}},
            set_file,
            {"type": "null"},
        ],
    }


def deck_file_schema() -> dict[str, Any]:
    """A deck file (`<set>/decks/<name>.yaml`)."""
    schema = _described(DECK_SCHEMA, DECK_FIELDS)
    for key in ("deck", "ride_deck", "g_deck"):
        entry = schema["properties"][key]["items"]
        entry["properties"]["id"]["description"] = "A card id."
        entry["properties"]["count"]["description"] = "Copies of that card."
    return {"$schema": DIALECT, "title": "vgcore deck file", **schema}


def format_file_schema() -> dict[str, Any]:
    """A format file: the loader's schema; a format that extends none sets every era key."""
    schema = _described(FORMAT_SCHEMA, FORMAT_FIELDS)
    schema["if"] = {"required": ["extends"], "properties": {"extends": {"type": "string"}}}
    schema["else"] = {"required": list(ERA_KEYS)}
    return {"$schema": DIALECT, "title": "vgcore format file", **schema}


def scenario_file_schema(extra_fields: Mapping[str, dict] | None = None,
                         extra_kinds: Iterable[str] = ()) -> dict[str, Any]:
    """A `*.scenario.yaml` file (SCENARIOS.md §3): one scenario or a non-empty list of them.

    Board zones, circles and expectation keys that plugins add are accepted by shape (the
    engine checks their names when the scenario runs); the core's are listed by name.
    """
    circles = [c for c in STANDARD_CIRCLES if c != "VC"]
    phases = [p for p in Phase.ALL if p != Phase.SETUP]
    zones = list(Zone.ALL)
    card_ref = {
        "anyOf": [
            {"type": "string", "pattern": r"^\S+$",
             "description": "A card id; `<id>/down` for a face-down card."},
            {"type": "object", "required": ["card"],
             "properties": {"card": {"type": "string", "pattern": r"^\S+$"},
                            "rested": {"type": "boolean"}, "face_up": {"type": "boolean"},
                            "owner": {"type": "string",
                                      "description": "The seat that owns the card, when it "
                                                     "lies on another player's side."}},
             "additionalProperties": False},
        ],
    }
    card_list = {"type": ["array", "null"], "items": {"$ref": "#/$defs/card_ref"}}
    side = {
        "type": ["object", "null"],
        "description": "One seat's zones. Circles may also be written directly (`RC.FL: <id>`).",
        "properties": {
            "vanguard": {"$ref": "#/$defs/card_ref", "description": "The unit on VC."},
            "rear": {"type": ["object", "null"],
                     "description": "Rear-guard circles to units, e.g. {RC.FL: <id>}.",
                     "propertyNames": {"pattern": r"^RC\."},
                     "additionalProperties": {"anyOf": [{"$ref": "#/$defs/card_ref"},
                                                        {"type": "null"}]}},
            "guardians": {**card_list, "description": "Units on GC (placed rested)."},
            GC: {**card_list, "description": "Units on GC (placed rested)."},
            **{c: {"anyOf": [{"$ref": "#/$defs/card_ref"}, {"type": "null"}]}
               for c in ("VC", *circles)},
            **{z: {**card_list, "description": f"The {z} zone"
                   + (", top first." if z in (Zone.DECK, Zone.RIDE_DECK) else ".")}
               for z in zones},
        },
        # A plugin's zone (a list) or circle (one card).
        "additionalProperties": {"anyOf": [card_list, {"$ref": "#/$defs/card_ref"}]},
    }
    strings = {"type": "array", "items": {"type": "string"}}
    seat = rf"^{SEAT_PATTERN[1:-1]}\."
    zone_names = "|".join(_escaped([*zones, GC]))
    circle_names = "|".join(_escaped(["VC", *circles]))
    expectations = {
        "type": ["object", "null"],
        "properties": {
            "winner": {"type": ["string", "null"], "pattern": rf"^({SEAT_PATTERN[1:-1]}|draw)$",
                       "description": "The winning seat, draw, or null while the game goes on."},
            "turn": {"type": "integer", "minimum": 1},
            "player": {"type": "string", "pattern": SEAT_PATTERN},
            "phase": {"enum": phases},
            "events": {**strings, "description": "Event kinds that occur in this order."},
            "no_events": {**strings, "description": "Event kinds that must not occur."},
            "options": {**strings, "description": "The pending decision's legal answers."},
        },
        "patternProperties": {
            # Specific shapes for the core's zones and circles ...
            rf"{seat}({zone_names})$": {"anyOf": [strings, {"type": ["string", "null"]}]},
            rf"{seat}({zone_names})\.({'|'.join(ZONE_COUNTS)})$": {"type": "integer"},
            rf"{seat}({circle_names})$": {"type": ["string", "null"]},
            rf"{seat}({circle_names})\.rested$": {"type": "boolean"},
            rf"{seat}({circle_names})\."
            rf"({'|'.join(s for s in UNIT_STATS if s != 'rested')})$": {"type": "integer"},
            # ... and any shape for those a plugin adds.
            rf"{seat}\S+$": {},
        },
        "additionalProperties": False,
    }
    step = {
        "type": "object",
        "minProperties": 1,
        "maxProperties": 1,
        "description": "{<seat>: <answer>}, {check: {...}}, {options: [...]} or "
                       "{reject: {<seat>: <answer>}}.",
        "properties": {
            "check": {"$ref": "#/$defs/expectations",
                      "description": "Expectations part-way (same keys as expect)."},
            "options": {**strings, "description": "The current decision's legal answers, "
                                                  "exactly (as a set)."},
            "reject": {"type": "object", "minProperties": 1, "maxProperties": 1,
                       "description": "This answer must be refused, the state unchanged.",
                       "propertyNames": {"pattern": SEAT_PATTERN},
                       "additionalProperties": {"$ref": "#/$defs/answer"}},
        },
        "patternProperties": {SEAT_PATTERN: {"$ref": "#/$defs/answer"}},
        "additionalProperties": False,
    }
    properties: dict[str, Any] = {
        "name": {"type": "string", "pattern": r"\S"},
        "rule": {"type": ["string", "null"]},
        "covers": {"type": ["array", "null"],
                   "items": {"type": "string", "pattern": f"^{COVER.pattern}$"}},
        "format": {"type": "string", "minLength": 1},
        "seed": {"type": "integer"},
        "cards": {"type": ["array", "null"], "items": {"$ref": "#/$defs/card"}},
        "start": {"type": ["object", "null"],
                  "properties": {"turn": {"type": "integer", "minimum": 1},
                                 "player": {"type": "string", "pattern": SEAT_PATTERN},
                                 "phase": {"enum": phases}},
                  "additionalProperties": False},
        "board": {"type": ["object", "null"], "propertyNames": {"pattern": SEAT_PATTERN},
                  "additionalProperties": {"$ref": "#/$defs/side"}},
        "steps": {"type": ["array", "null"], "items": {"$ref": "#/$defs/step"}},
        "expect": {"$ref": "#/$defs/expectations"},
    }
    for key, text in SCENARIO_FIELDS.items():
        properties[key]["description"] = text
    return {
        "$schema": DIALECT,
        "title": "vgcore scenario file (*.scenario.yaml)",
        "description": "One scenario (a mapping) or a non-empty list of them (SCENARIOS.md §3).",
        "$defs": {
            "scenario": {"type": "object", "required": ["name", "format"],
                         "properties": properties, "additionalProperties": False},
            "card": card_record_schema(extra_fields, extra_kinds),
            "card_ref": card_ref,
            "side": side,
            "answer": {"type": "string", "pattern": r"\S",
                       "description": "An action string, e.g. `attack VC -> B.VC`."},
            "step": step,
            "expectations": expectations,
        },
        "anyOf": [
            {"$ref": "#/$defs/scenario"},
            {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/scenario"}},
        ],
    }


def shipped(name: str) -> dict[str, Any]:
    """The schema file vgcore ships for `name` (vgcore/schemas/<name>.json)."""
    if name not in SCHEMA_NAMES:
        raise KeyError(f"unknown schema {name!r}; schemas: {', '.join(SCHEMA_NAMES)}")
    text = resources.files(__name__).joinpath(f"{name}.json").read_text("utf-8")
    return json.loads(text)


def dump(schema: Mapping[str, Any]) -> str:
    """A schema as the shipped files write it: indented JSON ending in a newline."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write_all(directory: str | Path = HERE) -> list[Path]:
    """Regenerate the shipped schema files from the code; the paths written."""
    written = []
    for name in SCHEMA_NAMES:
        path = Path(directory) / f"{name}.json"
        path.write_text(dump(build(name)), encoding="utf-8")
        written.append(path)
    return written


# --- private helpers -----------------------------------------------------------------------


def _described(schema: Mapping[str, Any], descriptions: Mapping[str, str]) -> dict[str, Any]:
    """A deep copy of an object schema with a description on each property that has one."""
    result = copy.deepcopy(dict(schema))
    for key, prop in result["properties"].items():
        if key in descriptions:
            prop["description"] = descriptions[key]
    return result


def _when_kind(kind: str, then: dict[str, Any]) -> dict[str, Any]:
    return {"if": {"required": ["kind"], "properties": {"kind": {"const": kind}}}, "then": then}


def _escaped(names: Iterable[str]) -> list[str]:
    return [name.replace(".", r"\.") for name in names]

"""Card records: YAML card sets → validated, frozen `CardRecord`s, and the `CardDB` that holds them.

A card set is a directory with `cards.yaml` (the records) and one `<ID>.lua` per card that has
skills (RULES.md §2 lists the printed fields). Every record is checked against a JSON Schema that
plugins may extend with fields and kinds; any problem is a `CardDataError` naming
`file:line:column`, so a card designer can fix it without guessing. Valid files are parsed with
the fast C loader only (see `vgcore.yamlio`).
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

from vgcore.cardcache import cache_key, read_cached, write_cached
from vgcore.cardfiles import read_card_text
from vgcore.errors import CardDataError
from vgcore.yamlio import (
    DocPath,
    LoadedYaml,
    check_schema,
    describe,
    error_at,
    parse_yaml_text,
    position,
    schema_validator,
    short,
)

CARD_KINDS: Final = ("normal_unit", "trigger_unit", "sentinel", "overdress_unit", "order",
                     "token")
#: The core kinds that are units (RULES.md §2): each has a printed grade and power. A token
#: is a unit that an effect creates on the field; it is never in a deck.
UNIT_KINDS: Final = ("normal_unit", "trigger_unit", "sentinel", "overdress_unit", "token")
SKILLS: Final = ("boost", "intercept", "twin_drive", "triple_drive")
TRIGGERS: Final = ("critical", "draw", "heal", "front", "stand", "over")
GIFTS: Final = ("accel", "force", "protect")
ORDER_TYPES: Final = ("normal", "blitz", "set", "prison", "world", "left_deity_arms",
                      "right_deity_arms")
#: The order types that are set orders (they stay in the order zone): a Prison and a World
#: (D-BT01) are kinds of set order, so a filter `order_type = "set"` matches them too.
SET_ORDER_TYPES: Final = frozenset({"set", "prison", "world"})
CARDS_FILE: Final = "cards.yaml"
#: Largest printed number a card record may hold (power, shield, grade…): a billion, ten
#: times the biggest value of any era (the d-standard over trigger's +100,000,000). Bounded so
#: that no sum of stats outgrows the 64-bit integers Lua scripts compute with.
MAX_STAT: Final = 1_000_000_000
#: Longest card id and card (or deck) name: ids and names are quoted in messages.
MAX_ID: Final = 64
MAX_NAME: Final = 200


@dataclass(frozen=True, slots=True)
class SourceRef:
    """Where a record was defined, for error messages that point at the file."""

    file: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        if self.line is None:
            return self.file
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class CardRecord:
    """One card's printed data (RULES.md §2); behaviour lives in its Lua script, if any."""

    id: str
    name: str
    kind: str                 # normal_unit | trigger_unit | sentinel | overdress_unit | order | …
    grade: int | None = None
    power: int | None = None
    shield: int | None = None  # None = no printed shield, which is NOT the same as 0
    critical: int | None = None
    skill: str | None = None   # boost | intercept | twin_drive | triple_drive
    trigger: str | None = None  # critical | draw | heal | front | stand | over
    trigger_power: int | None = None
    clan: str | None = None
    nation: str | None = None
    race: str | None = None
    text: str = ""
    sentinel: bool = False
    persona_ride: bool = False
    gift: str | None = None    # accel | force | protect
    order_type: str | None = None  # normal | blitz | set | prison | left_deity_arms | …
    # Who carries out an ability text that has no Lua script (e.g. "vgcore_gifts" for a plugin's
    # pseudo-card): such a text is one ability that scenarios may cover (vgcore/coverage.py).
    implemented_by: str | None = None
    set: str | None = None     # id of the set it was loaded from
    # Plugin-registered extension fields; read-only. Left out of the hash (a mapping has none).
    extra: Mapping[str, Any] = field(default_factory=dict, hash=False)
    source: SourceRef | None = None
    script: str | None = None  # path of the card's <ID>.lua in the same directory, if it exists

    def __post_init__(self) -> None:
        if not isinstance(self.extra, MappingProxyType):
            object.__setattr__(self, "extra", MappingProxyType(dict(self.extra)))

    @property
    def is_unit(self) -> bool:
        """Every kind except orders is a unit (RULES.md §2: orders cannot be ridden or called)."""
        return self.kind != "order"

    @property
    def affiliation(self) -> str | None:
        """The clan (premium/V) or, failing that, the nation (D) the card belongs to."""
        return self.clan if self.clan is not None else self.nation


class UnknownCardError(KeyError):
    """A card id that no loaded set defines; the message suggests close ids."""

    def __str__(self) -> str:  # KeyError would print the message in quotes
        return str(self.args[0]) if self.args else "unknown card"


class CardDB(Mapping[str, CardRecord]):
    """All loaded card records by id. Ids are unique across every set added."""

    def __init__(self, records: Iterable[CardRecord] = ()) -> None:
        self._cards: dict[str, CardRecord] = {}
        self._sets: dict[str | None, list[str]] = {}
        self.add(records)

    def __getitem__(self, card_id: str) -> CardRecord:
        try:
            return self._cards[card_id]
        except KeyError:
            close = difflib.get_close_matches(card_id, list(self._cards), n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise UnknownCardError(
                f"unknown card id {short(card_id)!r}: no loaded card set defines it{hint}"
            ) from None

    @property
    def records(self) -> Mapping[str, CardRecord]:
        """The records by id as a plain mapping (read it, never change it): the hot paths
        read a game's validated card ids through it without a method call."""
        return self._cards

    def get(self, card_id: str, default: Any = None) -> Any:
        """The record, or `default`; no suggestions are computed for a miss."""
        return self._cards.get(card_id, default)

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._cards

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def add(self, records: Iterable[CardRecord]) -> None:
        """Add records, all or none: an id defined twice raises, naming both definitions."""
        batch: dict[str, CardRecord] = {}
        for record in records:
            first = self._cards.get(record.id) or batch.get(record.id)
            if first is not None:
                raise _duplicate_error(record, first)
            batch[record.id] = record
        self._cards.update(batch)
        for record in batch.values():
            self._sets.setdefault(record.set, []).append(record.id)

    def load_dir(self, path: str | Path, *, extra_fields: Mapping[str, dict] | None = None,
                 extra_kinds: Iterable[str] = ()) -> list[CardRecord]:
        """Load a card directory (see `load_card_dir`) and add its records."""
        records = load_card_dir(path, extra_fields=extra_fields, extra_kinds=extra_kinds)
        self.add(records)
        return records

    def by_set(self, set_id: str | None) -> list[CardRecord]:
        """The records of one set, in the order they were added."""
        return [self._cards[card_id] for card_id in self._sets.get(set_id, ())]

    def sets(self) -> list[str]:
        """Ids of the sets that have records here, in the order they were first added."""
        return [set_id for set_id in self._sets if set_id is not None]


def load_card_dir(path: str | Path, *, extra_fields: Mapping[str, dict] | None = None,
                  extra_kinds: Iterable[str] = (),
                  problems: list[CardDataError] | None = None) -> list[CardRecord]:
    """Load `<path>/cards.yaml` and join each record with its `<ID>.lua` script, if present.

    The file holds a list of records, or a mapping `{set, name, description, cards}`. The set id
    is the mapping's `set`, else the directory's name. `extra_fields` maps a plugin field name to
    its JSON Schema fragment (the value lands in `CardRecord.extra`); `extra_kinds` adds kinds.
    A `.lua` file that matches no card id (case included) is an error: its skills would
    silently never run.

    The first problem raises, unless `problems` is given: then every problem is appended
    there and the records that are right are returned (`vgcore validate` lists them all).
    """
    directory = Path(path)
    file = directory / CARDS_FILE
    kinds = tuple(extra_kinds)
    try:
        text = read_card_text(file, within=directory)
    except CardDataError as exc:
        if problems is None:
            raise
        problems.append(exc)
        return []
    key = cache_key(text, file, extra_fields, kinds)
    records = read_cached(key)
    data: Any = None  # the raw records, when parsed (they name scripts of failing records)
    if records is None:
        found = len(problems) if problems is not None else 0
        try:
            records, data = _parse_card_text(text, file, directory, extra_fields, kinds,
                                             problems)
        except CardDataError as exc:
            if problems is None:
                raise
            problems.append(exc)
            return []
        if problems is None or len(problems) == found:
            write_cached(key, records)  # only a file without a problem is kept
    scripts = _lua_files(directory)
    for orphan in _orphan_scripts(directory, scripts, records, data):
        if problems is None:
            raise orphan
        problems.append(orphan)
    return [
        replace(record, script=str(directory / f"{record.id}.lua"))
        if f"{record.id}.lua" in scripts else record
        for record in records
    ]


def _parse_card_text(text: str, file: Path, directory: Path,
                     extra_fields: Mapping[str, dict] | None, extra_kinds: tuple[str, ...],
                     problems: list[CardDataError] | None) -> tuple[list[CardRecord], Any]:
    """Parse and check a cards.yaml text: its records and the raw list they came from."""
    loaded = parse_yaml_text(text, str(file))
    data = loaded.data
    set_id: str | None = directory.name
    items_path: list[str | int] = []
    if isinstance(data, dict):
        check_schema(_SET_FILE_VALIDATOR, data, file, label="card file")
        set_id = data.get("set", set_id)
        items_path = ["cards"]
        data = data["cards"]
    records = _parse_records(data, str(file), extra_fields, extra_kinds, set_id, items_path,
                             loaded, problems)
    return records, data


def parse_card_records(items: list[dict], file: str, *,
                       extra_fields: Mapping[str, dict] | None = None,
                       extra_kinds: Iterable[str] = (), set_id: str | None = None,
                       doc_path: DocPath = ()) -> list[CardRecord]:
    """Validate and build records given inline (e.g. a scenario's `cards:`), same rules as a set.

    `file` is named in errors; `doc_path` is where the list sits inside that file's document
    (e.g. `["cards"]`, or `[2, "cards"]` for the third scenario of a list) so that errors can
    be located in it. Inline records carry no line in their `source`.
    """
    return _parse_records(items, file, extra_fields, tuple(extra_kinds), set_id, doc_path, None,
                          None)


def card_schema(extra_fields: Mapping[str, dict] | None = None,
                extra_kinds: Iterable[str] = ()) -> dict[str, Any]:
    """The JSON Schema of one card record, with plugin fields and kinds added."""
    def nullable(*types: str) -> dict[str, Any]:
        return {"type": [*types, "null"]}

    def stat() -> dict[str, Any]:
        return {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_STAT}

    def one_of(values: Sequence[str]) -> dict[str, Any]:
        return {"enum": [*values, None]}

    properties: dict[str, Any] = {
        "id": {"type": "string", "minLength": 1, "maxLength": MAX_ID},
        "name": {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
        "kind": {"enum": list(dict.fromkeys([*CARD_KINDS, *extra_kinds]))},
        "grade": stat(), "power": stat(), "shield": stat(), "critical": stat(),
        "skill": one_of(SKILLS), "trigger": one_of(TRIGGERS), "trigger_power": stat(),
        "clan": nullable("string"), "nation": nullable("string"), "race": nullable("string"),
        "text": nullable("string"),
        "sentinel": {"type": "boolean"}, "persona_ride": {"type": "boolean"},
        "gift": one_of(GIFTS), "order_type": one_of(ORDER_TYPES),
        "implemented_by": {"type": "string", "minLength": 1},
        "notes": {"type": ["string", "array"], "items": {"type": "string"}},
    }
    for name, fragment in (extra_fields or {}).items():
        if name in properties:
            raise ValueError(f"plugin card field {name!r} clashes with a core card field")
        properties[name] = fragment
    return {
        "type": "object",
        "required": ["id", "name", "kind"],
        "properties": properties,
        "additionalProperties": False,
    }


SET_FILE_SCHEMA: Final[dict[str, Any]] = {
    "type": "object",
    "required": ["cards"],
    "properties": {
        "set": {"type": "string", "minLength": 1},
        "name": {"type": "string"},
        "description": {"type": "string"},
        "cards": {"type": ["array", "null"]},
    },
    "additionalProperties": False,
}
"""The JSON Schema of a cards.yaml written as a mapping; its records are checked one by one
against `card_schema` (so that an error names the record)."""


# --- private helpers -----------------------------------------------------------------------

_VALIDATORS: dict[tuple[Any, ...], tuple[Any, frozenset[str]]] = {}
_KNOWN_KEYS = frozenset(card_schema()["properties"])
_SET_FILE_VALIDATOR = schema_validator(SET_FILE_SCHEMA)


def _parse_records(items: Any, file: str, extra_fields: Mapping[str, dict] | None,
                   extra_kinds: tuple[str, ...], set_id: str | None, doc_path: DocPath,
                   marks: LoadedYaml | None,
                   problems: list[CardDataError] | None) -> list[CardRecord]:
    """Validate records one by one, located in `file`: stop at the first problem, or with a
    `problems` list, note each one there and skip the record."""
    validator, extra_names = _validator(extra_fields, extra_kinds)
    base = list(doc_path)
    if items is None:
        return []
    if not isinstance(items, list):
        error = error_at(file, base, "card records must be a list of mappings, not "
                         + describe(items))
        if problems is None:
            raise error
        problems.append(error)
        return []
    seen: dict[str, int] = {}
    records = []
    for index, item in enumerate(items):
        here = [*base, index]
        try:
            check_schema(validator, item, file, here, label=_record_label(item))
            _check_consistency(item, file, here)
        except CardDataError as exc:
            if problems is None:
                raise
            problems.append(exc)
            continue
        card_id = item["id"]
        if card_id in seen:
            first_line, _ = position(file, [*base, seen[card_id]])
            first = f"line {first_line}" if first_line else f"record {seen[card_id] + 1}"
            error = error_at(file, [*here, "id"], f"card id {short(card_id)!r} is defined twice "
                             f"in this file (first at {first})")
            if problems is None:
                raise error
            problems.append(error)
            continue
        seen[card_id] = index
        line, column = marks.position(here) if marks is not None else (None, None)
        records.append(_build_record(item, extra_names, set_id, SourceRef(file, line, column)))
    return records


def _validator(extra_fields: Mapping[str, dict] | None,
               extra_kinds: tuple[str, ...]) -> tuple[Any, frozenset[str]]:
    """A compiled validator per (fields, kinds) combination; building one costs more than a card."""
    fields = extra_fields or {}
    key = (repr(sorted(fields.items())), extra_kinds)
    cached = _VALIDATORS.get(key)
    if cached is None:
        validator = schema_validator(card_schema(fields, extra_kinds))
        cached = _VALIDATORS[key] = (validator, frozenset(fields))
    return cached


def _check_consistency(item: dict[str, Any], file: str, here: list[str | int]) -> None:
    """Cross-field rules a per-field schema cannot state (RULES.md §2)."""
    label = _record_label(item)
    kind = item["kind"]
    if kind in UNIT_KINDS:
        for stat in ("grade", "power"):
            if item.get(stat) is None:
                raise error_at(file, [*here, stat], f"{label}: a {kind} is a unit and needs a "
                               f"{stat} (a whole number, e.g. `{stat}: "
                               f"{1 if stat == 'grade' else 8000}`)")
    if kind == "trigger_unit" and item.get("trigger") is None:
        raise error_at(file, [*here, "kind"], f"{label}: a trigger_unit needs a 'trigger' type")
    if kind == "sentinel" and item.get("sentinel") is False:
        raise error_at(file, [*here, "sentinel"],
                       f"{label}: kind 'sentinel' contradicts 'sentinel: false'")
    if kind == "order":
        printed = [k for k in ("power", "shield", "critical", "trigger") if item.get(k) is not None]
        if printed:
            raise error_at(file, [*here, printed[0]],
                           f"{label}: an order has no {printed[0]} (orders are not units)")


def _build_record(item: dict[str, Any], extra_names: frozenset[str], set_id: str | None,
                  source: SourceRef) -> CardRecord:
    """Map a validated record onto CardRecord; a missing field keeps its default."""
    values = {key: value for key, value in item.items() if key in _KNOWN_KEYS}
    values.pop("notes", None)
    if values.get("text") is None:
        values["text"] = ""
    values.setdefault("sentinel", item["kind"] == "sentinel")
    values.setdefault("persona_ride", False)
    extra = {key: frozen_value(item[key]) for key in extra_names if key in item}
    return CardRecord(**values, set=set_id, extra=MappingProxyType(extra), source=source)


def frozen_value(value: Any) -> Any:
    """Lists become tuples and mappings read-only, so a frozen record stays unchanged."""
    if isinstance(value, list):
        return tuple(frozen_value(v) for v in value)
    if isinstance(value, dict):
        return MappingProxyType({k: frozen_value(v) for k, v in value.items()})
    return value


def _lua_files(directory: Path) -> frozenset[str]:
    """Names of the `.lua` files in a card directory: one listing instead of a stat per card."""
    try:
        return frozenset(name for name in os.listdir(directory) if name.endswith(".lua"))
    except OSError:
        return frozenset()


def _orphan_scripts(directory: Path, scripts: frozenset[str], records: list[CardRecord],
                    items: Any) -> list[CardDataError]:
    """A located error for each `.lua` file of a set directory that no card id names."""
    ids = {r.id for r in records}
    if isinstance(items, list):  # records that failed validation still claim their script
        ids.update(i["id"] for i in items if isinstance(i, dict) and isinstance(i.get("id"), str))
    errors = []
    for name in sorted(scripts):
        if name[: -len(".lua")] in ids:
            continue
        stem = name[: -len(".lua")]
        same = [i for i in sorted(ids) if i.lower() == stem.lower()]
        close = same or difflib.get_close_matches(stem, sorted(ids), n=1)
        hint = (f"; card ids are case-sensitive: did you mean {close[0]}.lua?" if same else
                f"; did you mean {close[0]}.lua?" if close else "")
        errors.append(CardDataError(
            f"script {name} matches no card id of {CARDS_FILE} (a card's script is named "
            f"<card id>.lua){hint}", str(directory / name), 1, 1))
    return errors


def _record_label(item: Any) -> str:
    """How an error names a record: by id when it has one."""
    if isinstance(item, dict) and isinstance(item.get("id"), str):
        return f"card {short(item['id'])}"
    return "card record"


def _duplicate_error(record: CardRecord, first: CardRecord) -> CardDataError:
    """Both places an id is defined, the later one as the error's location."""
    source = record.source or SourceRef("<unknown>")
    return CardDataError(
        f"card id {short(record.id)!r} is defined twice: here and at "
        f"{first.source or '<unknown>'}",
        source.file, source.line, source.column,
    )

"""Deck lists (YAML) and deck construction rules (RULES.md §3).

A deck file names its cards by id with a count, in up to three lists: `deck` (the main deck),
`ride_deck` (D) and `g_deck` (stride plugin). `validate_deck` reports every violation of the
format's construction rules as a sentence a player can act on; it never stops at the first.
Plugins add their own rules (e.g. the G deck's) as extra validators.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TypeAlias

from vgcore.carddb import MAX_ID, MAX_NAME, CardRecord
from vgcore.errors import DeckError
from vgcore.formats import MAX_DECK_CARDS, Format
from vgcore.types import TOKEN
from vgcore.yamlio import DocPath, check_schema, error_at, load_yaml, schema_validator

DeckValidator: TypeAlias = Callable[["DeckList", Format, Mapping[str, CardRecord]],
                                    Iterable[str]]
"""A plugin's extra construction rule: returns violation sentences (none when legal)."""

MAIN_DECK_KINDS_FORBIDDEN: Final = frozenset({"g_unit"})
"""Kinds that live outside the main deck (RULES.md §2: G units only in the G deck)."""

_ENTRIES: Final = {
    "type": ["array", "null"],
    "items": {
        "type": "object",
        "required": ["id", "count"],
        "properties": {"id": {"type": "string", "minLength": 1, "maxLength": MAX_ID},
                       "count": {"type": "integer", "minimum": 1,
                                 "maximum": MAX_DECK_CARDS}},
        "additionalProperties": False,
    },
}
DECK_SCHEMA: Final[dict[str, Any]] = {
    "type": "object",
    "required": ["name", "deck"],
    "properties": {
        "name": {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
        "format": {"type": ["string", "null"], "maxLength": MAX_ID},
        "first_vanguard": {"type": ["string", "null"], "maxLength": MAX_ID},
        "description": {"type": ["string", "null"]},
        "deck": _ENTRIES,
        "ride_deck": _ENTRIES,
        "g_deck": _ENTRIES,
    },
    "additionalProperties": False,
}
"""The JSON Schema of one deck file."""
_DECK_VALIDATOR: Final = schema_validator(DECK_SCHEMA)


@dataclass(frozen=True)
class DeckList:
    """A deck as listed: card ids expanded by count, in file order."""

    name: str
    format: str | None = None
    first_vanguard: str | None = None  # a card id, when the player fixes it
    main: tuple[str, ...] = ()
    ride_deck: tuple[str, ...] = ()
    g_deck: tuple[str, ...] = ()
    source: str | None = None
    description: str = ""


def load_deck(path: str | Path, *, within: str | Path | None = None) -> DeckList:
    """Read a deck file; a bad structure is a CardDataError at its line and column. `within`
    is the card directory the file belongs to (`vgcore.cardfiles`)."""
    return parse_deck(load_yaml(path, within=within), str(path))


def parse_deck(data: Any, file: str, doc_path: DocPath = ()) -> DeckList:
    """Build a deck from parsed YAML (a deck file, or a deck inside another file at doc_path).

    A deck lists at most MAX_DECK_CARDS cards in all (counts added up), checked before the
    lists are expanded."""
    check_schema(_DECK_VALIDATOR, data, file, doc_path, label="deck", remember=True)
    total = sum(entry["count"] for key in ("deck", "ride_deck", "g_deck")
                for entry in data.get(key) or ())
    if total > MAX_DECK_CARDS:
        raise error_at(file, [*doc_path, "deck"], f"deck: lists {total} cards in all; a deck "
                       f"file may list at most {MAX_DECK_CARDS}")
    return DeckList(
        name=data["name"],
        format=data.get("format"),
        first_vanguard=data.get("first_vanguard"),
        main=_expand(data["deck"]),
        ride_deck=_expand(data.get("ride_deck")),
        g_deck=_expand(data.get("g_deck")),
        source=file,
        description=data.get("description") or "",
    )


def validate_deck(deck: DeckList, fmt: Format, db: Mapping[str, CardRecord], *,
                  forbidden_main_kinds: Collection[str] = MAIN_DECK_KINDS_FORBIDDEN,
                  ) -> list[str]:
    """Every way `deck` breaks `fmt`'s construction rules (RULES.md §3); empty when legal.

    An unknown id is reported once and left out of the checks that need the card's data (it
    still counts toward the deck size). `forbidden_main_kinds` are the kinds that may appear
    only outside the main and ride decks.
    """
    violations = _unknown_ids(deck, db)
    lists = {
        "main deck": [db[i] for i in deck.main if i in db],
        "ride deck": [db[i] for i in deck.ride_deck if i in db],
        "G deck": [db[i] for i in deck.g_deck if i in db],
    }
    # With a ride deck inside the 50 (D, 2021), the copy and trigger limits count both lists.
    counted = lists["main deck"]
    if fmt.ride_deck and fmt.deck.ride_deck_in_main:
        counted = counted + lists["ride deck"]
    violations += _size(deck, fmt)
    violations += _forbidden_kinds(lists, forbidden_main_kinds)
    violations += _tokens(lists)
    violations += _copies(counted, fmt)
    violations += _triggers(counted, fmt)
    violations += _sentinels(counted, fmt)
    violations += _ride_deck(deck, lists["ride deck"], fmt)
    violations += _first_vanguard(deck, lists, fmt, db)
    violations += _affiliation([card for cards in lists.values() for card in cards], fmt)
    return violations


def check_deck(deck: DeckList, fmt: Format, db: Mapping[str, CardRecord],
               extra_validators: Iterable[DeckValidator] = (), *,
               forbidden_main_kinds: Collection[str] = MAIN_DECK_KINDS_FORBIDDEN) -> None:
    """Raise DeckError listing every violation, the core's and the plugins' validators' alike."""
    violations = validate_deck(deck, fmt, db, forbidden_main_kinds=forbidden_main_kinds)
    for validator in extra_validators:
        violations.extend(validator(deck, fmt, db))
    if violations:
        raise DeckError(deck.name, violations)


# --- private helpers -----------------------------------------------------------------------


def _expand(entries: list[dict[str, Any]] | None) -> tuple[str, ...]:
    return tuple(entry["id"] for entry in entries or () for _ in range(entry["count"]))


def _listing(cards: Iterable[CardRecord]) -> str:
    """'A (3), B (1)': the card ids involved with their copy counts, in deck order."""
    return ", ".join(f"{card_id} ({n})" for card_id, n in Counter(c.id for c in cards).items())


def _unknown_ids(deck: DeckList, db: Mapping[str, CardRecord]) -> list[str]:
    found: dict[str, list[str]] = {}
    for where, ids in (("main deck", deck.main), ("ride deck", deck.ride_deck),
                       ("G deck", deck.g_deck)):
        for card_id in dict.fromkeys(ids):
            if card_id not in db:
                found.setdefault(card_id, []).append(where)
    if deck.first_vanguard is not None and deck.first_vanguard not in db:
        found.setdefault(deck.first_vanguard, []).append("first_vanguard")
    return [f"unknown card id {card_id!r} (in: {', '.join(where)}): no loaded card set "
            f"defines it" for card_id, where in found.items()]


def _size(deck: DeckList, fmt: Format) -> list[str]:
    size = fmt.deck.size
    if fmt.ride_deck and fmt.deck.ride_deck_in_main:
        total = len(deck.main) + len(deck.ride_deck)
        if total != size:
            return [f"the main deck ({len(deck.main)}) and ride deck ({len(deck.ride_deck)}) "
                    f"total {total} cards; format {fmt.id!r} needs exactly {size}"]
    elif len(deck.main) != size:
        return [f"the main deck has {len(deck.main)} cards; format {fmt.id!r} needs exactly "
                f"{size}"]
    return []


def _forbidden_kinds(lists: Mapping[str, Sequence[CardRecord]],
                     forbidden: Collection[str]) -> list[str]:
    violations = []
    for where in ("main deck", "ride deck"):
        bad = [card for card in lists[where] if card.kind in forbidden]
        for kind in dict.fromkeys(card.kind for card in bad):
            violations.append(f"{kind} cards cannot be in the {where}: "
                              f"{_listing(c for c in bad if c.kind == kind)}")
    return violations


def _tokens(lists: Mapping[str, Sequence[CardRecord]]) -> list[str]:
    """Tokens are made on the field by effects; no deck may hold one (D-BT01-T01)."""
    return [f"token cards cannot be in the {where} (an effect creates them on the field): "
            f"{_listing(bad)}" for where, cards in lists.items()
            if (bad := [card for card in cards if card.kind == TOKEN])]


def _copies(counted: Sequence[CardRecord], fmt: Format) -> list[str]:
    """At most `max_copies` cards of one NAME, whatever their ids (RULES.md §3)."""
    by_name: dict[str, list[CardRecord]] = {}
    for card in counted:
        by_name.setdefault(card.name, []).append(card)
    limit = fmt.deck.max_copies
    return [f"{len(cards)} cards named {name!r} ({_listing(cards)}); at most {limit} of one "
            f"name are allowed" for name, cards in by_name.items() if len(cards) > limit]


def _triggers(counted: Sequence[CardRecord], fmt: Format) -> list[str]:
    rules = fmt.deck
    triggers = [card for card in counted if card.trigger is not None]
    violations = []
    if len(triggers) != rules.triggers:
        violations.append(f"the deck has {len(triggers)} trigger units; format {fmt.id!r} "
                          f"needs exactly {rules.triggers}")
    by_type: dict[str, list[CardRecord]] = {}
    for card in triggers:
        by_type.setdefault(card.trigger, []).append(card)  # type: ignore[arg-type]
    caps = dict(rules.trigger_caps)
    caps["heal"] = min(rules.max_heal, caps.get("heal", rules.max_heal))
    for trigger, cards in by_type.items():
        if trigger not in fmt.triggers:
            violations.append(f"{trigger} triggers do not exist in format {fmt.id!r}: "
                              f"{_listing(cards)}")
        elif trigger in caps and len(cards) > caps[trigger]:
            violations.append(f"the deck has {len(cards)} {trigger} triggers ({_listing(cards)}); "
                              f"at most {caps[trigger]} are allowed")
    return violations


def _sentinels(counted: Sequence[CardRecord], fmt: Format) -> list[str]:
    limit = fmt.deck.max_sentinels
    sentinels = [card for card in counted if card.sentinel]
    if limit is None or len(sentinels) <= limit:
        return []
    return [f"the deck has {len(sentinels)} sentinels ({_listing(sentinels)}); at most {limit} "
            f"are allowed"]


def _ride_deck(deck: DeckList, ride: Sequence[CardRecord], fmt: Format) -> list[str]:
    """One card of each grade 0..size-1 (RULES.md §3, D); no ride deck in other formats."""
    if not fmt.ride_deck:
        if deck.ride_deck:
            return [f"format {fmt.id!r} has no ride deck, but this deck lists "
                    f"{len(deck.ride_deck)} ride deck cards"]
        return []
    size = fmt.deck.ride_deck_size
    violations = []
    if len(deck.ride_deck) != size:
        violations.append(f"the ride deck has {len(deck.ride_deck)} cards; format {fmt.id!r} "
                          f"needs exactly {size}, one of each grade 0 to {size - 1}")
    for grade in range(size):
        cards = [card for card in ride if card.is_unit and card.grade == grade]
        if not cards:
            why = " (the first vanguard comes from it)" if grade == 0 else ""
            violations.append(f"the ride deck has no grade {grade} unit{why}")
        elif len(cards) > 1:
            violations.append(f"the ride deck has {len(cards)} grade {grade} units "
                              f"({_listing(cards)}); it needs exactly one")
    others = [card for card in ride
              if not card.is_unit or card.grade is None or not 0 <= card.grade < size]
    if others:
        violations.append(f"the ride deck holds only units of grade 0 to {size - 1}; these do "
                          f"not fit: {_listing(others)}")
    return violations


def _first_vanguard(deck: DeckList, lists: Mapping[str, Sequence[CardRecord]], fmt: Format,
                    db: Mapping[str, CardRecord]) -> list[str]:
    """A grade 0 unit to start as vanguard (RULES.md §4), from the list the format names."""
    where = "ride deck" if fmt.first_vanguard == "ride_deck" else "main deck"
    chosen = deck.first_vanguard
    violations = []
    if chosen is not None and chosen in db:
        card = db[chosen]
        if not (card.is_unit and card.grade == 0):
            violations.append(f"first_vanguard {chosen} is not a grade 0 unit")
        if all(c.id != chosen for c in lists[where]):
            violations.append(f"first_vanguard {chosen} is not in the {where}")
    if where == "main deck":  # a ride deck's grade 0 is checked with the ride deck
        grade0 = [c for c in lists[where] if c.is_unit and c.grade == 0]
        if len(grade0) < fmt.deck.min_grade0:
            violations.append(f"the main deck has {len(grade0)} grade 0 units; at least "
                              f"{fmt.deck.min_grade0} is needed for the first vanguard")
    return violations


def _affiliation(cards: Sequence[CardRecord], fmt: Format) -> list[str]:
    """One clan (P/V) or nation (D) per deck; exempt ones and cards with none do not count."""
    if fmt.affiliation == "none":
        return []
    attribute = fmt.affiliation
    groups: dict[str, list[CardRecord]] = {}
    for card in cards:
        value = getattr(card, attribute)
        if value is not None and value not in fmt.affiliation_exempt:
            groups.setdefault(value, []).append(card)
    if len(groups) <= 1:
        return []
    ranked = sorted(groups.items(), key=lambda item: -len(item[1]))  # stable: ties keep order
    main, _ = ranked[0]
    offenders = "; ".join(f"{value}: {_listing(group)}" for value, group in ranked[1:])
    return [f"one {attribute} per deck: most cards are {main}, but these are not ({offenders})"]

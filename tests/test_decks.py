"""Deck lists and deck construction (RULES.md §3): every violation, one sentence each."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest

from vgcore.carddb import CardDB, CardRecord
from vgcore.decks import DeckList, check_deck, load_deck, validate_deck
from vgcore.errors import CardDataError, DeckError
from vgcore.formats import (
    Format,
    load_format_file,
    load_formats,
    resolve_formats,
    standard_format_files,
)


def unit(card_id: str, grade: int, name: str | None = None, **stats: Any) -> CardRecord:
    """A plain unit of clan Testers unless `clan`/`nation` say otherwise."""
    stats.setdefault("clan", "Testers")
    return CardRecord(card_id, name or card_id, "normal_unit", grade=grade, power=5000,
                      shield=5000, critical=1, **stats)


def trigger(card_id: str, kind: str, **stats: Any) -> CardRecord:
    stats.setdefault("clan", "Testers")
    return CardRecord(card_id, card_id, "trigger_unit", grade=0, power=5000, shield=10000,
                      critical=1, trigger=kind, **stats)


def d_unit(card_id: str, grade: int, nation: str = "Dragon Empire", **stats: Any) -> CardRecord:
    return unit(card_id, grade, clan=None, nation=nation, **stats)


def d_trigger(card_id: str, kind: str, nation: str = "Dragon Empire") -> CardRecord:
    return trigger(card_id, kind, clan=None, nation=nation)


DB = CardDB([
    # clan cards for premium and V
    unit("P-G0", 0), unit("P-G1A", 1), unit("P-G1B", 1), unit("P-G1C", 1), unit("P-G1D", 1),
    unit("P-G2A", 2), unit("P-G2B", 2), unit("P-G2C", 2), unit("P-G3A", 3), unit("P-G3B", 3),
    unit("P-G1A-ALT", 1, name="P-G1A"),  # another id with the same card name
    trigger("P-CRIT", "critical"), trigger("P-DRAW", "draw"), trigger("P-HEAL", "heal"),
    trigger("P-STAND", "stand"), trigger("P-FRONT", "front"),
    CardRecord("P-SENT", "Test Wall", "sentinel", grade=1, power=6000, shield=0, critical=1,
               clan="Testers", sentinel=True),
    CardRecord("P-SENT-2", "Test Wall Two", "sentinel", grade=1, power=6000, shield=0,
               critical=1, clan="Testers", sentinel=True),
    trigger("P-HEAL-2", "heal"),
    unit("K-G1", 1, clan="Other Clan"), CardRecord("G-001", "Test G", "g_unit", grade=4),
    # nation cards for D
    d_unit("D-G0", 0), d_unit("D-G1", 1), d_unit("D-G2", 2), d_unit("D-G3", 3, persona_ride=True),
    d_unit("D-G1B", 1), d_unit("D-G1C", 1), d_unit("D-G2B", 2), d_unit("D-G2C", 2),
    d_unit("D-G2D", 2),
    d_unit("D-G3B", 3), d_trigger("D-CRIT-A", "critical"), d_trigger("D-CRIT-B", "critical"),
    d_trigger("D-CRIT-C", "critical"), d_trigger("D-DRAW", "draw"), d_trigger("D-HEAL", "heal"),
    d_trigger("D-OVER", "over", nation="Cray Elemental"), d_trigger("D-OVER-2", "over"),
    d_trigger("D-HEAL-2", "heal"),
    d_unit("S-G1", 1, nation="Stoicheia"),
])

PREMIUM_MAIN = {"P-G0": 1, "P-G1A": 4, "P-G1B": 4, "P-G1C": 4, "P-G1D": 1, "P-G2A": 4,
                "P-G2B": 4, "P-G2C": 4, "P-G3A": 4, "P-G3B": 4,
                "P-CRIT": 4, "P-DRAW": 4, "P-HEAL": 4, "P-STAND": 4}
V_MAIN = {**{k: v for k, v in PREMIUM_MAIN.items() if k != "P-STAND"}, "P-FRONT": 4}
D_RIDE = {"D-G0": 1, "D-G1": 1, "D-G2": 1, "D-G3": 1}
D_MAIN = {"D-G0": 3, "D-G1": 3, "D-G2": 3, "D-G3": 3, "D-G1B": 4, "D-G1C": 4, "D-G2B": 4,
          "D-G2C": 4, "D-G3B": 2, "D-CRIT-A": 4, "D-CRIT-B": 4, "D-DRAW": 3, "D-HEAL": 4,
          "D-OVER": 1}


@pytest.fixture(scope="module")
def formats() -> dict[str, Format]:
    return load_formats(standard_format_files())


def deck(main: dict[str, int], ride: dict[str, int] | None = None, **fields: Any) -> DeckList:
    """A deck from id → count mappings (insertion order is deck order)."""
    def expand(counts: dict[str, int] | None) -> tuple[str, ...]:
        return tuple(card_id for card_id, n in (counts or {}).items() for _ in range(n))

    return DeckList("test deck", main=expand(main), ride_deck=expand(ride), **fields)


def mini_format(base: str = "premium", deck: dict[str, Any] | None = None,
                **top: Any) -> Format:
    """A throwaway format extending a standard one: `deck` rules plus top-level keys."""
    raws = [(load_format_file(path), str(path)) for path in standard_format_files()]
    raws.append(({"id": "mini", "extends": base, **top, "deck": deck or {}}, "<test>"))
    return resolve_formats(raws)["mini"]


def changed(counts: dict[str, int], **changes: int) -> dict[str, int]:
    """`counts` with some ids set to new counts (0 removes the id)."""
    merged = {**counts, **{k.replace("_", "-"): v for k, v in changes.items()}}
    return {k: v for k, v in merged.items() if v}


# --- legal decks -----------------------------------------------------------------------------

def test_legal_decks_have_no_violations(formats: dict[str, Format]) -> None:
    """RULES.md §3: a 50-card deck with 16 triggers and one clan/nation is legal in its era."""
    assert validate_deck(deck(PREMIUM_MAIN), formats["premium"], DB) == []
    assert validate_deck(deck(V_MAIN), formats["v-standard"], DB) == []
    assert validate_deck(deck(D_MAIN, D_RIDE), formats["d-standard"], DB) == []


def test_d_standard_ride_deck_counts_inside_fifty(formats: dict[str, Format]) -> None:
    """RULES.md §3 Decision: 46 main + 4 ride deck = 50; 50 main + 4 ride is too many."""
    assert validate_deck(deck(D_MAIN, D_RIDE), formats["d-standard"], DB) == []
    too_big = deck(changed(D_MAIN, D_G2D=4), D_RIDE)
    assert len(too_big.main) == 50
    assert validate_deck(too_big, formats["d-standard"], DB) == [
        "the main deck (50) and ride deck (4) total 54 cards; format 'd-standard' needs "
        "exactly 50"]


def test_separate_ride_deck_option_needs_fifty_in_main() -> None:
    """RULES.md §3: the later construction (50 main + a separate ride deck) is a format option."""
    separate = mini_format(base="d-standard", deck={"ride_deck_in_main": False})
    violations = validate_deck(deck(D_MAIN, D_RIDE), separate, DB)
    assert violations == ["the main deck has 46 cards; format 'mini' needs exactly 50"]


def test_ride_deck_copies_count_toward_the_copy_limit_in_d(formats: dict[str, Format]) -> None:
    """RULES.md §3: with the ride deck inside the 50, 1 ride + 4 main copies are 5 of a name."""
    violations = validate_deck(deck(changed(D_MAIN, D_G0=4, D_G3B=1), D_RIDE),
                               formats["d-standard"], DB)
    assert violations == ["5 cards named 'D-G0' (D-G0 (5)); at most 4 of one name are allowed"]


# --- one rule each ---------------------------------------------------------------------------

def test_main_deck_must_have_exactly_fifty(formats: dict[str, Format]) -> None:
    """RULES.md §3: exactly 50 cards."""
    violations = validate_deck(deck(changed(PREMIUM_MAIN, P_G1D=0)), formats["premium"], DB)
    assert violations == ["the main deck has 49 cards; format 'premium' needs exactly 50"]


def test_copy_limit_counts_by_name_across_ids(formats: dict[str, Format]) -> None:
    """RULES.md §3: at most 4 cards of one NAME, even under different ids."""
    main = changed(PREMIUM_MAIN, P_G1D=0, P_G1A_ALT=1)
    violations = validate_deck(deck(main), formats["premium"], DB)
    assert violations == ["5 cards named 'P-G1A' (P-G1A (4), P-G1A-ALT (1)); at most 4 of one "
                          "name are allowed"]


def test_exactly_sixteen_triggers(formats: dict[str, Format]) -> None:
    """RULES.md §3: exactly 16 trigger units, not more and not fewer."""
    main = changed(PREMIUM_MAIN, P_DRAW=3, P_G1D=2)
    violations = validate_deck(deck(main), formats["premium"], DB)
    assert violations == ["the deck has 15 trigger units; format 'premium' needs exactly 16"]


def test_at_most_four_heal_triggers(formats: dict[str, Format]) -> None:
    """RULES.md §3: heal triggers at most 4."""
    main = changed(PREMIUM_MAIN, P_DRAW=3, P_HEAL_2=1)
    violations = validate_deck(deck(main), formats["premium"], DB)
    assert violations == ["the deck has 5 heal triggers (P-HEAL (4), P-HEAL-2 (1)); at most 4 "
                          "are allowed"]


def test_heal_limit_is_reported_once_when_a_cap_repeats_it(formats: dict[str, Format]) -> None:
    """d-standard states heal ≤ 4 twice (max_heal and trigger_caps); one violation, not two."""
    main = changed(D_MAIN, D_DRAW=2, D_HEAL_2=1)
    violations = validate_deck(deck(main, D_RIDE), formats["d-standard"], DB)
    assert violations == ["the deck has 5 heal triggers (D-HEAL (4), D-HEAL-2 (1)); at most 4 "
                          "are allowed"]


def test_trigger_type_missing_from_the_format_is_a_violation(formats: dict[str, Format]) -> None:
    """RULES.md §6: there is no stand trigger in V."""
    violations = validate_deck(deck(PREMIUM_MAIN), formats["v-standard"], DB)
    assert violations == ["stand triggers do not exist in format 'v-standard': P-STAND (4)"]


def test_d_standard_caps_each_trigger_type(formats: dict[str, Format]) -> None:
    """RULES.md §3: critical/front/draw at most 8 each in D."""
    main = changed(D_MAIN, D_CRIT_C=1, D_DRAW=2)
    violations = validate_deck(deck(main, D_RIDE), formats["d-standard"], DB)
    assert violations == ["the deck has 9 critical triggers (D-CRIT-A (4), D-CRIT-B (4), "
                          "D-CRIT-C (1)); at most 8 are allowed"]


def test_d_standard_allows_one_over_trigger(formats: dict[str, Format]) -> None:
    """RULES.md §3: at most 1 over trigger."""
    main = changed(D_MAIN, D_OVER_2=1, D_DRAW=2)
    violations = validate_deck(deck(main, D_RIDE), formats["d-standard"], DB)
    assert violations == ["the deck has 2 over triggers (D-OVER (1), D-OVER-2 (1)); at most 1 "
                          "are allowed"]


def test_v_standard_allows_at_most_four_sentinels(formats: dict[str, Format]) -> None:
    """RULES.md §3: at most 4 sentinels in V."""
    main = changed(V_MAIN, P_G1A=0, P_G1D=0, P_SENT=4, P_SENT_2=1)
    violations = validate_deck(deck(main), formats["v-standard"], DB)
    assert violations == ["the deck has 5 sentinels (P-SENT (4), P-SENT-2 (1)); at most 4 are "
                          "allowed"]


def test_premium_has_no_sentinel_limit(formats: dict[str, Format]) -> None:
    """RULES.md §3: the sentinel limit is a V/D rule."""
    main = changed(PREMIUM_MAIN, P_G1A=0, P_G1D=0, P_SENT=4, P_SENT_2=1)
    assert validate_deck(deck(main), formats["premium"], DB) == []


def test_main_deck_needs_a_grade_0_for_the_first_vanguard() -> None:
    """RULES.md §3 and §4: the first vanguard is a grade 0 unit from the main deck."""
    mini = mini_format(deck={"size": 4, "triggers": 0})
    violations = validate_deck(deck({"P-G1A": 4}), mini, DB)
    assert violations == ["the main deck has 0 grade 0 units; at least 1 is needed for the "
                          "first vanguard"]
    assert validate_deck(deck({"P-G1A": 3, "P-G0": 1}), mini, DB) == []


def test_ride_deck_needs_one_unit_of_each_grade(formats: dict[str, Format]) -> None:
    """RULES.md §3: a D ride deck is one grade 0, 1, 2 and 3."""
    main = changed(D_MAIN, D_G1B=3, D_G3B=3)
    ride = {"D-G0": 1, "D-G1": 1, "D-G1B": 1, "D-G2": 1}
    violations = validate_deck(deck(main, ride), formats["d-standard"], DB)
    assert violations == [
        "the ride deck has 2 grade 1 units (D-G1 (1), D-G1B (1)); it needs exactly one",
        "the ride deck has no grade 3 unit",
    ]


def test_ride_deck_without_grade_0_leaves_no_first_vanguard(formats: dict[str, Format]) -> None:
    """RULES.md §4: in D the first vanguard is the ride deck's grade 0."""
    main = changed(D_MAIN, D_G1B=3, D_G3B=3)
    ride = {"D-G1B": 1, "D-G1": 1, "D-G2": 1, "D-G3": 1}
    violations = validate_deck(deck(main, ride), formats["d-standard"], DB)
    assert "the ride deck has no grade 0 unit (the first vanguard comes from it)" in violations


def test_ride_deck_in_a_format_without_one_is_a_violation(formats: dict[str, Format]) -> None:
    """RULES.md §1: the ride deck is a D zone; elsewhere it would be silently ignored."""
    violations = validate_deck(deck(V_MAIN, {"P-G0": 1}), formats["v-standard"], DB)
    assert violations == ["format 'v-standard' has no ride deck, but this deck lists 1 ride "
                          "deck cards"]


def test_one_clan_per_deck_names_the_offending_cards(formats: dict[str, Format]) -> None:
    """RULES.md §3: one clan per deck in premium/V."""
    main = changed(PREMIUM_MAIN, P_G1D=0, K_G1=1)
    violations = validate_deck(deck(main), formats["premium"], DB)
    assert violations == ["one clan per deck: most cards are Testers, but these are not "
                          "(Other Clan: K-G1 (1))"]


def test_exempt_nation_is_allowed_in_any_deck(formats: dict[str, Format]) -> None:
    """RULES.md §3: d-standard lets any deck hold Cray Elemental cards (the over trigger)."""
    legal = deck(D_MAIN, D_RIDE)
    assert validate_deck(legal, formats["d-standard"], DB) == []
    strict = mini_format(base="d-standard", affiliation_exempt=[])
    assert validate_deck(legal, strict, DB) == [
        "one nation per deck: most cards are Dragon Empire, but these are not "
        "(Cray Elemental: D-OVER (1))"]


def test_first_vanguard_must_be_a_grade_0_unit(formats: dict[str, Format]) -> None:
    """RULES.md §4: the first vanguard is a grade 0."""
    violations = validate_deck(deck(PREMIUM_MAIN, first_vanguard="P-G1A"), formats["premium"], DB)
    assert violations == ["first_vanguard P-G1A is not a grade 0 unit"]


def test_first_vanguard_must_be_in_the_ride_deck_in_d(formats: dict[str, Format]) -> None:
    """RULES.md §4: in D the first vanguard comes from the ride deck, not the main deck."""
    fmt = formats["d-standard"]
    assert validate_deck(deck(D_MAIN, D_RIDE, first_vanguard="D-G0"), fmt, DB) == []
    violations = validate_deck(deck(D_MAIN, D_RIDE, first_vanguard="D-CRIT-A"), fmt, DB)
    assert violations == ["first_vanguard D-CRIT-A is not in the ride deck"]


def test_g_units_cannot_be_in_the_main_deck(formats: dict[str, Format]) -> None:
    """RULES.md §2: G units live in the G deck, never the main deck."""
    violations = validate_deck(deck(changed(PREMIUM_MAIN, P_G1D=0, G_001=1)),
                               formats["premium"], DB)
    assert violations == ["g_unit cards cannot be in the main deck: G-001 (1)"]
    in_g_deck = deck(PREMIUM_MAIN, g_deck=("G-001",))
    assert validate_deck(in_g_deck, formats["premium"], DB) == []


def test_unknown_card_ids_are_listed(formats: dict[str, Format]) -> None:
    """An id no set defines is named with the list it is in."""
    violations = validate_deck(deck(changed(PREMIUM_MAIN, P_G1D=0, NOPE_1=1)),
                               formats["premium"], DB)
    assert violations == ["unknown card id 'NOPE-1' (in: main deck): no loaded card set "
                          "defines it"]


def test_every_deck_violation_is_listed(formats: dict[str, Format]) -> None:
    """RULES.md §3: every violation is reported, not only the first."""
    main = changed(PREMIUM_MAIN, P_G1D=0, P_G1B=5, P_G1C=0, K_G1=1, G_001=1, NOPE_1=1)
    bad = deck(main, {"P-G0": 1}, first_vanguard="P-G3A")
    violations = validate_deck(bad, formats["v-standard"], DB)
    expected = [
        "unknown card id 'NOPE-1'",
        "the main deck has 49 cards",
        "g_unit cards cannot be in the main deck",
        "5 cards named 'P-G1B'",
        "stand triggers do not exist",
        "has no ride deck",
        "first_vanguard P-G3A is not a grade 0 unit",
        "one clan per deck",
    ]
    assert len(violations) == len(expected)
    for phrase, violation in zip(expected, violations, strict=True):
        assert phrase in violation


def test_check_deck_raises_with_core_and_plugin_violations(formats: dict[str, Format]) -> None:
    """DESIGN.md §7: plugins add construction rules; one DeckError lists them all."""
    def g_deck_rule(deck: DeckList, fmt: Format, db: object) -> list[str]:
        return ["G deck rule broken"] if not deck.g_deck else []

    check_deck(deck(PREMIUM_MAIN, g_deck=("G-001",)), formats["premium"], DB, [g_deck_rule])
    with pytest.raises(DeckError) as info:
        check_deck(deck(changed(PREMIUM_MAIN, P_G1D=0)), formats["premium"], DB, [g_deck_rule])
    assert info.value.violations == [
        "the main deck has 49 cards; format 'premium' needs exactly 50", "G deck rule broken"]
    assert info.value.deck == "test deck"


# --- deck files ------------------------------------------------------------------------------

def test_load_deck_expands_counts_in_file_order(tmp_path: Path) -> None:
    """A deck file lists ids with counts; `main` repeats each id count times, in order."""
    path = tmp_path / "deck.yaml"
    path.write_text(textwrap.dedent("""
        name: Testers
        format: d-standard
        first_vanguard: D-G0
        description: a test deck
        ride_deck:
          - {id: D-G0, count: 1}
        deck:
          - {id: D-G1, count: 2}
          - {id: D-CRIT-A, count: 1}
    """).lstrip())
    loaded = load_deck(path)
    assert loaded == DeckList("Testers", "d-standard", "D-G0", ("D-G1", "D-G1", "D-CRIT-A"),
                              ("D-G0",), (), str(path), "a test deck")


def test_bad_deck_structure_names_line_and_column(tmp_path: Path) -> None:
    """A count must be a positive integer; the error points at it."""
    path = tmp_path / "deck.yaml"
    path.write_text("name: X\ndeck:\n  - {id: A, count: 0}\n")
    with pytest.raises(CardDataError) as info:
        load_deck(path)
    assert (info.value.file, info.value.line, info.value.column) == (str(path), 3, 20)
    assert "'deck.0.count'" in str(info.value)


def test_unknown_deck_key_is_an_error(tmp_path: Path) -> None:
    """Deck files are closed like card and format files."""
    path = tmp_path / "deck.yaml"
    path.write_text("name: X\nmain: []\ndeck: []\n")
    with pytest.raises(CardDataError, match="unknown key 'main'") as info:
        load_deck(path)
    assert (info.value.line, info.value.column) == (2, 1)

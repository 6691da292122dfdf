"""Formats: the three standard eras' values, `extends` inheritance, located errors."""

from __future__ import annotations

import textwrap
from dataclasses import fields
from pathlib import Path

import pytest

from vgcore.errors import FormatError
from vgcore.formats import (
    Format,
    load_format_file,
    load_formats,
    resolve_formats,
    standard_format_files,
)


@pytest.fixture(scope="module")
def standard() -> dict[str, Format]:
    return load_formats(standard_format_files())


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path


def with_standard(*paths: Path) -> dict[str, Format]:
    """Resolve test files together with the standard formats they may extend."""
    return load_formats([*standard_format_files(), *paths])


def format_error(*paths: Path) -> FormatError:
    with pytest.raises(FormatError) as info:
        with_standard(*paths)
    return info.value


# --- the standard formats --------------------------------------------------------------------

def test_standard_formats_are_installed(standard: dict[str, Format]) -> None:
    """RULES.md, table of eras: premium, v-standard and d-standard are the root formats; the G
    era's +10000 triggers are a variant of premium (premium-g)."""
    roots = {format_id for format_id, fmt in standard.items() if fmt.extends is None}
    assert roots == {"premium", "v-standard", "d-standard"}
    assert set(standard) == roots | {"premium-g"}


def test_premium_g_is_premium_with_g_era_trigger_power(standard: dict[str, Format]) -> None:
    """RULES.md §6 and the table of eras: +10000 from the G era on is a premium option."""
    premium, g_era = standard["premium"], standard["premium-g"]
    assert g_era.extends == "premium"
    assert (premium.trigger_power, g_era.trigger_power) == (5000, 10000)
    own = {"id", "name", "description", "extends", "trigger_power", "default_decks", "source"}
    for f in fields(Format):
        if f.name not in own:
            assert getattr(g_era, f.name) == getattr(premium, f.name), f.name


def test_trigger_power_is_5000_in_premium_and_10000_in_v_and_d(
        standard: dict[str, Format]) -> None:
    """RULES.md §6: +5000 in premium, +10000 in V and D."""
    assert [standard[f].trigger_power for f in ("premium", "v-standard", "d-standard")] == [
        5000, 10000, 10000]


def test_over_trigger_gives_a_hundred_million_in_d_standard(
        standard: dict[str, Format]) -> None:
    """RULES.md §6: an over trigger gives +100,000,000; the other types the usual amount."""
    d = standard["d-standard"]
    assert d.trigger_power_of("over") == 100_000_000
    assert d.trigger_power_of("critical") == 10000


def test_each_era_has_its_own_trigger_types(standard: dict[str, Format]) -> None:
    """RULES.md §6: stand only in premium, front in V/D, over only in D."""
    assert set(standard["premium"].triggers) == {"critical", "draw", "heal", "stand"}
    assert set(standard["v-standard"].triggers) == {"critical", "draw", "heal", "front"}
    assert set(standard["d-standard"].triggers) == {"critical", "draw", "heal", "front", "over"}


def test_trigger_check_needs_a_clan_except_in_d_standard(standard: dict[str, Format]) -> None:
    """RULES.md §6: premium and V check the clan; D does not check anything."""
    assert standard["premium"].trigger_check == "clan"
    assert standard["v-standard"].trigger_check == "clan"
    assert standard["d-standard"].trigger_check == "none"


def test_guardian_limits_apply_only_in_premium(standard: dict[str, Format]) -> None:
    """RULES.md §5 guard step: grade limit and no-shield-cannot-guard in premium only."""
    premium, v, d = (standard[f] for f in ("premium", "v-standard", "d-standard"))
    assert premium.guardian_grade_limit and premium.no_shield_cannot_guard
    assert not (v.guardian_grade_limit or v.no_shield_cannot_guard)
    assert not (d.guardian_grade_limit or d.no_shield_cannot_guard)


def test_mulligan_procedure_differs_between_premium_and_v_d(standard: dict[str, Format]) -> None:
    """RULES.md §4: premium shuffles back then draws; V/D put on the bottom, draw, shuffle."""
    assert standard["premium"].mulligan == "shuffle_back"
    assert standard["v-standard"].mulligan == standard["d-standard"].mulligan == "bottom_then_draw"


def test_d_standard_first_vanguard_comes_from_the_ride_deck(standard: dict[str, Format]) -> None:
    """RULES.md §4: from the ride deck in D, from the main deck otherwise."""
    assert standard["d-standard"].first_vanguard == "ride_deck"
    assert standard["d-standard"].ride_deck and standard["d-standard"].deck.ride_deck_size == 4
    assert standard["premium"].first_vanguard == standard["v-standard"].first_vanguard == (
        "main_deck")


def test_d_standard_deck_rules(standard: dict[str, Format]) -> None:
    """RULES.md §3: per-type trigger caps, sentinels ≤ 4, ride deck inside the 50."""
    deck = standard["d-standard"].deck
    assert dict(deck.trigger_caps) == {"critical": 8, "draw": 8, "front": 8, "heal": 4,
                                       "over": 1}
    assert deck.max_sentinels == 4
    assert deck.ride_deck_in_main is True


def test_sentinel_limit_exists_in_v_and_d_only(standard: dict[str, Format]) -> None:
    """RULES.md §3: at most 4 sentinels in V and D; no limit in premium."""
    assert standard["premium"].deck.max_sentinels is None
    assert standard["v-standard"].deck.max_sentinels == 4


def test_cray_elemental_is_exempt_from_one_nation_in_d(standard: dict[str, Format]) -> None:
    """RULES.md §3: shared cards any deck may hold are a format option (D: Cray Elemental)."""
    d = standard["d-standard"]
    assert d.affiliation == "nation" and d.affiliation_exempt == ("Cray Elemental",)
    assert standard["premium"].affiliation == "clan"


def test_common_core_values(standard: dict[str, Format]) -> None:
    """RULES.md §3 to §9: 50 cards, 4 copies, 16 triggers, hand 5, 6 damage, no turn-1 attack."""
    for fmt in standard.values():
        assert (fmt.deck.size, fmt.deck.max_copies, fmt.deck.triggers, fmt.deck.max_heal) == (
            50, 4, 16, 4)
        assert (fmt.hand_size, fmt.damage_to_lose, fmt.max_orders_per_turn) == (5, 6, 1)
        assert fmt.first_player_draws and not fmt.first_turn_attack
        assert fmt.first_player == "random"


def test_format_mappings_are_read_only(standard: dict[str, Format]) -> None:
    """A format is shared by every game; nothing may change it in place."""
    with pytest.raises(TypeError):
        standard["d-standard"].trigger_values["over"] = 1  # type: ignore[index]
    with pytest.raises(TypeError):
        standard["d-standard"].deck.trigger_caps["over"] = 2  # type: ignore[index]


# --- extends ---------------------------------------------------------------------------------

def test_extends_overrides_nested_deck_rules(tmp_path: Path) -> None:
    """DESIGN.md §7: a derived format changes one deck rule and keeps the others."""
    path = write(tmp_path, "d50.yaml", """
        id: d-separate-ride
        extends: d-standard
        deck:
          ride_deck_in_main: false
          trigger_caps: {front: 4}
    """)
    fmt = with_standard(path)["d-separate-ride"]
    assert fmt.deck.ride_deck_in_main is False
    assert fmt.deck.trigger_caps["front"] == 4
    assert fmt.deck.trigger_caps["critical"] == 8
    assert fmt.deck.max_sentinels == 4 and fmt.deck.ride_deck_size == 4


def test_extends_inherits_values_not_listed(tmp_path: Path) -> None:
    """Only what differs is written; the rest comes from the base format."""
    path = write(tmp_path, "g.yaml", "id: my-g-era\nextends: premium\ntrigger_power: 10000\n")
    fmt = with_standard(path)["my-g-era"]
    assert fmt.trigger_power == 10000
    assert fmt.guardian_grade_limit and fmt.mulligan == "shuffle_back"
    assert fmt.extends == "premium" and fmt.source == str(path)


def test_plugins_replace_the_bases_list_and_add_plugins_extends_it(tmp_path: Path) -> None:
    """A variant keeps its base's plugins with `add_plugins`; `plugins` starts a new list."""
    added = write(tmp_path, "a.yaml", "id: with-more\nextends: premium\nadd_plugins: [x, stride]\n")
    chained = write(tmp_path, "b.yaml", "id: more-still\nextends: with-more\nadd_plugins: [y]\n")
    replaced = write(tmp_path, "c.yaml", "id: only-x\nextends: premium\nplugins: [x]\n")
    formats = with_standard(added, chained, replaced)
    base = formats["premium"].plugins
    assert formats["with-more"].plugins == (*base, "x")
    assert formats["more-still"].plugins == (*base, "x", "y")
    assert formats["only-x"].plugins == ("x",)


def test_name_is_not_inherited(tmp_path: Path) -> None:
    """A derived format must not show up under its base's name."""
    path = write(tmp_path, "g.yaml", "id: my-g-era\nextends: premium\n")
    assert with_standard(path)["my-g-era"].name == "my-g-era"


def test_extends_chain_resolves_through_every_base(tmp_path: Path) -> None:
    """A → B → standard: values come from the nearest format that sets them."""
    first = write(tmp_path, "a.yaml", "id: a\nextends: b\nhand_size: 7\n")
    second = write(tmp_path, "b.yaml", "id: b\nextends: v-standard\nhand_size: 6\n"
                                       "damage_to_lose: 9\n")
    fmt = with_standard(first, second)["a"]
    assert (fmt.hand_size, fmt.damage_to_lose, fmt.trigger_power) == (7, 9, 10000)


def test_null_removes_an_inherited_trigger_cap(tmp_path: Path) -> None:
    """`null` in trigger_caps means "no cap" rather than keeping the base's."""
    path = write(tmp_path, "x.yaml", "id: x\nextends: d-standard\ndeck: {trigger_caps: "
                                     "{front: null}}\n")
    assert "front" not in with_standard(path)["x"].deck.trigger_caps


def test_options_merge_key_by_key(tmp_path: Path) -> None:
    """Plugins' free-form options merge like the other mappings."""
    base = write(tmp_path, "b.yaml", "id: b\nextends: premium\noptions: {g_deck: {max: 16}, "
                                     "era: g}\n")
    child = write(tmp_path, "c.yaml", "id: c\nextends: b\noptions: {g_deck: {max: 8}}\n")
    assert with_standard(base, child)["c"].options == {"g_deck": {"max": 8}, "era": "g"}


def test_extends_cycle_is_an_error(tmp_path: Path) -> None:
    """A format cannot (indirectly) extend itself; the error shows the cycle."""
    write(tmp_path, "a.yaml", "id: a\nextends: b\n")
    write(tmp_path, "b.yaml", "id: b\nextends: a\n")
    error = format_error(tmp_path / "a.yaml", tmp_path / "b.yaml")
    assert "cycle: a -> b -> a" in str(error)
    assert (error.file, error.line, error.column) == (str(tmp_path / "b.yaml"), 2, 10)


def test_extending_itself_is_a_cycle(tmp_path: Path) -> None:
    """The shortest cycle is still one."""
    error = format_error(write(tmp_path, "a.yaml", "id: a\nextends: a\n"))
    assert "cycle: a -> a" in str(error)


def test_extends_unknown_base_names_file_line_and_column(tmp_path: Path) -> None:
    """A misspelt base format is reported at its `extends:` value, listing known formats."""
    error = format_error(write(tmp_path, "a.yaml", "id: a\nextends: v-standrd\n"))
    assert "unknown format 'v-standrd'" in str(error) and "v-standard" in str(error)
    assert (error.line, error.column) == (2, 10)


# --- errors ----------------------------------------------------------------------------------

def test_unknown_key_names_file_line_and_column(tmp_path: Path) -> None:
    """Unknown keys are errors, located at the key (DESIGN.md §8)."""
    path = write(tmp_path, "a.yaml", "id: a\nextends: premium\nhand_sise: 6\n")
    with pytest.raises(FormatError) as info:
        load_format_file(path)
    assert (info.value.file, info.value.line, info.value.column) == (str(path), 3, 1)
    assert "did you mean 'hand_size'" in str(info.value)


def test_unknown_nested_deck_key_is_an_error(tmp_path: Path) -> None:
    """The nested deck rules are closed too."""
    path = write(tmp_path, "a.yaml", "id: a\ndeck:\n  max_copy: 3\n")
    with pytest.raises(FormatError) as info:
        load_format_file(path)
    assert "unknown key 'max_copy'" in str(info.value)
    assert (info.value.line, info.value.column) == (3, 3)


def test_unknown_trigger_type_is_an_error(tmp_path: Path) -> None:
    """Trigger types are the six of RULES.md §6."""
    path = write(tmp_path, "a.yaml", "id: a\ntriggers: [critical, double]\n")
    with pytest.raises(FormatError) as info:
        load_format_file(path)
    assert "must be one of critical" in str(info.value)
    assert info.value.line == 2


def test_wrong_value_type_is_an_error(tmp_path: Path) -> None:
    """A boolean where a number belongs is a mistake, not 1."""
    path = write(tmp_path, "a.yaml", "id: a\nhand_size: true\n")
    with pytest.raises(FormatError, match="'hand_size' must be an integer"):
        load_format_file(path)


def test_root_format_must_set_every_era_key(tmp_path: Path) -> None:
    """A format that extends nothing cannot lean on defaults for era-specific rules."""
    error = format_error(write(tmp_path, "a.yaml", "id: a\ntrigger_power: 10000\n"))
    assert "must set triggers, trigger_check" in str(error)


def test_duplicate_format_id_names_both_files(tmp_path: Path) -> None:
    """Two plugins must not silently shadow each other's format."""
    path = write(tmp_path, "p.yaml", "id: premium\nextends: v-standard\n")
    error = format_error(path)
    assert error.file == str(path) and error.line == 1
    assert "premium.yaml" in str(error)


def test_first_vanguard_from_ride_deck_needs_a_ride_deck(tmp_path: Path) -> None:
    """Contradictory settings are refused when the format is resolved."""
    path = write(tmp_path, "a.yaml", "id: a\nextends: v-standard\nfirst_vanguard: ride_deck\n")
    error = format_error(path)
    assert "ride_deck is false" in str(error)
    assert error.line == 3


def test_no_attack_turns_defaults_from_first_turn_attack(tmp_path: Path) -> None:
    """RULES.md §5: no attack on turn 1 by default; §13: a format may widen it (tag fight: 3)."""
    formats = with_standard(
        write(tmp_path, "a.yaml", "id: a\nextends: premium\nfirst_turn_attack: true\n"),
        write(tmp_path, "b.yaml", "id: b\nextends: premium\nno_attack_turns: 3\n"))
    assert formats["premium"].attack_free_turns == 1
    assert formats["a"].attack_free_turns == 0
    assert formats["b"].attack_free_turns == 3


def test_no_attack_turns_contradicting_first_turn_attack_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "a.yaml",
                 "id: a\nextends: premium\nfirst_turn_attack: true\nno_attack_turns: 2\n")
    error = format_error(path)
    assert "first_turn_attack is true" in str(error) and error.line == 4


def test_resolve_formats_accepts_raw_mappings() -> None:
    """Plugins may hand over formats built in code; they are checked the same way."""
    raw = {"id": "mini", "trigger_power": 5000, "triggers": ["critical"], "trigger_check": "none",
           "affiliation": "none", "guardian_grade_limit": False, "no_shield_cannot_guard": False,
           "mulligan": "shuffle_back", "first_vanguard": "main_deck", "ride_deck": False,
           "deck": {"size": 20, "triggers": 4}}
    fmt = resolve_formats([(raw, "<code>")])["mini"]
    assert (fmt.deck.size, fmt.deck.triggers, fmt.deck.max_copies) == (20, 4, 4)
    with pytest.raises(FormatError, match="unknown key 'speed'"):
        resolve_formats([({**raw, "speed": 2}, "<code>")])

"""Card records from YAML: schema, located errors, scripts, plugin fields, the CardDB."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from ruamel.yaml import YAML
from ruamel.yaml.cyaml import CParser

from vgcore import yamlio
from vgcore.carddb import CardDB, CardRecord, SourceRef, load_card_dir, parse_card_records
from vgcore.errors import CardDataError


def write_set(directory: Path, text: str, *scripts: str) -> Path:
    """A card directory holding `cards.yaml` (dedented `text`) and empty `<ID>.lua` files."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "cards.yaml").write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    for card_id in scripts:
        (directory / f"{card_id}.lua").write_text("-- test\n", encoding="utf-8")
    return directory


TWO_CARDS = """
    set: TST
    cards:
      - id: T-001
        name: Test Knight
        kind: normal_unit
        grade: 3
        power: 13000
        critical: 1
        skill: twin_drive
        clan: Testers
        race: Human
      - {id: T-002, name: Test Healer, kind: trigger_unit, grade: 0, power: 5000,
         shield: 10000, critical: 1, skill: boost, trigger: heal, trigger_power: 10000,
         clan: Testers}
"""


def load_error(directory: Path, text: str, **kwargs: object) -> CardDataError:
    write_set(directory, text)
    with pytest.raises(CardDataError) as info:
        load_card_dir(directory, **kwargs)  # type: ignore[arg-type]
    return info.value


# --- records ---------------------------------------------------------------------------------

def test_record_keeps_printed_stats_and_set_id(tmp_path: Path) -> None:
    """RULES.md §2: grade, power, shield, critical, skill, trigger and clan are kept as printed."""
    records = load_card_dir(write_set(tmp_path / "TST", TWO_CARDS))
    healer = records[1]
    assert (healer.id, healer.kind, healer.grade, healer.power, healer.shield) == (
        "T-002", "trigger_unit", 0, 5000, 10000)
    assert (healer.skill, healer.trigger, healer.trigger_power, healer.clan) == (
        "boost", "heal", 10000, "Testers")
    assert healer.set == "TST"


def test_missing_shield_is_not_zero(tmp_path: Path) -> None:
    """RULES.md §5: a unit with no printed shield differs from shield 0 (premium cannot guard)."""
    write_set(tmp_path, """
        - {id: A, name: No Shield, kind: normal_unit, grade: 3, power: 11000}
        - {id: B, name: Zero Shield, kind: normal_unit, grade: 3, power: 11000, shield: 0}
    """)
    no_shield, zero = load_card_dir(tmp_path)
    assert no_shield.shield is None
    assert zero.shield == 0


def test_record_source_names_file_and_line(tmp_path: Path) -> None:
    """Each record remembers where it was defined, so later errors can point at it."""
    records = load_card_dir(write_set(tmp_path, TWO_CARDS))
    assert records[0].source == SourceRef(str(tmp_path / "cards.yaml"), 3, 5)
    assert records[1].source == SourceRef(str(tmp_path / "cards.yaml"), 12, 5)


def test_list_form_takes_the_directory_name_as_set_id(tmp_path: Path) -> None:
    """A bare list of records has no `set:`; the directory (card_scripts/<SET>/) names it."""
    write_set(tmp_path / "MYSET", "- {id: A, name: A, kind: normal_unit, grade: 1, power: 8000}\n")
    assert load_card_dir(tmp_path / "MYSET")[0].set == "MYSET"


def test_script_is_set_only_when_the_lua_file_exists(tmp_path: Path) -> None:
    """A card without skills has no script file (STYLE.md, fireplace habit)."""
    records = load_card_dir(write_set(tmp_path, TWO_CARDS, "T-001"))
    assert records[0].script == str(tmp_path / "T-001.lua")
    assert records[1].script is None


def test_notes_are_accepted_but_not_stored(tmp_path: Path) -> None:
    """`notes` document a record (string or list of strings) and are not card data."""
    write_set(tmp_path, """
        - {id: A, name: A, kind: normal_unit, grade: 1, power: 8000, notes: one note}
        - {id: B, name: B, kind: normal_unit, grade: 1, power: 8000,
           notes: [first, second]}
    """)
    a, b = load_card_dir(tmp_path)
    assert not hasattr(a, "notes")
    assert a.extra == {} and b.extra == {}


def test_null_text_reads_as_empty_text(tmp_path: Path) -> None:
    """A vanilla card may write `text: null`; code can rely on `text` being a string."""
    write_set(tmp_path, "- {id: A, name: A, kind: normal_unit, grade: 1, power: 1, text: null}\n")
    assert load_card_dir(tmp_path)[0].text == ""


def test_kind_sentinel_implies_the_sentinel_flag(tmp_path: Path) -> None:
    """RULES.md §3 counts sentinels; a `kind: sentinel` card is one without saying it twice."""
    write_set(tmp_path, "- {id: S, name: S, kind: sentinel, grade: 1, power: 6000, shield: 0}\n")
    assert load_card_dir(tmp_path)[0].sentinel is True


def test_is_unit_is_false_only_for_orders() -> None:
    """RULES.md §2: orders are not units; every other kind (plugins' too) is."""
    assert not CardRecord("O", "Order", "order").is_unit
    assert CardRecord("G", "G Unit", "g_unit").is_unit


def test_affiliation_is_clan_else_nation() -> None:
    """RULES.md §3: one clan (P/V) or nation (D) per deck reads the same field for both."""
    assert CardRecord("A", "A", "normal_unit", clan="Clan", nation="X").affiliation == "Clan"
    assert CardRecord("B", "B", "normal_unit", nation="Nation").affiliation == "Nation"


# --- errors ----------------------------------------------------------------------------------

def test_unknown_key_names_file_line_and_column(tmp_path: Path) -> None:
    """DESIGN.md §8: data errors name file:line:column of the offending key."""
    error = load_error(tmp_path, """
        - id: A
          name: A
          kind: normal_unit
          powr: 5000
    """)
    assert (error.file, error.line, error.column) == (str(tmp_path / "cards.yaml"), 4, 3)
    assert "unknown key 'powr'" in str(error)
    assert str(error).startswith(f"{tmp_path / 'cards.yaml'}:4:3:")


def test_unknown_key_suggests_the_closest_field(tmp_path: Path) -> None:
    """A typo should be fixable from the message alone."""
    error = load_error(tmp_path, "- {id: A, name: A, kind: normal_unit, sheild: 5000}\n")
    assert "did you mean 'shield'" in str(error)


def test_wrong_type_points_at_the_value(tmp_path: Path) -> None:
    """A stat that is not an integer is reported where the value is written."""
    error = load_error(tmp_path, """
        - id: A
          name: A
          kind: normal_unit
          power: lots
    """)
    assert (error.line, error.column) == (4, 10)
    assert "'power' must be an integer or null" in str(error)


def test_booleans_and_floats_are_not_integer_stats(tmp_path: Path) -> None:
    """JSON Schema would take 5000.0 and Python would take True; card stats are whole numbers."""
    boolean = load_error(tmp_path, "- {id: A, name: A, kind: normal_unit, power: true}")
    assert "'power' must be an integer" in str(boolean)
    decimal = load_error(tmp_path, "- {id: A, name: A, kind: normal_unit, grade: 1.0}")
    assert "'grade' must be an integer" in str(decimal)


def test_bad_enum_lists_the_allowed_values(tmp_path: Path) -> None:
    """RULES.md §2 trigger icons: a misspelt trigger names the legal ones."""
    error = load_error(tmp_path, "- {id: A, name: A, kind: trigger_unit, trigger: crit}\n")
    assert "'trigger' must be one of critical, draw, heal, front, stand, over" in str(error)
    assert (error.line, error.column) == (1, 49)


def test_unknown_kind_is_an_error(tmp_path: Path) -> None:
    """Kinds are closed unless a plugin registers more."""
    error = load_error(tmp_path, "- {id: A, name: A, kind: g_unit}\n")
    assert "'kind' must be one of" in str(error)


def test_missing_required_key_points_at_the_record(tmp_path: Path) -> None:
    """id, name and kind are required; the error points at the record lacking one."""
    error = load_error(tmp_path, """
        - {id: A, name: A, kind: normal_unit, grade: 1, power: 8000}
        - id: B
          kind: normal_unit
    """)
    assert "'name' is a required property" in str(error)
    assert (error.line, error.column) == (2, 3)


def test_duplicate_id_in_one_file_points_at_the_second(tmp_path: Path) -> None:
    """Ids join data and scripts, so they must be unique."""
    error = load_error(tmp_path, """
        - {id: A, name: First, kind: normal_unit, grade: 1, power: 8000}
        - {id: A, name: Second, kind: normal_unit, grade: 1, power: 8000}
    """)
    assert "'A' is defined twice in this file (first at line 1)" in str(error)
    assert (error.line, error.column) == (2, 8)


def test_malformed_yaml_names_line_and_column(tmp_path: Path) -> None:
    """A syntax error is a CardDataError too, located by the round-trip loader."""
    error = load_error(tmp_path, "- {id: A, name: [unclosed, kind: normal_unit}\n")
    assert error.file == str(tmp_path / "cards.yaml")
    assert error.line == 1 and error.column is not None
    assert "malformed YAML" in str(error)


def test_duplicate_yaml_key_is_an_error(tmp_path: Path) -> None:
    """The same key twice in a record would silently drop a value."""
    error = load_error(tmp_path, """
        - id: A
          name: A
          kind: normal_unit
          power: 5000
          power: 6000
    """)
    assert "duplicate key" in str(error)
    assert error.line == 5


def test_unknown_top_level_key_in_set_file(tmp_path: Path) -> None:
    """The set mapping allows only set, name, description and cards."""
    error = load_error(tmp_path, "set: X\nera: D\ncards: []\n")
    assert "unknown key 'era'" in str(error)
    assert (error.line, error.column) == (2, 1)


def test_trigger_unit_needs_a_trigger_type(tmp_path: Path) -> None:
    """RULES.md §2: a trigger unit carries a trigger icon."""
    error = load_error(tmp_path, "- {id: A, name: A, kind: trigger_unit, grade: 0, power: 5000}\n")
    assert "needs a 'trigger'" in str(error)


def test_order_with_power_is_an_error(tmp_path: Path) -> None:
    """RULES.md §2: orders have no power, no shield."""
    error = load_error(tmp_path, "- {id: O, name: O, kind: order, order_type: normal, power: 1}\n")
    assert "an order has no power" in str(error)


# --- plugins ---------------------------------------------------------------------------------

def test_plugin_field_goes_into_read_only_extra(tmp_path: Path) -> None:
    """DESIGN.md §7: plugins register fields; the core stores them in `extra`, frozen."""
    write_set(tmp_path, "- {id: G, name: G, kind: g_unit, grade: 4, gb: 2, tags: [a, b]}\n")
    (record,) = load_card_dir(tmp_path, extra_fields={"gb": {"type": "integer"},
                                                      "tags": {"type": "array"}},
                              extra_kinds=["g_unit"])
    assert record.extra == {"gb": 2, "tags": ("a", "b")}
    with pytest.raises(TypeError):
        record.extra["gb"] = 3  # type: ignore[index]


def test_plugin_field_is_validated_by_its_fragment(tmp_path: Path) -> None:
    """A plugin field's schema fragment is enforced like a core field's."""
    error = load_error(tmp_path, "- {id: A, name: A, kind: normal_unit, gb: two}\n",
                       extra_fields={"gb": {"type": "integer"}})
    assert "'gb' must be an integer" in str(error)


def test_plugin_field_cannot_replace_a_core_field() -> None:
    """A plugin must not silently change what `power` means."""
    with pytest.raises(ValueError, match="clashes"):
        parse_card_records([], "x.yaml", extra_fields={"power": {"type": "string"}})


def test_inline_records_are_validated_and_located(tmp_path: Path) -> None:
    """SCENARIOS.md §3: a scenario's `cards:` follow the card schema, errors at their line."""
    scenario = tmp_path / "s.scenario.yaml"
    scenario.write_text("name: x\ncards:\n  - {id: X, name: X, kind: normal_unit, grde: 1}\n")
    items = yamlio.load_yaml(scenario)["cards"]
    with pytest.raises(CardDataError) as info:
        parse_card_records(items, str(scenario), doc_path=["cards"])
    assert (info.value.line, info.value.column) == (3, 41)
    (record,) = parse_card_records([{"id": "X", "name": "X", "kind": "order"}], str(scenario))
    assert record.source == SourceRef(str(scenario))


# --- CardDB ----------------------------------------------------------------------------------

def test_carddb_duplicate_across_sets_names_both_places(tmp_path: Path) -> None:
    """An id may exist once in the whole pool; the error shows where each definition is."""
    db = CardDB(load_card_dir(write_set(tmp_path / "A", "- {id: X, name: X, kind: order}\n")))
    second = load_card_dir(write_set(tmp_path / "B", "# B\n- {id: X, name: X, kind: order}\n"))
    with pytest.raises(CardDataError) as info:
        db.add(second)
    message = str(info.value)
    assert message.startswith(f"{tmp_path / 'B' / 'cards.yaml'}:2:3:")
    assert f"{tmp_path / 'A' / 'cards.yaml'}:1:3" in message


def test_carddb_add_is_all_or_nothing() -> None:
    """A failed add leaves the database as it was."""
    db = CardDB([CardRecord("A", "A", "order")])
    with pytest.raises(CardDataError):
        db.add([CardRecord("B", "B", "order"), CardRecord("A", "A", "order")])
    assert list(db) == ["A"]


def test_unknown_id_error_suggests_close_ids() -> None:
    """A KeyError that helps: it names the id and the nearest known ones."""
    db = CardDB([CardRecord("TD01-005", "A", "normal_unit")])
    with pytest.raises(KeyError, match=r"unknown card id 'TD01-05'.*TD01-005"):
        db["TD01-05"]
    assert db.get("TD01-05") is None
    assert "TD01-005" in db and len(db) == 1


def test_by_set_and_sets_keep_load_order(tmp_path: Path) -> None:
    """Sets are listed in the order they were added, and their cards in file order."""
    db = CardDB()
    db.load_dir(write_set(tmp_path / "S2", "- {id: B, name: B, kind: order}\n"
                                           "- {id: A, name: A, kind: order}\n"))
    db.load_dir(write_set(tmp_path / "S1", "- {id: C, name: C, kind: order}\n"))
    assert db.sets() == ["S2", "S1"]
    assert [r.id for r in db.by_set("S2")] == ["B", "A"]
    assert db.by_set("nope") == []


# --- YAML reading ----------------------------------------------------------------------------

def test_fast_loader_uses_the_c_parser() -> None:
    """Loading must be fast: the C parser, never the pure-Python one."""
    assert yamlio.fast_loader().Parser is CParser


def test_fast_loader_reads_scalars_like_the_stock_safe_loader() -> None:
    """The tuned tag resolver must not change what any scalar means."""
    text = ("a: 1\nb: -2.5\nc: true\nd: null\ne: ~\nf: 0x1F\ng: '5000'\nh: yes\ni: 2001-12-14\n"
            "j: .inf\nk: [1, '1', 1.0]\nl: {m: n}\n")
    assert yamlio.parse_yaml_text(text, "t").data == YAML(typ="safe").load(text)


def test_valid_file_never_uses_the_round_trip_loader(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The slow round-trip parse is only for locating errors."""
    names = yamlio._ruamel()  # ruamel's names, as yamlio imported them (on first use)
    real = names.YAML

    def no_round_trip(*, typ: str = "rt", **kwargs: object) -> YAML:
        assert typ != "rt", "round-trip loader used on a valid file"
        return real(typ=typ, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(names, "YAML", no_round_trip)
    monkeypatch.setenv("VGCORE_CACHE_DIR", "off")  # parsed here, not taken from the cache
    assert len(load_card_dir(write_set(tmp_path, TWO_CARDS))) == 2


def test_position_locates_keys_and_values(tmp_path: Path) -> None:
    """The round-trip helper gives 1-based positions, and stops where the path ends."""
    file = tmp_path / "doc.yaml"
    file.write_text("cards:\n  - id: A\n    power: 5000\n")
    assert yamlio.position(file, ["cards", 0, "power"]) == (3, 12)
    assert yamlio.position(file, ["cards", 0, "power"], key=True) == (3, 5)
    assert yamlio.position(file, ["cards", 0, "missing"]) == (2, 5)
    assert yamlio.position(tmp_path / "absent.yaml", ["x"]) == (None, None)


def test_loading_a_large_set(tmp_path: Path, benchmark: object) -> None:
    """Start-up cost of a 2000-card set (run with --benchmark-enable to time it)."""
    lines = [f"- {{id: B-{i:04d}, name: Card {i}, kind: normal_unit, grade: {i % 4}, "
             f"power: {5000 + i}, shield: 5000, critical: 1, skill: boost, nation: N, "
             f"race: R, text: ''}}" for i in range(2000)]
    write_set(tmp_path, "\n".join(lines) + "\n", "B-0001")
    records = benchmark(load_card_dir, tmp_path)  # type: ignore[operator]
    assert len(records) == 2000 and records[1].script is not None

"""JSON Schemas (vgcore/schemas): the shipped files are what the code builds, and they accept
every file vgcore ships or tests with while refusing what the loaders refuse."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from vgcore import schemas
from vgcore.carddb import card_schema, parse_card_records
from vgcore.cli import main
from vgcore.decks import DECK_SCHEMA
from vgcore.errors import CardDataError
from vgcore.formats import FORMAT_SCHEMA, standard_format_files
from vgcore.plugins import Registry
from vgcore.testing.expectations import GAME_KEYS
from vgcore.testing.scenario import SCENARIO_KEYS, START_KEYS
from vgcore.yamlio import load_yaml

TESTS = Path(__file__).parent
RECORD = {"id": "X-001", "name": "Test Knight", "kind": "normal_unit", "grade": 1,
          "power": 8000, "shield": 5000, "critical": 1, "skill": "boost",
          "clan": "Royal Paladin", "race": "Human", "text": ""}
SCENARIO = {"name": "a scenario", "format": "premium",
            "board": {"A": {"vanguard": "VAN-RP-009"}, "B": {"vanguard": "VAN-KG-009"}}}


def validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(schemas.shipped(name))


def errors(name: str, data: Any) -> list[str]:
    return [e.message for e in validator(name).iter_errors(data)]


@pytest.fixture(scope="module")
def installed() -> Registry:
    return Registry()


# -- the shipped files cannot drift from the code ----------------------------------------


@pytest.mark.parametrize("name", schemas.SCHEMA_NAMES)
def test_shipped_schema_is_what_the_code_builds(name: str) -> None:
    # On a failure: `python -m vgcore.schemas` regenerates the files.
    assert schemas.shipped(name) == schemas.build(name)
    text = (Path(schemas.__file__).parent / f"{name}.json").read_text(encoding="utf-8")
    assert text == schemas.dump(schemas.build(name))


@pytest.mark.parametrize("name", schemas.SCHEMA_NAMES)
def test_shipped_schema_is_a_valid_draft_2020_12_schema(name: str) -> None:
    Draft202012Validator.check_schema(schemas.shipped(name))


def test_schemas_keep_the_loaders_keys_and_describe_every_one() -> None:
    card = schemas.shipped("card")["$defs"]["card"]["properties"]
    assert set(card) == set(card_schema()["properties"]) == set(schemas.CARD_FIELDS)
    assert all("description" in prop for prop in card.values())
    deck = schemas.shipped("deck")["properties"]
    assert set(deck) == set(DECK_SCHEMA["properties"]) == set(schemas.DECK_FIELDS)
    fmt = schemas.shipped("format")["properties"]
    assert set(fmt) == set(FORMAT_SCHEMA["properties"]) == set(schemas.FORMAT_FIELDS)
    scenario = schemas.shipped("scenario")["$defs"]
    assert list(scenario["scenario"]["properties"]) == list(SCENARIO_KEYS)
    assert set(scenario["scenario"]["properties"]["start"]["properties"]) == set(START_KEYS)
    assert set(scenario["expectations"]["properties"]) == set(GAME_KEYS)


def test_schema_command_prints_the_schema_with_installed_plugins(installed: Registry) -> None:
    for name in schemas.SCHEMA_NAMES:
        result = CliRunner().invoke(main, ["schema", name])
        assert result.exit_code == 0, result.output
        assert json.loads(result.output) == schemas.build(
            name, extra_fields=installed.card_fields, extra_kinds=installed.card_kinds)


def test_plugin_card_fields_and_kinds_are_added() -> None:
    schema = schemas.build("card", extra_fields={"generation": {"type": "integer"}},
                           extra_kinds=["g_unit"])
    check = Draft202012Validator(schema)
    assert check.is_valid([{**RECORD, "kind": "g_unit", "generation": 2}])
    assert not validator("card").is_valid([{**RECORD, "generation": 2}])


# -- everything vgcore ships or tests with is valid -----------------------------------------


def with_plugins(name: str, registry: Registry) -> Draft202012Validator:
    """The schema `vgcore schema <name>` prints: with the installed plugins' card fields."""
    return Draft202012Validator(schemas.build(name, extra_fields=registry.card_fields,
                                              extra_kinds=registry.card_kinds))


def test_installed_card_files_are_valid(installed: Registry) -> None:
    dirs = installed.card_set_dirs()
    assert dirs
    check = with_plugins("card", installed)
    for directory in dirs:
        assert list(check.iter_errors(load_yaml(directory / "cards.yaml"))) == [], directory


def test_test_card_files_are_valid() -> None:
    for file in sorted((TESTS / "cards").glob("*/cards.yaml")):
        assert errors("card", load_yaml(file)) == [], file


def test_installed_deck_files_are_valid(installed: Registry) -> None:
    assert installed.decks
    for deck in installed.decks.values():
        assert errors("deck", load_yaml(deck.source)) == [], deck.source


def test_standard_formats_are_valid() -> None:
    files = standard_format_files()
    assert files
    for file in files:
        assert errors("format", load_yaml(file)) == [], file


def test_every_scenario_file_in_tests_is_valid() -> None:
    files = [*sorted(TESTS.rglob("*.scenario.yaml")), TESTS / "scenarios/runner/failing.yaml"]
    assert len(files) > 5
    for file in files:
        assert errors("scenario", load_yaml(file)) == [], file


def test_installed_sets_scenario_files_are_valid(installed: Registry) -> None:
    check = with_plugins("scenario", installed)
    for directory in installed.card_set_dirs():
        for file in sorted(directory.glob("scenarios/**/*.scenario.yaml")):
            assert list(check.iter_errors(load_yaml(file))) == [], file


# -- and what the loaders refuse, the schemas refuse ------------------------------------


def test_a_card_record_with_an_unknown_key_is_refused() -> None:
    assert errors("card", [RECORD]) == []
    assert errors("card", {"set": "x", "cards": [RECORD]}) == []
    bad = {**RECORD, "powr": 5000}
    assert errors("card", [bad])
    assert errors("card", {"set": "x", "cards": [bad]})
    assert errors("card", {"set": "x", "cards": [], "author": "me"})
    with pytest.raises(CardDataError, match="powr"):
        parse_card_records([bad], "cards.yaml")


@pytest.mark.parametrize("record", [
    {**RECORD, "kind": "trigger_unit"},                              # no trigger type
    {**RECORD, "kind": "sentinel", "sentinel": False},
    {**RECORD, "kind": "order"},                                     # an order with power
    {**RECORD, "grade": -1},
    {**RECORD, "skill": "quadruple_drive"},
    {key: value for key, value in RECORD.items() if key != "kind"},
    {key: value for key, value in RECORD.items() if key != "grade"},   # a unit needs a grade
    {key: value for key, value in RECORD.items() if key != "power"},   # and a power
])
def test_records_the_loader_refuses_are_refused(record: dict[str, Any]) -> None:
    with pytest.raises(CardDataError):
        parse_card_records([record], "cards.yaml")
    assert errors("card", [record])


def test_a_deck_with_an_unknown_key_is_refused() -> None:
    deck = {"name": "d", "format": "premium", "deck": [{"id": "X-001", "count": 4}]}
    assert errors("deck", deck) == []
    assert errors("deck", {**deck, "sideboard": []})
    assert errors("deck", {**deck, "deck": [{"id": "X-001", "count": 0}]})


def test_a_format_with_an_unknown_key_or_missing_era_keys_is_refused() -> None:
    root = load_yaml(standard_format_files()[0])
    assert errors("format", root) == []
    assert errors("format", {**root, "hand_sise": 5})
    assert errors("format", {"id": "root", "name": "no era keys"})
    assert errors("format", {"id": "child", "extends": "premium", "hand_size": 6}) == []


@pytest.mark.parametrize("change", [
    {"nmae": "typo"},                                             # unknown scenario key
    {"start": {"turn": 3, "phase": "combat"}},                    # unknown phase
    {"start": {"turns": 3}},
    {"covers": ["X-001"]},                                        # no ability number
    {"steps": [{"A": "battle", "B": "done"}]},                    # two answers in one step
    {"steps": [{"chek": {"winner": None}}]},
    {"expect": {"winer": "A"}},
    {"expect": {"A.hand.count": "two"}},
    {"expect": {"A.RC.FL.rested": 1}},
    {"board": {"A": {"vanguard": "VAN-RP-009", "rear": {"FL": "VAN-RP-006"}}}},
    {"cards": [{**RECORD, "powr": 1}]},
])
def test_a_scenario_with_a_mistake_is_refused(change: dict[str, Any]) -> None:
    assert errors("scenario", SCENARIO) == []
    assert errors("scenario", {**SCENARIO, **change})


def test_a_scenario_file_may_hold_a_list_and_plugin_zones() -> None:
    side = {"vanguard": {"card": "VAN-RP-009", "rested": True}, "g_zone": ["X-001/down"],
            "RC.FL": "VAN-RP-006", "rear": {"RC.X1": None}}
    scenario = {**SCENARIO, "board": {"A": side, "B": {"vanguard": "VAN-KG-009"}},
                "covers": ["X-001:1"], "cards": [RECORD],
                "steps": [{"A": "battle"}, {"check": {"phase": "battle", "A.g_zone.count": 1}},
                          {"options": ["end"]}, {"reject": {"A": "battle"}}],
                "expect": {"winner": None, "A.VC.power": 11000, "A.GC": None}}
    assert errors("scenario", [scenario, {**scenario, "name": "another"}]) == []
    assert errors("scenario", [])

"""The card cache (vgcore/cardcache.py): a cards.yaml is parsed once per content, and what
is loaded never depends on whether it came from the cache."""

from __future__ import annotations

import importlib
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import msgspec
import pytest

from tests.test_carddb import TWO_CARDS, write_set
from vgcore import cardcache, yamlio
from vgcore.carddb import load_card_dir
from vgcore.decks import load_deck
from vgcore.errors import CardDataError
from vgcore.plugins import Registry
from vgcore.testing.scenario import ScenarioFileError, load_scenarios, run_scenario

scenario_module = importlib.import_module("vgcore.testing.scenario")  # `testing.scenario` is
# also the name of the builder function that vgcore.testing exports
VANILLA = ["vanilla-premium-royal-paladin", "vanilla-premium-kagero"]  # no skills: no Lua
DECK = """
name: cached deck
format: premium
deck:
  - {id: VAN-RP-002, count: 4}
"""

FIELDS = {"mark": {"type": "array", "items": {"type": "object"}}}
WITH_EXTRA = """
    set: EXT
    cards:
      - {id: E-001, name: Marked, kind: normal_unit, grade: 1, power: 8000,
         mark: [{a: [1, 2]}, {b: x}]}
"""


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(cardcache.ENV, str(tmp_path / "cache"))
    return tmp_path / "cache" / "cards"


def entries(cache: Path) -> list[Path]:
    return sorted(cache.glob("*.msgpack")) if cache.exists() else []


def test_a_cached_file_loads_exactly_as_parsed(tmp_path: Path, cache: Path) -> None:
    directory = write_set(tmp_path / "EXT", WITH_EXTRA, "E-001")
    parsed = load_card_dir(directory, extra_fields=FIELDS)
    assert len(entries(cache)) == 1
    again = load_card_dir(directory, extra_fields=FIELDS)
    assert again == parsed
    assert [(r.source, r.script, dict(r.extra)) for r in again] == [
        (r.source, r.script, dict(r.extra)) for r in parsed]
    assert again[0].extra["mark"][0]["a"] == (1, 2)  # frozen as when parsed
    with pytest.raises(TypeError):
        again[0].extra["mark"][1]["b"] = "y"  # type: ignore[index]


def test_every_installed_set_loads_the_same_from_the_cache(cache: Path) -> None:
    cold = Registry().db
    assert entries(cache)
    warm = Registry().db
    assert list(warm) == list(cold)
    assert all(warm[c] == cold[c] and warm[c].source == cold[c].source
               and warm[c].script == cold[c].script and warm[c].extra == cold[c].extra
               for c in cold)


def test_a_changed_file_is_parsed_again(tmp_path: Path, cache: Path) -> None:
    directory = write_set(tmp_path / "TST", TWO_CARDS)
    assert load_card_dir(directory)[0].power == 13000
    write_set(directory, TWO_CARDS.replace("power: 13000", "power: 12000"))
    assert load_card_dir(directory)[0].power == 12000
    assert len(entries(cache)) == 2


def test_the_schema_is_part_of_the_key(tmp_path: Path, cache: Path) -> None:
    """The same file read with a plugin field that changes its records is another entry."""
    directory = write_set(tmp_path / "EXT", WITH_EXTRA)
    with pytest.raises(CardDataError, match="mark"):
        load_card_dir(directory)  # without the plugin the field is unknown
    assert load_card_dir(directory, extra_fields=FIELDS)[0].extra["mark"]
    assert len(entries(cache)) == 1  # the failing read kept nothing


def test_a_file_with_a_problem_is_never_kept(tmp_path: Path, cache: Path) -> None:
    directory = write_set(tmp_path / "TST", TWO_CARDS.replace("grade: 3", "grade: three"))
    problems: list[CardDataError] = []
    records = load_card_dir(directory, problems=problems)
    assert [r.id for r in records] == ["T-002"] and len(problems) == 1
    assert entries(cache) == []
    problems = []
    assert [r.id for r in load_card_dir(directory, problems=problems)] == ["T-002"]
    assert len(problems) == 1  # reported again, not hidden by a cache


def test_a_damaged_entry_is_ignored_and_replaced(tmp_path: Path, cache: Path) -> None:
    directory = write_set(tmp_path / "TST", TWO_CARDS)
    parsed = load_card_dir(directory)
    (entry,) = entries(cache)
    for damage in (b"", b"\xc1 not msgpack", entry.read_bytes()[:-7],
                   b"\x91\x81\xa2id\xa1X"):  # [{"id": "X"}]: a record missing its fields
        entry.write_bytes(damage)
        assert load_card_dir(directory) == parsed
        assert entry.read_bytes() != damage  # written again whole


def test_scripts_are_joined_after_the_cache(tmp_path: Path, cache: Path) -> None:
    """A script added beside an unchanged cards.yaml is found; an orphan still refused."""
    directory = write_set(tmp_path / "TST", TWO_CARDS)
    assert load_card_dir(directory)[0].script is None
    (directory / "T-001.lua").write_text("-- test\n", encoding="utf-8")
    assert load_card_dir(directory)[0].script == str(directory / "T-001.lua")
    (directory / "T-009.lua").write_text("-- test\n", encoding="utf-8")
    with pytest.raises(CardDataError, match="matches no card id"):
        load_card_dir(directory)


def test_off_keeps_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cardcache.ENV, cardcache.OFF)
    assert cardcache.cache_dir() is None
    directory = write_set(tmp_path / "TST", TWO_CARDS)
    assert load_card_dir(directory)[0].id == "T-001"
    assert not list(tmp_path.rglob("*.msgpack"))


def test_a_cache_that_cannot_be_written_only_costs_time(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv(cardcache.ENV, str(blocker))
    directory = write_set(tmp_path / "TST", TWO_CARDS)
    assert [r.id for r in load_card_dir(directory)] == ["T-001", "T-002"]


def test_a_warm_start_needs_neither_yaml_parsing_nor_jsonschema(cache: Path) -> None:
    """What the cache is for: a process whose sets, formats and decks are all cached loads
    them and starts a vanilla game without the schema library or a Lua runtime."""
    Registry().db  # noqa: B018 - fill the cache
    Registry().new_game("premium", VANILLA, seed=1)  # formats and decks too
    probe = ("import sys; from vgcore.plugins import Registry; "
             f"r = Registry(); db = r.db; r.new_game('premium', {VANILLA!r}, seed=1); "
             "print(len(db), 'jsonschema' in sys.modules, 'lupa' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True)  # the fixture's cache directory is in its environment
    count, schema, lua = run.stdout.split()
    assert int(count) == len(Registry().db)
    assert (schema, lua) == ("False", "False")


def test_a_parsed_yaml_file_is_taken_from_the_cache(tmp_path: Path, cache: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text(DECK, encoding="utf-8")
    first = load_deck(deck)
    assert list((cache.parent / cardcache.DOCUMENTS).glob("*.msgpack"))

    def no_parsing(text: str, file: str) -> yamlio.LoadedYaml:
        raise AssertionError("parsed again")

    monkeypatch.setattr(yamlio, "parse_yaml_text", no_parsing)
    assert load_deck(deck) == first
    deck.write_text(DECK.replace("count: 4", "count: 3"), encoding="utf-8")
    with pytest.raises(AssertionError, match="parsed again"):
        load_deck(deck)  # another text: parsed, not taken from the cache


def test_a_document_that_would_not_come_back_the_same_is_not_kept(tmp_path: Path,
                                                                  cache: Path) -> None:
    odd = tmp_path / "odd.yaml"
    odd.write_text("values: !!set {a, b}\n", encoding="utf-8")
    assert yamlio.load_yaml(odd) == {"values": {"a", "b"}}  # MessagePack would give a list
    documents = cache.parent / cardcache.DOCUMENTS
    assert not documents.exists() or not list(documents.iterdir())
    assert yamlio.load_yaml(odd) == {"values": {"a", "b"}}


def test_a_document_seen_valid_is_not_checked_again_and_an_invalid_one_always_is(
        tmp_path: Path, cache: Path) -> None:
    deck = tmp_path / "deck.yaml"  # a deck no other test has checked in this process
    deck.write_text(DECK.replace("cached deck", "checked once"), encoding="utf-8")
    load_deck(deck)
    assert len(list((cache.parent / cardcache.VALID).iterdir())) == 1
    bad = tmp_path / "bad.yaml"
    bad.write_text(DECK.replace("count: 4", "count: four"), encoding="utf-8")
    for _ in range(2):  # refused each time, never remembered
        with pytest.raises(CardDataError, match="count"):
            load_deck(bad)
    assert len(list((cache.parent / cardcache.VALID).iterdir())) == 1


SCENARIOS = """\
- name: a called unit
  format: premium
  board: {A: {vanguard: VAN-RP-009, hand: [VAN-RP-002], deck: [VAN-RP-002]},
          B: {vanguard: VAN-KG-009, deck: [VAN-KG-002]}}
  steps:
    - {A: call VAN-RP-002 RC.FL}
  expect: {A.RC.FL: VAN-RP-002}
- name: a wrong answer, located
  format: premium
  board: {A: {vanguard: VAN-RP-009}, B: {vanguard: VAN-KG-009}}
  steps:
    - {C: battle}
"""


def test_a_cached_scenario_file_loads_and_locates_exactly_as_parsed(
        tmp_path: Path, cache: Path, registry: Registry,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "cached.scenario.yaml"
    path.write_text(SCENARIOS, encoding="utf-8")
    parsed = load_scenarios(path)
    parsings: list[str] = []
    real_parse = scenario_module.parse_yaml_text

    def counted(text: str, file: str) -> yamlio.LoadedYaml:
        parsings.append(file)
        return real_parse(text, file)

    monkeypatch.setattr(scenario_module, "parse_yaml_text", counted)
    cached = load_scenarios(path)
    assert [replace(s, source=None) for s in cached] == [replace(s, source=None) for s in parsed]
    assert [s.where() for s in cached] == [s.where() for s in parsed] == [
        f"{path}:1:3", f"{path}:8:3"]
    run_scenario(cached[0], registry)
    assert not parsings  # where each scenario begins is kept: a passing one needs no parse
    errors = []
    for each in (parsed[1], cached[1]):
        with pytest.raises(ScenarioFileError) as info:
            run_scenario(each, registry)
        errors.append(str(info.value))
    assert errors[0] == errors[1] and f"{path}:12:" in errors[1] and "unknown step 'C'" in errors[1]
    assert parsings == [str(path)]  # the error needed the marks: one parse of the same text
    path.write_text(SCENARIOS.replace("RC.FL", "RC.FR"), encoding="utf-8")
    assert load_scenarios(path)[0].steps[0].value == "call VAN-RP-002 RC.FR"  # parsed again
    assert parsings == [str(path)] * 2


@pytest.mark.parametrize("entry", [{"data": [], "starts": [[[0], "one"]]}, {"starts": []},
                                   ["data", "starts"], "data starts"])
def test_a_damaged_scenario_entry_is_parsed_as_without_a_cache(tmp_path: Path, cache: Path,
                                                               entry: object) -> None:
    path = tmp_path / "damaged.scenario.yaml"
    path.write_text(SCENARIOS, encoding="utf-8")
    parsed = load_scenarios(path)
    (kept,) = (cache.parent / cardcache.DOCUMENTS).glob("*.msgpack")
    kept.write_bytes(msgspec.msgpack.encode(entry))
    again = load_scenarios(path)
    assert [replace(s, source=None) for s in again] == [replace(s, source=None) for s in parsed]
    assert [s.where() for s in again] == [s.where() for s in parsed]

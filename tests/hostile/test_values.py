"""Hostile values: numbers no card can have, from card records, formats and card scripts.

Huge integers (beyond 64 bits), `inf`, `-inf`, NaN and fractions, written in cards.yaml or a
format, declared in a script or returned by a script's function while a game runs, are a clean
error naming the card (or format), the file and the line — never a Python TypeError,
OverflowError or ValueError. Every whole number is bounded by a billion (`MAX_STAT`,
`MAX_NUMBER`), so no sum of them outgrows the 64-bit integers Lua computes with; an amount
function's fraction is cut off (the documented rule, docs/lua-api.md §7).
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from tests.hostile.harness import assert_clean_refusal, run_bounded
from vgcore.carddb import MAX_STAT, load_card_dir
from vgcore.errors import CardDataError, ScriptError
from vgcore.formats import load_format_file
from vgcore.plugins import Registry
from vgcore.scripting.declarations import MAX_NUMBER
from vgcore.testing.board import game_from_board
from vgcore.types import Phase

pytestmark = pytest.mark.hostile

FILES = Path(__file__).parent / "files"
# These refusals happen before anything big is built: the child stays near an idle vgcore
# (35-55 MiB measured), far below the harness's general bound.
PEAK_MIB = 200
refused = functools.partial(assert_clean_refusal, peak_mib=PEAK_MIB)
BODY = ("kind: normal_unit, grade: 1, power: 7000, shield: 5000, critical: 1, skill: boost, "
        "clan: Royal Paladin, race: Human")
DECK_A = ["VAN-RP-002", "VAN-RP-003", "VAN-RP-004", "VAN-RP-005", "VAN-RP-006"]
DECK_B = ["VAN-KG-002", "VAN-KG-003", "VAN-KG-004", "VAN-KG-005", "VAN-KG-006"]
BOARD = {"A": {"vanguard": "VAN-RP-009", "rear": {"RC.FL": "T-1"}, "deck": DECK_A},
         "B": {"vanguard": "VAN-KG-009", "deck": DECK_B}}
# Lua expressions for numbers no amount may be, and what the message shows for each.
HOSTILE = [("math.huge", "inf"), ("-math.huge", "-inf"), ("0/0", "nan"),
           ("2^70", "1.18e+21"), ("math.maxinteger", "9.22e+18"),
           ("math.mininteger", "-9.22e+18"), ("1e400", "inf"), (str(MAX_NUMBER + 1), "1000000001")]


def card_dir(tmp_path: Path, source: str) -> Path:
    (tmp_path / "cards.yaml").write_text(f"set: t\ncards:\n  - {{id: T-1, name: T, {BODY}}}\n")
    (tmp_path / "T-1.lua").write_text(source)
    return tmp_path


def game(tmp_path: Path, source: str, *, strict: bool = True):
    registry = Registry(card_dirs=[card_dir(tmp_path, source)], strict=strict)
    return game_from_board(registry.engine("premium"), BOARD, turn=3, phase=Phase.MAIN)


def power_act(amount: str) -> str:
    """An ACT on RC whose power amount is `amount` (a Lua expression), on line 2."""
    return ("return vg.card { vg.act { zones = {'RC'}, once_per_turn = true, effect = {\n"
            f"  vg.power('self', {amount}) }} }} }}\n")


# -- card records and formats -----------------------------------------------------------------

def test_printed_numbers_beyond_the_bound_are_refused_per_card_with_their_line() -> None:
    """cards.yaml: 10**30, 1e400, .nan, -.inf, 7500.5, 2**64… each a located error."""
    outcome = run_bounded(["validate", "--cards", str(FILES / "huge-numbers-cards")])
    refused(outcome, *(f"cards.yaml:{n + 1}:" for n in range(1, 9)),
                         *(f"card NUM-00{n}: " for n in range(1, 9)))
    assert f"'power' must be at most {MAX_STAT}, not a whole number of about 31 digits" in (
        outcome.text)
    for shown in ("not inf", "not nan", "not -inf", "not 7500.5", "not 1e+30"):
        assert shown in outcome.text


def test_the_biggest_printed_number_allowed_still_loads(tmp_path: Path) -> None:
    (tmp_path / "cards.yaml").write_text(
        f"- {{id: B-1, name: B, kind: normal_unit, grade: 1, power: {MAX_STAT}}}\n")
    assert load_card_dir(tmp_path)[0].power == MAX_STAT


def test_a_number_of_thousands_of_digits_is_a_clean_error(tmp_path: Path) -> None:
    """Python refuses to read an int of over 4300 digits (a ValueError): said plainly."""
    (tmp_path / "cards.yaml").write_text(
        f"- {{id: B-1, name: B, kind: normal_unit, grade: 1, power: {'9' * 5000}}}\n")
    with pytest.raises(CardDataError, match="a value cannot be built") as caught:
        load_card_dir(tmp_path)
    assert "9999" not in str(caught.value)


@pytest.mark.parametrize("setting, message", [
    ("trigger_power: 1000000000000000000000000000000", "'trigger_power' must be at most"),
    ("trigger_power: .inf", "'trigger_power' must be an integer, not inf"),
    ("trigger_values: {over: .nan}", "'trigger_values.over' must be an integer or null"),
    ("hand_size: 100000000000", "'hand_size' must be at most 1000"),
    ("damage_to_lose: -.inf", "'damage_to_lose' must be an integer, not -inf"),
])
def test_a_format_with_numbers_beyond_the_bounds_is_refused(tmp_path: Path, setting: str,
                                                           message: str) -> None:
    fmt = tmp_path / "f.yaml"
    fmt.write_text(f"id: f\nextends: premium\n{setting}\n")
    with pytest.raises(CardDataError, match=message) as caught:
        load_format_file(fmt)
    assert caught.value.file == str(fmt) and caught.value.line == 3


# -- numbers a script declares ----------------------------------------------------------------

@pytest.mark.parametrize("amount, shown", [*HOSTILE, ("2.5", "2.5")])
def test_a_declared_amount_beyond_the_bound_is_a_script_error_at_its_line(
        tmp_path: Path, amount: str, shown: str) -> None:
    registry = Registry(card_dirs=[card_dir(tmp_path, power_act(amount))], strict=True)
    with pytest.raises(ScriptError) as caught:
        registry.engine("premium").scripts.script("T-1")
    error = caught.value
    assert (error.card_id, error.file, error.line) == ("T-1", str(tmp_path / "T-1.lua"), 2)
    assert "expected a whole number from -1000000000 to 1000000000" in error.message
    assert "Error" not in error.message.replace("ScriptError", "")


def test_declared_counts_and_bounds_are_checked_the_same_way(tmp_path: Path) -> None:
    source = ("return vg.card { vg.act { zones = {'RC'},\n"
              "  condition = { damage_min = 2^80 },\n"
              "  effect = { vg.draw(1) } } }\n")
    registry = Registry(card_dirs=[card_dir(tmp_path, source)], strict=True)
    with pytest.raises(ScriptError, match=r"damage_min.*whole number") as caught:
        registry.engine("premium").scripts.script("T-1")
    assert caught.value.line == 1  # a plain table has no line of its own: the ability's


# -- numbers a script's function returns while a game runs --------------------------------------

@pytest.mark.parametrize("amount, shown", HOSTILE)
def test_an_amount_function_returning_a_hostile_number_is_a_script_error(
        tmp_path: Path, amount: str, shown: str) -> None:
    source = power_act(f"function(ctx)\n  return {amount} end")
    play = game(tmp_path, source)
    with pytest.raises(ScriptError) as caught:
        play.apply("act RC.FL")
    error = caught.value
    assert (error.card_id, error.file, error.line) == ("T-1", str(tmp_path / "T-1.lua"), 2)
    assert error.message == (f"the amount function returned {shown}; an amount is a whole "
                             f"number from {-MAX_NUMBER} to {MAX_NUMBER}")


def test_a_lenient_game_ends_only_the_ability_and_goes_on(tmp_path: Path) -> None:
    play = game(tmp_path, power_act("function(ctx) return 0/0 end"), strict=False)
    uid = play.state.players["A"].zones["RC.FL"][0]
    before = play.power(uid)
    play.apply("act RC.FL")
    errors = [e for e in play.state.log if e["kind"] == "script_error"]
    assert len(errors) == 1 and errors[0]["card"] == "T-1"
    assert play.power(uid) == before and play.legal_actions()


@pytest.mark.parametrize("amount, power", [("2.9", 2), ("-2.9", -2), ("nil", 0), ("'x'", 0),
                                           (str(MAX_NUMBER), MAX_NUMBER)])
def test_fractions_are_cut_off_and_non_numbers_count_as_zero(tmp_path: Path, amount: str,
                                                             power: int) -> None:
    """docs/lua-api.md §7, the rule for the values that are not refused."""
    play = game(tmp_path, power_act(f"function(ctx) return {amount} end"))
    uid = play.state.players["A"].zones["RC.FL"][0]
    before = play.power(uid)
    play.apply("act RC.FL")
    assert play.power(uid) == before + power


def test_a_continuous_amount_returning_inf_is_a_script_error(tmp_path: Path) -> None:
    source = ("return vg.card { vg.cont { zones = {'RC'}, effects = {\n"
              "  {op = 'modify', stat = 'power', target = 'self',\n"
              "   amount = function(ctx) return math.huge end} } } }\n")
    play = game(tmp_path, source)
    with pytest.raises(ScriptError, match="returned inf") as caught:
        play.power(play.state.players["A"].zones["RC.FL"][0])
    assert caught.value.card_id == "T-1" and caught.value.line == 3


def test_steps_a_function_returns_are_bounded_like_declared_ones(tmp_path: Path) -> None:
    source = ("return vg.card { vg.act { zones = {'RC'}, effect = {\n"
              "  vg.steps_from(function(ctx)\n"
              "    return { vg.power('self', 2^62) } end) } } }\n")
    play = game(tmp_path, source)
    with pytest.raises(ScriptError, match="whole number from") as caught:
        play.apply("act RC.FL")
    assert caught.value.card_id == "T-1"


def test_validate_finds_a_hostile_amount_with_card_file_and_line(tmp_path: Path) -> None:
    """Through `vgcore validate` in a subprocess: the smoke run calls the function."""
    card_dir(tmp_path, power_act("function(ctx)\n  return math.huge end"))
    outcome = run_bounded(["validate", "--cards", str(tmp_path)])
    refused(outcome, f"T-1 {tmp_path / 'T-1.lua'}:2: the amount function returned "
                         "inf")

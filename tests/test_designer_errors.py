"""Card designer mistakes surface where the designer is looking, named by file and line.

One fixture directory per mistake under tests/cards/errors/ (see its README). Each test
asserts that the message names the file, the line (and column for YAML) and what was
expected; the runtime ones that `validate`, `scenario run` and `simulate` all report them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from vgcore.cli import main
from vgcore.errors import CardDataError, DeckError, ScriptError
from vgcore.plugins import Registry
from vgcore.scripting.loader import new_sandbox
from vgcore.smoke import smoke_check
from vgcore.testing.scenario import load_scenarios, run_scenario

pytest_plugins = ["pytester"]

ERRORS = Path(__file__).parent / "cards" / "errors"
ROOT = Path(__file__).parent.parent


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def load_error(mistake: str) -> CardDataError:
    with pytest.raises(CardDataError) as info:
        _ = Registry(card_dirs=[ERRORS / mistake]).db
    return info.value


def script_error(mistake: str, card_id: str) -> ScriptError:
    registry = Registry(card_dirs=[ERRORS / mistake])
    engine = registry.engine("premium", plugins=registry.plugin_names())
    with pytest.raises(ScriptError) as info:
        engine.script(card_id)
    return info.value


# -- card data -----------------------------------------------------------------------------


def test_a_unit_without_grade_is_an_error_at_its_record() -> None:
    """RULES.md §2: every unit has a printed grade."""
    error = load_error("unit-without-grade")
    assert error.file == str(ERRORS / "unit-without-grade" / "cards.yaml")
    assert (error.line, error.column) == (3, 5)
    assert "card ERR-NG-001: a normal_unit is a unit and needs a grade" in str(error)


def test_a_unit_without_power_is_an_error_at_its_record() -> None:
    """RULES.md §2: every unit has a printed power."""
    error = load_error("unit-without-power")
    assert error.file == str(ERRORS / "unit-without-power" / "cards.yaml")
    assert (error.line, error.column) == (3, 5)
    assert "ERR-NP-001: a normal_unit is a unit and needs a power" in str(error)


def test_a_lua_file_matching_no_card_id_is_an_error_naming_the_right_case() -> None:
    error = load_error("orphan-script")
    assert error.file == str(ERRORS / "orphan-script" / "err-os-001.lua")
    assert error.line == 1
    assert "matches no card id" in str(error)
    assert "case-sensitive: did you mean ERR-OS-001.lua?" in str(error)


def test_yaml_bad_indentation_is_said_in_plain_words() -> None:
    error = load_error("yaml-indentation")
    assert error.file == str(ERRORS / "yaml-indentation" / "cards.yaml")
    assert error.line == 5 and error.column is not None
    assert "bad indentation at line 5: 'kind' is indented 5 spaces, more than the line " \
           "above (4)" in str(error)


def test_an_unknown_zone_name_in_a_declaration_names_its_line() -> None:
    error = script_error("zone-name", "ERR-ZN-001")
    assert (error.file, error.line) == (str(ERRORS / "zone-name" / "ERR-ZN-001.lua"), 5)
    assert "unknown zone name 'RG'; did you mean 'RC'?" in str(error)
    assert "known: " in str(error) and "hand" in str(error)


def test_an_unknown_circle_name_in_a_declaration_names_its_line() -> None:
    error = script_error("circle-name", "ERR-CN-001")
    assert (error.file, error.line) == (str(ERRORS / "circle-name" / "ERR-CN-001.lua"), 8)
    assert "unknown circle name 'R C'" in str(error) and "RC.FL" in str(error)


def test_a_misspelt_vg_name_fails_at_load_with_a_suggestion() -> None:
    error = script_error("vg-name-at-load", "ERR-VL-001")
    assert (error.file, error.line) == (str(ERRORS / "vg-name-at-load" / "ERR-VL-001.lua"), 5)
    assert "vg.when.placed_slef does not exist; did you mean vg.when.placed_self?" in str(error)


def test_a_misspelt_vg_name_inside_a_function_fails_at_load() -> None:
    """The function would only run in a game; the loader reads its source."""
    error = script_error("vg-name-in-function", "ERR-VF-001")
    assert (error.file, error.line) == (
        str(ERRORS / "vg-name-in-function" / "ERR-VF-001.lua"), 9)
    assert "vg.cond.damge_at_least does not exist; did you mean vg.cond.damage_at_least?" \
        in str(error)


def test_the_vg_tables_refuse_an_unknown_name_when_it_is_computed() -> None:
    """A name the source check cannot see (built at run time) still fails where it is read."""
    sandbox = new_sandbox()
    source = 'local key = "counter" .. "blast"\nreturn vg.cost[key](1)\n'
    with pytest.raises(ScriptError) as info:
        sandbox.load_script(source, "X-1.lua", card_id="X-1")
    assert info.value.line == 2
    assert "vg.cost.counterblast does not exist; did you mean vg.cost.counter_blast?" \
        in str(info.value)


def test_validate_lists_every_problem_of_every_file() -> None:
    first, second = ERRORS / "many-problems" / "first", ERRORS / "many-problems" / "second"
    code, out = run("validate", "--cards", str(first), "--cards", str(second))
    assert code == 1
    expected = [
        f"{first}/cards.yaml:3:5: card ERR-M1-001: a normal_unit is a unit and needs a power",
        f"{first}/cards.yaml:4:83: card ERR-M1-002: unknown key 'colour'",
        f"{second}/cards.yaml:3:5: card ERR-M2-001: a normal_unit is a unit and needs a grade",
        "card ERR-M2-002: a trigger_unit needs a 'trigger' type",
        f"{second}/ERR-M2-09.lua:1:1: script ERR-M2-09.lua matches no card id",
        f"{first}/formats/typo.yaml:4:1: format: unknown key 'damage_to_loose'; did you mean "
        "'damage_to_lose'?",
        f"ERR-M1-003 {first}/ERR-M1-003.lua:3: vg.cost.counterblast does not exist",
        f"ERR-M1-004 {first}/ERR-M1-004.lua:4: ability 1 (auto): key 'zones': unknown zone "
        "name 'RG'",
        "  also line 11: ability 2 (act): key 'once_per_trun': unknown key (did you mean "
        "'once_per_turn'?",
    ]
    for line in expected:
        assert line in out, line
    assert "8 problem(s) found" in out


# -- errors while a game runs ------------------------------------------------------------


def test_a_card_whose_script_needs_a_plugin_its_decks_format_lacks_is_named() -> None:
    """MY-001 uses the Prison plugin's step, which only d-standard enables, and sits in a
    v-standard deck. Its script loads with every plugin (the load check) and in d-standard
    (the smoke check's choice without a deck), so validate once said "all valid" and every game
    of the deck stopped at the card's first ability. The deck is refused in its format now,
    by validate and before any game starts."""
    mistake = ERRORS / "plugin-step-outside-its-format"
    code, out = run("validate", "--cards", str(mistake))
    assert code == 1, out
    assert "deck 'my-jailers' breaks 1 rule(s) of v-standard" in out
    assert "MY-001 cannot be played in v-standard" in out
    assert "MY-001.lua:4" in out and "unknown step kind 'imprison'" in out
    registry = Registry(card_dirs=[mistake])
    with pytest.raises(DeckError, match="MY-001 cannot be played in v-standard"):
        registry.new_game("v-standard", ("my-jailers", "vanilla-v-oracle-think-tank"))
    assert registry.deck_violations(registry.decks["my-jailers"], "d-standard") != [] and not [
        v for v in registry.deck_violations(registry.decks["my-jailers"], "d-standard")
        if "MY-001" in v]  # d-standard loads it (its other rules are d-standard's to break)


def test_validate_finds_a_runtime_error_in_a_rarely_used_ability() -> None:
    """ERR-RA-001's second ability (limit break 4, VC) fails only when it resolves."""
    code, out = run("validate", "--cards", str(ERRORS / "rare-ability"))
    assert code == 1
    assert (f"ERR-RA-001 ability 2 (d-standard): ERR-RA-001 "
            f"{ERRORS / 'rare-ability' / 'ERR-RA-001.lua'}:16: attempt to perform arithmetic "
            "on a nil value (field 'bind_count')") in out
    assert "ERR-RA-001 ability 1" not in out


def test_validate_plays_a_strict_game_per_format_with_its_default_decks(
        tmp_path: Path) -> None:
    (tmp_path / "formats").mkdir()
    (tmp_path / "formats" / "careless.yaml").write_text(
        "id: careless\nextends: premium\n"
        "default_decks: [err-runtime-royal-paladin, TD01]\n", encoding="utf-8")
    code, out = run("validate", "--cards", str(ERRORS / "runtime-error"), "--cards",
                    str(tmp_path))
    assert code == 1
    assert (f"ERR-RT-001 (careless): in a game of its default decks: ERR-RT-001 "
            f"{ERRORS / 'runtime-error' / 'ERR-RT-001.lua'}:9: attempt to index") in out


def test_the_smoke_check_runs_every_ability_of_every_card() -> None:
    registry = Registry(card_dirs=[ROOT / "tests" / "cards" / "skills"])
    report = smoke_check(registry)
    scripted = [c for c in registry.db.values() if c.script is not None]
    abilities = sum(len(registry.engine("premium", plugins=registry.plugin_names())
                        .script(c.id).abilities) for c in scripted)
    assert report.abilities == abilities and report.runs == 2 * abilities
    assert report.problems == []


def test_a_strict_scenario_run_fails_on_a_script_error_naming_card_file_and_line() -> None:
    scenarios = ERRORS / "runtime-error" / "scenarios"
    code, out = run("scenario", "run", str(scenarios))
    assert code == 1
    script = (ERRORS / "runtime-error" / "ERR-RT-001.lua").resolve()
    assert (f"FAIL calling the careless squire fails in its script: ERR-RT-001 {script}:9: "
            "attempt to index a nil value (field 'battle')") in out
    assert out.splitlines()[-1] == "0 passed, 1 failed"


def test_the_pytest_plugin_runs_scenarios_strictly() -> None:
    (scenario,) = load_scenarios(ERRORS / "runtime-error" / "scenarios"
                                 / "runtime-error.scenario.yaml")
    registry = Registry(card_dirs=[ERRORS / "runtime-error"], strict=True)
    with pytest.raises(ScriptError) as info:
        run_scenario(scenario, registry)
    assert (info.value.card_id, info.value.line) == ("ERR-RT-001", 9)


def test_simulate_reports_script_errors_and_exits_non_zero() -> None:
    args = ("simulate", "--games", "2", "--format", "premium", "--decks",
            "err-runtime-royal-paladin", "TD01", "--cards", str(ERRORS / "runtime-error"))
    code, out = run(*args)
    assert code == 1
    assert "card script error(s) during the games; the first:" in out
    assert (f"ERR-RT-001 {ERRORS / 'runtime-error' / 'ERR-RT-001.lua'}:9: attempt to index a "
            "nil value (field 'battle') (game seed ") in out
    assert "use --lenient" in out
    code, out = run(*args, "--lenient")
    assert code == 0 and "card script error(s)" in out


# -- finding the cards scenarios sit beside --------------------------------------------------


def test_scenario_run_of_the_test_scenarios_passes_as_the_readme_writes_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, out = run("scenario", "run", "tests/scenarios")
    assert code == 0, out[-2000:]
    passed = out.count("\nPASS ") + out.startswith("PASS ")
    assert out.splitlines()[-1] == f"{passed} passed, 0 failed"


def test_scenario_run_finds_the_set_a_scenario_sits_in(tmp_path: Path) -> None:
    own = tmp_path / "myset"
    shutil.copytree(ERRORS / "runtime-error", own)
    (own / "scenarios" / "runtime-error.scenario.yaml").unlink()
    (own / "ERR-RT-001.lua").write_text(
        'return vg.card { vg.auto { zones = {"RC"}, when = vg.when.placed_on_rc,\n'
        '  effect = { vg.power("self", 1000) } } }\n', encoding="utf-8")
    (own / "scenarios" / "own.scenario.yaml").write_text(
        "name: my own card\nformat: premium\n"
        "board:\n  A: {vanguard: VAN-RP-009, hand: [ERR-RT-001], deck: [VAN-RP-002]}\n"
        "  B: {vanguard: VAN-KG-009, deck: [VAN-KG-002]}\n"
        "steps:\n  - A: call ERR-RT-001 RC.FL\n"
        "expect:\n  A.RC.FL.power: 9000\n", encoding="utf-8")
    code, out = run("scenario", "run", str(own / "scenarios"))
    assert code == 0, out
    assert out.splitlines() == ["PASS my own card", "1 passed, 0 failed"]


def test_an_unknown_card_id_in_a_scenario_suggests_cards(tmp_path: Path) -> None:
    path = tmp_path / "t.scenario.yaml"
    path.write_text("name: stranger\nformat: premium\n"
                    "board: {A: {vanguard: NOPE-001}, B: {vanguard: VAN-KG-009}}\n",
                    encoding="utf-8")
    code, out = run("scenario", "run", str(path))
    assert code == 1
    assert f"{path}:3:23: unknown card id 'NOPE-001'" in out
    assert "`--cards DIR`" in out and "vgcore_card_dirs" in out
    assert out.splitlines()[-1] == "0 passed, 1 failed"


def test_the_pytest_plugin_finds_the_set_a_scenario_sits_in(
        pytester: pytest.Pytester) -> None:
    own = pytester.path / "myset"
    shutil.copytree(ERRORS / "runtime-error", own)
    result = pytester.runpytest("-p", "no:cacheprovider", str(own))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*ERR-RT-001 *ERR-RT-001.lua:9: attempt to index a nil value*"])


def test_the_source_check_skips_comments_strings_and_data_fields() -> None:
    """Only real uses of the API are checked: not a comment, not a string, not a field of a
    data table such as vg.when.attacks."""
    from vgcore.scripting.names import unknown_vg_names

    tree = new_sandbox().api_tree()
    source = ('-- vg.when.nope in a comment\n--[[ vg.nope ]]\nlocal s = "vg.cost.nope"\n'
              "local e = vg.when.attacks.event\nreturn vg.card { [[vg.x]] }\n")
    assert unknown_vg_names(source, tree) == []
    (found,) = unknown_vg_names("local a = 1\nreturn vg.cards_in_hand\n", tree)
    assert (found.name, found.line, found.column) == ("vg.cards_in_hand", 2, 11)


def test_the_source_check_of_one_text_follows_each_api_it_is_checked_against() -> None:
    """The names a source uses are read once per text, but a name is known or not by the API
    of the engine asking: a plugin's `vg` table present in one engine and absent in another."""
    from vgcore.scripting.names import unknown_vg_names

    tree = new_sandbox().api_tree()
    with_plugin = {**tree, "gift": {"force": lambda: None}}
    source = "local a = 1\nreturn vg.gift.force()\n"
    assert unknown_vg_names(source, with_plugin) == []
    (found,) = unknown_vg_names(source, tree)
    assert (found.name, found.line, found.column) == ("vg.gift", 2, 11)
    assert unknown_vg_names(source, with_plugin) == []  # the first answer was not kept

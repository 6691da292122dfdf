"""Card coverage (vgcore/coverage.py): `covers:` keys of scenario files joined with the cards'
abilities; `vgcore cards [--coverage]` and the coverage warnings of `vgcore validate`."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from vgcore.cli import main
from vgcore.coverage import coverage, scenario_files
from vgcore.plugins import Registry

CARDS = """\
set: cov
cards:
  - {id: COV-001, name: Two Skills, kind: normal_unit, grade: 2, power: 9000, shield: 5000,
     critical: 1, skill: intercept, clan: Royal Paladin, race: Human, text: "AUTO ... CONT ..."}
  - {id: COV-002, name: One Skill, kind: normal_unit, grade: 1, power: 8000, shield: 5000,
     critical: 1, skill: boost, clan: Royal Paladin, race: Human, text: "AUTO ..."}
  - {id: COV-003, name: Text Only, kind: normal_unit, grade: 1, power: 8000, shield: 5000,
     critical: 1, skill: boost, clan: Royal Paladin, race: Human, text: "AUTO not yet scripted"}
  - {id: COV-004, name: Vanilla, kind: normal_unit, grade: 0, power: 6000, shield: 10000,
     critical: 1, skill: boost, clan: Royal Paladin, race: Human, text: ""}
"""
TWO_SKILLS = """\
-- COV-001 Two Skills (the AUTO gives a third ability)
return vg.card {
  vg.auto { zones = {"RC"}, when = vg.when.attacks, effect = {
    vg.grant_ability("self", vg.act { effect = { vg.draw(1) } }),
  } },
  vg.cont { zones = {"RC"}, effects = { {op = "modify", stat = "power", amount = 1000,
                                         target = "self"} } },
}
"""
ONE_SKILL = """\
-- COV-002 One Skill
return vg.card { vg.auto { when = vg.when.placed_self, effect = { vg.draw(1) } } }
"""


def scenario(name: str, covers: list[str]) -> str:
    return textwrap.dedent(f"""\
        - name: {name}
          covers: {json.dumps(covers)}
          format: premium
          board: {{A: {{vanguard: VAN-RP-009}}, B: {{vanguard: VAN-KG-009}}}}
        """)


@pytest.fixture
def card_set(tmp_path: Path) -> Path:
    directory = tmp_path / "cov"
    (directory / "scenarios").mkdir(parents=True)
    (directory / "cards.yaml").write_text(CARDS, encoding="utf-8")
    (directory / "COV-001.lua").write_text(TWO_SKILLS, encoding="utf-8")
    (directory / "COV-002.lua").write_text(ONE_SKILL, encoding="utf-8")
    (directory / "scenarios" / "cov.scenario.yaml").write_text(
        scenario("first ability", ["COV-001:1"]) + scenario("again, twice", ["COV-001:1"] * 2),
        encoding="utf-8")
    return directory


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_coverage_counts_scenarios_per_ability(card_set: Path) -> None:
    report = coverage(Registry(card_dirs=[card_set]))
    cards = {c.card.id: c for c in report.with_skills(["cov"])}
    assert set(cards) == {"COV-001", "COV-002", "COV-003"}  # COV-004 has no skills
    two = cards["COV-001"]
    assert two.scripted and two.declared == 2 and two.covered
    assert [(a.number, a.kind, a.granted, len(a.scenarios)) for a in two.abilities] == [
        (1, "auto", False, 2), (2, "cont", False, 0), (3, "act", True, 0)]
    assert [c.card.id for c in report.uncovered(["cov"])] == ["COV-002", "COV-003"]
    assert cards["COV-003"].declared is None and not cards["COV-003"].scripted
    assert report.problems_for(["cov"]) == []


def test_extra_scenario_paths_add_covers_and_report_their_mistakes(card_set: Path,
                                                                   tmp_path: Path) -> None:
    extra = tmp_path / "more"
    extra.mkdir()
    (extra / "more.scenario.yaml").write_text(
        scenario("second card", ["COV-002:1"]) + scenario("stale", ["COV-002:3", "NOPE-1:1"]),
        encoding="utf-8")
    (extra / "broken.scenario.yaml").write_text("name: [unclosed\n", encoding="utf-8")
    report = coverage(Registry(card_dirs=[card_set]), [extra])
    assert len([f for f in report.scenario_files if tmp_path in f.parents]) == 3
    assert report.uncovered(["cov"])[0].card.id == "COV-003"
    problems = "\n".join(map(str, report.problems_for(["cov"])))
    assert "broken.scenario.yaml: cannot be read" in problems
    assert "stale: covers COV-002:3, but COV-002 has 1 ability" in problems
    assert "stale: covers NOPE-1:1, but no installed card set defines NOPE-1" in problems
    assert "COV-002:3" not in "\n".join(map(str, report.problems_for(["vanilla"])))


def test_covers_of_a_scenarios_own_test_cards_are_not_counted(card_set: Path) -> None:
    text = scenario("own card", ["T-1:1"]) + (
        "  cards: [{id: T-1, name: T, kind: normal_unit, grade: 1, power: 8000}]\n")
    (card_set / "scenarios" / "own.scenario.yaml").write_text(text, encoding="utf-8")
    assert coverage(Registry(card_dirs=[card_set])).problems_for(["cov"]) == []


def test_scenario_files_finds_files_and_directories(card_set: Path) -> None:
    file = card_set / "scenarios" / "cov.scenario.yaml"
    assert scenario_files([card_set, file]) == [file]


def test_the_built_in_sets_have_no_coverage_mistakes() -> None:
    report = coverage(Registry())
    assert report.problems == ()
    assert all(c.error is None for c in report.cards)


def test_cards_command_lists_the_cards_of_a_set(card_set: Path) -> None:
    code, out = run("cards", "--cards", str(card_set), "--set", "cov")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0].split() == ["set", "id", "name", "grade", "kind", "scripted"]
    assert lines[1].split()[:2] == ["cov", "COV-001"] and lines[1].split()[-1] == "yes"
    assert lines[3].split()[-1] == "no" and lines[4].split()[-1] == "-"
    assert lines[-1] == "4 card(s)"


def test_cards_command_names_an_unknown_set() -> None:
    code, out = run("cards", "--set", "nope")
    assert code == 2 and "unknown set 'nope'" in out and "vanilla" in out


def test_cards_coverage_prints_a_table_per_card_with_skills(card_set: Path) -> None:
    code, out = run("cards", "--coverage", "--cards", str(card_set), "--set", "cov")
    assert code == 0, out
    lines = out.splitlines()
    assert "scenarios per ability" in lines[0]
    assert lines[1].endswith("2          yes       1 auto: 2, 2 cont: 0, 3 granted act: 0")
    assert lines[3].split()[0:2] == ["cov", "COV-003"]
    assert lines[3].endswith("-          no        -")
    assert lines[4].startswith("3 card(s) with skills: 2 scripted, 1 with a scenario; "
                               "1 of 3 abilities covered")


def test_cards_coverage_json(card_set: Path) -> None:
    code, out = run("cards", "--coverage", "--json", "--cards", str(card_set), "--set", "cov")
    assert code == 0, out
    rows = {row["id"]: row for row in json.loads(out)}
    assert [len(a["scenarios"]) for a in rows["COV-001"]["abilities"]] == [2, 0, 0]
    assert rows["COV-001"]["abilities"][2]["granted"] is True
    assert rows["COV-002"]["covered"] is False


def test_validate_warns_about_uncovered_cards_without_failing(card_set: Path) -> None:
    code, out = run("validate", "--cards", str(card_set), "--set", "cov")
    assert code == 0, out
    assert "coverage: 1 of 3 card(s) with skills of set cov have a scenario" in out
    assert "warning: COV-002 (One Skill): no scenario covers any of its abilities" in out
    assert "warning: COV-003 (Text Only)" in out and "no script" in out
    assert "COV-001" not in out and "all valid" in out


def test_validate_strict_coverage_fails_on_warnings(card_set: Path, tmp_path: Path) -> None:
    code, _out = run("validate", "--cards", str(card_set), "--set", "cov", "--strict-coverage")
    assert code == 1
    extra = tmp_path / "more.scenario.yaml"
    extra.write_text(scenario("the rest", ["COV-002:1"]), encoding="utf-8")
    code, out = run("validate", "--cards", str(card_set), "--set", "cov", "--strict-coverage",
                    "--scenarios", str(extra))
    assert code == 1 and "COV-003" in out  # a text without a script is never covered
    (card_set / "COV-003.lua").write_text(ONE_SKILL.replace("COV-002", "COV-003"),
                                          encoding="utf-8")
    extra.write_text(scenario("the rest", ["COV-002:1", "COV-003:1"]), encoding="utf-8")
    code, out = run("validate", "--cards", str(card_set), "--set", "cov", "--strict-coverage",
                    "--scenarios", str(extra))
    assert code == 0, out


def test_a_text_carried_out_by_a_plugin_is_one_ability_to_cover(card_set: Path,
                                                                 tmp_path: Path) -> None:
    cards = (card_set / "cards.yaml").read_text(encoding="utf-8")
    (card_set / "cards.yaml").write_text(
        cards.replace("name: Text Only,", "name: Text Only, implemented_by: some_plugin,"),
        encoding="utf-8")
    extra = tmp_path / "more.scenario.yaml"
    extra.write_text(scenario("the text", ["COV-003:1", "COV-003:2"]), encoding="utf-8")
    report = coverage(Registry(card_dirs=[card_set]), [extra])
    text_only = next(c for c in report.cards if c.card.id == "COV-003")
    assert not text_only.scripted and text_only.covered
    assert [(a.number, a.kind) for a in text_only.abilities] == [(1, "text"), (2, None)]
    problems = "\n".join(map(str, report.problems_for(["cov"])))
    assert "covers COV-003:2, but COV-003 has 1 ability" in problems


def test_validate_names_an_unknown_coverage_set() -> None:
    code, out = run("validate", "--set", "nope")
    assert code == 1 and "unknown set 'nope'" in out

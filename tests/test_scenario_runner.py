"""The scenario runner itself (SCENARIOS.md §3): loading, strict steps, reports, the builder.

tests/scenarios/runner/basics.scenario.yaml must pass (pytest also collects it through the
plugin); tests/scenarios/runner/failing.yaml holds one scenario per kind of failure, and each
test below checks that its report says what went wrong, where, expected vs actual.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from vgcore.errors import CardDataError, ScenarioError
from vgcore.plugins import Registry
from vgcore.testing import (
    Scenario,
    ScenarioBuilder,
    ScenarioFailure,
    ScenarioFileError,
    expect,
    load_scenarios,
    play,
    run_files,
    run_scenario,
    scenario,
)

pytest_plugins = ["pytester"]

RUNNER_DIR = Path(__file__).parent / "scenarios" / "runner"
BASICS = RUNNER_DIR / "basics.scenario.yaml"
FAILING = RUNNER_DIR / "failing.yaml"

BOARD = {
    "A": {"vanguard": "VAN-RP-009", "rear": {"RC.FL": "VAN-RP-006"},
          "deck": ["VAN-RP-003", "VAN-RP-004", "VAN-RP-005"]},
    "B": {"vanguard": "VAN-RP-010", "hand": ["VAN-RP-003", "VAN-RP-004"],
          "deck": ["VAN-RP-005", "VAN-RP-004", "VAN-RP-004"]},
}


@pytest.fixture(scope="module")
def failing() -> dict[str, Scenario]:
    return {s.name: s for s in load_scenarios(FAILING)}


def failure(scenario_: Scenario, registry: Registry) -> ScenarioFailure:
    with pytest.raises(ScenarioFailure) as info:
        run_scenario(scenario_, registry)
    return info.value


def write(tmp_path: Path, text: str, name: str = "t.scenario.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path


def battle() -> ScenarioBuilder:
    """A builder at the start of A's battle phase on turn 3, the shared board."""
    return scenario("premium", start={"turn": 3, "phase": "battle"}).board(**BOARD)


# -- passing scenarios --------------------------------------------------------------------


def test_basics_file_passes(registry: Registry) -> None:
    for each in load_scenarios(BASICS):
        run_scenario(each, registry)


def test_run_files_prints_one_line_per_scenario(registry: Registry,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert run_files([str(BASICS)], registry) == 0
    lines = capsys.readouterr().out.splitlines()
    names = [s.name for s in load_scenarios(BASICS)]
    assert lines == [*(f"PASS {name}" for name in names), f"{len(names)} passed, 0 failed"]


def test_run_files_fails_and_names_the_first_mismatch(
        registry: Registry, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_files([str(BASICS), str(FAILING)], registry) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(load_scenarios(BASICS)) + len(load_scenarios(FAILING)) + 1
    failed = sum(1 for line in lines if line.startswith("FAIL"))
    assert lines[-1] == f"{len(lines) - 1 - failed} passed, {failed} failed"
    assert (f"FAIL wrong expectation: expect ({FAILING}:21:5): B.damage.count: expected 2, "
            "got 1") in lines


def test_run_files_reports_a_file_that_cannot_load(tmp_path: Path, registry: Registry,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "name: x\nformat: premium\nboard: [\n")
    assert run_files([str(path)], registry) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"FAIL {path}: ") and "malformed YAML" in out
    assert out.splitlines()[-1] == "0 passed, 1 failed"


# -- failures and their reports -----------------------------------------------------------


def test_wrong_expectation_reports_expected_and_actual(failing: dict[str, Scenario],
                                                       registry: Registry) -> None:
    exc = failure(failing["wrong expectation"], registry)
    assert exc.message == f"expect ({FAILING}:21:5): B.damage.count: expected 2, got 1"
    assert "A.hand.count: expected 5, got 2" in exc.details  # the block's other mismatches


def test_unknown_card_id_names_the_id_and_the_line(failing: dict[str, Scenario],
                                                   registry: Registry) -> None:
    with pytest.raises(ScenarioFileError) as info:
        run_scenario(failing["unknown card id"], registry)
    exc = info.value
    assert (exc.file, exc.line) == (str(FAILING), 28)
    assert "unknown card id 'VAN-RP-999'" in str(exc) and "did you mean VAN-RP-009" in str(exc)


def test_illegal_answer_lists_the_legal_answers(failing: dict[str, Scenario],
                                                registry: Registry) -> None:
    exc = failure(failing["illegal answer"], registry)
    assert exc.message.startswith(f"step 1 ({FAILING}:36:")
    assert "A's answer to 'attack' is not legal" in exc.message
    assert exc.message.endswith("legal answers: attack VC -> B.VC, attack RC.FL -> B.VC, end")


def test_decision_without_listed_answer_names_it(failing: dict[str, Scenario],
                                                 registry: Registry) -> None:
    exc = failure(failing["decision with no listed answer"], registry)
    assert "B is asked 'guard' with no answer listed" in exc.message
    assert "legal answers: guard VAN-RP-003, guard VAN-RP-004, done" in exc.message
    assert exc.message.startswith("step 2 (")


def test_reject_fails_when_the_answer_is_accepted(failing: dict[str, Scenario],
                                                  registry: Registry) -> None:
    exc = failure(failing["reject of a legal answer"], registry)
    assert "'attack RC.FL -> B.VC' to 'attack' was accepted" in exc.message


def test_reject_passes_and_leaves_the_state_unchanged(registry: Registry) -> None:
    game = battle().game(registry)
    before = game.state.state_hash()
    play(game, [{"reject": {"A": "attack RC.BL -> B.VC"}}, {"reject": {"A": "guard VAN-RP-003"}},
                {"reject": {"A": "not an action -> at all"}}])
    assert game.state.state_hash() == before


def test_reject_must_name_the_seat_being_asked(registry: Registry) -> None:
    game = battle().game(registry)
    with pytest.raises(ScenarioFailure, match="reject tests an answer to B's pending decision, "
                                              "but A is asked 'attack'"):
        play(game, [{"reject": {"B": "done"}}])


def test_options_compare_as_a_set(failing: dict[str, Scenario], registry: Registry) -> None:
    game = battle().game(registry)
    play(game, [{"options": ["end", "attack  RC.FL ->  B.VC", "attack VC -> B.VC"]}])
    exc = failure(failing["options differ"], registry)
    assert "not expected: attack RC.FL -> B.VC" in exc.message
    assert exc.message.startswith(f"step 1 ({FAILING}:58:7): options: expected")


def test_check_fails_mid_way_at_its_key(failing: dict[str, Scenario],
                                        registry: Registry) -> None:
    exc = failure(failing["check fails mid-way"], registry)
    assert exc.message == (f"step 2 ({FAILING}:66:34): B.hand: expected [VAN-RP-003], got "
                           "[VAN-RP-003, VAN-RP-004] (not expected: VAN-RP-004)")
    assert "B is asked 'guard'; legal answers: guard VAN-RP-003, guard VAN-RP-004, done" \
        in exc.details


def test_events_are_a_subsequence_of_the_log(failing: dict[str, Scenario],
                                             registry: Registry) -> None:
    exc = failure(failing["missing event"], registry)
    assert "no 'heal' event after 'hit'" in exc.message
    game = battle().steps({"A": "attack VC -> B.VC"}, {"B": "done"}).run(registry)
    expect(game, {"events": ["attack", "hit", "damage"], "no_events": ["heal", "no_hit"]})
    with pytest.raises(AssertionError, match="expected \\[damage, attack\\]"):
        expect(game, {"events": ["damage", "attack"]})


def test_no_events_names_the_event_that_occurred(failing: dict[str, Scenario],
                                                 registry: Registry) -> None:
    exc = failure(failing["forbidden event"], registry)
    assert "no_events: expected no [damage, heal], got 'damage' at log #" in exc.message


def test_unknown_expectation_key_is_an_error(failing: dict[str, Scenario],
                                             registry: Registry) -> None:
    with pytest.raises(ScenarioFileError) as info:
        run_scenario(failing["unknown expectation key"], registry)
    assert info.value.line == 94
    assert "unknown expectation key 'B.damge.count'; did you mean 'B.damage.count'?" \
        in str(info.value)


def test_steps_left_after_the_game_ended(registry: Registry) -> None:
    lethal = battle().board(B={**BOARD["B"], "damage": ["VAN-RP-003"] * 5})
    with pytest.raises(ScenarioFailure, match="B should answer 'done', but no decision is "
                                              "pending \\(winner: A\\)"):
        lethal.steps({"A": "attack VC -> B.VC"}, {"B": "done"}, {"B": "done"}).run(registry)


def test_deck_compares_in_order_top_first(registry: Registry) -> None:
    game = battle().game(registry)
    expect(game, {"A.deck": ["VAN-RP-003", "VAN-RP-004", "VAN-RP-005"]})
    with pytest.raises(ScenarioFailure, match="first difference at card 2 from the top"):
        expect(game, {"A.deck": ["VAN-RP-003", "VAN-RP-005", "VAN-RP-004"]})


# -- expectation keys through the builder ---------------------------------------------------


def test_builder_expect_raises_assertion_error_with_expected_and_actual(
        registry: Registry) -> None:
    game = battle().game(registry)
    game.apply("attack VC -> B.VC")
    game.apply("done")
    expect(game, {"B.damage.count": 1, "B.damage": ["VAN-RP-005"], "A.VC.rested": True,
                  "A.RC.FL.power": 10000, "A.VC.drive": 2, "A.VC.critical": 1,
                  "A.VC.grade": 3, "B.VC.shield": 0, "A.RC.BC": None, "winner": None,
                  "turn": 3, "player": "A", "phase": "battle",
                  "options": ["attack RC.FL -> B.VC", "end"]})
    with pytest.raises(AssertionError) as info:
        expect(game, {"B.damage.count": 2})
    assert str(info.value).splitlines()[0] == "B.damage.count: expected 2, got 1"


def test_expect_rejects_bad_values_and_keys(registry: Registry) -> None:
    game = battle().game(registry)
    for bad in ({"B.damage.count": "two"}, {"A.hand": "VAN-RP-003"}, {"A.VC.rested": 1},
                {"winner": "C"}, {"phase": "lunch"}, {"C.hand": []}, {"A.hand": ["NOPE-1"]},
                {"A.RC.FL.count": 1}, {"options": ["attack VC"]}):
        with pytest.raises(ScenarioError):
            expect(game, bad)


def test_face_down_cards_and_gc(registry: Registry) -> None:
    board = {**BOARD["B"], "damage": ["VAN-RP-003", "VAN-RP-004/down"]}
    game = battle().board(B=board).game(registry)
    expect(game, {"B.damage": ["VAN-RP-004/down", "VAN-RP-003"], "B.damage.face_down": 1,
                  "B.damage.face_up": 1, "B.GC": None, "B.GC.count": 0})
    game.apply("attack VC -> B.VC")
    game.apply("guard VAN-RP-003")
    expect(game, {"B.GC": "VAN-RP-003", "B.VC.power": 15000})
    expect(game, {"B.GC": ["VAN-RP-003"]})


def test_builder_inline_cards_and_rested_units(registry: Registry) -> None:
    game = (scenario("premium", start={"turn": 2, "player": "B", "phase": "main"})
            .cards([{"id": "T-G3", "name": "Test Knight", "kind": "normal_unit", "grade": 3,
                     "power": 13000, "critical": 1, "clan": "Testers"}])
            .board(A={"vanguard": "T-G3"},
                   B={"vanguard": {"card": "T-G3", "rested": True},
                      "rear": {"RC.BC": {"card": "VAN-RP-002", "rested": True}},
                      "hand": ["VAN-RP-004"], "deck": ["VAN-RP-003"]})
            .game(registry))
    expect(game, {"B.VC": "T-G3", "B.VC.rested": True, "B.RC.BC.rested": True,
                  "B.VC.power": 13000, "A.VC.drive": 1, "turn": 2, "player": "B",
                  "phase": "main", "B.deck": ["VAN-RP-003"], "B.hand": ["VAN-RP-004"]})


def test_builder_is_immutable_and_runs_the_same_steps(registry: Registry) -> None:
    base = battle()
    attacked = base.steps({"A": "attack VC -> B.VC"})
    assert "steps" not in base.data
    game = attacked.steps({"B": "done"}).expect({"B.damage.count": 1}).run(registry)
    assert game.state.turn == 3
    with pytest.raises(ScenarioFailure, match=r"^expect: B.damage.count: expected 5, got 1"):
        attacked.steps({"B": "done"}).expect({"B.damage.count": 5}).run(registry)


# -- malformed scenarios ------------------------------------------------------------------


@pytest.mark.parametrize(("text", "line", "message"), [
    ("- {name: a, format: premium}\n- {name: a, format: premium}\n", 2,
     "scenario name 'a' is used twice"),
    ("format: premium\nboard: {}\n", 1, "needs a `name`"),
    ("name: a\nformat: premium\nstart: {turn: 3, phaze: main}\n", 3,
     "unknown start key 'phaze'; did you mean 'phase'?"),
    ("name: a\nformat: premium\nexpectt: {}\n", 3, "unknown scenario key 'expectt'"),
    ("name: a\nformat: premium\nsteps:\n  - {A: battle, B: done}\n", 4, "a step is one of"),
    ("name: a\nformat: premium\nsteps:\n  - A: 3\n", 4, "an answer is an action string"),
    ("[]\n", 1, "non-empty list"),
])
def test_malformed_files_are_located(tmp_path: Path, text: str, line: int,
                                     message: str) -> None:
    with pytest.raises(ScenarioFileError) as info:
        load_scenarios(write(tmp_path, text))
    assert info.value.line == line
    assert message in str(info.value)


@pytest.mark.parametrize(("text", "line", "message"), [
    ("format: nope\n", 2, "unknown format 'nope'"),
    ("start: {turn: 3, phase: lunch}\n", 3, "unknown start phase 'lunch'"),
    ("start: {turn: 0}\n", 3, "start turn must be a whole number from 1"),
    ("board:\n  A: {vanguard: VAN-RP-009, bogus: []}\n", 4,
     "A: unknown board key 'bogus'"),
    ("board:\n  A: {vanguard: VAN-RP-009, rear: {RC.XX: VAN-RP-002}}\n", 4,
     "unknown rear-guard circle 'RC.XX'"),
    ("board:\n  A: {vanguard: VAN-RP-009}\n  B: {hand: [VAN-RP-002]}\n", 5, "B has no vanguard"),
    ("steps:\n  - C: battle\n", 4, "unknown step 'C'"),
    ("cards:\n  - {id: VAN-RP-001, name: Copy, kind: normal_unit, grade: 0, power: 6000}\n", 4,
     "card id 'VAN-RP-001' is already defined by set 'vanilla'"),
])
def test_scenarios_that_cannot_be_built_are_located(tmp_path: Path, registry: Registry,
                                                    text: str, line: int,
                                                    message: str) -> None:
    head = "name: a\nformat: premium\n" if not text.startswith("format") else "name: a\n"
    board = "" if "board:" in text else "board: {A: {vanguard: VAN-RP-009}, " \
        "B: {vanguard: VAN-RP-010, deck: [VAN-RP-002]}}\n"
    (each,) = load_scenarios(write(tmp_path, head + text + board))
    with pytest.raises(ScenarioFileError) as info:
        run_scenario(each, registry)
    assert message in str(info.value)
    assert info.value.line == line


def test_bad_inline_card_record_is_located(tmp_path: Path, registry: Registry) -> None:
    path = write(tmp_path, """
        name: a
        format: premium
        cards:
          - {id: T-1, name: Test, kind: normal_unit, grade: 1, power: 8000}
          - {id: T-2, name: Test, kind: normal_unit, grade: high, power: 8000}
        board: {A: {vanguard: T-1}, B: {vanguard: T-2}}
        """)
    (each,) = load_scenarios(path)
    with pytest.raises(CardDataError) as info:
        run_scenario(each, registry)
    assert (info.value.file, info.value.line) == (str(path), 5)
    assert "card T-2: 'grade' must be an integer or null" in str(info.value)


# -- the pytest plugin --------------------------------------------------------------------


def test_pytest_collects_one_item_per_scenario(pytester: pytest.Pytester) -> None:
    pytester.path.joinpath("basics.scenario.yaml").write_text(
        BASICS.read_text(encoding="utf-8"), encoding="utf-8")
    pytester.path.joinpath("failing.scenario.yaml").write_text(
        FAILING.read_text(encoding="utf-8"), encoding="utf-8")
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, failed=len(load_scenarios(FAILING)))
    result.stdout.fnmatch_lines([
        "*scenario 'wrong expectation' failed:*",
        "*expect (*failing.scenario.yaml:21:5): B.damage.count: expected 2, got 1*",
        "*A.hand.count: expected 5, got 2*",
        "*B is asked 'guard' with no answer listed*legal answers: guard VAN-RP-003, "
        "guard VAN-RP-004, done*",
    ])


def test_pytest_reports_a_malformed_file_as_a_collection_error(
        pytester: pytest.Pytester) -> None:
    pytester.path.joinpath("bad.scenario.yaml").write_text("name: a\nformatt: premium\n",
                                                           encoding="utf-8")
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*bad.scenario.yaml:2:1: unknown scenario key 'formatt'*"])


def test_pytest_ini_adds_card_directories(pytester: pytest.Pytester) -> None:
    cards = pytester.mkdir("mycards")
    cards.joinpath("cards.yaml").write_text(
        "- {id: MY-G3, name: My Knight, kind: normal_unit, grade: 3, power: 12000, critical: 1}\n",
        encoding="utf-8")
    pytester.makeini("[pytest]\nvgcore_card_dirs = mycards\n")
    pytester.path.joinpath("my.scenario.yaml").write_text(textwrap.dedent("""
        name: a card from an ini card directory
        format: premium
        board: {A: {vanguard: MY-G3}, B: {vanguard: VAN-RP-010}}
        expect: {A.VC: MY-G3, A.VC.power: 12000}
        """), encoding="utf-8")
    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=1)


def test_covers_names_the_card_abilities_a_scenario_tests() -> None:
    from vgcore.testing.scenario import scenario_from_mapping

    base = {"name": "n", "format": "premium", "board": {}}
    assert scenario_from_mapping({**base, "covers": ["TD01-005:1", "SK-001:2"]}).covers == (
        "TD01-005:1", "SK-001:2")
    with pytest.raises(ScenarioError, match="covers"):
        scenario_from_mapping({**base, "covers": ["TD01-005"]})


def test_a_multi_card_choose_answer_fails_naming_the_one_at_a_time_form(
        tmp_path: Path, registry: Registry) -> None:
    """SCENARIOS.md §2: a choice of several cards is answered one card per step; the old
    combined form is not accepted silently, in an answer nor in an `options` list."""
    path = write(tmp_path, """
        - name: combined answer
          format: premium
          start: {turn: 3, player: A, phase: battle}
          board:
            A: {vanguard: VAN-RP-009, rear: {RC.FL: VAN-RP-006}, deck: [VAN-RP-003, VAN-RP-004]}
            B: {vanguard: VAN-RP-010, deck: [VAN-RP-005, VAN-RP-004]}
          steps:
            - A: choose RC.FL VC
        - name: combined option
          format: premium
          start: {turn: 3, player: A, phase: battle}
          board:
            A: {vanguard: VAN-RP-009, rear: {RC.FL: VAN-RP-006}, deck: [VAN-RP-003, VAN-RP-004]}
            B: {vanguard: VAN-RP-010, deck: [VAN-RP-005, VAN-RP-004]}
          steps:
            - options: [mulligan VAN-RP-003 VAN-RP-004, keep]
        """)
    answer, option = load_scenarios(path)
    exc = failure(answer, registry)
    assert "answer 'choose RC.FL', then 'choose VC'" in exc.message
    with pytest.raises(ScenarioError, match="'mulligan VAN-RP-003', then 'mulligan VAN-RP-004'"):
        run_scenario(option, registry)

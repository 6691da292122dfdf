"""The command line: every command runs on the built-in defaults and reports errors clearly."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from vgcore import native
from vgcore.cli import main

GOLDEN = Path(__file__).parent / "golden" / "premium-greedy-seed3.replay.json"
RULES = Path(__file__).parent / "scenarios" / "rules" / "winning.scenario.yaml"


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=input)
    return result.exit_code, result.output


def test_simulate_reports_win_rates_with_an_interval() -> None:
    code, out = run("simulate", "--games", "4", "--format", "d-standard", "--json")
    assert code == 0, out
    report = json.loads(out)
    assert report["games"] == 4 and sum(report["wins"].values()) == 4
    low, high = report["ci95_A"]
    assert 0 <= low <= report["win_rate_A"] <= high <= 1
    assert report["avg_turns"] > 0 and report["avg_decisions"] > 0


def test_simulate_takes_decks_and_agents_by_name() -> None:
    code, out = run("simulate", "--games", "2", "--format", "premium", "--decks",
                    "vanilla-premium-royal-paladin", "vanilla-premium-kagero",
                    "--agents", "random", "greedy")
    assert code == 0, out
    assert "A = vanilla-premium-royal-paladin (random)" in out
    assert "win rate" in out


def test_simulate_names_an_unknown_agent() -> None:
    code, out = run("simulate", "--games", "1", "--agents", "random", "genius")
    assert code == 2 and "genius" in out


def test_bench_prints_the_promised_keys() -> None:
    code, out = run("bench", "--games", "2", "--startup-runs", "1", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert set(data) == {
        "format", "games", "engine_version", "engine_build", "games_per_s", "decisions_per_s",
        "decisions_per_game", "decision_p50_us", "decision_p99_us", "clone_p95_us",
        "peak_mib_per_game", "scripted_games_per_s", "scripted_over_vanilla", "scripted_by_set",
        "startup"}
    assert (data["format"], data["games"]) == ("premium", 2)
    assert data["engine_build"] == native.install().build
    assert set(data["startup"]) == {"python_ms", "import_vgcore_ms", "simulate_one_game_ms",
                                    "registry_ms"}
    assert 0 < data["startup"]["python_ms"] < data["startup"]["simulate_one_game_ms"]


def test_validate_passes_on_the_installed_sets() -> None:
    code, out = run("validate")
    assert code == 0, out
    assert "all valid" in out


def test_validate_lists_every_deck_violation_and_fails(tmp_path: Path) -> None:
    deck = tmp_path / "bad.yaml"
    deck.write_text("name: bad\nformat: premium\ndeck:\n  - {id: VAN-RP-009, count: 7}\n"
                    "  - {id: NOPE-1, count: 1}\n")
    code, out = run("validate", str(deck))
    assert code == 1
    assert "NOPE-1" in out and "VAN-RP-009" in out and "50" in out


def test_cards_option_adds_a_directory_and_reports_its_errors(tmp_path: Path) -> None:
    (tmp_path / "cards.yaml").write_text("- {id: X-1, name: Oops, kind: normal_unit, powr: 5}\n")
    code, out = run("validate", "--cards", str(tmp_path))
    assert code == 1
    assert "cards.yaml:1:" in out and "powr" in out


def test_replay_verify_runs_the_golden_game() -> None:
    code, out = run("replay", str(GOLDEN), "--verify")
    assert code == 0, out
    assert "verified" in out


def test_simulate_saves_replays_that_verify(tmp_path: Path) -> None:
    code, out = run("simulate", "--games", "2", "--format", "v-standard", "--save",
                    str(tmp_path), "--json")
    assert code == 0, out
    files = sorted(tmp_path.glob("*.replay.json"))
    assert len(files) == 2
    code, out = run("replay", str(files[1]), "--verify")
    assert code == 0 and "verified" in out, out
    saved = json.loads(files[1].read_text())
    assert saved["result_reason"] in ("damage", "deck_out"), saved["result_reason"]
    assert f"result: {saved['result']} ({saved['result_reason']}) after" in out


def test_replay_verify_reports_a_divergence(tmp_path: Path) -> None:
    data = json.loads(GOLDEN.read_text())
    data["hashes"][10] = "0" * 16
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data))
    code, out = run("replay", str(broken), "--verify")
    assert code != 0 and "answer 11" in out


def test_scenario_run_prints_one_line_per_scenario() -> None:
    code, out = run("scenario", "run", str(RULES))
    assert code == 0, out
    assert out.count("PASS") == 5


def test_play_shows_the_board_and_refuses_an_illegal_answer() -> None:
    code, out = run("play", "--format", "premium", "--seed", "1", input="keep\nbogus\n2\n")
    assert code == 0, out  # the end of input stops the game cleanly
    assert "Your hand (" in out and "answer> " in out
    assert "'bogus' is not an answer here." in out and "legal answers:" not in out


def test_play_seats_the_person_at_a_tag_fight_table() -> None:
    """RULES.md §13: agents play the three other seats; the board names each one's role."""
    _code, out = run("play", "--format", "tag-v-standard", "--seat", "A2", "--seed", "1",
                     input="keep\n")
    assert "A1 (teammate)" in out and "B2 (opponent)" in out and "A2 (you)" in out
    code, out = run("play", "--format", "tag-v-standard", "--seat", "A", input="keep\n")
    assert code != 0 and "seats: A1, B1, A2, B2" in out


def test_simulate_plays_a_tag_format_with_its_default_decks() -> None:
    code, out = run("simulate", "--games", "2", "--format", "tag-v-standard", "--json")
    assert code == 0, out
    report = json.loads(out)
    assert sum(report["wins"].values()) == 2 and set(report["wins"]) == {"A", "B", "draw"}


def test_validate_names_every_card_whose_script_fails() -> None:
    broken = Path(__file__).parent / "cards" / "broken"
    code, out = run("validate", "--cards", str(broken))
    assert code == 1
    for card in ("BR-001", "BR-002", "BR-003", "BR-004"):
        assert card in out
    assert "BR-001.lua" in out

"""The balance report (vgcore/balance.py): per-card uses counted from the log, merged in any
order, and the matrix of every pair both ways, the same on one process or two."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from vgcore.balance import add_card_uses, card_uses, run_matrix
from vgcore.engine import SeatLayout
from vgcore.errors import SimulationError
from vgcore.plugins import Registry
from vgcore.simulate import GameRecord, play_out, seat_agents

TRIO = ("D-SD01", "D-SD02", "D-SD03")


def logged(*events: dict[str, Any]) -> Any:
    """A finished game as card_uses reads it: the table's teams and the log."""
    return SimpleNamespace(engine=SimpleNamespace(seat_layout=SeatLayout()),
                           state=SimpleNamespace(log=list(events)))


def test_card_uses_count_rides_calls_orders_guards_triggers_and_abilities() -> None:
    game = logged(
        {"kind": "ride", "seat": "A", "card": "X-1"},
        {"kind": "ride", "seat": "A", "card": "X-1"},
        {"kind": "call", "seat": "A", "card": "X-2"},
        {"kind": "order", "seat": "B", "card": "Y-9", "order_type": "normal"},
        {"kind": "guard", "seat": "B", "card": "Y-3", "circle": "GC"},
        {"kind": "drive_check", "seat": "A", "card": "X-5", "trigger": "critical"},
        {"kind": "drive_check", "seat": "A", "card": "X-2", "trigger": None},  # no trigger
        {"kind": "damage_check", "seat": "B", "card": "Y-4", "trigger": "heal"},
        {"kind": "ability", "seat": "B", "card": "Y-3", "ability": 1},
        {"kind": "draw", "seat": "A", "card": "X-7"},  # drawing is no use
        {"kind": "ability", "seat": "B", "ability": 1},  # no card: a player's ability
    )
    assert card_uses(game) == {
        "A": {"X-1": {"ridden": 2}, "X-2": {"called": 1}, "X-5": {"triggered": 1}},
        "B": {"Y-9": {"played": 1}, "Y-3": {"guarded": 1, "abilities": 1},
              "Y-4": {"triggered": 1}},
    }


def test_a_real_game_rides_and_calls_the_cards_of_its_decks() -> None:
    registry = Registry()
    game = registry.new_game("d-standard", None, 5)
    play_out(game, seat_agents(game, ("greedy", "greedy"), 5))
    uses = card_uses(game)
    rides = sum(c.get("ridden", 0) for team in uses.values() for c in team.values())
    assert rides == sum(1 for e in game.state.log if e["kind"] == "ride")
    assert all(card.startswith("D-SD01") for card in uses["A"])  # A plays D-SD01
    assert all(card.startswith("D-SD02") for card in uses["B"])


def test_card_totals_do_not_depend_on_the_order_games_are_added() -> None:
    rng = random.Random(1)
    records = [GameRecord(rng.choice("AB") if i % 5 else "draw", 10, 100, cards={
        team: {f"C-{rng.randrange(4)}": {"called": rng.randrange(1, 4)}} for team in "AB"})
        for i in range(40)]
    first: dict[str, Any] = {}
    for record in records:
        add_card_uses(first, record, {"A": "deck-a", "B": "deck-b"})
    rng.shuffle(records)
    again: dict[str, Any] = {}
    for record in records:
        add_card_uses(again, record, {"A": "deck-a", "B": "deck-b"})
    assert again == first
    total = sum(c["games"] for deck in first.values() for c in deck.values())
    assert total == 80  # each game: one card per team


def without_time(data: dict[str, Any]) -> dict[str, Any]:
    data.pop("seconds"), data.pop("games_per_s")
    return data


def test_the_matrix_plays_every_pair_both_ways_the_same_on_two_workers() -> None:
    registry = Registry()
    decks = [registry.deck(n) for n in TRIO]
    data = without_time(run_matrix(registry, "d-standard", decks, games=3, seed=2).as_dict())
    spread = run_matrix(registry, "d-standard", decks, games=3, seed=2, workers=2,
                        batch_size=1).as_dict()
    assert without_time(spread) == data
    assert [(p["a"], p["b"]) for p in data["pairs"]] == [
        (a, b) for a in TRIO for b in TRIO if a != b]
    assert data["games"] == 18 == sum(data["game_length"]["turns"].values())
    for r in range(3):
        assert data["matrix"][r][r] is None
        for c in range(3):
            if r != c:  # both seatings, and one deck's wins are the other's losses
                cell, other = data["matrix"][r][c], data["matrix"][c][r]
                assert cell["games"] == 6
                assert cell["win_rate"] + other["win_rate"] == pytest.approx(1)
                assert cell["ci95"][0] <= cell["win_rate"] <= cell["ci95"][1]
    first = data["first_player"]
    assert first["won"] + first["lost"] + first["draw"] == 18
    rows = {(r["deck"], r["card"]): r for r in data["cards"]}
    assert {deck for deck, _card in rows} == set(TRIO)
    vanguard = rows[("D-SD01", "D-SD01-001")]  # the deck's grade 3 persona
    assert vanguard["ridden"] > 0 and vanguard["name"] != "D-SD01-001"
    assert all(0 <= r["used_share"] <= 1 for r in rows.values())


def test_the_matrix_needs_two_different_decks() -> None:
    registry = Registry()
    one = registry.deck("D-SD01")
    with pytest.raises(SimulationError, match="at least two decks; got 1"):
        run_matrix(registry, "d-standard", [one], games=1)
    with pytest.raises(SimulationError, match="appears twice in the matrix: D-SD01"):
        run_matrix(registry, "d-standard", [one, one], games=1)


def test_simulate_matrix_report_writes_the_json_and_the_page(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "vgcore.cli", "simulate", "--format",
                           "d-standard", "--matrix", "D-SD01", "D-SD02", "--games", "2",
                           "--workers", "1", "--report", str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=300, check=True)
    data = json.loads((tmp_path / "out" / "report.json").read_text())
    assert data["decks"] == ["D-SD01", "D-SD02"] and data["games"] == 4
    page = (tmp_path / "out" / "report.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and 'id="heatmap"' in page
    assert "D-SD01" in done.stdout and "first player's win rate" in done.stdout

"""Battle features of D-BT01 pinned from Python: a guard group in progress survives snapshots
(RULES.md §5 guard step); the scenarios of the cards test the rules themselves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vgcore.errors import SnapshotError
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.testing.scenario import build_game, load_scenarios, play

SETS = Path(__file__).resolve().parent.parent / "card_scripts"


def simone_group_started() -> Game:
    """D-BT01-074 scenario 1, stopped after B picked its first guardian of a group."""
    scenario = load_scenarios(SETS / "D-BT01/scenarios/D-BT01-074.scenario.yaml")[0]
    game = build_game(scenario)
    play(game, scenario.steps[:6], scenario)
    return game


def test_a_guard_group_in_progress_round_trips_through_a_snapshot() -> None:
    game = simone_group_started()
    assert game.state.battle is not None and game.state.battle["guard_group"] == [["D-BT01-036"]]
    restored = Game.from_json(game.engine, json.loads(json.dumps(game.to_json())))
    assert restored.legal_actions() == game.legal_actions()
    assert "call-guardians" not in [str(a) for a in restored.legal_actions()]
    twin = game.clone()
    for g in (restored, twin):
        g.apply("guard VAN-DS-002")
        g.apply("call-guardians")
    assert restored.state.state_hash() == twin.state.state_hash()
    assert game.state.battle["guard_group"] == [["D-BT01-036"]]  # the clone was independent


def test_a_guard_group_of_no_card_ids_is_refused() -> None:
    data = simone_group_started().to_json()
    data["state"]["battle"]["guard_group"] = [3]
    with pytest.raises(SnapshotError, match="guard_group"):
        Game.from_json(simone_group_started().engine, data)


def column_battle_guarded() -> Game:
    """tests/scenarios/skills/column.scenario.yaml scenario 2, after B guarded RC.BC."""
    here = Path(__file__).parent
    scenario = load_scenarios(here / "scenarios/skills/column.scenario.yaml")[1]
    game = build_game(scenario, Registry(card_dirs=[here / "cards/skills"], strict=True))
    play(game, scenario.steps[:3], scenario)
    return game


def test_a_column_battle_shows_its_attacked_units_and_round_trips() -> None:
    game = column_battle_guarded()
    for seat in ("A", "B"):
        battle = game.view(seat, log=False)["battle"]
        assert battle["target"] == "B.VC" and battle["targets"] == ["B.VC", "B.RC.BC"]
    restored = Game.from_json(game.engine, json.loads(json.dumps(game.to_json())))
    assert restored.state.state_hash() == game.state.state_hash()
    back = restored.unit_at("B", "RC.BC")
    assert back is not None and restored.power(back) == 13000
    restored.apply("done")
    game.apply("done")
    assert restored.state.state_hash() == game.state.state_hash()


def test_a_column_battle_whose_guardian_guards_no_uid_is_refused() -> None:
    data = column_battle_guarded().to_json()
    data["state"]["battle"]["guarding"] = {"x": 3}
    with pytest.raises(SnapshotError, match="guarding"):
        Game.from_json(column_battle_guarded().engine, data)

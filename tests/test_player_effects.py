"""Player-level effects: abilities a player gets (`give_player`), player states with a battle
duration, and the drive checks an effect gives a rear-guard (RULES.md §5 drive step, §6 over).

The card-level behaviour is in the D-BT01 scenarios (-016, -022); these tests pin what a
scenario file cannot: load errors, snapshots and views.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vgcore.errors import SnapshotError
from vgcore.game import Game
from vgcore.testing.scenario import build_game, load_scenarios, play

from .test_declarations import load_error

SETS = Path(__file__).resolve().parent.parent / "card_scripts"


def gallmageheld_given() -> Game:
    """A game right after D-BT01-016's extra effect gave A its ability (scenario 1, 3 steps)."""
    scenario = load_scenarios(SETS / "D-BT01/scenarios/D-BT01-016.scenario.yaml")[0]
    game = build_game(scenario)
    play(game, scenario.steps[:3], scenario)
    return game


def test_a_player_ability_round_trips_through_a_snapshot() -> None:
    game = gallmageheld_given()
    vanguard = game.vanguard("A")
    assert vanguard is not None and game.power(vanguard) == 23000
    restored = Game.from_json(game.engine, json.loads(json.dumps(game.to_json())))
    assert restored.state.state_hash() == game.state.state_hash()
    assert restored.power(vanguard) == 23000 and restored.critical(vanguard) == 2
    assert game.clone().power(vanguard) == 23000


def test_what_a_player_ability_changes_is_all_the_cont_layer_is_read_for() -> None:
    """Reading a stat goes through the CONT layer only when a CONT can change it: a player
    who keeps "+10000 power and +1 critical to your vanguards" (D-BT01-016) makes the layer
    read for power and critical, and for nothing else (`Game.granted_changes`)."""
    game = gallmageheld_given()
    assert game.granted_changes() == {"power", "critical"}
    assert game.may_have("power") and not game.may_have("cannot_be_hit")
    vanguard = game.vanguard("A")
    assert vanguard is not None and game.critical(vanguard) == 2
    assert not game.has(vanguard, "cannot_be_hit")
    fresh = build_game(load_scenarios(SETS / "D-BT01/scenarios/D-BT01-016.scenario.yaml")[0])
    assert fresh.granted_changes() == frozenset()  # no ability given yet


def test_a_snapshot_whose_player_ability_names_no_cont_is_refused() -> None:
    data = gallmageheld_given().to_json()
    entry = next(iter(data["state"]["flags"]["player_granted"].values()))
    entry["path"] = ["effect", 0, "until"]
    with pytest.raises(SnapshotError, match="player_granted"):
        Game.from_json(gallmageheld_given().engine, data)


def test_each_player_sees_the_abilities_a_player_got() -> None:
    game = gallmageheld_given()
    for seat in ("A", "B"):
        players = game.view(seat, log=False)["players"]
        assert players["A"]["abilities"] == [{"source": "D-BT01-016", "until": "forever"}]
        assert "abilities" not in players["B"]


def test_a_player_ability_must_be_a_cont(tmp_path: Path) -> None:
    err = load_error(tmp_path, "return vg.card { vg.act { effect = {\n"
                               "  vg.give_player(vg.auto { when = vg.when.attacks,\n"
                               "                           effect = { vg.draw(1) } }) } } }\n")
    assert err.card_id == "T-1" and "CONT" in err.message and "ability" in str(err)


def test_a_player_ability_takes_no_while_duration(tmp_path: Path) -> None:
    err = load_error(tmp_path, "return vg.card { vg.act { effect = {\n"
                               "  vg.give_player(vg.cont { effects = {} },\n"
                               "                 {['while'] = vg.cond.your_turn}) } } }\n")
    assert "until" in str(err) and "forever" in err.message


def test_a_player_state_takes_only_a_known_duration(tmp_path: Path) -> None:
    err = load_error(tmp_path, "return vg.card { vg.act { effect = {\n"
                               "  vg.enter_state('rush', 'you', 'fight') } } }\n")
    assert "until" in str(err) and "battle" in err.message


def test_a_battle_state_ends_with_the_battle() -> None:
    game = gallmageheld_given()
    flags = game.state.players["B"].flags
    flags["states"] = {"watched": -2, "rushing": -1}
    game.end_modifiers("battle")
    assert flags["states"] == {"rushing": -1}

"""Rules checked from Python where a scenario file cannot express them (RULES.md §5, §6, §9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vgcore.errors import GameOverError
from vgcore.plugins import Registry
from vgcore.testing.board import game_from_board
from vgcore.types import Phase, Until

BOARD = {
    "A": {"vanguard": "VAN-RP-009", "rear": {"RC.FL": "VAN-RP-006"},
          "deck": ["VAN-RP-011", "VAN-RP-003", "VAN-RP-004", "VAN-RP-005"]},
    "B": {"vanguard": "VAN-KG-009", "hand": ["VAN-KG-002", "VAN-KG-003"],
          "deck": ["VAN-KG-003", "VAN-KG-004", "VAN-KG-005", "VAN-KG-006"]},
}


def test_battle_effects_end_at_the_close_step_and_turn_effects_stay(registry: Registry) -> None:
    """RULES.md §5 close step: "during this battle" effects end; "this turn" ones remain."""
    game = game_from_board(registry.engine("premium"), BOARD, turn=3, phase=Phase.BATTLE)
    game.apply("attack VC -> B.VC")
    rear = game.unit_at("A", "RC.FL")
    assert rear is not None
    game.add_modifier(rear, "power", 3000, Until.BATTLE, "test")
    game.add_modifier(rear, "critical", 1, Until.TURN, "test")
    assert game.power(rear) == 13000
    game.apply("done")        # B does not guard; the drive check reveals a critical trigger
    game.apply("power VC")
    game.apply("critical VC")
    assert game.state.battle is None, "the battle closed before the next attack"
    assert game.power(rear) == 10000
    assert game.critical(rear) == 2
    vc = game.vanguard("A")
    assert vc is not None and game.power(vc) == 16000 and game.critical(vc) == 2


def test_a_unit_leaving_the_field_loses_its_modifiers(registry: Registry) -> None:
    """A card that leaves the field is a new card: modifiers on it end (RULES.md §7)."""
    game = game_from_board(registry.engine("premium"), BOARD, turn=3, phase=Phase.MAIN)
    rear = game.unit_at("A", "RC.FL")
    assert rear is not None
    game.add_modifier(rear, "power", 5000, Until.TURN, "test")
    from vgcore import actions

    actions.retire(game, rear)
    assert not [m for m in game.state.modifiers if m[0] == rear]


def test_a_player_may_concede(registry: Registry) -> None:
    """RULES.md §9: a player who concedes loses."""
    game = registry.new_game("premium", seed=1)
    game.concede("A")
    assert game.state.result == "B" and game.is_terminal
    assert game.returns() == [-1.0, 1.0]
    with pytest.raises(GameOverError):
        game.apply("keep")


def test_g_era_trigger_power_is_a_format_option(tmp_path: Path) -> None:
    """RULES.md table: premium triggers give +5000; +10000 from the G era is an option (a
    format of one's own here; the installed premium-g is the same, see tests/scenarios)."""
    (tmp_path / "formats").mkdir()
    (tmp_path / "formats" / "my-g-era.yaml").write_text(
        "id: my-g-era\nextends: premium\ntrigger_power: 10000\n")
    reg = Registry(card_dirs=[tmp_path])
    game = game_from_board(reg.engine("my-g-era"), BOARD, turn=3, phase=Phase.BATTLE)
    game.apply("attack VC -> B.VC")
    game.apply("done")
    game.apply("power VC")
    game.apply("critical VC")
    vc = game.vanguard("A")
    assert vc is not None and game.power(vc) == 21000

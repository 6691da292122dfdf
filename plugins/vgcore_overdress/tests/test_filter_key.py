"""The plugin's filter key `beneath` (hook vgcore_filter_keys): accepted only in formats that
enable the plugin, and it names exactly the originalDress cards beneath the unit."""

from __future__ import annotations

from pathlib import Path

import pytest

from vgcore.errors import ScriptError
from vgcore.plugins import Registry

SCRIPT = """return vg.card { vg.cont { zones = {"RC"}, effects = {
  vg.continuous.power("self", {count = vg.cards_in("originaldress", {beneath = "self"}),
                               times = 1000}) } } }"""


def card_dir(tmp_path: Path) -> Path:
    (tmp_path / "cards.yaml").write_text(
        "set: t\ncards:\n  - {id: FK-001, name: Test Wearer, kind: normal_unit, grade: 2, "
        "power: 9000, shield: 5000, critical: 1, skill: intercept, nation: Dragon Empire}\n")
    (tmp_path / "FK-001.lua").write_text(SCRIPT)
    return tmp_path


def test_a_format_without_the_plugin_refuses_the_key(tmp_path: Path) -> None:
    registry = Registry(card_dirs=[card_dir(tmp_path)], strict=True)
    with pytest.raises(ScriptError, match="beneath"):
        registry.engine("premium").script("FK-001")
    assert registry.engine("d-standard").script("FK-001") is not None


def test_beneath_counts_only_the_cards_under_that_unit(tmp_path: Path) -> None:
    from vgcore.testing.board import game_from_board

    registry = Registry(card_dirs=[card_dir(tmp_path)], strict=True)
    deck = ["VAN-DE-005", "VAN-DE-006", "VAN-DE-008", "VAN-DE-009"]
    board = {"A": {"vanguard": "VAN-DE-004", "rear": {"RC.FL": "FK-001", "RC.FR": "FK-001"},
                   "originaldress": ["VAN-DE-005", "VAN-DE-006", "VAN-DE-008"], "deck": deck},
             "B": {"vanguard": "VAN-DS-004", "deck": deck}}
    game = game_from_board(registry.engine("d-standard"), board, turn=3, player="A")
    st = game.state
    fl, fr = (game.unit_at("A", c) for c in ("RC.FL", "RC.FR"))
    under = st.players["A"].zones["originaldress"]
    st.players["A"].flags["originaldress"] = {str(fl): under[:2], str(fr): under[2:]}
    game.advance()
    assert (game.power(fl), game.power(fr)) == (11000, 10000)  # type: ignore[arg-type]

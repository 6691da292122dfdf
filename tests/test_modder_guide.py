"""docs/modder-guide.md works as written: a YAML-only format, and the example plugin installed
into a temporary environment playing a game (the plugin is found through its entry point)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from vgcore.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "vgcore-example-momentum"


def test_a_yaml_only_format_from_a_cards_directory(tmp_path: Path) -> None:
    (tmp_path / "formats").mkdir()
    (tmp_path / "formats" / "seven-damage.yaml").write_text(
        "id: seven-damage\nname: Seven damage\nextends: premium\ndamage_to_lose: 7\n"
        "default_decks: [vanilla-premium-royal-paladin, vanilla-premium-kagero]\n")
    result = CliRunner().invoke(main, ["simulate", "--cards", str(tmp_path), "--format",
                                       "seven-damage", "--games", "3", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["format"] == "seven-damage"


def test_the_example_plugin_installs_and_plays(tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps",
                    "--no-build-isolation", "--target", str(target), str(EXAMPLE)],
                   check=True, capture_output=True)
    script = (
        "from vgcore.plugins import Registry\n"
        "from vgcore.testing.board import game_from_board\n"
        "r = Registry()\n"
        "assert 'momentum' in r.plugin_names(), r.plugin_names()\n"
        "deck = ['VAN-RP-002'] * 4\n"
        "board = {'A': {'vanguard': 'VAN-RP-009', 'damage': ['VAN-RP-003'] * 3, 'deck': deck},\n"
        "         'B': {'vanguard': 'VAN-KG-009', 'deck': deck}}\n"
        "for fmt in ('momentum', 'premium'):\n"
        "    g = game_from_board(r.engine(fmt), board, turn=3)\n"
        "    print(fmt, g.power(g.vanguard('A')))\n"
        "g = r.new_game('momentum', seed=1)\n"
        "print('game', g.decision.kind)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    out = subprocess.run([sys.executable, "-c", script], env=env, check=True,
                         capture_output=True, text=True).stdout
    assert "momentum 14000" in out and "premium 11000" in out
    assert "game mulligan" in out

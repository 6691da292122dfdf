"""docs/modder-guide.md works as written: its files are created in an empty directory and its
commands run there in the order of the page (the marking is the designer guide's, see
tests/test_designer_guide.py); the example plugin of the repository is the guide's, and it
installs into a temporary environment and plays (found through its entry point)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.guides import FENCE, Block, blocks_in, run_as_written, vgcore_on_path
from vgcore.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "vgcore-example-momentum"
GUIDE = ROOT / "docs" / "modder-guide.md"
PIP_INSTALL = re.compile(r"^python3? -m pip install (.+)$")


def guide_blocks() -> list[Block]:
    return blocks_in(GUIDE)


def test_the_guide_marks_its_files_and_the_plugin_is_the_example() -> None:
    """Every code block of the guide is run or written; the plugin files are the example's."""
    text = GUIDE.read_text(encoding="utf-8")
    for match in FENCE.finditer(text):
        block = Block(match.group(1).strip(), match.group(2))
        path = block.option("file")
        assert path is not None or block.lang in ("sh", "text"), block.info
        if path is not None:
            assert text[:match.start()].rstrip().endswith(f"**`{path}`**"), path
            if path.startswith("vgcore-example-momentum/"):
                shipped = EXAMPLE / path.removeprefix("vgcore-example-momentum/")
                assert shipped.read_text(encoding="utf-8") == block.body, path


@pytest.mark.system  # pip installs the guide's plugin
@pytest.mark.skipif(shutil.which("sh") is None, reason="needs a POSIX shell")
def test_the_guide_runs_as_written(tmp_path: Path) -> None:
    """Files written, commands run with their exit codes and shown output; `pip install`
    goes to a temporary target directory put on PYTHONPATH (not the test environment)."""
    work, site = tmp_path / "work", tmp_path / "site"
    work.mkdir()
    env = vgcore_on_path(tmp_path)
    env["PYTHONPATH"] = str(site)

    def to_site(command: str) -> str:
        install = PIP_INSTALL.match(command)
        if install is None:
            return command
        return (f"{sys.executable} -m pip install -q --no-deps --no-build-isolation "
                f"--target {site} {install.group(1)}")

    ran = run_as_written(guide_blocks(), work, env, rewrite=to_site, timeout=300)
    assert any(c.startswith("vgcore simulate --cards mymod --format seven-damage") for c in ran)
    assert any(c.startswith("vgcore simulate --format momentum") for c in ran)


def test_a_yaml_only_format_from_a_cards_directory(tmp_path: Path) -> None:
    (tmp_path / "formats").mkdir()
    (tmp_path / "formats" / "seven-damage.yaml").write_text(
        "id: seven-damage\nname: Seven damage\nextends: premium\ndamage_to_lose: 7\n"
        "default_decks: [vanilla-premium-royal-paladin, vanilla-premium-kagero]\n")
    result = CliRunner().invoke(main, ["simulate", "--cards", str(tmp_path), "--format",
                                       "seven-damage", "--games", "3", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["format"] == "seven-damage"


@pytest.mark.system  # pip installs the example plugin
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

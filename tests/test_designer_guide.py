"""docs/designer-guide.md works as written: its files are created in an empty directory and its
commands run there against the installed `vgcore`, in the order of the page. The page's marking is
explained in tests/guides.py.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.guides import FENCE, Block, blocks_in, commands, run_as_written, vgcore_on_path

GUIDE = Path(__file__).parent.parent / "docs" / "designer-guide.md"


def blocks() -> list[Block]:
    return blocks_in(GUIDE)


def test_the_guide_marks_files_and_commands() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    for match in FENCE.finditer(text):
        path = Block(match.group(1).strip(), "").option("file")
        if path is not None:  # the reader sees the path: bold, just above the block
            assert text[:match.start()].rstrip().endswith(f"**`{path}`**"), path
    found = blocks()
    files = [b.option("file") for b in found if b.option("file")]
    assert "myset/cards.yaml" in files and "myset/MY-RP-001.lua" in files
    assert any(f.endswith(".scenario.yaml") for f in files)
    assert any("/decks/" in f for f in files)
    run = " ".join(c for b in found if b.lang == "sh" for c in commands(b.body))
    for command in ("vgcore validate --cards", "vgcore scenario run", "vgcore simulate --cards",
                    "vgcore cards --coverage", "vgcore schema card > card.schema.json"):
        assert command in run


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs a POSIX shell")
def test_the_guide_runs_as_written(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    run_as_written(blocks(), work, vgcore_on_path(tmp_path))
    assert (work / "card.schema.json").stat().st_size > 0

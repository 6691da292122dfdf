"""README.md's Python examples run as written and end honestly: the tour's game finishes by
the rules (not by a game-length limit) and prints what its comment says."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

import pytest

from vgcore.game import Game
from vgcore.limits import LIMIT_REASONS

README = Path(__file__).parent.parent / "README.md"
PYTHON = re.compile(r"^```python\n(.*?)^```\s*$", re.M | re.S)
PRINTED = re.compile(r"^print\(.*\)\s+# (.+)$", re.M)


def python_blocks() -> list[str]:
    return PYTHON.findall(README.read_text(encoding="utf-8"))


def test_the_readme_has_python_examples() -> None:
    blocks = python_blocks()
    assert len(blocks) >= 2
    assert "while not game.is_terminal" in blocks[0]


def test_the_python_examples_run_and_the_game_ends_by_the_rules(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the replay example writes a file
    apply = Game.apply
    answers = [0]

    def counted(game: Game, *args: Any, **kwargs: Any) -> None:
        answers[0] += 1  # a loop that never ends fails here instead of hanging the suite
        assert answers[0] < 100_000, "the README's game does not end"
        apply(game, *args, **kwargs)

    monkeypatch.setattr(Game, "apply", counted)
    namespace: dict[str, object] = {"__name__": "readme"}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for block in python_blocks():
            exec(compile(block, str(README), "exec"), namespace)
    game = namespace["game"]
    assert game.is_terminal  # type: ignore[attr-defined]
    assert game.result in ("A", "B")  # type: ignore[attr-defined]
    assert game.result_reason not in LIMIT_REASONS  # type: ignore[attr-defined]
    promised = PRINTED.findall(python_blocks()[0])
    assert promised and out.getvalue().splitlines()[0] == promised[0]

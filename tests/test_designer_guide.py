"""docs/designer-guide.md works as written: its files are created in an empty directory and its
commands run there against the installed `vgcore`, in the order of the page.

The page marks what is run: a fenced block whose info string names a file
(```` ```yaml file=myset/cards.yaml ````, under the path in bold) is written to that path; a
```` ```sh ```` block holds commands, one per line, each expected to exit 0 (```` ```sh exit=1
````: that code); a ```` ```text ```` block right after a `sh` block shows its output: every
line must appear in it, `…` standing for any text (a line that is only `…` is skipped). A
`text` block after anything else is an illustration and is not checked.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

GUIDE = Path(__file__).parent.parent / "docs" / "designer-guide.md"
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```\s*$", re.M | re.S)


@dataclass(frozen=True)
class Block:
    info: str
    body: str

    @property
    def lang(self) -> str:
        return self.info.split()[0] if self.info.split() else ""

    def option(self, name: str) -> str | None:
        for word in self.info.split()[1:]:
            key, _, value = word.partition("=")
            if key == name:
                return value
        return None


def blocks() -> list[Block]:
    return [Block(m.group(1).strip(), m.group(2)) for m in FENCE.finditer(
        GUIDE.read_text(encoding="utf-8"))]


def commands(body: str) -> list[str]:
    """Command lines of a sh block: comments and blank lines skipped, `\\` continues a line."""
    lines = body.replace("\\\n", " ").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.strip().startswith("#")]


def vgcore_on_path(tmp_path: Path) -> dict[str, str]:
    """An environment whose `vgcore` is the installed one of this interpreter."""
    bin_dir = Path(sys.executable).parent
    if not (bin_dir / "vgcore").exists():  # no console script: a shim running the module
        bin_dir = tmp_path / "bin"
        bin_dir.mkdir()
        shim = bin_dir / "vgcore"
        shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m vgcore.cli "$@"\n')
        shim.chmod(0o755)
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    env.pop("PYTHONPATH", None)
    return env


def shown_in(expected: str, output: str) -> bool:
    """`expected` (one line, `…` = any text) matches a line of `output`."""
    pattern = ".*".join(re.escape(part) for part in expected.split("…"))
    return any(re.fullmatch(pattern, line.rstrip()) for line in output.splitlines())


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
    env = vgcore_on_path(tmp_path)
    last_output: str | None = None
    for block in blocks():
        path = block.option("file")
        if path is not None:
            target = work / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(block.body, encoding="utf-8")
            last_output = None
        elif block.lang == "sh":
            want = int(block.option("exit") or 0)
            last_output = ""
            for command in commands(block.body):
                done = subprocess.run(command, shell=True, cwd=work, env=env, text=True,
                                      capture_output=True, timeout=120)
                output = done.stdout + done.stderr
                assert done.returncode == want, (
                    f"{command!r} exited {done.returncode}, the guide says {want}:\n{output}")
                last_output += output
        elif block.lang == "text" and last_output is not None:
            for line in block.body.splitlines():
                if line.strip() and line.strip() != "…":
                    assert shown_in(line, last_output), (
                        f"the guide shows {line!r}, but the commands printed:\n{last_output}")
            last_output = None
        else:
            last_output = None
    assert (work / "card.schema.json").stat().st_size > 0

"""Running a guide page as written (docs/designer-guide.md, docs/modder-guide.md).

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
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

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


def blocks_in(page: Path) -> list[Block]:
    """The fenced code blocks of a page, in order."""
    return [Block(m.group(1).strip(), m.group(2)) for m in FENCE.finditer(
        page.read_text(encoding="utf-8"))]


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


def run_as_written(blocks: list[Block], work: Path, env: dict[str, str], *,
                   rewrite: Callable[[str], str] = lambda command: command,
                   timeout: int = 120) -> list[str]:
    """Write the page's files into `work` and run its commands there, in order, checking
    each command's exit code and the output its `text` block shows; returns the commands
    as the page wrote them (`rewrite` may change how one is run, e.g. where pip installs)."""
    last_output: str | None = None
    ran: list[str] = []
    for block in blocks:
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
                ran.append(command)
                done = subprocess.run(rewrite(command), shell=True, cwd=work, env=env,
                                      text=True, capture_output=True, timeout=timeout)
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
    return ran

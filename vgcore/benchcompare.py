"""`vgcore bench --compare REV`: this checkout and another revision, measured back to back.

A speed claim ("twice as fast as the commit before") is only worth what its comparison is:
two checkouts measured on the same machine, in the same minutes, alternately, so that a busy
neighbour or a warm cache weighs on both. This runs `vgcore bench --json` of both in fresh
processes, round after round (this checkout first in odd rounds, the other first in even
ones), and reports each side's median and their ratio.

The other revision is exported with `git archive` into a temporary directory and run from
there, without installing it: its packages are linked into a directory put first on
PYTHONPATH, named as this checkout's pyproject.toml maps them (`card_scripts` is imported as
`vgcore_cards`, each plugin under its own name), so the installed entry points load its code.
A revision whose plugins or entry points differ from this checkout's cannot be compared so.

Each side runs as it would be installed: when this checkout runs compiled (mypyc, setup.py),
the other revision's modules are compiled in its export first (its own setup.py: a few
minutes where it builds profile-guided); a revision
from before the compiled build runs interpreted, as it always did. When a revision that has
the build cannot be compiled here (no mypy installed, a failing build), or `interpreted` is
asked, both sides run interpreted (`VGCORE_PURE=1`): a compiled side against one that could
have been compiled would report the compiler's gain as the revision's. The result names each
side's build.
"""

from __future__ import annotations

import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vgcore.errors import VgError

# The figures compared: higher is better for rates, lower for times.
HIGHER_IS_BETTER = ("decisions_per_s", "games_per_s", "scripted_games_per_s")
LOWER_IS_BETTER = ("decision_p50_us", "decision_p99_us", "clone_p95_us", "peak_mib_per_game")


class CompareError(VgError):
    """The other revision cannot be exported or run."""


@dataclass(slots=True)
class Side:
    name: str  # "this checkout" or the revision as given
    env: dict[str, str]  # the environment its bench runs in
    runs: list[dict[str, Any]]

    def median(self, key: str) -> float | None:
        values = [r[key] for r in self.runs if r.get(key) is not None]
        return statistics.median(values) if values else None


def checkout_root() -> Path:
    """The git checkout this vgcore runs from (an editable install), or CompareError."""
    root = Path(__file__).resolve().parent.parent
    if not (root / ".git").exists() or not (root / "pyproject.toml").exists():
        raise CompareError(f"--compare needs vgcore run from a git checkout; {root} is not one "
                           "(install it with pip install -e)")
    return root


def export_revision(root: Path, rev: str, into: Path) -> Path:
    """`git archive REV` unpacked under `into`; its directory."""
    target = into / "rev"
    target.mkdir()
    archive = into / "rev.tar"
    done = subprocess.run(["git", "-C", str(root), "archive", "--format=tar", "-o",
                           str(archive), rev], capture_output=True, text=True)
    if done.returncode != 0:
        raise CompareError(f"cannot export revision {rev!r}: {done.stderr.strip()}")
    with tarfile.open(archive) as tar:
        tar.extractall(target, filter="data")
    return target


def package_links(checkout: Path, into: Path) -> Path:
    """A directory of links naming the checkout's packages as pyproject.toml installs them."""
    links = into / "packages"
    links.mkdir()
    with open(checkout / "pyproject.toml", "rb") as file:
        setuptools = tomllib.load(file).get("tool", {}).get("setuptools", {})
    mapped = setuptools.get("package-dir", {})
    for package in setuptools.get("packages", []):
        top = package.split(".")[0]
        source = checkout / mapped.get(top, top)
        if not (links / top).exists() and source.is_dir():
            (links / top).symlink_to(source, target_is_directory=True)
    return links


NO_BUILD = "it has no compiled build"  # a revision from before setup.py's mypyc build


def build_compiled(tree: Path) -> str | None:
    """Compile an exported revision's modules in place, as `pip install` compiles this
    checkout's (its setup.py's mypyc build): None once built, else why it was not."""
    if not (tree / "setup.py").exists() or not (tree / "vgcore" / "native.py").exists():
        return NO_BUILD
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed here (pip install mypy)"
    done = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
                          cwd=tree, capture_output=True, text=True)
    if done.returncode != 0:
        return f"its build failed: {done.stderr.strip()[-500:]}"
    return None


def bench_once(side: Side, argv: Sequence[str], cwd: Path) -> dict[str, Any]:
    """One `vgcore bench --json` of a side, run from `cwd`: a directory holding no package
    (`python -m` puts its working directory first on sys.path, ahead of PYTHONPATH, so run
    from a checkout's root the other side would import this checkout's code)."""
    done = subprocess.run([sys.executable, "-m", "vgcore.cli", "bench", *argv, "--json"],
                          capture_output=True, text=True, env=side.env, cwd=cwd)
    if done.returncode != 0:
        raise CompareError(f"{side.name}: vgcore bench failed:\n{done.stderr.strip()[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def compare(rev: str, argv: Sequence[str], rounds: int,
            on_run: Callable[[str, int], None] = lambda _name, _round: None, *,
            interpreted: bool = False,
            on_note: Callable[[str], None] = lambda _note: None) -> dict[str, Any]:
    """Both sides' bench `rounds` times, alternating; medians and ratios (this / other).
    Each side as installed (`rev` compiled here if it has the build), else both interpreted."""
    from vgcore import native

    root = checkout_root()
    with tempfile.TemporaryDirectory(prefix="vgcore-compare-") as tmp:
        other_tree = export_revision(root, rev, Path(tmp))
        links = package_links(other_tree, Path(tmp))
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(links), *filter(None, [os.environ.get("PYTHONPATH")])])}
        this_env = dict(os.environ)
        compiled = not interpreted and native.install().active
        if compiled:
            on_note(f"compiling {rev}'s modules if it has the build (a minute or two)")
            failure = build_compiled(other_tree)
            if failure == NO_BUILD:
                on_note(f"{rev} has no compiled build: it runs interpreted, as installed")
            elif failure is not None:
                on_note(f"{rev} cannot be compiled here ({failure}): both sides run "
                        "interpreted")
                compiled = False
        if not compiled:
            env[native.PURE_ENV] = this_env[native.PURE_ENV] = "1"
        neutral = Path(tmp) / "run"
        neutral.mkdir()
        this = Side("this checkout", this_env, [])
        other = Side(rev, env, [])
        for i in range(rounds):
            order = (this, other) if i % 2 == 0 else (other, this)
            for side in order:
                on_run(side.name, i + 1)
                side.runs.append(bench_once(side, argv, neutral))
    figures = {}
    for key in (*HIGHER_IS_BETTER, *LOWER_IS_BETTER):
        mine, theirs = this.median(key), other.median(key)
        if mine is None or theirs is None:
            continue
        gain = (mine / theirs if key in HIGHER_IS_BETTER else theirs / mine) if mine and theirs \
            else None
        figures[key] = {"this": mine, "other": theirs,
                        "speedup": None if gain is None else round(gain, 3)}
    builds = {"this": this.runs[0].get("engine_build"), "other": other.runs[0].get("engine_build")}
    return {"rev": rev, "rounds": rounds, "bench_args": list(argv), "builds": builds,
            "figures": figures, "runs": {"this": this.runs, "other": other.runs}}

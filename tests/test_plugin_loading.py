"""Installed plugins (the `vgcore` entry-point group): one that fails to import is one line
naming it and its entry point, and the other plugins keep working.

The broken plugin is real: a distribution's metadata (a dist-info directory) on sys.path
whose entry point names a module that raises when imported.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from vgcore.plugins import Registry

ENTRY = "vgcore_broken_example:plugin"


def install_broken_plugin(where: Path) -> Path:
    """A dist-info for `vgcore-broken-example` whose `vgcore` entry point fails to import."""
    info = where / "vgcore_broken_example-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: vgcore-broken-example\n"
                                   "Version: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[vgcore]\nbroken_example = {ENTRY}\n",
                                           encoding="utf-8")
    (where / "vgcore_broken_example.py").write_text(
        'raise ImportError("this plugin needs a library that is not installed")\n',
        encoding="utf-8")
    return where


def test_a_plugin_that_fails_to_import_is_named_and_skipped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(install_broken_plugin(tmp_path)))
    registry = Registry()
    assert registry.plugin_errors == [
        f"plugin 'broken_example' (entry point broken_example = {ENTRY}) failed to load and "
        "is skipped: ImportError: this plugin needs a library that is not installed"]
    assert "broken_example" not in registry.plugin_names()
    assert {"premium", "d-standard", "v-standard"} <= set(registry.formats)
    game = registry.new_game("premium", seed=1)
    assert game.decision is not None


def test_the_command_line_prints_one_line_for_a_broken_plugin_and_goes_on(
        tmp_path: Path) -> None:
    install_broken_plugin(tmp_path)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])}
    done = subprocess.run([sys.executable, "-m", "vgcore.cli", "simulate", "--games", "1",
                           "--json"], capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stderr.splitlines() if "broken_example" in line]
    assert lines == [f"error: plugin 'broken_example' (entry point broken_example = {ENTRY}) "
                     "failed to load and is skipped: ImportError: this plugin needs a library "
                     "that is not installed"]
    assert "Traceback" not in done.stderr
    assert '"games": 1' in done.stdout
    done = subprocess.run([sys.executable, "-m", "vgcore.cli", "validate"],
                          capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "plugins: plugin 'broken_example' (entry point" in done.stdout

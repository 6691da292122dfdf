"""The profile-guided build's training workload (vgcore/pgotrain.py, run by setup.py before
vgcore is installed): it registers the plugins an install would and plays every format with
every deck pair the bench times, so no part of the engine is laid out from counts of
another format's games only."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

from vgcore import bench, pgotrain
from vgcore.plugins import CORE_PLUGIN, ENTRY_POINT_GROUP, Registry

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def test_the_workload_registers_the_plugins_an_install_registers() -> None:
    installed = {ep.name: ep for ep in importlib.metadata.entry_points(
        group=ENTRY_POINT_GROUP) if ep.dist is not None and ep.dist.name == "vgcore"}
    trained = dict(pgotrain.plugins_from(PYPROJECT))
    assert CORE_PLUGIN not in trained  # every Registry registers the rules core itself
    assert set(trained) == set(installed) - {CORE_PLUGIN}
    for name, plugin in trained.items():
        assert installed[name].load() is plugin, name


def test_the_workload_plays_every_format_with_every_pair_the_bench_times() -> None:
    registry = Registry(entry_points=False, plugins=pgotrain.plugins_from(PYPROJECT))
    assert set(registry.formats) == set(Registry().formats)
    played = pgotrain.train(registry, games=1)
    assert {format_id for format_id, _a, _b in played} == set(registry.formats)
    assert all(decisions > 0 for decisions in played.values()), played
    d_pairs = {(a, b) for format_id, a, b in played if format_id == "d-standard"}
    booster_pairs = {(a.name, b.name) for a, b in bench.set_pairs(registry, "d-standard").values()}
    scripted = bench.scripted_decks(registry, "d-standard")
    assert scripted is not None and len(booster_pairs) >= 3
    assert booster_pairs | {(scripted[0].name, scripted[1].name)} <= d_pairs


def test_the_build_requires_every_dependency_the_training_imports() -> None:
    """pip builds in an isolated environment holding only the build requirements, and the
    training imports the engine there: a dependency missing from them makes every install a
    plain build (setup.py warns and falls back; .ci/run's wheel check would fail)."""
    project = tomllib.loads(PYPROJECT.read_text())
    assert set(project["project"]["dependencies"]) <= set(project["build-system"]["requires"])

"""pytest-benchmark measurements (disabled by default; run with --benchmark-enable).

They run once as ordinary tests so that the benchmark code itself stays working; timings are
never asserted — `vgcore bench` and these benchmarks are the measure (docs/performance.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from vgcore.agents import RandomAgent
from vgcore.bench import has_scripts, scripted_decks, set_pairs, vanilla_decks
from vgcore.decks import DeckList
from vgcore.plugins import Registry


def play_random_game(registry: Registry, seed: int) -> int:
    game = registry.new_game("premium", seed=seed, validate=False)
    agent = RandomAgent(seed)
    decisions = 0
    while not game.is_terminal:
        game.apply(agent.choose(game, game.legal_actions()))
        decisions += 1
    return decisions


def test_bench_full_random_game(benchmark: Any, registry: Registry) -> None:
    registry.engine("premium")
    decisions = benchmark(play_random_game, registry, 1)
    assert decisions > 10


def test_bench_clone_mid_game(benchmark: Any, registry: Registry) -> None:
    game = registry.new_game("d-standard", seed=2)
    agent = RandomAgent(2)
    for _ in range(120):
        if game.is_terminal:
            break
        game.apply(agent.choose(game, game.legal_actions()))
    twin = benchmark(game.clone)
    assert twin.state.state_hash() == game.state.state_hash()


def test_bench_plays_vanilla_decks_and_scripted_decks_of_each_format(registry: Registry) -> None:
    """docs/performance.md: vanilla games use skill-less decks (of the base format for a
    variant without any, e.g. premium-g), scripted games the format's default decks when
    they have skills (else the first two with skills)."""
    def names(decks: tuple[DeckList, DeckList] | None) -> list[str]:
        assert decks is not None
        return [d.name for d in decks]

    assert names(vanilla_decks(registry, "v-standard")) == [
        "vanilla-v-aqua-force", "vanilla-v-oracle-think-tank"]
    assert names(vanilla_decks(registry, "premium-g")) == [
        "vanilla-premium-kagero", "vanilla-premium-royal-paladin"]
    assert names(scripted_decks(registry, "premium")) == ["TD01", "TD02"]
    assert names(scripted_decks(registry, "premium-g")) == ["GX01-gold-paladin", "GX01-narukami"]
    assert names(scripted_decks(registry, "v-standard")) == [
        "VX01-royal-paladin-force", "VX01-oracle-think-tank-protect"]
    assert names(scripted_decks(registry, "d-standard")) == ["D-SD01", "D-SD02"]


def test_bench_measures_every_deck_of_a_set_with_several_decks(registry: Registry) -> None:
    """Issue 13: a set's own decks (a booster's) are benched beside the first scripted pair;
    the pairs play each of the set's decks at least once, never a deck against itself."""
    for format_id in ("v-standard", "d-standard", "premium-g"):
        pairs = set_pairs(registry, format_id)
        for label, (a, b) in pairs.items():
            assert label == f"{a.name} vs {b.name}" and a is not b
        decks = {d.name for pair in pairs.values() for d in pair}
        sets = {Path(d.source).parent.parent.name for d in registry.decks_for(format_id)
                if d.source and has_scripts(registry, d)}
        for set_id in sets:
            of_set = {d.name for d in registry.decks_for(format_id)
                      if d.source and Path(d.source).parent.parent.name == set_id}
            assert of_set <= decks or len(of_set) == 1, (format_id, set_id)
    assert list(set_pairs(registry, "v-standard")) == [
        "VX01-neo-nectar-accel vs VX01-oracle-think-tank-protect",
        "VX01-royal-paladin-force vs VX01-neo-nectar-accel"]


@pytest.mark.system
def test_bench_compare_runs_another_revision_alternately(tmp_path: Any) -> None:
    """`--compare REV`: the revision's own code runs (its packages first on PYTHONPATH), each
    side `--rounds` times, and every figure has both medians and a speed-up. Both sides run
    the same build: asked to run interpreted, neither is compiled."""
    import json
    import subprocess
    import sys

    from vgcore.benchcompare import HIGHER_IS_BETTER, checkout_root, package_links

    root = checkout_root()
    links = package_links(root, tmp_path)
    assert (links / "vgcore").resolve() == (root / "vgcore").resolve()
    assert (links / "vgcore_cards").resolve() == (root / "card_scripts").resolve()
    done = subprocess.run([sys.executable, "-m", "vgcore.cli", "bench", "--compare", "HEAD",
                           "--compare-interpreted", "--games", "2", "--rounds", "2",
                           "--startup-runs", "1", "--json"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["rev"] == "HEAD" and result["rounds"] == 2
    assert result["builds"] == {"this": "interpreted", "other": "interpreted"}
    assert [len(result["runs"][side]) for side in ("this", "other")] == [2, 2]
    assert set(HIGHER_IS_BETTER) <= set(result["figures"])
    for row in result["figures"].values():
        assert row["this"] > 0 and row["other"] > 0 and row["speedup"] > 0
    unknown = subprocess.run([sys.executable, "-m", "vgcore.cli", "bench", "--compare",
                              "no-such-revision", "--games", "1"],
                             capture_output=True, text=True, timeout=300)
    assert unknown.returncode != 0 and "cannot export revision" in unknown.stderr


def test_a_revision_that_cannot_be_compiled_says_why(tmp_path: Any) -> None:
    """`--compare` compiles the other revision when this checkout runs compiled; a tree
    without the compiled build (an older revision: it runs interpreted, as installed) and a
    failing build (both sides then run interpreted) are told apart."""
    from vgcore.benchcompare import NO_BUILD, build_compiled

    (tmp_path / "vgcore").mkdir()
    assert build_compiled(tmp_path) == NO_BUILD
    (tmp_path / "setup.py").write_text("raise SystemExit('no build here')\n")
    (tmp_path / "vgcore" / "native.py").write_text("")
    why = build_compiled(tmp_path)
    assert why is not None and (why.startswith("its build failed") or "mypyc" in why)

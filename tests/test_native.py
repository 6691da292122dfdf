"""The compiled engine (setup.py builds the hot modules with mypyc; vgcore/native.py decides at
import whether to use them): it plays exactly the games the interpreted engine plays, it is in
use wherever it was built, and an extension older than its source is never used.

Each check runs in a fresh interpreter, because the choice is made once per process."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import vgcore
from vgcore import native

PACKAGE = Path(vgcore.__file__).parent

# Plays a random game per format with each of its default, scripted (card skills in Lua) and
# vanilla deck pairs, and prints each game's state hash.
PLAY = """
import json
from vgcore.agents import RandomAgent
from vgcore.bench import scripted_decks, vanilla_decks
from vgcore.plugins import Registry
registry = Registry()
games = []
for format_id in sorted(registry.formats):
    pairs = [registry.default_decks(format_id), scripted_decks(registry, format_id),
             vanilla_decks(registry, format_id)]
    for decks in {tuple(d.name for d in p): p for p in pairs if p}.values():
        game = registry.new_game(format_id, list(decks), 7, validate=False)
        agent = RandomAgent(7)
        while not game.is_terminal:
            game.apply(agent.choose(game, game.legal_actions()))
        names = [d.name for d in decks]
        games.append([format_id, names, game.state.state_hash(), len(game.state.log)])
import vgcore.native
print(json.dumps({"compiled": list(vgcore.native.STATUS.compiled), "games": games,
                  "formats": len(registry.formats)}))
"""

REPORT = """
import json, warnings
warnings.simplefilter("always")
with warnings.catch_warnings(record=True) as caught:
    import vgcore
    import vgcore.game, vgcore.rng, vgcore_dera.orders
status = vgcore.native.STATUS
print(json.dumps({"compiled": list(status.compiled), "refused": list(status.refused),
                  "reason": status.reason, "build": status.build, "game": vgcore.game.__file__,
                  "rng": vgcore.rng.__file__, "orders": vgcore_dera.orders.__file__,
                  "warnings": [str(w.message) for w in caught]}))
"""


def run(script: str, *, pure: bool = False, cwd: Path | None = None,
        path: Path | None = None) -> dict:
    env = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    if pure:
        env[native.PURE_ENV] = "1"
    if path is not None:
        env["PYTHONPATH"] = str(path)
    done = subprocess.run([sys.executable, "-c", script], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=300, check=True)
    return json.loads(done.stdout)


def needs_build() -> None:
    """Skip where no compiled build exists (no compiler when installed); CI must have one."""
    if native.MANIFEST.exists():
        return
    if os.environ.get("CI"):
        pytest.fail("CI must test the compiled engine, but vgcore/_native.json is missing: "
                    "the mypyc build did not run (pip install -e . builds it)")
    pytest.skip("vgcore was installed without its compiled modules (no C compiler or mypy)")


def test_the_compiled_engine_is_in_use_where_it_was_built() -> None:
    needs_build()
    report = run(REPORT)
    manifest = json.loads(native.MANIFEST.read_text())["modules"]
    assert sorted(report["compiled"]) == sorted(manifest), report
    assert report["refused"] == [] and report["warnings"] == [], report
    assert not report["game"].endswith(".py") and not report["rng"].endswith(".py"), report
    assert not report["orders"].endswith(".py"), report  # a built-in plugin's, compiled too


def test_the_guard_knows_every_compiled_plugin_module() -> None:
    """`native.PLUGIN_MODULES` (refused with the group even without a manifest) names exactly
    the modules outside vgcore that setup.py compiles."""
    tree = ast.parse((PACKAGE.parent / "setup.py").read_text())
    (listed,) = (node.value for node in tree.body if isinstance(node, ast.Assign)
                 and any(getattr(t, "id", None) == "COMPILED" for t in node.targets))
    paths = ast.literal_eval(listed)
    tables = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text())
    folders = {folder: package for package, folder
               in tables["tool"]["setuptools"]["package-dir"].items()}
    outside = set()
    for path in paths:
        folder, _, file = path.rpartition("/")
        if not path.startswith("vgcore/"):
            outside.add(f"{folders[folder]}.{file.removesuffix('.py')}")
    assert outside and outside == set(native.PLUGIN_MODULES)


def test_compiled_and_interpreted_engines_play_the_same_games() -> None:
    """Same formats, decks, seeds and answers: the same final state, move for move."""
    needs_build()
    compiled, interpreted = run(PLAY), run(PLAY, pure=True)
    assert compiled["compiled"] and not interpreted["compiled"]
    # every format, most of them with scripted (Lua) and vanilla decks both
    assert len({g[0] for g in compiled["games"]}) == compiled["formats"]
    assert len(compiled["games"]) >= 2 * compiled["formats"]
    assert compiled["games"] == interpreted["games"]


def test_pure_runs_every_module_from_source_without_a_warning() -> None:
    needs_build()
    report = run(REPORT, pure=True)
    assert report["compiled"] == [] and report["reason"] == "VGCORE_PURE=1"
    assert report["game"].endswith("game.py") and report["rng"].endswith("rng.py")
    assert report["orders"].endswith("orders.py")
    assert report["warnings"] == []


@pytest.fixture
def package_copy(tmp_path: Path) -> Path:
    """vgcore's installed package, extensions and manifest included, in a directory of its
    own (put first on the path, so edits there do not touch the real one)."""
    needs_build()
    shutil.copytree(PACKAGE, tmp_path / "vgcore",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def test_an_edited_source_is_never_shadowed_by_its_old_extension(package_copy: Path) -> None:
    """Editing one compiled module refuses the whole group (they call each other in C), warns
    naming the file and says how to rebuild."""
    source = package_copy / "vgcore" / "rng.py"
    source.write_text(source.read_text() + "\n# edited after the build\n")
    report = run(REPORT, cwd=package_copy, path=package_copy)
    assert report["game"] == str(package_copy / "vgcore" / "game.py"), report
    assert report["rng"] == str(package_copy / "vgcore" / "rng.py"), report
    assert report["compiled"] == [] and "rng.py" in report["reason"], report
    (warning,) = report["warnings"]
    assert "rng.py" in warning and "pip install -e ." in warning


def test_an_edited_plugin_module_refuses_the_group(package_copy: Path) -> None:
    """A built-in plugin's compiled module is guarded like the engine's: edited, the whole
    group (its engine modules included) runs from source, and the warning names the file."""
    import vgcore_dera

    plugin = package_copy / "vgcore_dera"
    shutil.copytree(Path(vgcore_dera.__file__).parent, plugin,
                    ignore=shutil.ignore_patterns("__pycache__"))
    assert list(plugin.glob("orders.*.so")), "the copy holds the compiled module"
    source = plugin / "orders.py"
    source.write_text(source.read_text() + "\n# edited after the build\n")
    report = run(REPORT, cwd=package_copy, path=package_copy)
    assert report["orders"] == str(source) and report["game"].endswith("game.py"), report
    assert report["compiled"] == [] and "orders.py" in report["reason"], report
    (warning,) = report["warnings"]
    assert "vgcore_dera/orders.py" in warning and "pip install -e ." in warning


def test_extensions_without_their_manifest_are_refused(package_copy: Path) -> None:
    """The built-in plugins' compiled modules too: without the group's engine modules they
    would call into modules that were never initialised."""
    (package_copy / "vgcore" / "_native.json").unlink()
    report = run(REPORT, cwd=package_copy, path=package_copy)
    assert report["game"].endswith("game.py") and report["compiled"] == [], report
    assert report["orders"].endswith("orders.py"), report
    assert "manifest" in report["reason"] and len(report["warnings"]) == 1, report


def test_a_plugin_s_extension_left_beside_an_engine_without_any_is_refused(
        package_copy: Path) -> None:
    """An engine copy with no extension at all (built interpreted since) still finds the
    plugins' compiled modules of an earlier build and loads them from source: alone, they
    would call into an engine that was never compiled."""
    for extension in (package_copy / "vgcore").rglob("*.so"):
        extension.unlink()
    report = run(REPORT, cwd=package_copy, path=package_copy)
    assert report["orders"].endswith("orders.py") and report["compiled"] == [], report
    assert "vgcore_dera.orders" in report["refused"], report


@pytest.mark.parametrize("lost", ["_native__mypyc", "battle"])
def test_a_build_that_failed_part_way_is_refused(package_copy: Path, lost: str) -> None:
    """The extensions are optional, so a compile can fail for some of them: without the
    group's library (every module's code) or one module's, the group loads from source."""
    (extension,) = (package_copy / "vgcore").glob(f"{lost}.*.so")
    extension.unlink()
    report = run(REPORT, cwd=package_copy, path=package_copy)
    assert report["game"].endswith("game.py") and report["compiled"] == [], report
    assert "incomplete" in report["reason"] and lost in report["reason"], report


def test_the_copy_uses_its_extensions_when_nothing_changed(package_copy: Path) -> None:
    """The control for the two tests above: the copy itself is a working compiled build."""
    report = run(REPORT, cwd=package_copy, path=package_copy)
    assert report["game"].startswith(str(package_copy)) and report["compiled"], report
    assert report["warnings"] == [], report


@pytest.mark.parametrize(("profile", "build"), [
    (None, "compiled"),
    ({"workload": "vgcore.pgotrain", "decisions": 24864}, "compiled, profile-guided")])
def test_the_manifest_tells_a_profile_guided_build(package_copy: Path, profile: dict | None,
                                                   build: str) -> None:
    """setup.py records the training profile it compiled with (None where the training
    could not run and the build fell back to plain -O3); `vgcore bench` reports it."""
    manifest_path = package_copy / "vgcore" / "_native.json"
    manifest = json.loads(manifest_path.read_text())
    manifest["profile"] = profile
    manifest_path.write_text(json.dumps(manifest))
    report = run(REPORT, cwd=package_copy, path=package_copy)
    assert report["compiled"] and report["build"] == build, report


def test_this_build_is_profile_guided() -> None:
    """CI's editable install must get the profile-guided build (a silent fallback to the
    plain one would lose its speed unnoticed); elsewhere a plain build is a skip."""
    needs_build()
    if json.loads(native.MANIFEST.read_text()).get("profile"):
        assert native.install().build == "compiled, profile-guided"
        return
    if os.environ.get("CI"):
        pytest.fail("the compiled engine was built without a profile: setup.py printed why "
                    "(\"vgcore: no profile-guided build (…)\") during pip install")
    pytest.skip("built without a profile (VGCORE_PGO=0, or the training could not run)")


def test_the_log_keeps_events_in_their_smallest_tables() -> None:
    """Compiled code builds wide dict displays with a general key table, a third larger; the
    log's answers are copies of interpreted templates (vgcore/eventdicts.py) and wide events
    are rebuilt key by key, so a compiled game keeps no more memory than an interpreted one
    (bench's peak MiB per game)."""
    needs_build()
    from vgcore.agents import RandomAgent
    from vgcore.plugins import Registry

    registry = Registry()
    oversized = []
    for format_id in ("premium", "d-standard"):
        game = registry.new_game(format_id, None, 3, validate=False)
        agent = RandomAgent(3)
        while not game.is_terminal:
            game.apply(agent.choose(game, game.legal_actions()))
        oversized += [event["kind"] for event in game.state.log
                      if sys.getsizeof(event) > sys.getsizeof(dict(event.items()))]
    assert native.install().active
    assert not oversized, sorted(set(oversized))


def test_games_share_the_objects_of_their_event_numbers() -> None:
    """An int past 256 is an object of its own; a game's log keeps one per event unless
    the numbers are shared (vgcore/eventdicts.py `NUMBERS`). Compiled code would unbox an int
    read from a tuple of ints and box it again as a new object, so this runs on the compiled
    engine, where the number tables are typed as objects; the log positions at which cards
    entered their zones (history.note_new_object) and their uid keys are shared too."""
    needs_build()
    from vgcore.agents import RandomAgent
    from vgcore.history import ENTERED
    from vgcore.plugins import Registry

    registry = Registry()
    logs, entered = [], []
    for seed in (4, 5):
        game = registry.new_game("premium", None, seed, validate=False)
        agent = RandomAgent(seed)
        while not game.is_terminal:
            game.apply(agent.choose(game, game.legal_actions()))
        logs.append(game.state.log)
        entered.append(game.state.flags[ENTERED])
    assert native.install().active
    shortest = min(len(log) for log in logs)
    assert shortest > 300
    assert all(logs[0][i]["n"] is logs[1][i]["n"] for i in range(257, shortest))
    same_keys = entered[0].keys() & entered[1].keys()
    assert same_keys
    for key in same_keys:
        (first,) = (k for k in entered[0] if k == key)
        (second,) = (k for k in entered[1] if k == key)
        assert first is second, key
    late = [(u, n) for u, n in entered[0].items() if n > 256]
    assert late and all(n is next(e for e in logs[0] if e["n"] == n)["n"] for _u, n in late)

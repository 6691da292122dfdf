"""Shared fixtures: one registry of the installed plugins for the whole session."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from vgcore.cardcache import ENV as CARD_CACHE_ENV
from vgcore.plugins import Registry

# The card cache of this test run (and of the commands it starts) is its own: a run neither
# reads a cache left by another checkout nor leaves one in the user's home.
if CARD_CACHE_ENV not in os.environ:
    _cache = tempfile.mkdtemp(prefix="vgcore-test-cache-")
    os.environ[CARD_CACHE_ENV] = _cache
    atexit.register(shutil.rmtree, _cache, ignore_errors=True)


def _bytecode_cache() -> Path:
    """This user's bytecode cache of test runs, in the system's temporary directory: made
    private, or a fresh one for this run if the place is taken by someone else."""
    place = Path(tempfile.gettempdir()) / f"vgcore-test-pycache-{os.getuid()}"
    try:
        place.mkdir(mode=0o700, exist_ok=True)
        info = place.lstat()
        if place.is_symlink() or info.st_uid != os.getuid() or info.st_mode & 0o077:
            raise PermissionError(place)
    except OSError:
        place = Path(tempfile.mkdtemp(prefix="vgcore-test-pycache-"))
        atexit.register(shutil.rmtree, place, ignore_errors=True)
    # Code a test writes to a temporary directory (a revision `bench --compare` exports, a
    # guide's plugin) is never run again: its bytecode from earlier runs goes.
    temporary = Path(tempfile.gettempdir())
    shutil.rmtree(place / temporary.relative_to(temporary.anchor), ignore_errors=True)
    return place


# Bytecode: the suite starts a few hundred Python processes (the command line, hosts, guides,
# hostile inputs, the xdist workers), each importing vgcore, its plugins and their libraries.
# With PYTHONDONTWRITEBYTECODE set (as in many containers) every one of them would compile all
# of that again. Such a run keeps its bytecode under a pycache prefix outside the checkout
# instead (PYTHONPYCACHEPREFIX), so the checkout stays free of __pycache__ as the setting
# wants; Python checks each cached file against its source, so a stale one is never used.
if os.environ.get("PYTHONDONTWRITEBYTECODE") and not os.environ.get("PYTHONPYCACHEPREFIX"):
    os.environ["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix = str(_bytecode_cache())
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    sys.dont_write_bytecode = False

SKILL_CARDS = Path(__file__).parent / "cards" / "skills"


def pytest_configure(config: pytest.Config) -> None:
    """Under xdist, the controller parses the run's scenario files once into the run's card
    cache before the workers start: every worker collects all of them, and each would parse
    them all again (about 2 s of CPU a worker); from the cache a worker reads the documents.
    A file that fails to load is left to the workers, which report it."""
    if os.environ.get("PYTEST_XDIST_WORKER") or not getattr(config.option, "numprocesses", 0):
        return
    from vgcore.testing.scenario import SCENARIO_SUFFIX, load_scenarios

    ignored = [Path(__file__).parent / path for path in collect_ignore]
    for arg in config.args:
        given = Path(config.invocation_params.dir, arg.split("::")[0])
        files = [given] if given.is_file() else given.rglob(f"*{SCENARIO_SUFFIX}")
        for file in files:
            if file.name.endswith(SCENARIO_SUFFIX) and not any(
                    file.is_relative_to(ignore) for ignore in ignored):
                try:
                    load_scenarios(file)
                except Exception:  # the workers' collection reports it
                    continue


@pytest.fixture(scope="session")
def registry() -> Registry:
    return Registry(card_dirs=[SKILL_CARDS], strict=True)


# Designer-mistake fixtures: their scenario files fail on purpose (tests/test_designer_errors.py).
collect_ignore = ["cards/errors"]


# -- the everyday run, the system tests and the hostile campaigns ---------------------------
# Two kinds of test are left out of the plain `python3 -m pytest` (the README's command), so
# that the everyday run stays short: those marked `system` drive whole real systems beyond the
# engine (Chromium, a Ray cluster, host processes killed, restarted, sharded or benchmarked,
# clients in other processes and languages), and those marked `hostile` run the campaigns of
# hostile input (mutated files, snapshots and messages, each run as a user meets it, mostly in
# bounded child processes). The engine's own leak, sandbox and illegal-answer tests stay in
# the everyday run. `-m "system or hostile"` runs the rest (CI does, with the full playout
# counts); so does naming their files or ids (`python3 -m pytest tests/web`); any `-m` of
# one's own decides alone.
LEFT_OUT = ("system", "hostile")


def is_everyday_run(config: pytest.Config) -> bool:
    """No marker expression and no paths given: the run of the README's command."""
    return not config.option.markexpr and config.args_source is pytest.Config.ArgsSource.TESTPATHS


def is_left_out(item: pytest.Item) -> bool:
    return any(item.get_closest_marker(name) for name in LEFT_OUT)


def leave_out_of_everyday_run(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not is_everyday_run(config):
        return
    left_out = [item for item in items if is_left_out(item)]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if not is_left_out(item)]


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    if is_everyday_run(config) and not os.environ.get("PYTEST_XDIST_WORKER"):
        terminalreporter.write_line(
            "everyday run: the system tests (browsers, Ray, killed and sharded hosts) and the "
            'hostile campaigns were left out; `python3 -m pytest -m "system or hostile"` runs '
            "them")


# -- scheduling over the xdist workers (`--dist loadgroup` in pyproject.toml) -----------------
# Tests are handed to the workers one at a time, in this order: the costliest modules first
# (measured; a module missing here only starts later), so that no worker is left with a long
# test while the other has finished. A module's tests keep their order, so a module fixture is
# set up once per worker. The order never changes what a test checks.
SLOW_FIRST = (
    "tests/web/",  # one unit (below): a minute of mostly waiting for the browser, from the start
    "tests/test_bench.py",  # --compare: four `vgcore bench` runs in a row
    "tests/test_designer_guide.py",
    "tests/test_dbt01.py",
    "tests/hostile/test_hidden.py",
    "tests/test_builtin_sets.py",
    "tests/test_coverage.py",
    "tests/hostile/test_files.py",
    "tests/host/test_hostile_clients.py",
    "tests/test_designer_errors.py",
    "tests/hostile/test_runaway.py",
    "tests/test_showcase_sets.py",
    "tests/test_dstandard_sets.py",
    "tests/hostile/test_snapshots.py",
    "tests/hostile/test_snapshot_flags.py",
    "tests/test_cli.py",
    "tests/hostile/test_values.py",
    "tests/test_deck_pairs.py",
    "tests/test_determinism.py",
    "tests/test_plugin_toggles.py",
    "tests/host/test_restart.py",
    "tests/test_modder_guide.py",
    "tests/test_plugin_loading.py",
    "tests/host/test_client.py",
    "tests/host/test_host_bench.py",
    "plugins/vgcore_tag/tests/test_tag.py",
    "tests/test_determinize.py",
)
# Tests that share a costly fixture run on one worker as one unit of work (xdist_group): a
# module with its local Ray; the browser folder, whose modules share one host (`site`, per
# worker) and each start a browser — one worker mostly waiting on them, not both.
GROUPED = ("tests/test_ray.py", "tests/web/")


def unit_of(item: pytest.Item) -> str:
    """The module of a test, or the folder or module of GROUPED it belongs to."""
    return unit_of_nodeid(item.nodeid)


def unit_of_nodeid(nodeid: str) -> str:
    path = nodeid.split("::")[0]
    return next((group for group in GROUPED if path.startswith(group)), path)


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """`--dist loadgroup` with GROUPED read from the test ids themselves. xdist 3.8 groups by
    an `@group` suffix it sets as `item._nodeid`, which pytest 9.2 no longer reads (node ids
    became `item._id`): every test was its own unit, so the browser tests started a host and
    browsers on both workers and the Ray module started Ray twice, once per worker."""
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class GroupedScheduling(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            unit = unit_of_nodeid(nodeid)
            return unit if unit in GROUPED else super()._split_scope(nodeid)

    return GroupedScheduling(config, log)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    leave_out_of_everyday_run(config, items)
    rank = {path: i for i, path in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(unit_of(item), len(rank)))
    for item in items:
        unit = unit_of(item)
        if unit in GROUPED:
            item.add_marker(pytest.mark.xdist_group(unit))

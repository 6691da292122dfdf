"""vgcore's pytest plugin (registered under `pytest11`): collects *.scenario.yaml files.

Each scenario of a file is one test item, named after the scenario. A failing scenario is
reported the way `vgcore scenario run` reports it — where, the first mismatch with expected
vs actual, then the pending decision and its legal answers — instead of a traceback through
the runner; an engine crash keeps its traceback, since that is what the engine's developer
needs. Scenarios use the installed plugins; the ini option `vgcore_card_dirs` adds card
directories that are not installed, like `vgcore scenario run --cards`, and a scenario file
inside a set directory of its own (one with a cards.yaml) gets that set too.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from vgcore.errors import VgError
from vgcore.plugins import Registry
from vgcore.testing.discovery import installed_set_dirs, set_dir_of
from vgcore.testing.scenario import SCENARIO_SUFFIX, Scenario, load_scenarios, run_scenario

REGISTRY_KEY = pytest.StashKey[dict[tuple[Path, ...], Registry]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("vgcore_card_dirs", type="paths", default=[],
                  help="card directories (cards.yaml, scripts) scenarios may use besides the "
                       "installed card sets")


def scenario_registry(config: pytest.Config, path: Path | None = None) -> Registry:
    """The registry a scenario file runs with: the installed plugins, `vgcore_card_dirs`, and
    the set directory (with its own cards.yaml) the file sits in, if that is not installed.
    One registry per distinct list of card directories, kept for the test session."""
    registries = config.stash.setdefault(REGISTRY_KEY, {})
    card_dirs = tuple(Path(d) for d in config.getini("vgcore_card_dirs"))
    if () not in registries:
        registries[()] = Registry(card_dirs=card_dirs, strict=True)
    extra: tuple[Path, ...] = ()
    if path is not None:
        beside = set_dir_of(path)
        known = {d.resolve() for d in [*installed_set_dirs(registries[()]), *card_dirs]}
        if beside is not None and beside.resolve() not in known:
            extra = (beside,)
    if extra not in registries:
        registries[extra] = Registry(card_dirs=[*card_dirs, *extra], strict=True)
    return registries[extra]


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> ScenarioFile | None:
    if file_path.name.endswith(SCENARIO_SUFFIX):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    """One scenario file; a file that cannot be loaded is a collection error naming the line."""

    def collect(self) -> Iterator[ScenarioItem]:
        for scenario in load_scenarios(self.path):
            yield ScenarioItem.from_parent(self, name=scenario.name, scenario=scenario)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> Any:
        if isinstance(excinfo.value, VgError):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)


class ScenarioItem(pytest.Item):
    """One scenario of a file, run with the installed plugins."""

    def __init__(self, *, scenario: Scenario, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario

    def runtest(self) -> None:
        run_scenario(self.scenario, scenario_registry(self.config, self.path))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> Any:
        if isinstance(excinfo.value, VgError):
            return f"scenario {self.scenario.name!r} failed:\n{excinfo.value}"
        return super().repr_failure(excinfo, style)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        source = self.scenario.source
        line = source.position()[0] if source is not None else None
        return self.path, None if line is None else line - 1, f"scenario: {self.scenario.name}"

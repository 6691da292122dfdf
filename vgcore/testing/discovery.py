"""Finding the card directories scenario files sit beside, so that they run as written.

A scenario about a designer's own cards lives next to them: inside a set directory with its
own `cards.yaml` (`myset/scenarios/x.scenario.yaml`), or in a project whose `pyproject.toml`
lists card directories under `[tool.pytest.ini_options] vgcore_card_dirs` (what vgcore's
pytest plugin reads). `vgcore scenario run` and the pytest plugin both add what they find
here, so a scenario passes the same way from either; sets that are installed already are
left out (loading a set twice would define its ids twice).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from vgcore.carddb import CARDS_FILE
from vgcore.cardfiles import read_card_text
from vgcore.errors import CardDataError
from vgcore.yamlio import describe, short

if TYPE_CHECKING:
    from vgcore.plugins import Registry

PYPROJECT = "pyproject.toml"


def set_dir_of(path: str | Path) -> Path | None:
    """The nearest directory at or above `path` that holds a `cards.yaml`, if any, looking no
    higher than the project root (the first directory with a pyproject.toml)."""
    here = Path(path).resolve()
    for directory in [here, *here.parents] if here.is_dir() else list(here.parents):
        if (directory / CARDS_FILE).is_file():
            return directory
        if (directory / PYPROJECT).is_file():
            return None
    return None


def project_card_dirs(path: str | Path) -> list[Path]:
    """The `vgcore_card_dirs` of the nearest pyproject.toml at or above `path` (resolved
    against the pyproject's directory); none without one."""
    here = Path(path).resolve()
    for directory in [here, *here.parents] if here.is_dir() else list(here.parents):
        file = directory / PYPROJECT
        if file.is_file():
            return _listed_dirs(file)
    return []


def card_dirs_beside(paths: Iterable[str | Path], installed: Iterable[str | Path] = (),
                     given: Iterable[str | Path] = ()) -> list[Path]:
    """Card directories the scenario files at `paths` need, besides the `installed` sets and
    the `given` ones: each file's set directory, then its project's `vgcore_card_dirs`."""
    known = {Path(d).resolve() for d in [*installed, *given]}
    found: list[Path] = []
    for path in paths:
        candidates = [set_dir_of(path), *project_card_dirs(path)]
        for directory in candidates:
            if directory is None or directory.resolve() in known:
                continue
            known.add(directory.resolve())
            found.append(directory)
    return found


def _listed_dirs(file: Path) -> list[Path]:
    try:  # a FIFO or a device named pyproject.toml is refused, like any card file
        data = tomllib.loads(read_card_text(file))
    except (tomllib.TOMLDecodeError, RecursionError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise CardDataError(f"cannot read the project file: {short(reason)}",
                            str(file)) from None
    listed = data.get("tool", {}).get("pytest", {}).get("ini_options", {}).get(
        "vgcore_card_dirs", [])
    if isinstance(listed, str):
        listed = listed.split()
    if not isinstance(listed, list) or not all(isinstance(d, str) for d in listed):
        raise CardDataError("[tool.pytest.ini_options] vgcore_card_dirs must be a list of "
                            f"directory names, not {describe(listed)}", str(file))
    out = []
    for name in listed:
        directory = (file.parent / name).resolve()
        if not directory.is_dir():
            raise CardDataError(f"vgcore_card_dirs names {short(name)!r}, which is not a "
                                "directory",
                                str(file))
        out.append(directory)
    return out


def installed_set_dirs(registry: Registry) -> list[Path]:
    """The directories of the card sets installed as plugins (not `--cards` ones)."""
    return [Path(d) for ds in registry.pm.hook.vgcore_card_sets() for d in ds]

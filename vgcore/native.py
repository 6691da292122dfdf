"""Which engine modules run compiled (mypyc, built by setup.py), and the guard that keeps an old
extension from shadowing an edited source file.

An extension module wins over its `.py` in the same directory, so after editing `game.py` in an
editable install the old compiled `game` would still run — silently. The build records each
compiled module's source hash in `_native.json`; at `import vgcore` this module compares them and,
if any differs (or the manifest is missing), installs a finder that loads the whole group from
source and warns. The group goes together because compiled modules call each other directly in
C, past the import system. `VGCORE_PURE=1` loads every module from source (profilers such as
py-spy see only interpreted frames).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Final

PACKAGE_DIR = Path(__file__).resolve().parent
MANIFEST = PACKAGE_DIR / "_native.json"
PURE_ENV = "VGCORE_PURE"
# The built-in plugins' modules compiled in the engine's group (setup.py `COMPILED`, which
# tests/test_native.py checks against this): named here as well so that they are refused with
# the group even when the manifest is missing — a module of the group loaded alone would call
# into engine modules that were never initialised.
PLUGIN_MODULES: Final = ("vgcore_dera.orders", "vgcore_prison.jail", "vgcore_overdress.dress")


@dataclass(frozen=True)
class NativeStatus:
    """What `import vgcore` found: the compiled modules in use and why any were refused."""

    compiled: tuple[str, ...]  # dotted names running as extensions
    refused: tuple[str, ...]  # extensions present but loaded from source instead
    reason: str  # "" when nothing was refused
    #: Built with the counts of a training workload (setup.py, vgcore.pgotrain); a build where
    #: that could not run is an ordinary -O3 one.
    profile_guided: bool = False

    @property
    def active(self) -> bool:
        return bool(self.compiled)

    @property
    def build(self) -> str:
        """How the engine runs, as `vgcore bench` reports it."""
        if not self.active:
            return "interpreted"
        return "compiled, profile-guided" if self.profile_guided else "compiled"


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Loads the named modules from their `.py` files, never from an extension beside them."""

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names:
            return None
        return importlib.util.spec_from_file_location(fullname, source_of(fullname))


def source_of(name: str) -> Path:
    """The `.py` file of a compiled module, by its dotted name: a vgcore module, or one of a
    built-in plugin's (setup.py `COMPILED`), found through its package's folder."""
    top, _, rest = name.partition(".")
    folder = PACKAGE_DIR if top == "vgcore" else _package_folder(top)
    return folder.joinpath(*rest.split(".")).with_suffix(".py")


def _package_folder(package: str) -> Path:
    """Where a top-level package's modules are, without importing it (an editable install
    maps the plugins' packages to folders under plugins/)."""
    spec = importlib.util.find_spec(package)
    locations = spec.submodule_search_locations if spec is not None else None
    if not locations:
        return PACKAGE_DIR.parent / package
    return Path(next(iter(locations)))


def _extensions() -> set[str]:
    """Dotted names of the extension modules in vgcore's directory and its subpackages' (where
    the build puts them; mypyc's own runtime library is not one)."""
    found = set()
    for folder, package in [(PACKAGE_DIR, "vgcore"), *(
            (Path(entry.path), f"vgcore.{entry.name}") for entry in os.scandir(PACKAGE_DIR)
            if entry.is_dir() and entry.name.isidentifier())]:
        for entry in os.listdir(folder):
            for suffix in importlib.machinery.EXTENSION_SUFFIXES:
                if entry.endswith(suffix):
                    stem = entry.removesuffix(suffix)
                    if not stem.endswith("__mypyc"):
                        found.add(f"{package}.{stem}")
                    break
    return found


def _built_beside(names: Sequence[str]) -> set[str]:
    """Those of `names` (modules of other packages) with an extension beside their source."""
    found = set()
    for name in names:
        source = source_of(name)
        if any(source.with_name(source.stem + suffix).exists()
               for suffix in importlib.machinery.EXTENSION_SUFFIXES):
            found.add(name)
    return found


def _group_library(group: str) -> bool:
    """Whether mypyc's shared library of the group (every module's code) is there."""
    folder = PACKAGE_DIR.parent.joinpath(*group.split(".")[:-1])
    stem = f"{group.rpartition('.')[2]}__mypyc"
    return any((folder / f"{stem}{suffix}").exists()
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def _stale(modules: dict[str, str]) -> list[str]:
    """The modules whose source no longer hashes to what was compiled."""
    import hashlib

    stale = []
    for name, digest in sorted(modules.items()):
        try:
            current = hashlib.sha256(source_of(name).read_bytes()).hexdigest()
        except OSError:
            current = ""
        if current != digest:
            stale.append(name)
    return stale


def _decide() -> NativeStatus:
    # the plugins' too, in their own packages' folders: left from an earlier build beside
    # an engine without extensions, they would be loaded alone
    extensions = _extensions() | _built_beside(PLUGIN_MODULES)
    if not extensions:
        return NativeStatus((), (), "")
    import json

    try:
        manifest = json.loads(MANIFEST.read_text())
        modules, group = manifest["modules"], manifest["group"]
    except (OSError, ValueError, KeyError, TypeError):
        manifest = modules = group = None
    refused = tuple(sorted(extensions))
    if os.environ.get(PURE_ENV) == "1":
        return NativeStatus((), refused, f"{PURE_ENV}=1")
    if manifest is None or modules is None or group is None:
        return NativeStatus((), refused, f"no readable build manifest at {MANIFEST}")
    missing = sorted(set(modules) - extensions)
    if not _group_library(group):
        missing.append(f"{group}__mypyc")
    if missing:  # a compile that failed part-way (the extensions are optional)
        return NativeStatus((), refused, "the compiled build is incomplete (no extension for "
                            + ", ".join(missing) + ")")
    stale = _stale(modules) + sorted(extensions - set(modules))
    if stale:
        files = ", ".join(_shown(source_of(name)) for name in stale)
        return NativeStatus((), refused, f"changed since the compiled build: {files}")
    return NativeStatus(refused, (), "", profile_guided=bool(manifest.get("profile")))


def _shown(source: Path) -> str:
    """A source file as a warning names it: relative to vgcore's folder or to its parent."""
    for base in (PACKAGE_DIR, PACKAGE_DIR.parent):
        if source.is_relative_to(base):
            return source.relative_to(base).as_posix()
    return str(source)


def install() -> NativeStatus:
    """Decide once per process; if the compiled group cannot be trusted, load it from source."""
    global STATUS
    if STATUS is not None:
        return STATUS
    STATUS = _decide()
    if STATUS.refused:
        sys.meta_path.insert(0, _SourceFirst(frozenset(STATUS.refused)))
        if STATUS.reason != f"{PURE_ENV}=1":
            warnings.warn(
                f"vgcore: running the engine interpreted, {STATUS.reason}; rebuild the compiled "
                "modules with `pip install -e .` (or set VGCORE_PURE=1 to silence this)",
                RuntimeWarning,
                stacklevel=2,
            )
    return STATUS


STATUS: NativeStatus | None = None

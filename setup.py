"""Build the engine's hot modules as C extensions with mypyc (docs/architecture.md, "Compiled
engine"); everything else is in pyproject.toml.

The extensions are optional: without mypy or a C compiler the build still succeeds and vgcore
runs as plain Python, only slower. Next to the extensions the build writes `vgcore/_native.json`,
the SHA-256 of each compiled module's source, which `vgcore.native` checks at import so an
edited `.py` is never shadowed by an old extension.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent

# The modules every decision runs through (profiles in docs/performance.md). One mypyc group, so
# calls between them are direct C calls; `vgcore.native` therefore treats the group as a whole.
COMPILED = [
    "vgcore/rng.py",
    "vgcore/decisions.py",
    "vgcore/game.py",
    "vgcore/phases.py",
    "vgcore/battle.py",
    "vgcore/actions.py",
    "vgcore/triggers.py",
    "vgcore/limits.py",
    "vgcore/history.py",
    "vgcore/abilities.py",
    "vgcore/steps.py",
    "vgcore/selectors.py",
    "vgcore/costs.py",
    "vgcore/continuous.py",
    "vgcore/contkeys.py",
    "vgcore/state.py",
    "vgcore/unitstats.py",
    "vgcore/views.py",
    "vgcore/zones.py",
    "vgcore/events.py",
    "vgcore/layout.py",
    "vgcore/ability.py",
    "vgcore/framekind.py",
    # The learning environments' observation encoder (issue 14's steps/s); numpy is read as
    # an untyped module where the build has no numpy (pip's isolated build).
    "vgcore/envs/encoding.py",
]
GROUP = "vgcore._native"
MANIFEST = "vgcore/_native.json"


def source_hashes() -> dict[str, str]:
    """Each compiled module's dotted name and the SHA-256 of the source it was compiled from."""
    return {
        path.removesuffix(".py").replace("/", "."): hashlib.sha256(
            (ROOT / path).read_bytes()
        ).hexdigest()
        for path in COMPILED
    }


class BuildWithManifest(build_ext):
    """build_ext that also writes the manifest beside the extensions it built."""

    def run(self) -> None:
        super().run()
        if not self.extensions:
            return
        built = Path(self.get_ext_fullpath(self.extensions[0].name)).parent
        target = ROOT / MANIFEST if self.inplace else built / Path(MANIFEST).name
        target.parent.mkdir(parents=True, exist_ok=True)
        manifest = {"group": GROUP, "modules": source_hashes()}
        target.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")


# The commands that compile. The build backend also runs this file for metadata (egg_info,
# dist_info), where type-checking and generating C would only cost time.
BUILDING = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}


def extensions() -> list:
    """mypyc's extensions, or none where mypyc is missing or VGCORE_PURE_BUILD=1 is set."""
    if os.environ.get("VGCORE_PURE_BUILD") == "1" or not BUILDING & set(sys.argv[1:]):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("vgcore: mypyc not available; building pure Python", file=sys.stderr)
        return []
    try:
        built = mypycify(
            # The compiled modules import others that mypy does not check strictly (hookspecs
            # and friends); those stay interpreted and are read only for their types. No mypy
            # cache: from a warm cache mypyc 1.13 emits an empty library for a group in a
            # package.
            ["--ignore-missing-imports", "--follow-imports=silent", "--cache-dir=/dev/null",
             *COMPILED],
            opt_level="3",
            separate=[(COMPILED, GROUP)],
        )
    except SystemExit:  # mypy found type errors, or mypyc failed (printed above)
        print("vgcore: mypyc could not compile the modules (above); building pure Python",
              file=sys.stderr)
        return []
    for extension in built:
        extension.optional = True  # a failed compile is a warning: pure Python still works
    return built


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildWithManifest})

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
import tomllib
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
    # What each call of a card's Lua function is handed: the plain-data check, the snapshot.
    "vgcore/scripting/plain.py",
    "vgcore/scripting/ctx.py",
    # The learning environments' observation encoder (issue 14's steps/s); numpy is read as
    # an untyped module where the build has no numpy (pip's isolated build).
    "vgcore/envs/encoding.py",
    # The built-in plugins' rules that d-standard's decisions ask (orders listed at every main
    # phase and guard question, Prison's answers and step, overDress's answers): in the same
    # group, so they call the engine in C. The hooks registering them stay in each package's
    # interpreted `__init__.py` (a compiled function cannot carry pluggy's marker); the
    # plugins still register through entry points, like a third party's.
    "plugins/vgcore_dera/orders.py",
    "plugins/vgcore_prison/jail.py",
    "plugins/vgcore_overdress/dress.py",
]
GROUP = "vgcore._native"
MANIFEST = "vgcore/_native.json"
# Package -> source folder, for the packages that live outside a folder of their own name
# (the plugins under plugins/): pyproject.toml's table.
PACKAGE_DIRS: dict[str, str] = tomllib.loads((ROOT / "pyproject.toml").read_text())[
    "tool"]["setuptools"]["package-dir"]


def module_name(path: str) -> str:
    """A compiled file's dotted module name ("plugins/vgcore_dera/orders.py" is
    `vgcore_dera.orders`: pyproject.toml maps the package to that folder)."""
    for package, folder in PACKAGE_DIRS.items():
        if path.startswith(folder + "/"):
            path = package + path.removeprefix(folder)
            break
    return path.removesuffix(".py").replace("/", ".")


def source_hashes() -> dict[str, str]:
    """Each compiled module's dotted name and the SHA-256 of the source it was compiled from."""
    return {
        module_name(path): hashlib.sha256((ROOT / path).read_bytes()).hexdigest()
        for path in COMPILED
    }


# A profile-guided build (VGCORE_PGO=0 turns it off): compile with counters, play the
# training games of vgcore/pgotrain.py against that build, compile again with the counts.
# -fprofile-partial-training keeps code the games never ran optimised as usual rather than
# for size (a format or view the workload misses is not made slower).
PROFILE_GENERATE = (["-fprofile-generate"], ["-fprofile-generate"])
PROFILE_USE = (["-fprofile-use", "-fprofile-partial-training", "-fprofile-correction",
                "-Wno-missing-profile"], [])
NO_PROFILE: tuple[list[str], list[str]] = ([], [])


class BuildWithManifest(build_ext):
    """build_ext that builds profile-guided where it can, and writes the manifest beside the
    extensions it built."""

    def run(self) -> None:
        self.profile: dict | None = None  # set by a profile-guided build that succeeded
        if self.extensions and os.environ.get("VGCORE_PGO", "1") != "0":
            self.run_profile_guided()
        else:
            super().run()
        if not self.extensions:
            return
        built = Path(self.get_ext_fullpath(f"{GROUP}__mypyc")).parent  # vgcore's folder
        target = ROOT / MANIFEST if self.inplace else built / Path(MANIFEST).name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(manifest_text(self.profile))

    def run_profile_guided(self) -> None:
        """Counters, training, final build; any failure in them (no gcc, a workload that
        cannot run here) gives the plain optimised build instead, with a warning."""
        original = [(list(e.extra_compile_args), list(e.extra_link_args), e.optional)
                    for e in self.extensions]
        self.force = True  # each pass compiles everything again
        self.chosen_compiler = self.compiler  # a pass replaces the name by its compiler
        try:
            for counts in Path(self.build_temp).rglob("*.gcda"):
                counts.unlink()  # counts merge across runs: start from none
            self.compile_with(PROFILE_GENERATE, original, optional=False)
            decisions = self.train()
            self.compile_with(PROFILE_USE, original, optional=False)
            self.profile = {"workload": "vgcore.pgotrain", "decisions": decisions}
        except Exception as exc:  # any failure: the plain build
            print(f"vgcore: no profile-guided build ({exc}); building without a profile",
                  file=sys.stderr)
            self.compile_with(NO_PROFILE, original, optional=None)

    def compile_with(self, flags: tuple[list[str], list[str]],
                     original: list[tuple[list[str], list[str], bool]],
                     optional: bool | None) -> None:
        """One build pass with these extra compile and link flags (optional=None: as set)."""
        for extension, (compile_args, link_args, was_optional) in zip(
                self.extensions, original, strict=True):
            extension.extra_compile_args = compile_args + flags[0]
            extension.extra_link_args = link_args + flags[1]
            extension.optional = was_optional if optional is None else optional
        self.compiler = self.chosen_compiler
        super().run()

    def train(self) -> int:
        """Run vgcore.pgotrain against the instrumented build, from a staging directory
        holding this source's packages and the extensions just built (the package is not
        installed yet, so neither path nor entry points would find it); the decisions played."""
        import shutil
        import subprocess
        import tempfile

        with tempfile.TemporaryDirectory(prefix="vgcore-pgo-") as staging_name:
            staging = Path(staging_name)
            # The packages holding compiled modules are copied, so the extensions just built
            # can be put beside their sources; the others are linked.
            compiled_packages = {module_name(path).partition(".")[0] for path in COMPILED}
            folders = {"vgcore": "vgcore", **PACKAGE_DIRS}
            for package, folder in folders.items():
                if package in compiled_packages:
                    shutil.copytree(ROOT / folder, staging / package, ignore=shutil.ignore_patterns(
                        "*.so", "__pycache__", "_native.json"))
                else:
                    (staging / package).symlink_to(ROOT / folder, target_is_directory=True)
            for extension in self.extensions:
                target = staging / self.get_ext_filename(extension.name)
                shutil.copy2(self.get_ext_fullpath(extension.name), target)
            (staging / MANIFEST).write_text(manifest_text())
            # The staging copy first; PYTHONPATH kept after it: pip's isolated build finds its
            # build requirements (the engine's dependencies among them) through it.
            path = os.pathsep.join(filter(None, [str(staging), os.environ.get("PYTHONPATH")]))
            # A fixed hash seed: the games are the same under any seed, but the order of
            # string-keyed sets and dicts inside the engine is not, and with it the branch
            # counts the compiler lays the code out by. (The C that mypyc writes may still
            # differ between two builds: its own analysis follows this process's hash order.)
            env = {**os.environ, "PYTHONPATH": path, "PYTHONDONTWRITEBYTECODE": "1",
                   "VGCORE_CACHE_DIR": "off", "PYTHONHASHSEED": "0"}
            done = subprocess.run(
                [sys.executable, "-m", "vgcore.pgotrain", str(ROOT / "pyproject.toml")],
                cwd=staging, env=env, capture_output=True, text=True)
            if done.returncode != 0:  # the warning names the cause, not only the exit status
                raise RuntimeError("the training games failed: "
                                   + " / ".join(done.stderr.strip().splitlines()[-2:]))
            print(done.stderr.strip(), file=sys.stderr)
            return int(done.stdout)


def manifest_text(profile: dict | None = None) -> str:
    """The manifest: the group, each module's source hash, and the training profile the
    build was optimised with (None: an ordinary -O3 build)."""
    return json.dumps({"group": GROUP, "modules": source_hashes(), "profile": profile},
                      indent=1, sort_keys=True) + "\n"


# The commands that compile. The build backend also runs this file for metadata (egg_info,
# dist_info), where type-checking and generating C would only cost time.
BUILDING = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}


def extensions() -> list:
    """mypyc's extensions, or none where mypyc is missing or VGCORE_PURE_BUILD=1 is set."""
    if os.environ.get("VGCORE_PURE_BUILD") == "1" or not BUILDING & set(sys.argv[1:]):
        return []
    try:
        import mypyc.build  # noqa: F401 - only whether it is there
    except ImportError:
        print("vgcore: mypyc not available; building pure Python", file=sys.stderr)
        return []
    # mypyc runs in a child with a fixed hash seed: the C it writes follows its own process's
    # hash order, so two builds of one source differed (docs/performance.md, session 27);
    # this process's seed is not setup.py's to choose (pip runs it inside its backend).
    import pickle
    import subprocess

    done = subprocess.run(
        [sys.executable, "-c", GENERATE, json.dumps(COMPILED), GROUP], cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": "0"}, capture_output=True)
    sys.stderr.write(done.stderr.decode(errors="replace"))
    if done.returncode != 0:  # mypy found type errors, or mypyc failed (printed above)
        sys.stdout.write(done.stdout.decode(errors="replace"))
        print("vgcore: mypyc could not compile the modules (above); building pure Python",
              file=sys.stderr)
        return []
    try:
        built = pickle.loads(done.stdout)
    except Exception as exc:  # anything but the extensions on its stdout
        print(f"vgcore: mypyc's child gave no extensions ({exc!r}); building pure Python",
              file=sys.stderr)
        return []
    for extension in built:
        extension.optional = True  # a failed compile is a warning: pure Python still works
    return built


# The child that generates the C (argv: the compiled files as JSON, the group's name) and
# writes the setuptools extensions, pickled, to its stdout. The compiled modules import others
# that mypy does not check strictly (hookspecs and friends); those stay interpreted and are
# read only for their types. No mypy cache: from a warm cache mypyc 1.13 emits an empty
# library for a group in a package. mypy's own messages go to stderr.
GENERATE = """
import contextlib, json, pickle, sys
from mypyc.build import mypycify
files, group = json.loads(sys.argv[1]), sys.argv[2]
with contextlib.redirect_stdout(sys.stderr):
    built = mypycify(["--ignore-missing-imports", "--follow-imports=silent",
                      "--cache-dir=/dev/null", *files], opt_level="3",
                     separate=[(files, group)])
sys.stdout.buffer.write(pickle.dumps(built))
"""


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildWithManifest})

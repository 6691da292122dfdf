"""Start-up (docs/architecture.md "Start-up and the card cache"): what a program pays for
before it does anything is only what it uses. Checked by what gets imported, not by timing
(the figures are `vgcore bench --json`'s `startup`)."""

from __future__ import annotations

import subprocess
import sys

# Libraries some commands need and most do not: each loads on first use.
ON_FIRST_USE = ("jsonschema", "lupa", "networkx", "ruamel", "msgspec", "asyncio", "websockets",
                "click", "tqdm", "ray")


def imported_after(code: str) -> set[str]:
    """The top-level packages imported once `code` has run in a fresh interpreter."""
    return {name.split(".")[0] for name in imported_modules(code)}


def test_import_vgcore_loads_none_of_the_optional_libraries() -> None:
    assert imported_after("import vgcore") & set(ON_FIRST_USE) == set()


def imported_modules(code: str) -> set[str]:
    probe = f"import sys\n{code}\nprint(' '.join(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    return set(done.stdout.split())


def test_import_vgcore_builds_nothing_until_a_name_is_read() -> None:
    """The package's public names are imported on first read (PEP 562): a plugin's
    `from vgcore import hookimpl` does not load the rules engine, and every name resolves."""
    bare = imported_modules("import vgcore")
    assert {"vgcore.game", "vgcore.engine", "vgcore.plugins", "vgcore.carddb"} & bare == set()
    hooks = imported_modules("from vgcore import hookimpl")
    assert "vgcore.hookspecs" in hooks and "vgcore.game" not in hooks
    every = imported_modules("import vgcore\nfor n in vgcore.__all__: getattr(vgcore, n)")
    assert {"vgcore.game", "vgcore.plugins", "vgcore.replay"} <= every


def test_the_cli_loads_the_host_only_for_the_host_commands() -> None:
    loaded = imported_after("import vgcore.cli")
    assert {"asyncio", "websockets", "lupa", "jsonschema"} & loaded == set()
    assert "click" in loaded


# The AI extra (vgcore[ai]): only its adapters, on first use, import these.
AI_LIBRARIES = {"numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel"}


def test_import_vgcore_and_vgcore_envs_load_none_of_the_ai_libraries() -> None:
    assert imported_after("import vgcore\nimport vgcore.envs") & AI_LIBRARIES == set()
    assert {"gymnasium", "numpy"} <= imported_after("from vgcore.envs import gymnasium_env")

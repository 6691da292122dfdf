"""docs/lua-api.md §19 names every validity key, step kind, event kind and filter key that the
installed format plugins add, so that a card designer finds them in the API reference."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from vgcore.plugins import CORE_PLUGIN, Registry

DOC = Path(__file__).resolve().parents[1] / "docs" / "lua-api.md"
HOOKS = ("vgcore_validity_keys", "vgcore_step_kinds", "vgcore_event_kinds", "vgcore_filter_keys")


def plugin_section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("## 19. What the format plugins add")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def added_names(plugin: object, fmt: object) -> set[str]:
    """The keys, step kinds and event kinds one plugin registers."""
    names: set[str] = set()
    for hook in HOOKS:
        implementation = getattr(plugin, hook, None)
        if implementation is not None:
            names.update(implementation(fmt=fmt))
    return names


REGISTRY = Registry()
PLUGINS = [(name, plugin) for name, plugin in REGISTRY.pm.list_name_plugin()
           if name != CORE_PLUGIN and added_names(plugin, REGISTRY.format("premium"))]


def test_some_plugins_add_script_names() -> None:
    assert {"stride", "gifts", "premium-era"} <= {name for name, _p in PLUGINS}


@pytest.mark.parametrize(("name", "plugin"), PLUGINS, ids=[n for n, _p in PLUGINS])
def test_the_plugin_row_names_every_key_step_and_event(name: str, plugin: object) -> None:
    section = plugin_section()
    row = next((line for line in section.splitlines() if line.startswith(f"| `{name}` ")), None)
    assert row is not None, f"docs/lua-api.md §19 has no row for the plugin {name!r}"
    missing = sorted(n for n in added_names(plugin, REGISTRY.format("premium"))
                     if not re.search(f"`{re.escape(n)}[` ]", row))
    assert not missing, f"§19's row for {name!r} does not name {missing}"

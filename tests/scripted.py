"""Throw-away card directories of test scripts, shared by the tests of the `vg` API: each card
a plain grade 1 unit whose skills are the Lua source given for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from vgcore.errors import ScriptError
from vgcore.plugins import Registry

BODY = ("kind: normal_unit, grade: 1, power: 7000, shield: 5000, critical: 1, skill: boost, "
        "clan: Royal Paladin, race: Human")


def card_dir(tmp_path: Path, scripts: dict[str, str]) -> Path:
    """A card set in `tmp_path`: one record per id of `scripts` and its script."""
    records = [f"  - {{id: {cid}, name: Test {cid}, {BODY}}}" for cid in scripts]
    (tmp_path / "cards.yaml").write_text("set: t\ncards:\n" + "\n".join(records) + "\n")
    for cid, source in scripts.items():
        (tmp_path / f"{cid}.lua").write_text(source)
    return tmp_path


def load_error(tmp_path: Path, source: str) -> ScriptError:
    """The error loading the script `source` (as card T-1) raises."""
    registry = Registry(card_dirs=[card_dir(tmp_path, {"T-1": source})], strict=True)
    with pytest.raises(ScriptError) as caught:
        registry.engine("premium").script("T-1")
    return caught.value

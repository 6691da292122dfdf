"""A card directory (`--cards DIR`) ships its own Lua helpers in DIR/lib/*.lua, as installed
sets do through `vgcore_lua_libs` (docs/lua-api.md §18, docs/designer-guide.md). The directory
is hostile content: its libraries run with the scripts' safe functions only and may add new
names to `vg`, never change one, and never after the API is built."""

from __future__ import annotations

from pathlib import Path

import pytest

from vgcore.errors import CardDataError, ScriptError
from vgcore.plugins import Registry

CARDS = """set: libtest
name: library test cards
cards:
  - {id: LB-001, name: Lib User, kind: normal_unit, grade: 1, power: 8000, shield: 5000,
     critical: 1, skill: boost, nation: Brandt Gate}
"""
USER = """-- LB-001 Lib User
return vg.card {
  vg.act { effect = vg.mylib.draw_two() },
}
"""
LIB = """local mylib = {}
function mylib.draw_two() return { vg.draw(2) } end
function mylib.sneaky(ctx) vg.extra = 1 return 0 end
vg.mylib = mylib
"""


def card_dir(tmp_path: Path, lib: str, name: str = "mylib.lua") -> Path:
    (tmp_path / "cards.yaml").write_text(CARDS)
    (tmp_path / "LB-001.lua").write_text(USER)
    (tmp_path / "lib").mkdir(exist_ok=True)
    (tmp_path / "lib" / name).write_text(lib)
    return tmp_path


def load(directory: Path) -> object:
    registry = Registry(card_dirs=[directory], strict=True)
    return registry.engine("d-standard").script("LB-001")


def test_a_card_directorys_library_adds_helpers_its_scripts_use(tmp_path: Path) -> None:
    script = load(card_dir(tmp_path, LIB))
    ability = script.abilities[0]
    assert ability.spec["effect"] == ({"op": "draw", "count": 2},)
    assert ability.line == 3  # the card's line, not the library's


def test_meta_files_in_lib_are_not_run(tmp_path: Path) -> None:
    directory = card_dir(tmp_path, LIB)
    (directory / "lib" / "mylib.meta.lua").write_text("error('never run')\n")
    load(directory)


@pytest.mark.parametrize("lib", [
    "vg.draw = function() return {} end\n",
    "vg.when = {}\n",
])
def test_a_library_cannot_replace_what_vg_has(tmp_path: Path, lib: str) -> None:
    with pytest.raises(ScriptError, match=r"mylib\.lua:1: vg\.\w+ already exists"):
        load(card_dir(tmp_path, lib))


@pytest.mark.parametrize("lib", [
    "vg.when.attacks.event = 'hit'\n",
    "setmetatable({}, {})\n",
    "rawset(vg, 'x', 1)\n",
    "local io = require('io')\n",
])
def test_a_library_gets_no_more_than_a_script(tmp_path: Path, lib: str) -> None:
    with pytest.raises(ScriptError, match=r"mylib\.lua:1"):
        load(card_dir(tmp_path, lib))


def test_vg_is_sealed_once_built(tmp_path: Path) -> None:
    """A library function called later (here from a card's amount) cannot add to vg."""
    directory = card_dir(tmp_path, LIB)
    (directory / "LB-001.lua").write_text(
        "-- LB-001 Lib User\nreturn vg.card {\n  vg.act { effect = {\n"
        "    vg.draw(vg.mylib.sneaky),\n  } },\n}\n")
    registry = Registry(card_dirs=[directory], strict=True)
    engine = registry.engine("d-standard")
    fn = engine.script("LB-001").abilities[0].spec["effect"][0]["count"]
    from vgcore.selectors import Ctx, amount_of
    from vgcore.testing.board import game_from_board

    game = game_from_board(engine, {"A": {"vanguard": "LB-001", "deck": ["LB-001"] * 3},
                                    "B": {"vanguard": "LB-001", "deck": ["LB-001"] * 3}},
                           turn=3, player="A", phase="main")
    with pytest.raises(ScriptError, match="vg is read-only"):
        amount_of(game, Ctx("A", game.vanguard("A")), fn)


def test_a_library_leading_out_of_the_directory_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside.lua"
    outside.write_text(LIB)
    directory = tmp_path / "set"
    directory.mkdir()
    card_dir(directory, "")
    (directory / "lib" / "mylib.lua").unlink()
    (directory / "lib" / "mylib.lua").symlink_to(outside)
    with pytest.raises(CardDataError, match=r"mylib\.lua"):
        load(directory)

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


def test_the_smoke_check_runs_the_cards_that_use_a_library(tmp_path: Path) -> None:
    """`vgcore validate`'s smoke engines are strict copies of the registry's: they keep the
    card directory's libraries (they once dropped them, and every card using one was skipped
    as if its script failed to load)."""
    from vgcore.smoke import smoke_check

    registry = Registry(card_dirs=[card_dir(tmp_path, LIB)])
    report = smoke_check(registry, ["LB-001"])
    assert (report.cards, report.abilities, report.problems) == (1, 1, [])


def test_a_scenario_with_cards_of_its_own_keeps_the_directorys_library(tmp_path: Path) -> None:
    """A scenario's `cards:` make an engine of their own, derived from the format's: the
    directory's libraries stay (a card using one loaded there once failed for want of them)
    and the cards both pools share keep their loaded scripts."""
    from vgcore.testing.scenario import engine_for, scenario_from_mapping

    registry = Registry(card_dirs=[card_dir(tmp_path, LIB)], strict=True)
    scenario = scenario_from_mapping({
        "name": "own cards", "format": "d-standard",
        "cards": [{"id": "LB-002", "name": "Plain Reader", "kind": "normal_unit", "grade": 1,
                   "power": 8000, "shield": 5000, "critical": 1, "skill": "boost",
                   "nation": "Brandt Gate"}],
        "board": {"A": {"vanguard": "LB-001"}, "B": {"vanguard": "LB-002"}},
        "steps": []})
    engine = engine_for(scenario, registry)
    base = registry.engine("d-standard")
    assert engine is not base and "LB-002" in engine.db and "LB-002" not in base.db
    assert engine.card_libs == base.card_libs
    assert engine.script("LB-001").abilities[0].spec["effect"] == ({"op": "draw", "count": 2},)
    assert engine.script("LB-001") is base.script("LB-001")

"""overDress: the originalDress follows its unit off the field by any means (RULES.md §2 and
the plugin README): the plugin listens to zone changes, not to a list of event kinds."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from vgcore_overdress import ZONE, overdress
from vgcore_prison import act_imprison

from vgcore import actions
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.selectors import Ctx
from vgcore.steps import put_card
from vgcore.testing.board import game_from_board
from vgcore.types import Zone

HERE = Path(__file__).parent
PRISON_CARDS = HERE.parent.parent / "vgcore_prison" / "tests" / "cards"


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry(card_dirs=[HERE / "cards", PRISON_CARDS], strict=True)


DECK_A = ["VAN-DE-005", "VAN-DE-006", "VAN-DE-009", "VAN-DE-002"]
DECK_B = ["VAN-DS-005", "VAN-DS-006", "VAN-DS-008"]


def dressed_game(registry: Registry) -> tuple[Game, int, int]:
    """A's overDress unit OD-002 on RC.FL over OD-001; B has a Prison in the order zone."""
    engine = registry.engine("d-standard")
    board = {"A": {"vanguard": "VAN-DE-003", "rear": {"RC.FL": "OD-001"}, "hand": ["OD-002"],
                   "deck": DECK_A},
             "B": {"vanguard": "VAN-DS-003", "order_zone": ["PO-001"], "deck": DECK_B}}
    game = game_from_board(engine, board, turn=3, player="A", phase="main")
    under = game.unit_at("A", "RC.FL")
    assert under is not None
    overdress(game, "A", "OD-002", "RC.FL")
    unit = game.unit_at("A", "RC.FL")
    assert unit is not None and game.state.loc[under] == ("A", ZONE)
    return game, unit, under


def by_effect(to: str) -> Callable[[Game, int], None]:
    def leave(game: Game, unit: int) -> None:
        put_card(game, Ctx("A", unit), unit, to)
        game.emit("put", seat="A", card="OD-002", uid=unit, to=to)
    return leave


def retired(game: Game, unit: int) -> None:
    actions.retire(game, unit)


def imprisoned(game: Game, unit: int) -> None:
    act_imprison(game, Ctx("B", game.vanguard("B")), [unit], {"op": "imprison"})


LEAVINGS = {
    "retired": retired,
    "bound": by_effect("bind"),
    "put into the soul": by_effect("soul"),
    "returned to the hand": by_effect("hand"),
    "put on the deck": by_effect("deck_bottom"),
    "removed from the game": by_effect("removed"),
    "imprisoned": imprisoned,
}


@pytest.mark.parametrize("how", sorted(LEAVINGS))
def test_original_dress_goes_to_the_drop_whenever_its_unit_leaves_the_field(
        registry: Registry, how: str) -> None:
    game, unit, under = dressed_game(registry)
    LEAVINGS[how](game, unit)
    assert not game.is_field(*game.state.loc[unit])
    assert game.state.loc[under] == ("A", Zone.DROP)
    assert game.state.players["A"].zones[ZONE] == []
    put = [e for e in game.state.log if e["kind"] == "put" and e.get("uid") == under]
    assert put and put[-1]["from"] == ZONE


def test_original_dress_stays_while_its_unit_moves_between_circles(registry: Registry) -> None:
    game, unit, under = dressed_game(registry)
    actions.swap_circles(game, "A", "RC.FL", "RC.BL")
    game.emit("move", seat="A", circle="RC.BL", card="OD-002", uid=unit)
    assert game.state.loc[unit] == ("A", "RC.BL")
    assert game.state.loc[under] == ("A", ZONE)


# -- materials: a name, or filter alternatives (D-BT01-001) ---------------------------------


def test_a_plain_name_is_a_name_the_material_contains(registry: Registry) -> None:
    from vgcore_overdress import materials

    game, _unit, _under = dressed_game(registry)
    assert materials(game, "OD-002") == [{"name_has": "Dressmaker"}]
    assert materials(game, "OD-001") == []  # no overDress unit


def test_a_material_alternative_with_an_unknown_key_is_refused(tmp_path: Path) -> None:
    from vgcore.errors import CardDataError

    (tmp_path / "cards.yaml").write_text(
        "set: odbad\nname: t\ncards:\n"
        "  - {id: ODB-001, name: Bad Gown, kind: overdress_unit, grade: 2, power: 10000,"
        " shield: 5000, critical: 1, skill: intercept, nation: Dragon Empire,"
        " overdress: [{name_has: Dressmaker}, {where: nothing}]}\n")
    with pytest.raises(CardDataError, match="ODB-001"):
        _ = Registry(card_dirs=[tmp_path], strict=True).db


def test_ctx_reads_the_originaldress_flag_by_handle(registry: Registry) -> None:
    """docs/lua-api.md §12: table-valued plugin flags reach Lua functions, keyed by handles,
    and the cards they name are in ctx.cards."""
    from vgcore.scripting.host import build_snapshot

    game, unit, under = dressed_game(registry)
    data = build_snapshot(game, Ctx("A", unit))
    assert data["players"]["A"]["flags"]["originaldress"] == {unit: [under]}
    assert data["cards"][under]["zone"] == ZONE
    assert data["players"]["B"]["flags"] == {}


def test_ctx_lists_no_card_a_flag_names_that_the_viewer_may_not_see(registry: Registry) -> None:
    from vgcore.scripting.host import build_snapshot

    game, unit, _under = dressed_game(registry)
    st = game.state
    hidden = st.players["A"].zones[Zone.DECK][0]
    st.players["A"].flags["originaldress"][str(unit)].append(hidden)
    seen_by_b = build_snapshot(game, Ctx("B", game.vanguard("B")))
    assert hidden in seen_by_b["players"]["A"]["flags"]["originaldress"][unit]
    assert hidden not in seen_by_b["cards"]

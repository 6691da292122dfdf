"""Worlds and Alchemagic (plugin dera, D-BT01): what scenario files cannot look at — views,
snapshots in the middle of an Alchemagic, and the one-time Soul Blast waiver."""

from __future__ import annotations

from pathlib import Path

import pytest
from vgcore_dera import orders

from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.selectors import in_state
from vgcore.testing.board import game_from_board

HERE = Path(__file__).parent
DECK_A = ["VAN-DE-005", "D-BT01-043", "VAN-DE-006", "VAN-DE-009", "VAN-DE-002", "VAN-DE-002"]
DECK_B = ["VAN-DS-005", "VAN-DS-006", "VAN-DS-008"]


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry(card_dirs=[HERE / "cards"], strict=True)


def game_with(registry: Registry, **a: object) -> Game:
    board = {"A": {"vanguard": "D-BT01-009", "deck": DECK_A, **a},
             "B": {"vanguard": "VAN-DS-003", "deck": DECK_B}}
    game = game_from_board(registry.engine("d-standard"), board, turn=3, player="A")
    game.advance()
    return game


@pytest.mark.parametrize(("zone", "world"), [
    ([], None),
    (["D-BT01-043"], "dark_night"),
    (["D-BT01-043", "D-BT01-094"], "abyssal_dark_night"),
    (["D-BT01-043", "DO-003"], None),
])
def test_views_show_each_players_world_state(registry: Registry, zone: list[str],
                                             world: str | None) -> None:
    game = game_with(registry, order_zone=zone)
    assert game.view("B")["world"] == {"A": world, "B": None}
    assert game.spectator_view()["world"]["A"] == world


def test_a_game_paused_inside_an_alchemagic_saves_and_restores(registry: Registry) -> None:
    game = game_with(registry, hand=["D-BT01-053"], drop=["D-BT01-092"],
                     soul=["VAN-DE-001", "VAN-DE-001", "VAN-DE-001"])
    game.apply("order D-BT01-053 alchemagic D-BT01-092")
    assert game.state.decision is not None and game.state.decision.kind == "choose"
    assert in_state(game, "A", orders.DURING_ALCHEMAGIC)
    copy = registry.load(game.to_json())
    for g in (game, copy):
        g.apply("choose VAN-DE-005")
        g.apply("done")
        g.apply("choose RC.FL")
    assert copy.to_json() == game.to_json()
    assert game.power(game.unit_at("A", "RC.FL")) == 13000  # type: ignore[arg-type]
    assert game.power(game.vanguard("A")) == 23000  # type: ignore[arg-type]
    assert not in_state(game, "A", orders.DURING_ALCHEMAGIC)  # only while it resolves


def test_the_soul_blast_waiver_serves_one_alchemagic_only(registry: Registry) -> None:
    game = game_with(registry, hand=["D-BT01-053"], drop=["D-BT01-092"],
                     rear={"RC.BL": "D-BT01-023"}, soul=["VAN-DE-001"])
    game.apply("act RC.BL")
    assert in_state(game, "A", orders.NO_SOUL_BLAST)
    assert orders.waived(game, "A") == {"soul_blast"}
    game.apply("order D-BT01-053 alchemagic D-BT01-092")
    assert not in_state(game, "A", orders.NO_SOUL_BLAST)  # used up: the next one pays
    assert orders.waived(game, "A") == frozenset()
    assert not any(e["kind"] == "soul_blast" for e in game.state.log)
    assert [game.state.card_ids[u] for u in game.state.players["A"].zones["soul"]] == [
        "VAN-DE-001"]


def test_alchemagic_costs_must_be_payable_together(registry: Registry) -> None:
    """SB2 + SB1 needs three soul cards; each cost alone would be payable with two."""
    two = game_with(registry, hand=["D-BT01-053"], drop=["D-BT01-092"],
                    soul=["VAN-DE-001", "VAN-DE-001"])
    three = game_with(registry, hand=["D-BT01-053"], drop=["D-BT01-092"],
                      soul=["VAN-DE-001", "VAN-DE-001", "VAN-DE-001"])
    answer = "order D-BT01-053 alchemagic D-BT01-092"
    assert "order D-BT01-053" in two.legal_actions()
    assert answer not in two.legal_actions()
    assert answer in three.legal_actions()


def test_the_bound_order_is_logged_and_bound(registry: Registry) -> None:
    game = game_with(registry, hand=["D-BT01-092"], drop=["D-BT01-092", "D-BT01-054"],
                     soul=["VAN-DE-001"], damage=["VAN-DE-005"])
    game.apply("order D-BT01-092 alchemagic D-BT01-054")
    kinds = [e["kind"] for e in game.state.log]
    event = next(e for e in game.state.log if e["kind"] == "alchemagic")
    assert (event["card"], event["bound"]) == ("D-BT01-092", "D-BT01-054")
    assert kinds.index("order") < kinds.index("alchemagic") < kinds.index("soul_blast")
    assert [game.state.card_ids[u] for u in game.state.players["A"].zones["bind"]] == [
        "D-BT01-054"]
    from vgcore.narration import tell
    from vgcore.screen import Table

    line = tell(event, Table.for_game(game, "B"))
    assert "Alchemagic" in line and "Grief, Despair, and Rejection" in line


@pytest.mark.parametrize(("key", "value", "message"), [
    ("after", 0, "is not a resolve frame below"),
    ("with", {"id": 0, "uid": 0, "card": "nope", "ab": 1, "seat": "A"}, "but card 0 is"),
    ("waive", [3], "a cost kind"),
])
def test_a_tampered_alchemagic_in_a_snapshot_is_refused(registry: Registry, key: str,
                                                        value: object, message: str) -> None:
    from vgcore.errors import SnapshotError

    game = game_with(registry, hand=["D-BT01-053"], drop=["D-BT01-092"],
                     soul=["VAN-DE-001", "VAN-DE-001", "VAN-DE-001"])
    game.apply("order D-BT01-053 alchemagic D-BT01-092")
    data = game.to_json()
    partner = next(f for f in data["state"]["stack"]
                   if f["k"] == "resolve" and "after" in f["pa"])
    partner["pa"][key] = value
    with pytest.raises(SnapshotError, match=message):
        registry.load(data)


def test_the_played_orders_effect_runs_even_when_the_bound_one_fizzles(tmp_path: Path) -> None:
    """The bound order's condition holds when Alchemagic is offered but not once the played
    order's cost is paid: the bound one fizzles, the played one's effect still runs."""
    record = "kind: order, order_type: normal, grade: 1, nation: Dragon Empire"
    (tmp_path / "cards.yaml").write_text(
        "set: t\ncards:\n"
        f"  - {{id: T-FIRST, name: Test First, {record}}}\n"
        f"  - {{id: T-BOUND, name: Test Bound, {record}}}\n")
    (tmp_path / "T-FIRST.lua").write_text(
        'return vg.card { vg.act { zones = {"hand"}, order = true, '
        'cost = vg.cost.soul_blast(1), effect = { vg.draw(1) } } }')
    (tmp_path / "T-BOUND.lua").write_text(
        'return vg.card { vg.act { zones = {"hand"}, order = true, '
        'condition = vg.cond.count(vg.soul()), effect = { vg.draw(2) } } }')
    registry = Registry(card_dirs=[HERE / "cards", tmp_path], strict=True)
    board = {"A": {"vanguard": "D-BT01-009", "hand": ["T-FIRST"], "drop": ["T-BOUND"],
                   "soul": ["VAN-DE-001"], "deck": DECK_A},
             "B": {"vanguard": "VAN-DS-003", "deck": DECK_B}}
    game = game_from_board(registry.engine("d-standard"), board, turn=3, player="A")
    game.advance()
    game.apply("order T-FIRST alchemagic T-BOUND")
    kinds = [(e["kind"], e.get("card"), e.get("reason")) for e in game.state.log]
    assert ("ability_fizzled", "T-BOUND", "condition") in kinds
    assert len(game.state.players["A"].zones["hand"]) == 1  # T-FIRST's draw, not T-BOUND's
    assert not in_state(game, "A", orders.DURING_ALCHEMAGIC)

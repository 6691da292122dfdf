"""Imaginary gifts where scenario files cannot reach (RULES.md §11): several accel circles,
pseudo-cards moved by effects, format options, snapshots, and random v-standard playouts with
gift grade 3s in the vanilla decks."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from vgcore_gifts import GONE, PROTECT_CARD, TICKET_CARD, gain, give_pseudo_card, give_ticket

from tests.invariants import check_invariants
from vgcore import actions
from vgcore.agents import RandomAgent
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.testing.board import game_from_board
from vgcore.types import BACK, FRONT, VC, Zone

CARDS = Path(__file__).parent / "cards"
DECK = ["VAN-AF-002", "VAN-AF-003", "VAN-AF-004", "VAN-AF-006", "VAN-AF-007", "VAN-AF-008"]


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry(card_dirs=[CARDS], strict=True)


def board_game(registry: Registry, a: dict[str, object] | None = None) -> Game:
    engine = registry.engine("v-standard")
    board = {"A": {"vanguard": "GT-ACCEL", "deck": DECK, **(a or {})},
             "B": {"vanguard": "VAN-AF-006", "deck": DECK}}
    return game_from_board(engine, board, turn=3, player="A", phase="main")


def test_accel_circles_alternate_left_and_right_outward_without_back_row(
        registry: Registry) -> None:
    game = board_game(registry)
    for _ in range(4):
        gain(game, "A", "accel", 1, None)
    circles = game.state.players["A"].circles
    assert [(name, circles[name]) for name in ("RC.X1", "RC.X2", "RC.X3", "RC.X4")] == [
        ("RC.X1", (FRONT, -2)), ("RC.X2", (FRONT, 2)),
        ("RC.X3", (FRONT, -3)), ("RC.X4", (FRONT, 3))]
    assert all(row == FRONT or col in (-1, 0, 1) for row, col in circles.values())
    assert not [c for c, (row, col) in circles.items() if row == BACK and abs(col) > 1]
    for name in ("RC.X1", "RC.X2", "RC.X3", "RC.X4"):
        assert game.behind("A", name) is None          # nothing can boost it
        assert game.column_partner("A", name) is None  # nothing moves in or out
    assert "RC.X1" not in game.state.players["B"].circles
    assert game.view("B")["players"]["A"]["circles"]["RC.X1"] == {"markers": ["accel-1"]}


def test_accel_power_only_on_its_owners_turn(registry: Registry) -> None:
    game = board_game(registry, {"hand": ["VAN-AF-007"]})
    gain(game, "A", "accel", 1, None)
    uid = game.state.players["A"].zones[Zone.HAND][0]
    actions.call(game, uid, "A", "RC.X1")
    assert game.power(uid) == 20_000
    game.state.turn_player = "B"
    assert game.power(uid) == 10_000


def test_force_one_stacks_on_a_circle_and_stays_without_a_unit(registry: Registry) -> None:
    game = board_game(registry, {"rear": {"RC.FL": "VAN-AF-007"}})
    gain(game, "A", "force", 1, "RC.FL")
    gain(game, "A", "force", 1, "RC.FL")
    uid = game.unit_at("A", "RC.FL")
    assert uid is not None and game.power(uid) == 30_000
    actions.retire(game, uid)
    assert game.state.players["A"].markers["RC.FL"] == ["force-1", "force-1"]
    assert game.power(uid) == 10_000  # in the drop now: no longer on the circle


def test_marker_states_name_the_units_on_marked_circles(registry: Registry) -> None:
    """Card filters read markers with `has`: `gift_accel`, `gift_force`, `gift_protect` hold
    for the unit on a circle with such markers (on both turns), for no other card."""
    game = board_game(registry, {"rear": {"RC.FL": "VAN-AF-007", "RC.FR": "VAN-AF-008"},
                                 "hand": ["VAN-AF-002"]})
    gain(game, "A", "force", 1, "RC.FL")
    gain(game, "A", "force", 2, "RC.FL")
    gain(game, "A", "protect", 2, "RC.FR")
    gain(game, "A", "accel", 1, None)
    left, right, vc = game.unit_at("A", "RC.FL"), game.unit_at("A", "RC.FR"), game.vanguard("A")
    hand = game.state.players["A"].zones[Zone.HAND][0]
    assert left is not None and right is not None and vc is not None
    assert game.has(left, "gift_force") and not game.has(left, "gift_protect")
    assert game.has(right, "gift_protect") and not game.has(right, "gift_force")
    assert not any(game.has(vc, s) for s in ("gift_accel", "gift_force", "gift_protect"))
    actions.call(game, hand, "A", "RC.X1")
    assert game.has(hand, "gift_accel") and not game.has(hand, "gift_force")
    game.state.turn_player = "B"
    assert game.has(left, "gift_force") and game.has(hand, "gift_accel")
    actions.retire(game, left)
    assert not game.has(left, "gift_force")  # in the drop: no longer on the circle


def test_protect_one_ceases_to_exist_when_put_anywhere_else(registry: Registry) -> None:
    game = board_game(registry)
    to_soul = give_pseudo_card(game, "A", PROTECT_CARD)
    to_deck = give_pseudo_card(game, "A", PROTECT_CARD)
    actions.move(game, to_soul, "A", Zone.SOUL)
    game.emit("put", seat="A", card=PROTECT_CARD, uid=to_soul, to="soul", **{"from": "hand"})
    actions.move(game, to_deck, "A", Zone.DECK)
    game.emit("put", seat="A", card=PROTECT_CARD, uid=to_deck, to="deck", **{"from": "hand"})
    assert game.state.loc[to_soul] == ("A", GONE)
    assert game.state.loc[to_deck] == ("A", GONE)
    assert game.state.players["A"].zones[Zone.SOUL] == []


def test_ticket_ceases_to_exist_when_discarded(registry: Registry) -> None:
    game = board_game(registry)
    uid = give_ticket(game, "A")
    actions.move(game, uid, "A", Zone.DROP)
    game.emit("discard", seat="A", card=TICKET_CARD, uid=uid, **{"from": "hand"})
    assert game.state.loc[uid] == ("A", GONE)


def test_gift_state_survives_a_json_snapshot(registry: Registry) -> None:
    game = board_game(registry, {"rear": {"RC.FL": "VAN-AF-007"}})
    gain(game, "A", "accel", 2, None)
    gain(game, "A", "force", 1, "RC.FL")
    # The gains were made behind the pending question (a new circle to call to): ask it again,
    # as a real gain would be followed by, since a snapshot's question must match its state.
    game.state.decision = None
    game.advance()
    restored = Game.from_json(game.engine, game.to_json())
    assert restored.state.state_hash() == game.state.state_hash()
    assert restored.state.players["A"].circles["RC.X1"] == (FRONT, -2)
    uid = restored.unit_at("A", "RC.FL")
    assert uid is not None and restored.power(uid) == 20_000


def test_format_options_change_force_two_and_protect_two() -> None:
    registry = Registry(card_dirs=[CARDS], strict=True)
    engine = registry.engine("v-standard")
    engine.format = replace(engine.format, options={
        "gifts": {"force2": "critical_plus_1", "protect2": "your_turn"}})
    board = {"A": {"vanguard": "GT-FORCE", "deck": DECK, "rear": {"RC.FL": "VAN-AF-007"}},
             "B": {"vanguard": "VAN-AF-006", "deck": DECK}}
    game = game_from_board(engine, board, turn=3, player="A", phase="main")
    gain(game, "A", "force", 2, VC)
    gain(game, "A", "force", 2, VC)
    gain(game, "A", "protect", 2, "RC.FL")
    vc, rc = game.vanguard("A"), game.unit_at("A", "RC.FL")
    assert vc is not None and rc is not None
    assert game.critical(vc) == 3 and game.power(rc) == 15_000
    game.state.turn_player = "B"
    assert game.critical(vc) == 1 and game.power(rc) == 10_000


def test_pseudo_cards_cannot_be_put_in_a_deck(registry: Registry) -> None:
    deck = registry.deck("vanilla-v-aqua-force")
    bad = replace(deck, main=(*deck.main[:-1], TICKET_CARD))
    violations = registry.deck_violations(bad, "v-standard")
    assert any("GIFT-TICKET" in v and "pseudo-card" in v for v in violations), violations


GIFT_SWAP = {"VAN-AF-009": "GT-ACCEL", "VAN-AF-010": "GT-FORCE"}


def test_random_v_standard_playouts_with_gifts_keep_invariants(registry: Registry) -> None:
    """100 games, vanilla V decks whose grade 3s carry gifts (Aqua Force: accel and force;
    the Oracle deck's grade 3s protect). Pseudo-cards are created during play, so the card
    total is taken again whenever the card tables grow; every other invariant is the core's."""
    decks = {d.name: d for d in registry.decks_for("v-standard")}
    aqua = decks["vanilla-v-aqua-force"]
    oracle = decks["vanilla-v-oracle-think-tank"]
    aqua = replace(aqua, main=tuple(GIFT_SWAP.get(c, c) for c in aqua.main))
    oracle_g3 = {c for c in oracle.main if registry.engine("v-standard").db[c].grade == 3}
    protect = dict.fromkeys(sorted(oracle_g3)[:1], "GT-PROTECT")
    oracle = replace(oracle, main=tuple(protect.get(c, c) for c in oracle.main))
    gifts_gained: dict[str, int] = {}
    for seed in range(100):
        game = registry.new_game("v-standard", [aqua, oracle], seed=seed, validate=False)
        agent = RandomAgent(seed)
        total = len(game.state.card_ids)
        check_invariants(game, total)
        while not game.is_terminal:
            d = game.decision
            assert d is not None
            game.apply(agent.choose(game, d.options))
            total = len(game.state.card_ids)
            check_invariants(game, total)
        for event in game.state.log:
            if event["kind"] == "gift":
                key = f"{event['gift']}-{event['version']}"
                gifts_gained[key] = gifts_gained.get(key, 0) + 1
        # a pseudo-card is only ever in a hand, on GC, in the drop (a discarded protect I)
        # or gone
        for uid, card_id in enumerate(game.state.card_ids):
            if card_id in (PROTECT_CARD, TICKET_CARD):
                assert game.state.loc[uid][1] in (Zone.HAND, "GC", Zone.DROP, GONE)
    assert {"accel-1", "accel-2", "force-1", "force-2"} <= set(gifts_gained), gifts_gained
    assert {"protect-1", "protect-2"} & set(gifts_gained), gifts_gained

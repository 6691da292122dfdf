"""Stride plugin (RULES.md §10): what scenario files cannot state, and random playouts.

The scenario files beside this module cover the stride step, the heart's name, the return at
end of turn, generation break, G guardian and ultimate stride.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from vgcore_stride import G_ZONE, HEART, g_deck_violations, generation_count

from tests.invariants import check_invariants
from vgcore.agents import RandomAgent
from vgcore.decks import DeckList
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.scripting.host import card_record
from vgcore.testing.board import game_from_board

CARDS = Path(__file__).parent / "cards"
G_DECK = ("STR-001",) * 4 + ("STR-002",) * 4 + ("STR-003",) * 4


@pytest.fixture(scope="module")
def reg() -> Registry:
    return Registry(card_dirs=[CARDS], strict=True)


def g_deck_of(reg: Registry) -> DeckList:
    return dataclasses.replace(reg.deck("vanilla-premium-royal-paladin"), g_deck=G_DECK)


BOARD = {
    "A": {"vanguard": "VAN-RP-009", "g_zone": ["STR-001/down", "STR-002"],
          "hand": ["VAN-RP-010"], "deck": ["VAN-RP-011", "VAN-RP-002", "VAN-RP-003"]},
    "B": {"vanguard": "VAN-KG-009", "deck": ["VAN-KG-001", "VAN-KG-002", "VAN-KG-003"]},
}


def test_g_unit_gets_the_hearts_original_power_not_its_modifiers(reg: Registry) -> None:
    """RULES.md §10: the G unit adds the heart's *original* power."""
    game = game_from_board(reg.engine("premium"), BOARD, turn=5, player="A", phase="ride")
    heart = game.vanguard("A")
    assert heart is not None
    game.add_modifier(heart, "power", 5000)
    assert game.power(heart) == 16000
    game.apply("pass")
    game.apply("stride STR-001")  # the hand's one card is the whole cost: discarded unasked
    g_unit = game.vanguard("A")
    assert g_unit is not None and game.state.card_ids[g_unit] == "STR-001"
    assert game.state.players["A"].zones[HEART] == [heart]
    assert game.power(g_unit) == 15000 + 11000
    assert game.names(g_unit) == ("Test Dawnstrider Emperor",
                                  "Sovereign of the Dawn Rampart, Aurelis")
    # Lua functions see both names in the ctx snapshot's card table (docs/lua-api.md §12)
    assert card_record(game, g_unit)["names"] == list(game.names(g_unit))
    assert card_record(game, g_unit)["name"] == "Test Dawnstrider Emperor"
    # generation break: one face-up G card + the fresh stride
    assert generation_count(game, "A") == 2
    # once per turn: no second stride step this turn
    assert game.decision is not None and game.decision.kind == "main"


def test_heart_name_only_while_it_is_the_heart(reg: Registry) -> None:
    game = game_from_board(reg.engine("premium"), BOARD, turn=5, player="A", phase="ride")
    vg = game.vanguard("A")
    assert vg is not None and game.names(vg) == ("Sovereign of the Dawn Rampart, Aurelis",)


def test_face_down_g_cards_are_hidden_from_the_opponent(reg: Registry) -> None:
    """RULES.md §1: face-down G cards visible to their owner only, face-up ones public."""
    game = game_from_board(reg.engine("premium"), BOARD, turn=5, player="A", phase="main")
    mine = game.view("A", log=False)["players"]["A"]["zones"][G_ZONE]["cards"]
    theirs = game.view("B", log=False)["players"]["A"]["zones"][G_ZONE]["cards"]
    assert "STR-001" in str(mine) and "STR-001" not in str(theirs)
    assert "STR-002" in str(theirs)


def test_new_game_puts_the_g_deck_face_down_in_the_g_zone(reg: Registry) -> None:
    """RULES.md §4.2; a deck without a G deck gets no G zone at all."""
    decks = [g_deck_of(reg), reg.deck("vanilla-premium-kagero")]
    game = reg.new_game("premium", decks, seed=1)
    st = game.state
    zone = st.players["A"].zones[G_ZONE]
    assert sorted(st.card_ids[u] for u in zone) == sorted(G_DECK)
    assert not any(st.face_up[u] for u in zone)
    assert G_ZONE not in st.players["B"].zones and HEART not in st.players["B"].zones


def test_g_deck_construction(reg: Registry) -> None:
    """RULES.md §3: at most 16 (8: format option), at most 4 of a name, G units only."""
    fmt = reg.format("premium")
    legal = g_deck_of(reg)
    assert reg.deck_violations(legal, "premium") == []
    bad = dataclasses.replace(legal, g_deck=("STR-001",) * 5 + ("STR-002",) * 4
                              + ("STR-003",) * 4 + ("STR-004",) * 4)
    found = g_deck_violations(bad, fmt, reg.db)
    assert any("17 cards" in v for v in found)
    assert any("Test Dawnstrider Emperor" in v and "5 cards" in v for v in found)
    assert any("STR-004" in v and "not a G unit" in v for v in found)
    early = dataclasses.replace(fmt, options={"g_deck_size": 8})
    assert any("at most 8" in v for v in g_deck_violations(legal, early, reg.db))
    assert any("not a G unit" in v for v in reg.deck_violations(bad, "premium"))


def test_random_playouts_with_a_g_deck_keep_invariants(reg: Registry) -> None:
    """Premium games where one seat has a G deck: every card in one zone, the game ends."""
    decks = [g_deck_of(reg), reg.deck("vanilla-premium-kagero")]
    counts = {"stride": 0, "stride_end": 0, "g_guardian": 0, "ultimate": 0}
    for seed in range(60):
        game = reg.new_game("premium", decks if seed % 2 else decks[::-1], seed=seed)
        total = len(game.state.card_ids)
        agent = RandomAgent(seed)
        check_invariants(game, total)
        while not game.is_terminal:
            d = game.decision
            assert d is not None
            game.apply(agent.choose(game, d.options))
            check_invariants(game, total)
            for seat, player in game.state.players.items():
                if player.zones.get(HEART):
                    vg = game.vanguard(seat)
                    assert vg is not None and game.card(vg).kind == "g_unit"
                    assert len(player.zones[HEART]) == 1
        for e in game.state.log:
            if e["kind"] in counts:
                counts[e["kind"]] += 1
            if e["kind"] == "stride" and e["ultimate"]:
                counts["ultimate"] += 1
    assert (counts["stride"] > 0 and counts["stride_end"] > 0 and counts["g_guardian"] > 0
            and counts["ultimate"] > 0), counts


def test_stride_cost_order_of_picks_changes_nothing(reg: Registry) -> None:
    """RULES.md §10: the cost is a set of cards; picking it in another order gives the same
    game (every zone, every event but the answers themselves)."""
    board = {**BOARD, "A": {**BOARD["A"], "hand": ["VAN-RP-006", "VAN-RP-002", "VAN-RP-005"]}}
    games = []
    for order in (("VAN-RP-006", "VAN-RP-002"), ("VAN-RP-002", "VAN-RP-006")):
        game = game_from_board(reg.engine("premium"), board, turn=5, player="A", phase="ride")
        for answer in ("stride STR-001", *(f"choose {c}" for c in order), "done"):
            game.apply(answer)
        games.append(game)
    first, second = games
    assert first.state.players == second.state.players
    assert first.state.loc == second.state.loc
    assert ([e for e in first.state.log if e["kind"] != "decision"]
            == [e for e in second.state.log if e["kind"] != "decision"])
    g_unit = first.vanguard("A")
    assert g_unit is not None and first.state.card_ids[g_unit] == "STR-001"


def test_a_stride_cost_in_progress_saves_and_clones(reg: Registry) -> None:
    """The picks so far are state: a JSON round trip and a clone half-way through the cost
    ask the same question (with the total so far) and finish the same way."""
    board = {**BOARD, "A": {**BOARD["A"], "hand": ["VAN-RP-006", "VAN-RP-002", "VAN-RP-005"]}}
    game = game_from_board(reg.engine("premium"), board, turn=5, player="A", phase="ride")
    game.apply("stride STR-001")
    game.apply("choose VAN-RP-006")
    games = [game, game.clone(), Game.from_json(game.engine, game.to_json())]
    for g in games:
        d = g.decision
        assert d is not None and d.kind == "stride-cost"
        assert (d.data["chosen"], d.data["total"], d.data["need"]) == (1, 2, 3)
        assert "done" not in d.option_strings()
        g.apply("choose VAN-RP-005")
        g.apply("done")
    assert len({g.state.state_hash() for g in games}) == 1
    assert sorted(game.state.card_ids[u] for u in game.state.players["A"].zones["drop"]) == [
        "VAN-RP-005", "VAN-RP-006"]

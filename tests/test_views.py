"""Views (DESIGN.md §3): hidden information never leaves the engine."""

from __future__ import annotations

import json

from vgcore.agents import RandomAgent
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.types import Zone


def advance(game: Game, seed: int, count: int) -> None:
    agent = RandomAgent(seed)
    for _ in range(count):
        if game.is_terminal:
            return
        game.apply(agent.choose(game, game.legal_actions()))


def permute_hidden(game: Game, seat: str) -> Game:
    """A copy where `seat`'s hand and deck hold the same cards in another order and with
    other identities swapped between them (what the opponent cannot know)."""
    twin = game.clone()
    st = twin.state
    hand = st.players[seat].zones[Zone.HAND]
    deck = st.players[seat].zones[Zone.DECK]
    pool = [st.card_ids[u] for u in hand + deck]
    pool.reverse()
    for uid, card_id in zip(hand + deck, pool, strict=True):
        st.card_ids[uid] = card_id
    deck.reverse()
    return twin


def test_permuting_the_opponents_hidden_cards_leaves_a_view_unchanged(registry: Registry) -> None:
    for seed in range(5):
        game = registry.new_game("d-standard", seed=seed)
        advance(game, seed, 40 + seed * 13)
        if game.is_terminal or game.current_player != "A":
            continue
        twin = permute_hidden(game, "B")
        assert twin.state.state_hash() != game.state.state_hash()
        assert game.view("A") == twin.view("A")


def test_view_shows_own_hand_and_only_counts_of_the_opponents(registry: Registry) -> None:
    game = registry.new_game("premium", seed=2)
    view = game.view("A")
    own, foe = view["players"]["A"]["zones"], view["players"]["B"]["zones"]
    assert len(own["hand"]["cards"]) == own["hand"]["count"] == 5
    assert "cards" not in foe["hand"] and foe["hand"]["count"] == 5
    assert "cards" not in own["deck"], "nobody sees the deck order, not even its owner"
    json.dumps(view)


def test_view_and_log_never_contain_uids_or_the_rng(registry: Registry) -> None:
    game = registry.new_game("v-standard", seed=3)
    advance(game, 3, 80)
    text = json.dumps(game.view("B"))
    assert "uid" not in text and "rng" not in text


def test_opponents_draws_are_redacted_in_the_log(registry: Registry) -> None:
    game = registry.new_game("premium", seed=4)
    draws = [e for e in game.view("A")["log"] if e["kind"] == "draw" and e["seat"] == "B"]
    assert draws and all("card" not in e for e in draws)
    mine = [e for e in game.view("A")["log"] if e["kind"] == "draw" and e["seat"] == "A"]
    assert mine and all("card" in e for e in mine)


def test_face_down_first_vanguard_is_hidden_from_the_opponent(registry: Registry) -> None:
    game = registry.new_game("premium", seed=5)
    assert game.decision is not None and game.decision.kind == "mulligan"
    foe_vc = game.view("A")["players"]["B"]["circles"]["VC"]
    own_vc = game.view("B")["players"]["B"]["circles"]["VC"]
    assert foe_vc["card"] is None and not foe_vc["face_up"]
    assert own_vc["card"] is not None


def test_a_declined_ability_of_a_hand_card_stays_hidden(registry: Registry) -> None:
    """DESIGN.md §3: an AUTO of a card in hand that its owner declines reveals nothing."""
    from vgcore.testing.board import game_from_board
    from vgcore.types import Phase

    board = {
        "A": {"vanguard": "VAN-KG-006", "hand": ["TD02-005", "TD02-003"],
              "damage": ["VAN-KG-002", "VAN-KG-003"],
              "deck": ["VAN-KG-004", "VAN-KG-005", "VAN-KG-007", "VAN-KG-008"]},
        "B": {"vanguard": "VAN-RP-009", "rear": {"RC.FL": "VAN-RP-006"},
              "deck": ["VAN-RP-002", "VAN-RP-003", "VAN-RP-004"]},
    }
    game = game_from_board(registry.engine("premium"), board, turn=3, phase=Phase.MAIN)
    game.apply("call TD02-005 RC.FR")
    game.apply("pay")
    assert game.decision is not None and game.decision.kind in ("cost", "may")
    game.apply(game.decision.options[-1])  # decline / no
    hidden_from_b = json.dumps(game.view("B"))
    assert "TD02-003" not in hidden_from_b
    assert "TD02-003" in json.dumps(game.view("A"))

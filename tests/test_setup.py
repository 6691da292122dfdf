"""Starting a game (RULES.md §4): first vanguard, five cards, mulligan per format, stand up."""

from __future__ import annotations

from collections import Counter

from vgcore.decisions import Action
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.types import VC, Zone


def hand_uids(game: Game, seat: str) -> list[int]:
    return list(game.state.players[seat].zones[Zone.HAND])


def mulligan_everything(game: Game) -> list[int]:
    """Answer the pending mulligan by returning the whole hand, one card per answer (the
    choice ends by itself once no card is left to pick); returns those uids."""
    d = game.decision
    assert d is not None and d.kind == "mulligan"
    seat = d.seat
    returned = hand_uids(game, seat)
    for uid in returned:
        assert game.decision is not None and game.decision.seat == seat
        game.apply(f"mulligan {game.state.card_ids[uid]}")
    assert game.decision is None or game.decision.seat != seat or \
        game.decision.kind != "mulligan"
    return returned


def test_first_vanguard_comes_from_the_main_deck_in_premium(registry: Registry) -> None:
    """RULES.md §4.1: outside D the first vanguard is one of the 50 main-deck cards."""
    decks = registry.default_decks("premium")
    game = registry.new_game("premium", decks, seed=1)
    st = game.state
    for seat, deck in zip("AB", decks, strict=True):
        vc = game.vanguard(seat)
        assert vc is not None and st.card_ids[vc] == deck.first_vanguard
        zones = st.players[seat].zones
        assert len(zones[Zone.HAND]) == 5
        assert len(zones[Zone.DECK]) == len(deck.main) - 1 - 5
        assert not zones[Zone.RIDE_DECK]


def test_first_vanguard_comes_from_the_ride_deck_in_d_standard(registry: Registry) -> None:
    """RULES.md §4.1: in D the first vanguard is the ride deck's grade 0; the rest stay there."""
    decks = registry.default_decks("d-standard")
    game = registry.new_game("d-standard", decks, seed=1)
    st = game.state
    for seat, deck in zip("AB", decks, strict=True):
        vc = game.vanguard(seat)
        assert vc is not None and game.card(vc).grade == 0
        assert st.card_ids[vc] in deck.ride_deck
        zones = st.players[seat].zones
        assert len(zones[Zone.RIDE_DECK]) == 3
        assert len(zones[Zone.DECK]) == len(deck.main) - 5
        assert not any(st.face_up[u] for u in zones[Zone.RIDE_DECK])


def test_each_player_draws_five(registry: Registry) -> None:
    """RULES.md §4.4."""
    game = registry.new_game("v-standard", seed=2)
    assert [len(hand_uids(game, s)) for s in "AB"] == [5, 5]


def test_vanguards_stand_up_face_up_after_the_mulligans(registry: Registry) -> None:
    """RULES.md §4.1 and §4.5: placed face down, turned face up by "stand up"."""
    game = registry.new_game("premium", seed=3)
    vcs = [game.vanguard(s) for s in "AB"]
    assert not any(game.state.face_up[u] for u in vcs if u is not None)
    game.apply("keep")
    game.apply("keep")
    assert all(game.state.face_up[u] for u in vcs if u is not None)
    kinds = [e["kind"] for e in game.state.log]
    assert kinds.index("stand_up") > max(i for i, k in enumerate(kinds) if k == "mulligan")


def test_first_player_is_a_seeded_coin_flip(registry: Registry) -> None:
    """RULES.md §4.3 (Decision): random by default, from the game's own PRNG."""
    firsts = {registry.new_game("premium", seed=s).state.first_player for s in range(12)}
    assert firsts == {"A", "B"}
    again = [registry.new_game("premium", seed=s).state.first_player for s in range(6)]
    assert again == [registry.new_game("premium", seed=s).state.first_player for s in range(6)]


def test_first_player_may_be_fixed(registry: Registry) -> None:
    """RULES.md §4.3 (Decision): an explicit first player."""
    for seed in range(4):
        game = registry.new_game("premium", seed=seed, first_player="B")
        assert game.state.first_player == "B"
        assert game.decision is not None and game.decision.seat == "B"


def test_mulligan_asks_one_card_at_a_time(registry: Registry) -> None:
    """RULES.md §4.4, SCENARIOS.md §2: any number of cards, one `mulligan <id>` per answer
    (copies alike: an id stays offered while a copy of it is left), `keep` ends the choice;
    the decision says how many are chosen so far."""
    game = registry.new_game("premium", seed=4)
    d = game.decision
    assert d is not None
    seat = d.seat
    hand = Counter(game.state.card_ids[u] for u in hand_uids(game, seat))
    assert max(hand.values()) >= 2, "the seed should deal two copies of a card"
    assert set(d.options) == {Action("keep"), *(Action("mulligan", (i,)) for i in hand)}
    assert d.data["chosen"] == 0 and d.data["max"] == 5
    twice = next(i for i, n in hand.items() if n >= 2)
    game.apply(f"mulligan {twice}")
    d = game.decision
    assert d is not None and d.seat == seat and d.data["chosen"] == 1
    assert Action("mulligan", (twice,)) in d.options
    assert d.data["picked"] == [twice] and "chosen so far 1 of 0..5" in d.prompt
    for _ in range(hand[twice] - 1):
        game.apply(f"mulligan {twice}")
    d = game.decision
    assert d is not None and Action("mulligan", (twice,)) not in d.options
    assert len(hand_uids(game, seat)) == 5, "nothing moves before `keep`"
    game.apply("keep")
    event = [e for e in game.state.log if e["kind"] == "mulligan"][-1]
    assert event["seat"] == seat and event["cards"] == [twice] * hand[twice]
    assert len(hand_uids(game, seat)) == 5


def test_a_mulligan_in_progress_saves_and_clones(registry: Registry) -> None:
    """The picks so far are part of the state: a clone and a JSON round trip mid-choice
    finish the same way as the original."""
    game = registry.new_game("v-standard", seed=7)
    assert game.decision is not None
    first = game.state.card_ids[hand_uids(game, game.decision.seat)[0]]
    game.apply(f"mulligan {first}")
    copy = game.clone()
    saved = Game.from_json(game.engine, game.to_json())
    for g in (game, copy, saved):
        assert g.decision is not None and g.decision.data["chosen"] == 1
        g.apply("keep")
    assert game.state.state_hash() == copy.state.state_hash() == saved.state.state_hash()


def test_multi_card_mulligan_answers_are_refused_with_the_new_form(registry: Registry) -> None:
    """The old combined answer names several cards: refused, naming the one-at-a-time form."""
    game = registry.new_game("premium", seed=4)
    assert game.decision is not None
    ids = sorted(game.state.card_ids[u] for u in hand_uids(game, game.decision.seat))
    before = game.state.state_hash()
    try:
        game.apply(f"mulligan {ids[0]} {ids[1]}")
    except ValueError as exc:
        assert f"'mulligan {ids[0]}', then 'mulligan {ids[1]}'" in str(exc)
    else:
        raise AssertionError("a two-card mulligan answer was accepted")
    assert game.state.state_hash() == before


def test_premium_mulligan_shuffles_back_so_cards_may_return(registry: Registry) -> None:
    """RULES.md §4.4 (`premium`): return, shuffle, then draw — a returned card may come back."""
    came_back = False
    for seed in range(40):
        game = registry.new_game("premium", seed=seed)
        seat = game.decision.seat if game.decision else "A"
        returned = mulligan_everything(game)
        assert len(hand_uids(game, seat)) == 5
        if set(returned) & set(hand_uids(game, seat)):
            came_back = True
            break
    assert came_back


def test_v_and_d_mulligan_puts_cards_on_the_bottom_so_they_cannot_return(
        registry: Registry) -> None:
    """RULES.md §4.4 (`v-standard`/`d-standard`): bottom, draw, then shuffle."""
    for format_id in ("v-standard", "d-standard"):
        for seed in range(15):
            game = registry.new_game(format_id, seed=seed)
            seat = game.decision.seat if game.decision else "A"
            returned = mulligan_everything(game)
            assert not set(returned) & set(hand_uids(game, seat))
            assert set(returned) <= set(game.state.players[seat].zones[Zone.DECK])
            kinds = [e["kind"] for e in game.state.log if e.get("seat") == seat]
            assert kinds[-1] == "shuffle", "V/D shuffle after drawing"


def test_keeping_shuffles_nothing(registry: Registry) -> None:
    """RULES.md §4.4: returning no card shuffles nothing."""
    game = registry.new_game("v-standard", seed=5)
    seat = game.decision.seat if game.decision else "A"
    start = len(game.state.log)
    game.apply("keep")
    later = [e for e in game.state.log[start:] if e["kind"] == "shuffle" and e["seat"] == seat]
    assert not later


def test_vanilla_vanguard_circle_is_filled_for_both(registry: Registry) -> None:
    game = registry.new_game("d-standard", seed=6)
    assert all(game.state.players[s].zones[VC] for s in "AB")

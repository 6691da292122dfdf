"""Determinization (`Game.resample`, vgcore.determinize): a game consistent with what one seat
knows, the cards it cannot identify dealt anew — for search agents and OpenSpiel's resampler."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from tests.hostile.test_hidden import deck_pairs
from vgcore.agents import GreedyAgent, RandomAgent
from vgcore.determinize import Determinizer
from vgcore.errors import SeatError
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.simulate import play_out
from vgcore.types import Zone
from vgcore.views import seers

FORMATS = ["premium", "premium-g", "v-standard", "d-standard", "tag-v-standard"]
EVERY = 19  # decisions between two looks at a game


def points(registry: Registry, format_id: str, seed: int = 0,
           every: int = EVERY) -> Iterator[Game]:
    """A game with the format's scripted decks at every `every`-th decision, played by a
    greedy agent (even seeds) or a random one (odd seeds)."""
    game = registry.new_game(format_id, deck_pairs(registry, format_id)[0], seed=seed)
    agent = GreedyAgent(seed) if seed % 2 == 0 else RandomAgent(seed)
    step = 0
    while not game.is_terminal:
        if step % every == 0:
            yield game
        game.apply(agent.choose(game, game.legal_actions()))
        step += 1


def cards_by_owner(game: Game) -> Counter[tuple[str, str]]:
    st = game.state
    return Counter(zip(st.owners, st.card_ids, strict=True))


@pytest.mark.parametrize("format_id", FORMATS)
def test_a_resampled_game_looks_the_same_to_its_seat(registry: Registry, format_id: str) -> None:
    """The seat's whole view, log included, is unchanged; every player keeps the same cards;
    the original game is untouched; some other seat's view does change."""
    others_differ = 0
    for k, game in enumerate(points(registry, format_id)):
        before = game.state.state_hash()
        for seat in game.state.seats:
            twin = game.resample(seat, random.Random(k))
            assert twin.view(seat) == game.view(seat), (seat, game)
            assert cards_by_owner(twin) == cards_by_owner(game)
            others_differ += any(twin.view(s, log=False) != game.view(s, log=False)
                                 for s in game.state.seats if s != seat)
        assert game.state.state_hash() == before
    assert others_differ > 0


@pytest.mark.parametrize("format_id", FORMATS)
def test_a_resampled_game_is_a_valid_game_that_plays_to_its_end(
        registry: Registry, format_id: str) -> None:
    """It passes every check of a snapshot from a stranger (the pending question asked again
    and each answer probed) and random agents play it to a result."""
    for k, game in enumerate(points(registry, format_id, seed=1)):
        for seat in game.state.seats:
            twin = game.resample(seat, random.Random(100 + k))
            registry.load(twin.to_json())
            play_out(twin, {s: RandomAgent(k) for s in twin.state.seats})
            assert twin.is_terminal


def test_the_hidden_cards_vary_between_samples(registry: Registry) -> None:
    game = next(g for i, g in enumerate(points(registry, "d-standard")) if i == 3)
    determinizer = Determinizer(game, "A")
    rng = random.Random(5)
    hands, decks = set(), set()
    for _ in range(20):
        twin = determinizer.sample(rng)
        b = twin.state.players["B"].zones
        hands.add(tuple(sorted(twin.state.card_ids[u] for u in b[Zone.HAND])))
        decks.add(tuple(twin.state.card_ids[u] for u in twin.state.players["A"].zones[Zone.DECK]))
    assert len(hands) > 10, "the opponent's hand is dealt anew"
    assert len(decks) > 10, "the seat's own deck order is unknown to it too"


def test_the_same_rng_seed_gives_the_same_game(registry: Registry) -> None:
    game = next(g for i, g in enumerate(points(registry, "premium")) if i == 4)
    one = game.resample("B", random.Random(7)).state.state_hash()
    two = game.resample("B", random.Random(7)).state.state_hash()
    other = game.resample("B", random.Random(8)).state.state_hash()
    assert one == two != other


def test_future_chance_is_reseeded(registry: Registry) -> None:
    """Two samples that deal the same cards still shuffle and check differently: the PRNG
    comes from the sampler's rng, not from the real game."""
    game = next(g for i, g in enumerate(points(registry, "premium")) if i == 2)
    twin = game.resample("A", random.Random(1))
    assert twin.state.rng.to_json() != game.state.rng.to_json()


def test_cards_the_seat_saw_keep_their_identity(registry: Registry) -> None:
    """A face-down damage card was face up when it was dealt (the damage check is public):
    the opponent still knows it. The seat's own face-down cards and the opponent's G zone
    (not a main-deck part) are not dealt anew either."""
    seen = 0
    for format_id in ("premium", "d-standard", "premium-g"):
        for k, game in enumerate(points(registry, format_id, seed=3, every=7)):
            st = game.state
            for seat in st.seats:
                twin = game.resample(seat, random.Random(k))
                for uid, (_holder, zone) in enumerate(st.loc):
                    if zone in (Zone.DAMAGE, "g_zone") or (st.owners[uid] == seat
                                                              and zone != Zone.DECK):
                        assert twin.state.card_ids[uid] == st.card_ids[uid], (zone, uid)
                        seen += zone == Zone.DAMAGE and seat not in seers(game, uid)
    assert seen > 0, "no face-down damage card of the opponent was met"


def test_another_seats_question_is_asked_again_from_its_new_cards(registry: Registry) -> None:
    """When the opponent is being asked, the sample's question is the opponent's, of the same
    kind, and its options name only cards the opponent now holds."""
    checked = 0
    for k, game in enumerate(points(registry, "premium", seed=0, every=1)):
        d = game.decision
        if d is None or d.kind != "guard":
            continue
        other = next(s for s in game.state.seats if s != d.seat)
        for i in range(5):
            twin = game.resample(other, random.Random(i + 10 * k))
            assert twin.decision is not None
            assert (twin.decision.seat, twin.decision.kind) == (d.seat, d.kind)
            hand = {twin.state.card_ids[u] for u in twin.state.players[d.seat].zones[Zone.HAND]}
            named = {a.args[0] for a in twin.decision.options if a.verb == "guard"}
            assert named <= hand
            checked += 1
    assert checked


def test_bad_arguments_are_refused(registry: Registry) -> None:
    game = registry.new_game("premium", seed=0)
    with pytest.raises(SeatError, match="unknown seat 'C'"):
        game.resample("C", random.Random(0))
    with pytest.raises(TypeError, match=r"random\.Random"):
        game.resample("A", 3)  # type: ignore[arg-type]

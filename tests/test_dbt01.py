"""The booster set D-BT01: its five nation decks (each nation's D-BT01 cards with its start deck)
are legal in d-standard, every pair of them plays out in a strict engine, and the set's
abilities and mechanics (orders, overDress, Prison, persona ride, over triggers) occur in those
games (RULES.md §1, §3, §5–§9; plugins dera, overdress, prison).

Each card's abilities are tested one by one by the scenarios in card_scripts/D-BT01/scenarios.
The full run the set promises (200 strict games per pair, both seats winning some, every
AUTO/ACT of the decks' D-BT01 cards started) takes minutes, so it runs only with
VGCORE_FULL_PLAYOUTS=1; the default suite plays a sample of every pair (20 games) with the same
invariants.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tests.invariants import (
    FULL_PLAYOUTS,
    cards_that_start_abilities,
    started_cards,
    strict_playouts,
)
from vgcore.plugins import Registry

pytestmark = pytest.mark.full

FORMAT = "d-standard"
PREFIX = "D-BT01-"
NATIONS = {
    "D-BT01-dragon-empire": ("Dragon Empire", "D-SD01-"),
    "D-BT01-dark-states": ("Dark States", "D-SD02-"),
    "D-BT01-keter-sanctuary": ("Keter Sanctuary", "D-SD03-"),
    "D-BT01-stoicheia": ("Stoicheia", "D-SD04-"),
    "D-BT01-brandt-gate": ("Brandt Gate", "D-SD05-"),
    "D-BT01-brandt-gate-prison": ("Brandt Gate", "D-SD05-"),
}
FULL_RUN = FULL_PLAYOUTS
FULL_GAMES_PER_PAIR = 200
SAMPLE_GAMES_PER_PAIR = 20
PAIRS = list(combinations(sorted(NATIONS), 2))
# Events that show each mechanic of the set was played: a set order or a normal order, a card
# placed by overDress, a card imprisoned and one freed, a persona ride, an over trigger, an
# Alchemagic, a Shadow Army token that ceased to exist, an ability a player was given.
MECHANICS = ("order", "order_set", "overdress", "imprison", "free", "persona_ride",
             "over_trigger", "alchemagic", "token_ceased", "give_player")


@pytest.mark.parametrize("name", sorted(NATIONS))
def test_dbt01_decks_are_legal_and_of_their_nation(registry: Registry, name: str) -> None:
    deck = registry.deck(name)
    nation, start_deck = NATIONS[name]
    assert deck.format == FORMAT
    assert len(deck.ride_deck) == 4 and len(deck.main) + len(deck.ride_deck) == 50
    assert registry.deck_violations(deck, FORMAT) == []
    ids = set(deck.ride_deck) | set(deck.main)
    assert {registry.db[i].nation for i in ids} == {nation}
    assert all(i.startswith((PREFIX, start_deck)) for i in ids)
    assert sum(i.startswith(PREFIX) for i in deck.main) >= len(deck.main) // 3


def test_dbt01_decks_are_shipped_for_d_standard(registry: Registry) -> None:
    names = {d.name for d in registry.decks_for(FORMAT) if d.name.startswith(PREFIX)}
    assert names == set(NATIONS)


def test_dbt01_sample_games_show_the_set(registry: Registry) -> None:
    """A sample of every pair (invariants after every decision, no script error): every deck
    wins some games, each mechanic of the set is played, and nearly every D-BT01 card of the
    decks with an AUTO or ACT starts it (the full run asks for all of them)."""
    kinds, started, wins = play_all_pairs(registry, SAMPLE_GAMES_PER_PAIR)
    assert set(wins) == set(NATIONS), wins
    assert all(kinds[k] for k in MECHANICS), {k: kinds[k] for k in MECHANICS}
    expected = deck_cards_with_started_abilities(registry)
    missing = expected - started
    assert len(missing) <= len(expected) // 10, sorted(missing)


@pytest.mark.skipif(not FULL_RUN, reason="the full run: set VGCORE_FULL_PLAYOUTS=1")
@pytest.mark.parametrize(("deck_a", "deck_b"), PAIRS)
def test_dbt01_pairs_full_run(registry: Registry, deck_a: str, deck_b: str) -> None:
    """200 strict games per pair, the promise made for every shipped set."""
    play_pair(registry, deck_a, deck_b, FULL_GAMES_PER_PAIR)


@pytest.mark.skipif(not FULL_RUN, reason="the full run: set VGCORE_FULL_PLAYOUTS=1")
def test_dbt01_every_ability_starts_in_the_full_run(registry: Registry) -> None:
    kinds, started, _wins = play_all_pairs(registry, FULL_GAMES_PER_PAIR)
    assert all(kinds[k] for k in MECHANICS), {k: kinds[k] for k in MECHANICS}
    missing = deck_cards_with_started_abilities(registry) - started
    assert missing == set(), sorted(missing)


def play_pair(registry: Registry, deck_a: str, deck_b: str, games: int) -> None:
    decks = [registry.deck(deck_a), registry.deck(deck_b)]
    wins = Counter(g.state.result for g in strict_playouts(registry, FORMAT, decks, games))
    assert wins["A"] and wins["B"], wins


def play_all_pairs(registry: Registry,
                   games: int) -> tuple[Counter[str], set[str], Counter[str]]:
    """Event kinds logged, cards whose abilities started and wins per deck, over `games` strict
    games per pair."""
    kinds: Counter[str] = Counter()
    started: set[str] = set()
    wins: Counter[str] = Counter()
    for deck_a, deck_b in PAIRS:
        decks = [registry.deck(deck_a), registry.deck(deck_b)]
        for game in strict_playouts(registry, FORMAT, decks, games):
            kinds.update(e["kind"] for e in game.state.log)
            started |= started_cards(game)
            winner = {"A": deck_a, "B": deck_b}.get(game.state.result or "")
            if winner:
                wins[winner] += 1
    return kinds, started, wins


def deck_cards_with_started_abilities(registry: Registry) -> set[str]:
    """The D-BT01 cards of the five decks that have an AUTO or ACT ability."""
    in_decks = {i for name in NATIONS for i in (*registry.deck(name).ride_deck,
                                                *registry.deck(name).main)}
    return cards_that_start_abilities(registry, FORMAT, PREFIX) & in_decks

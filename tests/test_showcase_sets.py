"""The built-in showcase sets GX01 (G era: stride, plugin vgcore_stride; legion, plugin
vgcore_legion) and VX01 (imaginary gifts, plugin vgcore_gifts): their decks are legal and are
the defaults of premium-g and v-standard, and random games between them play out in a strict
engine with the invariants checked after every decision — and the mechanics they show off do
happen (RULES.md §3, §4, §7, §10, §11, §12).

Each card's abilities one by one are tested by the scenarios in card_scripts/GX01/scenarios
and card_scripts/VX01/scenarios.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from vgcore_gifts import PROTECT_CARD, PSEUDO_CARDS, TICKET_CARD

from tests.invariants import play_checked
from vgcore.agents import GreedyAgent
from vgcore.game import Game
from vgcore.plugins import Registry

G_DECKS = ("GX01-gold-paladin", "GX01-narukami")
# GX01's legion pairs, leader → mate; each names the other, so either may lead.
G_LEGIONS = {"GX01-020": "GX01-021", "GX01-050": "GX01-051"}
GIFT_DECKS = {"accel": "VX01-neo-nectar-accel", "force": "VX01-royal-paladin-force",
              "protect": "VX01-oracle-think-tank-protect"}
G_GAMES = 100
G_GREEDY_GAMES = 10
GIFT_GAMES_PER_PAIR = 40


def scripted_cards(registry: Registry, format_id: str, prefix: str) -> set[str]:
    """Cards of a set with an AUTO or ACT ability (CONT abilities log no `ability` event)."""
    engine = registry.engine(format_id)
    return {card_id for card_id in registry.db if card_id.startswith(prefix)
            and (script := engine.script(card_id))
            and any(a.kind != "cont" for a in script.abilities)}


def assert_strict_game(game: Game) -> None:
    log = game.state.log
    assert log[-1]["kind"] == "game_over"
    assert not [e for e in log if e["kind"] == "script_error"]


# -- GX01 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", G_DECKS)
def test_gx01_decks_are_legal_with_a_g_deck(registry: Registry, name: str) -> None:
    """RULES.md §3: 50 main-deck cards, 16 triggers; a G deck of at most 16 G units, at most 4
    of a name; an ultimate stride G unit and G guardians among them; 3 or 4 of each card of
    the clan's legion pair (RULES.md §12)."""
    deck = registry.deck(name)
    assert deck.format == "premium-g"
    assert len(deck.main) == 50 and len(deck.g_deck) == 16
    assert registry.deck_violations(deck, "premium-g") == []
    g_units = [registry.db[c] for c in deck.g_deck]
    assert {c.kind for c in g_units} == {"g_unit"}
    assert max(Counter(c.name for c in g_units).values()) <= 4
    assert any(c.extra.get("ultimate_stride") for c in g_units)
    assert any(c.shield for c in g_units), "G guardians have a printed shield"
    leaders = [card for card in G_LEGIONS if card in deck.main]
    assert len(leaders) == 1, "one legion pair per deck"
    for card in (leaders[0], G_LEGIONS[leaders[0]]):
        assert 3 <= deck.main.count(card) <= 4


def test_gx01_decks_are_the_premium_g_defaults(registry: Registry) -> None:
    assert tuple(d.name for d in registry.default_decks("premium-g")) == G_DECKS


def test_gx01_decks_play_out_strictly_stride_and_legion(registry: Registry) -> None:
    """Random premium-g games between the two G decks (both seat orders): invariants after
    every decision, no script errors, both decks win some; strides, ultimate strides, G
    guardians and generation break abilities happen, and every scripted card's ability starts
    (Worldrend's too, which needs the Narukami ultimate stride; its scenarios test it fully).

    Legions happen and end (RULES.md §12), each card of both pairs leading in some, and every
    ability of the legion cards resolves: the leaders' "when this unit legions" and in-legion
    attacks (which fizzle out of legion), and the mates' abilities, started while they stand
    beside the vanguard ("placed as a mate", Sunfang's ACT, Hibana's generation break 2)."""
    decks = [registry.deck(name) for name in G_DECKS]
    engine = registry.engine("premium-g")
    legion_cards = set(G_LEGIONS) | set(G_LEGIONS.values())
    wins: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    started: set[str] = set()
    resolved: set[str] = set()
    leaders: set[str] = set()
    started_as_mate: set[str] = set()
    for seed in range(G_GAMES):
        game = play_checked(registry, "premium-g", decks if seed % 2 else decks[::-1], seed)
        assert_strict_game(game)
        wins[game.state.result or "draw"] += 1
        mates: set[int] = set()       # uids of the mates beside a vanguard now
        for e in game.state.log:
            kind = e["kind"]
            if kind in ("stride", "stride_end", "g_guardian", "legion"):
                seen[kind] += 1
            if kind == "stride" and e["ultimate"]:
                seen["ultimate stride"] += 1
            if kind == "legion":
                leaders.add(e["card"])
                mates.add(e["mate_uid"])
            elif kind in ("put", "retire") and e.get("uid") in mates:
                mates.discard(e["uid"])
                seen["legion end"] += 1
            if kind == "ability":
                started.add(e["card"])
                if e["uid"] in mates:
                    started_as_mate.add(f"{e['card']}:{e['ability']}")
            if kind == "ability_resolved" and e["card"] in legion_cards:
                resolved.add(f"{e['card']}:{e['ability']}")
            if (kind == "ability_resolved" and e["card"].startswith("GX01-")
                    and engine.ability(e["card"], e["ability"]).spec.get("generation_break")):
                seen["generation break"] += 1
    assert wins["A"] > 0 and wins["B"] > 0, wins
    assert all(seen[k] > 0 for k in ("stride", "stride_end", "g_guardian", "ultimate stride",
                                      "generation break", "legion", "legion end")), seen
    assert scripted_cards(registry, "premium-g", "GX01-") - started == set()
    assert leaders == legion_cards
    assert resolved == {f"{card}:{n}" for card in legion_cards for n in (1, 2)}
    assert started_as_mate == {f"{mate}:{n}" for mate in G_LEGIONS.values() for n in (1, 2)}


def test_gx01_greedy_games_legion(registry: Registry) -> None:
    """`vgcore simulate --format premium-g` plays greedy agents: they legion when offered, so
    legions of both clans happen in a handful of those games as well (RULES.md §12)."""
    decks = [registry.deck(name) for name in G_DECKS]
    clans: set[str] = set()
    for seed in range(G_GREEDY_GAMES):
        game = registry.new_game("premium-g", decks, seed=seed)
        agents = {"A": GreedyAgent(seed), "B": GreedyAgent(seed + 1)}
        while not game.is_terminal:
            decision = game.decision
            assert decision is not None
            game.apply(agents[decision.seat].choose(game, game.legal_actions()))
        assert_strict_game(game)
        clans |= {registry.db[e["card"]].clan for e in game.state.log if e["kind"] == "legion"}
    assert clans == {"Gold Paladin", "Narukami"}


# -- VX01 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("gift", sorted(GIFT_DECKS))
def test_vx01_decks_are_legal_one_gift_each(registry: Registry, gift: str) -> None:
    """RULES.md §3 (v-standard: at most 4 sentinels), §11: every grade 3 of the deck carries
    the deck's gift; the first vanguard's script gives the quick shield ticket."""
    deck = registry.deck(GIFT_DECKS[gift])
    assert deck.format == "v-standard"
    assert len(deck.main) == 50
    assert registry.deck_violations(deck, "v-standard") == []
    grade3 = [registry.db[c] for c in deck.main if registry.db[c].grade == 3]
    assert grade3 and {c.gift for c in grade3} == {gift}
    first = registry.engine("v-standard").script(deck.first_vanguard)
    assert first is not None
    assert "quick_shield_ticket" in repr(first.abilities[0].spec)


def test_vx01_decks_are_the_v_standard_defaults(registry: Registry) -> None:
    assert tuple(d.name for d in registry.default_decks("v-standard")) == (
        GIFT_DECKS["force"], GIFT_DECKS["protect"])


def test_vx01_decks_play_each_other_strictly_with_every_gift(registry: Registry) -> None:
    """Random v-standard games between every pair of gift decks: invariants after every
    decision (the card total grows only by tickets and Protect I cards), no script errors;
    every gift type and version is gained, accel circles are used, Protect I guards, tickets
    are played, and every scripted card's ability starts."""
    seen: Counter[str] = Counter()
    started: set[str] = set()
    for deck_a, deck_b in combinations(sorted(GIFT_DECKS.values()), 2):
        decks = [registry.deck(deck_a), registry.deck(deck_b)]
        wins: Counter[str] = Counter()
        for seed in range(GIFT_GAMES_PER_PAIR):
            game = play_checked(registry, "v-standard", decks, seed,
                                created=frozenset(PSEUDO_CARDS))
            assert_strict_game(game)
            wins[game.state.result or "draw"] += 1
            for e in game.state.log:
                kind = e["kind"]
                if kind == "gift":
                    seen[f"{e['gift']}-{e['version']}"] += 1
                elif kind in ("call", "attack") and str(e.get("circle")).startswith("RC.X"):
                    seen[f"accel circle {kind}"] += 1
                elif kind == "guard" and e["card"] == PROTECT_CARD:
                    seen["protect I guard"] += 1
                elif kind == "order" and e["card"] == TICKET_CARD:
                    seen["ticket"] += 1
                elif kind == "ability":
                    started.add(e["card"])
        assert wins["A"] > 0 and wins["B"] > 0, (deck_a, deck_b, wins)
    wanted = [f"{gift}-{version}" for gift in GIFT_DECKS for version in (1, 2)]
    wanted += ["accel circle call", "accel circle attack", "protect I guard", "ticket"]
    assert all(seen[k] > 0 for k in wanted), seen
    assert scripted_cards(registry, "v-standard", "VX01-") - started == set()

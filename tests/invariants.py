"""State invariants checked after every decision of the random playouts."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from vgcore.agents import RandomAgent
from vgcore.decisions import Decision
from vgcore.decks import DeckList
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.types import GC, TOKEN

# How many games a playout test plays: the promised count (200 games per pair of shipped decks,
# say) takes minutes, so the everyday suite plays a sample of it with the same checks, and the
# full count runs with VGCORE_FULL_PLAYOUTS=1 (.ci/run does, for the tests marked `full`).
FULL_PLAYOUTS = os.environ.get("VGCORE_FULL_PLAYOUTS") == "1"


def playout_count(everyday: int, full: int) -> int:
    """`full` games under VGCORE_FULL_PLAYOUTS=1, else `everyday`. A test using it is marked
    `@pytest.mark.full`, so that CI's full-count step (`pytest -m full`) runs it."""
    assert 0 < everyday <= full
    return full if FULL_PLAYOUTS else everyday


def check_invariants(game: Game, total_cards: int) -> None:
    st = game.state
    assert len(st.card_ids) == total_cards, "cards appeared or vanished"
    if not _zones_agree(st, total_cards):
        _check_zones(st, total_cards)  # fails, saying how
        raise AssertionError("the zones and st.loc disagree")
    _check_rest(game, st)


def _zones_agree(st: Any, total_cards: int) -> bool:
    """The checks of `_check_zones`, fast (they run after every decision of every playout):
    every card in one zone only, the one st.loc records, at most one unit per circle.
    A plain loop comparing each card's st.loc entry with its zone: about twice as fast as a
    set of st.loc entries per zone and a set of every uid built zone by zone."""
    loc = st.loc
    held: list[int] = []
    try:
        for seat, player in st.players.items():
            circles = player.circles
            for zone, cards in player.zones.items():
                if not cards:
                    continue
                if len(cards) > 1 and zone in circles:
                    return False
                where = (seat, zone)
                for uid in cards:
                    if loc[uid] != where:
                        return False
                held += cards
        # a card in two zones has a wrong st.loc in one of them; in one zone twice, a
        # duplicate uid
        return len(held) == len(set(held)) == total_cards
    except (IndexError, TypeError):
        return False


def _check_zones(st: Any, total_cards: int) -> None:
    seen: dict[int, tuple[str, str]] = {}
    for seat, player in st.players.items():
        for zone, cards in player.zones.items():
            for uid in cards:
                assert uid not in seen, f"card {uid} is in {seen[uid]} and in {(seat, zone)}"
                seen[uid] = (seat, zone)
            if zone in player.circles:
                assert len(cards) <= 1, f"{seat}.{zone} holds {len(cards)} units"
    assert len(seen) == total_cards, "some card is in no zone"
    for uid, where in seen.items():
        assert st.loc[uid] == where, f"card {uid} is in {where} but recorded at {st.loc[uid]}"


def _check_rest(game: Game, st: Any) -> None:
    for seat, player in st.players.items():
        if player.zones[GC]:
            assert st.battle is not None, f"{seat} has guardians outside a battle"
    if st.result is None and game.engine.frames[st.stack[-1]["k"]].checks_rules:
        # A question asked at check timing: no one may meet a losing condition (RULES.md §9).
        # Inside a resolution the rules are not checked yet; they are once it ends.
        limit = game.engine.format.damage_to_lose
        for seat, player in st.players.items():
            team = sum(len(st.players[s].zones["damage"]) for s in game.engine.team_members[seat])
            assert team < limit, f"{seat}'s team has {team} damage (loses at {limit}), game goes on"
            assert player.zones["deck"], f"{seat}'s deck is empty and the game goes on"
    if st.result is None:
        d = st.decision
        assert d is not None and d.options, "a running game must be waiting on a decision"
        assert len(set(d.options)) == len(d.options), f"duplicate options in {d.kind}"
        check_option_count(d)
    else:
        teams = game.engine.seat_layout.team_ids()
        assert st.result == "draw" or st.result in teams, f"the result {st.result!r} is no team"


# Answers that pair two independent names (a card and a circle, an attacker and a target, a
# ride-deck card and a hand card to discard): their options are a product of two small pools.
PAIRED_VERBS = frozenset({"call", "attack", "ride-deck"})
# In a column battle a guardian or an interceptor also names the attacked unit it protects.
PAIRED_IN_COLUMN_BATTLES = frozenset({"guard", "intercept"})


def check_option_count(d: Decision) -> None:
    """No decision lists combinations of cards (SCENARIOS.md §2): for every verb, there are at
    most as many answers as the distinct names they could give (cards, circles, words); a verb
    that pairs two names has at most one answer per pair, and names exactly two."""
    by_verb: dict[str, list[tuple[str, ...]]] = {}
    for option in d.options:
        by_verb.setdefault(option.verb, []).append(option.args)
    for verb, answers in by_verb.items():
        if verb in PAIRED_VERBS or (verb in PAIRED_IN_COLUMN_BATTLES
                                    and all(len(args) == 2 for args in answers)):
            assert all(len(args) == 2 for args in answers), f"{verb} names more than a pair"
            firsts, seconds = {a[0] for a in answers}, {a[1] for a in answers}
            assert len(answers) <= len(firsts) * len(seconds)
            continue
        names = {arg for args in answers for arg in args}
        assert len(answers) <= max(1, len(names)), (
            f"{d.kind}: {len(answers)} '{verb}' answers name only {len(names)} cards or "
            f"circles: a choice of several cards must be asked one card at a time")


def play_checked(registry: Registry, format_id: str, decks: list[DeckList], seed: int, *,
                 created: frozenset[str] = frozenset()) -> Game:
    """One game between uniform random agents, the invariants checked after every decision.

    `created`: ids of cards the game may create while it runs (pseudo-cards such as the gifts
    plugin's quick shield ticket); the card total may grow by those and tokens (kind `token`,
    made on the field by effects) and by nothing else.
    """
    game = registry.new_game(format_id, decks, seed=seed)
    start = len(game.state.card_ids)
    agent = RandomAgent(seed)
    check_invariants(game, start)
    while not game.is_terminal:
        game.apply(agent.choose(game, game.legal_actions()))
        new = game.state.card_ids[start:]
        made = {c for c in new if c not in created and registry.db[c].kind != TOKEN}
        assert not made, f"cards appeared that the game may not create: {sorted(made)}"
        check_invariants(game, start + len(new))
    return game


def strict_playouts(registry: Registry, format_id: str, decks: list[DeckList],
                    games: int) -> Iterator[Game]:
    """`play_checked` games for seeds 0..games-1, each asserted to have ended with no script
    error logged (a strict registry raises them instead)."""
    for seed in range(games):
        game = play_checked(registry, format_id, decks, seed)
        log = game.state.log
        assert log[-1]["kind"] == "game_over"
        assert not [e for e in log if e["kind"] == "script_error"], seed
        yield game


def started_cards(game: Game) -> set[str]:
    """Ids of the cards whose abilities started resolving in a game (`ability` events)."""
    return {e["card"] for e in game.state.log if e["kind"] == "ability"}


def cards_that_start_abilities(registry: Registry, format_id: str, prefix: str) -> set[str]:
    """Cards of a set (ids starting with `prefix`) with an AUTO or ACT ability: those start
    with an `ability` event (CONT abilities apply without one)."""
    engine = registry.engine(format_id)
    return {card_id for card_id in registry.db
            if card_id.startswith(prefix) and (script := engine.script(card_id)) is not None
            and any(a.kind != "cont" for a in script.abilities)}

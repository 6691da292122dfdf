"""Choices of several cards are sequences of single picks (SCENARIOS.md §2).

Playouts of every installed format (tag fight and premium-g included) with scripted decks: no
decision lists combinations (`check_option_count`, checked after every decision by
`play_checked`), and the one-at-a-time choices really come up.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from vgcore_gifts import PSEUDO_CARDS

from tests.invariants import check_option_count, play_checked
from vgcore.agents import GreedyAgent
from vgcore.decisions import Action, Decision
from vgcore.decks import DeckList
from vgcore.plugins import Registry
from vgcore.steps import start_picks

GAMES_PER_FORMAT = 4


def scripted_pair(registry: Registry, format_id: str) -> list[DeckList]:
    """Two decks of the format with card scripts (not the vanilla ones) when it has them."""
    base = format_id.removeprefix("tag-")  # a tag fight plays its base format's decks
    decks = [d for d in registry.decks_for(base) if not d.name.startswith("vanilla")]
    return decks[:2] if len(decks) >= 2 else list(registry.default_decks(format_id))


def formats(registry: Registry) -> list[str]:
    return sorted(registry.formats)


@pytest.mark.parametrize("format_id", formats(Registry()))
def test_no_decision_lists_combinations(registry: Registry, format_id: str) -> None:
    """Random playouts: every decision has at most as many answers per verb as names it can
    give; several-card choices are asked pick by pick (the data counts the picks so far)."""
    decks = scripted_pair(registry, format_id)
    picks_seen = 0
    for seed in range(GAMES_PER_FORMAT):
        game = play_checked(registry, format_id, decks, seed, created=pseudo_cards())
        picks_seen += sum(1 for e in game.state.log if e["kind"] == "decision"
                          and e["question"] in ("mulligan", "choose")
                          and e["answer"].split()[0] in ("mulligan", "choose"))
    assert picks_seen > 0


def pseudo_cards() -> frozenset[str]:
    """Cards a v-standard game may create (quick shield tickets, Protect I)."""
    return frozenset(PSEUDO_CARDS)


def test_greedy_games_pay_strides_card_by_card_without_waste(registry: Registry) -> None:
    """Greedy agents in premium-g with G decks: each stride's discards total 3 or more grades
    and stop there (dropping the smallest would fall short); mulligans return cards one at a
    time; the option bound holds throughout."""
    decks = scripted_pair(registry, "premium-g")
    db = registry.engine("premium-g").db
    strides = 0
    for seed in range(3):
        game = registry.new_game("premium-g", decks, seed=seed)
        agents = {"A": GreedyAgent(1), "B": GreedyAgent(2)}
        while not game.is_terminal:
            d = game.decision
            assert d is not None
            check_option_count(d)
            game.apply(agents[d.seat].choose(game, d.options))
        log = game.state.log
        assert sum(1 for e in log if e["kind"] == "mulligan") == 2
        for i, event in enumerate(log):
            if event["kind"] != "stride":
                continue
            strides += 1
            grades = []
            j = i - 1
            while log[j]["kind"] == "discard":
                grades.append(db[log[j]["card"]].grade or 0)
                j -= 1
            assert sum(grades) >= 3 and sum(grades) - min(grades) < 3, grades
    assert strides >= 3


def test_the_bound_refuses_a_decision_that_lists_combinations() -> None:
    """The check itself: a mulligan listing every selection of a 5-card hand fails it."""
    hand = ["C1", "C2", "C3", "C4", "C5"]
    options = [Action("keep"), *(Action("mulligan", pick) for n in range(1, 6)
                                 for pick in combinations(hand, n))]
    with pytest.raises(AssertionError, match="one card at a time"):
        check_option_count(Decision(1, "A", "mulligan", "", options))
    single = [Action("keep"), *(Action("mulligan", (c,)) for c in hand)]
    check_option_count(Decision(1, "A", "mulligan", "", single))


def test_a_weighted_choice_that_cannot_be_completed_is_refused() -> None:
    """A plugin that would begin a stride-like cost the hand cannot pay gets a clear error
    instead of a choice that could never end."""
    frame: dict[str, object] = {}
    with pytest.raises(ValueError, match="cannot be completed"):
        start_picks(frame, "A", [1, 2], 0, 2, weights=[1, 1], need=3)
    assert "pick" not in frame
    assert start_picks(frame, "A", [1, 2], 0, 2, weights=[1, 2], need=3)


@pytest.mark.parametrize("format_id", ["premium-g", "d-standard", "tag-v-standard"])
def test_a_chooser_knows_exactly_the_cards_the_zone_rules_show_it(registry: Registry,
                                                                  format_id: str) -> None:
    """`knows` (what a pick names by its identity) reads the zone rules directly; it must
    agree with `views.seers` (RULES.md §1) plus the chooser's own deck, for every card and
    seat at every decision of whole games."""
    from vgcore.agents import RandomAgent
    from vgcore.steps import knows
    from vgcore.types import Zone
    from vgcore.views import seers

    game = registry.new_game(format_id, seed=1)
    agent = RandomAgent(1)
    while not game.is_terminal:
        st = game.state
        for uid in range(len(st.card_ids)):
            for seat in st.seats:
                expected = seat in seers(game, uid) or st.loc[uid] == (seat, Zone.DECK)
                assert knows(game, seat, uid) == expected, (uid, seat, st.loc[uid])
        game.apply(agent.choose(game, game.legal_actions()))

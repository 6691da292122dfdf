"""Where abilities work (RULES.md §7: an ability works only from the zones its card names):
`GameIndex.placed` finds the ACT and CONT abilities whose cards lie where their list's
abilities work, walking whichever is fewer — the cards in those zones, or the cards holding
such abilities. Whole games of the scripted d-standard decks check, at every decision and for
every list, that what it finds is what a plain scan of the list finds, and that both ways of
looking were taken; `placed_on` (one card's) likewise.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from vgcore.agents.random import RandomAgent
from vgcore.bench import set_pairs
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.selectors import active_in, zone_matches, zone_names
from vgcore.types import GC

GAMES_PER_PAIR = 2


@pytest.fixture(scope="module")
def builtin() -> Registry:
    return Registry(strict=True)


def entries_of(game: Game, which: str) -> list[tuple[int, Any]]:
    index = game.index
    if ":" in which:  # "stat:<s>", and its parts "self:<s>" and "others:<s>"
        return list(index.stat_conts.get(which, []))
    return list(getattr(index, which))


def scanned(game: Game, which: str, seats: tuple[str, ...]) -> list[tuple[int, Any]]:
    """Every ability of the list whose card is with one of `seats` in a zone named by one of
    the list's zone words, by uid, each card's abilities in the list's order."""
    entries = entries_of(game, which)
    words = tuple(dict.fromkeys(w for _uid, a in entries for w in sorted(a.zone_set)))
    names = {seat: set(zone_names(game, seat, words)) for seat in seats}
    loc = game.state.loc
    return [(uid, ability) for uid, ability in sorted(entries, key=lambda e: e[0])
            if loc[uid][0] in names and loc[uid][1] in names[loc[uid][0]]]


def zone_walk_is_shorter(game: Game, which: str, seats: tuple[str, ...]) -> bool:
    entries = entries_of(game, which)
    words = tuple(dict.fromkeys(w for _uid, a in entries for w in sorted(a.zone_set)))
    in_zones = sum(len(game.state.players[seat].zones.get(name, ()))
                   for seat in seats for name in zone_names(game, seat, words))
    return in_zones < len({uid for uid, _a in entries})


@pytest.mark.parametrize("label", ["D-BT01-brandt-gate vs D-BT01-brandt-gate-prison",
                                   "D-BT01-keter-sanctuary vs D-BT01-stoicheia"])
def test_placed_finds_what_a_scan_of_the_list_finds(builtin: Registry, label: str) -> None:
    decks = set_pairs(builtin, "d-standard")[label]
    ways = {True: 0, False: 0}
    for seed in range(GAMES_PER_PAIR):
        game = builtin.new_game("d-standard", decks, seed)
        agent = RandomAgent(seed)
        while not game.is_terminal:
            index = game.index
            lists = ["acts", "conts", "state_conts", *sorted(index.stat_conts)]
            seat_sets = [(s,) for s in game.state.seats] + [tuple(game.state.seats)]
            for which in lists:
                if not entries_of(game, which):
                    continue
                for seats in seat_sets:
                    found = index.placed(game, which, seats)
                    assert [(u, id(a)) for u, a in found] == [
                        (u, id(a)) for u, a in scanned(game, which, seats)], (which, seats)
                    ways[zone_walk_is_shorter(game, which, seats)] += 1
                everywhere = scanned(game, which, tuple(game.state.seats))
                for uid in {u for u, _a in entries_of(game, which)}:  # one card's: placed_on
                    assert [id(a) for a in index.placed_on(game, which, uid)] == [
                        id(a) for u, a in everywhere if u == uid], (which, uid)
            game.apply(agent.choose(game, game.legal_actions()))
    assert ways[True] > 0 and ways[False] > 0  # both ways of looking were checked


ZONE_WORDS = ("VC", "RC", "RC.FL", "RC.X1", "field", "units", "GC", "hand", "drop", "soul")


@pytest.mark.parametrize("format_id", ["d-standard", "v-standard", "premium"])
def test_active_in_answers_as_zone_matches_does(builtin: Registry, format_id: str) -> None:
    """`active_in` (an ability's zones, with the common answers first) agrees with the full
    `zone_matches` for every zone of every seat — core zones, circles (one made mid-game
    too), GC and plugins' zones standing on a circle — and every set of up to three words."""
    game = builtin.new_game(format_id)
    game.add_circle(game.state.seats[0], "RC.X1", "front", -2)
    extra = tuple(game.engine.zone_circles)
    checked = 0
    for seat in game.state.seats:
        zones = {*game.state.players[seat].zones, GC, *extra}
        for zone in sorted(zones):
            for size in range(4):
                for words in itertools.combinations(ZONE_WORDS + extra, size):
                    matches = zone_matches(game, seat, zone, words)
                    assert active_in(game, seat, zone, frozenset(words)) == matches, (
                        seat, zone, words)
                    # `placed` walks the zones the words name: every matching zone is one
                    assert not matches or zone in zone_names(game, seat, words), (seat, zone)
                    checked += 1
    assert checked > 1000

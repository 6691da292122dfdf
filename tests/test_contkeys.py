"""The CONT layers' caches never serve a stale value (RULES.md §7: continuous abilities apply
while their conditions hold, re-read whenever a value is read).

vgcore.continuous keeps each layer per log version (answers left out, `Game.cont_version`),
one unit's reads apart (its own CONTs and the others'), and each printed CONT ability's last
result while the values it reads keep their key (vgcore.contkeys). Whole games of every
scripted d-standard deck check, at every decision, that what the caches serve — one unit at
a time, then whole stats — equals the layers worked out afresh on a clone (which has no
cache), and the keys are checked to cover what the declarations read.
"""

from __future__ import annotations

import pytest

from vgcore import continuous, contkeys
from vgcore.agents.random import RandomAgent
from vgcore.bench import set_pairs
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.scripting.declarations import FnRef
from vgcore.selectors import Ctx

GAMES_PER_PAIR = 2


@pytest.fixture(scope="module")
def builtin() -> Registry:
    return Registry(strict=True)


def served(game: Game) -> tuple[frozenset, dict]:
    """The layers as the game's caches serve them now: the states, and what CONTs add to
    every stat they can change, by unit."""
    states = continuous.cont_states(game)
    stats = {stat: continuous.cont_values(game, stat) for stat in sorted(game.index.cont_stats)}
    return states, stats


def served_per_unit(game: Game) -> dict:
    """What CONTs add to each stat of every card, read one unit at a time (`cont_delta`'s own
    path: the unit's own CONTs and the others', before the whole stat is known), by unit
    where not zero."""
    stats = {}
    for stat in sorted(game.index.cont_stats):
        deltas = {uid: continuous.cont_delta(game, uid, stat)
                  for uid in range(len(game.state.card_ids))}
        stats[stat] = {uid: delta for uid, delta in deltas.items() if delta}
    return stats


def fresh(game: Game) -> tuple[frozenset, dict]:
    """The layers worked out with no cache at all."""
    return served(game.clone())


def pairs(registry: Registry) -> dict[str, tuple]:
    found = dict(set_pairs(registry, "d-standard"))
    found["defaults"] = registry.default_decks("d-standard")
    return found


@pytest.mark.parametrize("label", ["D-BT01-brandt-gate vs D-BT01-brandt-gate-prison",
                                   "D-BT01-dark-states vs D-BT01-dragon-empire",
                                   "D-BT01-keter-sanctuary vs D-BT01-stoicheia", "defaults"])
def test_cached_layers_equal_fresh_ones_at_every_decision(builtin: Registry, label: str) -> None:
    decks = pairs(builtin)[label]
    worlds_seen = 0
    # keter vs stoicheia's third game plays an order while a unit whose CONT counts this
    # turn's orders (D-BT01-050/111) stands on RC: the turn-history key's case
    games = 3 if label.startswith("D-BT01-keter") else GAMES_PER_PAIR
    for seed in range(games):
        game = builtin.new_game("d-standard", decks, seed, validate=False)
        agent = RandomAgent(seed)
        while not game.is_terminal:
            expected = fresh(game)
            # one unit at a time first (once the whole stat is known, cont_delta reads it:
            # the engine's own reads may have worked it out at this version)
            game.cont_cache = None
            per_unit = served_per_unit(game)
            assert per_unit == {stat: {u: d for u, d in values.items() if d}
                                for stat, values in expected[1].items()}, (
                f"seed {seed}, event {len(game.state.log)}")
            assert served(game) == expected, f"seed {seed}, event {len(game.state.log)}"
            # a unit read alone skips the layer where no CONT reaches it (GameIndex.cont_reaches)
            for stat, values in expected[1].items():
                assert all(game.index.cont_reaches(stat, uid) for uid, d in values.items() if d)
            worlds_seen += bool(continuous.cont_states(game))
            game.apply(agent.choose(game, game.legal_actions()))
    if label.startswith("D-BT01-brandt-gate"):
        assert worlds_seen, "no World state held in these games: the check saw no state layer"


def test_only_the_cards_a_cont_may_change_are_read_through_the_layer(builtin: Registry) -> None:
    """Brandt's power CONTs all change their own card's: the layer is read for the power of
    their holders only. Keter's D-SD03-001 changes other units' power: every card's is."""
    brandt = builtin.new_game("d-standard", pairs(builtin)[
        "D-BT01-brandt-gate vs D-BT01-brandt-gate-prison"], 0, validate=False)
    ids = brandt.state.card_ids
    holder = ids.index("D-BT01-005")
    plain = next(u for u, c in enumerate(ids)
                 if not any(u == h for h, _a in brandt.index.stat_conts["stat:power"]))
    assert brandt.index.cont_reaches("power", holder)
    assert not brandt.index.cont_reaches("power", plain)
    assert not brandt.index.cont_reaches("shield", holder)  # not D-BT01-005's stat
    keter = builtin.new_game("d-standard", pairs(builtin)[
        "D-BT01-keter-sanctuary vs D-BT01-stoicheia"], 0, validate=False)
    assert all(keter.index.cont_reaches("power", u) for u in range(len(keter.state.card_ids)))


def test_a_remembered_result_is_reused_while_its_key_holds(builtin: Registry,
                                                            monkeypatch) -> None:
    """Reads across many events evaluate the Worlds' CONT far fewer times than they read it:
    the key (the order zones' cards) changes only when a card enters or leaves one."""
    decks = pairs(builtin)["D-BT01-brandt-gate vs D-BT01-brandt-gate-prison"]
    evaluated = []
    original = continuous._states_of
    monkeypatch.setattr(continuous, "_states_of",
                        lambda g, c, s: evaluated.append(1) or original(g, c, s))
    reads = 0
    for seed in range(3):
        game = builtin.new_game("d-standard", decks, seed, validate=False)
        agent = RandomAgent(seed)
        while not game.is_terminal:
            continuous.cont_states(game)
            reads += any(uid in game.state.players[s].zones["order_zone"]
                         for s in game.state.seats for uid, _a in game.index.state_conts)
            game.apply(agent.choose(game, game.legal_actions()))
    assert reads > 20, "the games never put a World into an order zone"
    assert len(evaluated) < reads / 3


WORLD = {"condition": {"not": {"count": {"not": {"order_type": ("world",)}, "owner": "you",
                                         "zone": ("order_zone",)}}},
         "effects": ({"op": "state", "state": "dark_night",
                      "condition": {"count": {"owner": "you", "zone": ("order_zone",)},
                                    "min": 1, "max": 1}},)}


def test_the_reads_of_a_world_are_its_own_order_zone(builtin: Registry) -> None:
    reads = contkeys.reads_of(builtin.engine("d-standard"), WORLD)
    assert reads == contkeys.Reads(turn=False, phase=False, battle=False, states=False,
                                   zones=(("order_zone", "you"),))


def test_a_world_keeps_its_key_when_only_the_opponent_s_order_zone_changes(
        builtin: Registry) -> None:
    """The key holds the piles the selectors count, of the seats they count: the World of A
    counts A's order zone, so a card entering B's (an order B plays, a card B imprisons)
    leaves it alone, while one entering A's changes it."""
    decks = pairs(builtin)["D-BT01-brandt-gate vs D-BT01-brandt-gate-prison"]
    game = builtin.new_game("d-standard", decks, 0, validate=False)
    reads = contkeys.reads_of(game.engine, WORLD)
    assert reads is not None
    ctx = Ctx("A", None)
    before = contkeys.key(game, ctx, reads, None)
    zones_b = game.state.players["B"].zones
    zones_b["order_zone"].append(zones_b["hand"].pop())
    assert contkeys.key(game, ctx, reads, None) == before
    zones_a = game.state.players["A"].zones
    zones_a["order_zone"].append(zones_a["hand"].pop())
    assert contkeys.key(game, ctx, reads, None) != before
    assert contkeys.key(game, Ctx("B", None), reads, None) != before  # B's own pile


def test_during_your_turn_is_keyed_by_whose_turn_only(builtin: Registry) -> None:
    """"During your turn, while …" holds alike on each of its player's turns: its key names
    whose turn it is, not which, so it is not worked out again every turn; a player state
    (which lapses with its turn) keys the turn itself."""
    turn_only = {"condition": {"all": ({"turn": "yours"},
                                       {"count": {"zone": ("soul",)}, "min": 10})},
                 "effects": ({"op": "modify", "stat": "power", "target": "self",
                              "amount": 10000},)}
    reads = contkeys.reads_of(builtin.engine("d-standard"), turn_only)
    assert reads is not None and reads.whose_turn and not reads.turn
    with_state = {**turn_only, "condition": {"all": ({"turn": "yours"},
                                                     {"state": "dark_night"})}}
    reads = contkeys.reads_of(builtin.engine("d-standard"), with_state)
    assert reads is not None and reads.turn and not reads.whose_turn
    decks = pairs(builtin)["D-BT01-dark-states vs D-BT01-dragon-empire"]
    game = builtin.new_game("d-standard", decks, 0, validate=False)
    reads = contkeys.reads_of(game.engine, turn_only)
    assert reads is not None
    ctx = Ctx(game.state.turn_player, None)
    before = contkeys.key(game, ctx, reads, None)
    game.state.turn += 2  # the same player's turn again
    assert contkeys.key(game, ctx, reads, None) == before


def test_a_turn_history_of_event_kinds_is_keyed_by_their_counts(builtin: Registry) -> None:
    spec = {"condition": {"this_turn": {"event": ("order",), "player": "you"}},
            "effects": ({"op": "modify", "stat": "power", "target": "self", "amount": 2000},)}
    reads = contkeys.reads_of(builtin.engine("d-standard"), spec)
    assert reads is not None and reads.history == ("order",) and reads.turn


@pytest.mark.parametrize(("condition", "turns"), [
    ({"all": ({"turn": "yours"}, {"state": "dark_night"})}, ("yours",)),
    ({"turn": "opponents", "state": "dark_night"}, ("opponents",)),
    ({"any": ({"turn": "yours"}, {"state": "dark_night"})}, ()),  # either may hold: no gate
    ({"state": "dark_night"}, ()),
])
def test_the_turn_a_condition_requires_gates_it(builtin: Registry, condition: dict,
                                                turns: tuple) -> None:
    spec = {"condition": condition,
            "effects": ({"op": "modify", "stat": "power", "target": "self", "amount": 5000},)}
    reads = contkeys.reads_of(builtin.engine("d-standard"), spec)
    assert reads is not None and reads.turns == turns


def test_out_of_its_turn_a_cont_reads_no_state_layer(builtin: Registry) -> None:
    """D-BT01-005 gets +5000 during its player's turn while their World is Dark Night: read
    on the opponent's turn it adds nothing, and the state layer is not worked out for it
    (the key of such a CONT holds the whole layer); the value equals a fresh look's."""
    decks = pairs(builtin)["D-BT01-brandt-gate vs D-BT01-brandt-gate-prison"]
    checked = 0
    for seed in range(4):
        game = builtin.new_game("d-standard", decks, seed, validate=False)
        agent = RandomAgent(seed)
        while not game.is_terminal and checked < 20:
            st = game.state
            for seat in st.seats:
                if seat == st.turn_player:
                    continue
                for _circle, uid in game.units(seat):
                    if st.card_ids[uid] != "D-BT01-005":
                        continue
                    game.cont_cache = None
                    game.state_cache = None
                    assert continuous.cont_delta(game, uid, "power") == 0
                    assert game.state_cache is None
                    assert game.power(uid) == game.clone().power(uid)
                    checked += 1
            game.apply(agent.choose(game, game.legal_actions()))
    assert checked, "no D-BT01-005 on the field on its opponent's turn in these games"


@pytest.mark.parametrize("spec", [
    # a count of units: what modifiers and effects change
    {"condition": {"count": {"zone": ("RC",)}, "min": 2},
     "effects": ({"op": "modify", "stat": "power", "target": "self", "amount": 5000},)},
    # a filter on a current value
    {"condition": {"count": {"zone": ("drop",), "grade_min": 2}},
     "effects": ({"op": "modify", "stat": "power", "target": "self", "amount": 5000},)},
    # another unit changed, or an amount that varies
    {"effects": ({"op": "modify", "stat": "power", "target": "vanguard", "amount": 5000},)},
    {"effects": ({"op": "modify", "stat": "power", "target": "self",
                  "amount": {"count": {"zone": ("soul",)}, "times": 1000}},)},
    # turn history about cards (read as they are now) and Lua functions
    {"condition": {"this_turn": {"event": ("retire",), "subject": {"grade": (3,)}}},
     "effects": ({"op": "modify", "stat": "power", "target": "self", "amount": 2000},)},
    {"condition": FnRef("X-001", ("condition",)),
     "effects": ({"op": "modify", "stat": "power", "target": "self", "amount": 2000},)},
], ids=["units", "current-grade", "other-target", "varying-amount", "history", "lua"])
def test_what_no_key_covers_is_read_every_time(builtin: Registry, spec: dict) -> None:
    assert contkeys.reads_of(builtin.engine("d-standard"), spec) is None

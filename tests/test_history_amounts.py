"""Turn history, amount tables, column/name/relative filters, heal and arrange steps.

docs/lua-api.md §4.3 (filters), §6 (`this_turn`, `compare`), §7 (amounts), §10 (`heal`,
`arrange`); RULES.md §1 (a card that changes zones is a new card), §5 (stand phase), §6 (heal).
The cards are written inline (T-n) in a temporary set, as tests/test_declarations.py does.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.scripted import card_dir, load_error
from vgcore.game import Game
from vgcore.history import count_this_turn
from vgcore.plugins import Registry
from vgcore.selectors import Ctx
from vgcore.testing.board import game_from_board
from vgcore.types import Phase

DECK_A = ["VAN-RP-002", "VAN-RP-003", "VAN-RP-004", "VAN-RP-005", "VAN-RP-006"]
DECK_B = ["VAN-KG-002", "VAN-KG-003", "VAN-KG-004", "VAN-KG-005", "VAN-KG-006"]


def new_game(tmp_path: Path, scripts: dict[str, str], a: dict[str, object],
             b: dict[str, object] | None = None, phase: str = Phase.MAIN) -> Game:
    registry = Registry(card_dirs=[card_dir(tmp_path, scripts)], strict=True)
    board = {"A": {"vanguard": "VAN-RP-009", "deck": DECK_A, **a},
             "B": {"vanguard": "VAN-KG-009", "deck": DECK_B, **(b or {})}}
    return game_from_board(registry.engine("premium"), board, turn=3, phase=phase)


def round_trip(game: Game) -> Game:
    return Game.from_json(game.engine, json.loads(json.dumps(game.to_json())))


def unit(game: Game, seat: str, circle: str) -> int:
    uid = game.unit_at(seat, circle)
    assert uid is not None
    return uid


# -- turn history ----------------------------------------------------------------------------

RETIRED_BONUS = """
return vg.card { vg.cont { zones = {'RC'},
  condition = vg.cond.this_turn { event = 'retire', from = 'RC', player = 'opponent' },
  effects = { vg.continuous.power('self', 5000) } } }
"""
RETIRER = """
return vg.card { vg.act { zones = {'RC'}, once_per_turn = true,
  effect = { vg.retire(nil, { from = vg.rear_guards { owner = 'opponent' } }) } } }
"""


def test_a_retire_this_turn_turns_the_history_condition_on(tmp_path: Path) -> None:
    game = new_game(tmp_path, {"T-1": RETIRED_BONUS, "T-2": RETIRER},
                    {"rear": {"RC.FL": "T-1", "RC.FR": "T-2"}},
                    {"rear": {"RC.FL": "VAN-KG-004"}})
    watcher = unit(game, "A", "RC.FL")
    assert game.power(watcher) == 7000
    game.apply("act RC.FR")
    assert game.power(watcher) == 12000
    # the history is in the log: it survives a JSON snapshot and a clone
    assert game.power(unit(round_trip(game), "A", "RC.FL")) == 12000
    assert game.power(unit(game.clone(), "A", "RC.FL")) == 12000


def test_the_history_starts_again_each_turn(tmp_path: Path) -> None:
    game = new_game(tmp_path, {"T-1": RETIRED_BONUS, "T-2": RETIRER},
                    {"rear": {"RC.FL": "T-1", "RC.FR": "T-2"}},
                    {"rear": {"RC.FL": "VAN-KG-004"}})
    game.apply("act RC.FR")
    ctx = Ctx("A", unit(game, "A", "RC.FL"))
    when = {"event": ("retire",), "player": "opponent"}
    assert count_this_turn(game, ctx, when) == 1
    game.state.log.append({"kind": "turn_start", "n": len(game.state.log), "seat": "B",
                           "turn": 4})
    assert count_this_turn(game, ctx, when) == 0


def test_your_own_retire_does_not_count_for_the_opponents(tmp_path: Path) -> None:
    retire_own = RETIRER.replace("owner = 'opponent'", "not_self = true")
    game = new_game(tmp_path, {"T-1": RETIRED_BONUS, "T-2": retire_own},
                    {"rear": {"RC.FL": "T-1", "RC.FR": "T-2", "RC.BL": "VAN-RP-004"}})
    game.apply("act RC.FR")
    game.apply("choose RC.BL")
    assert game.power(unit(game, "A", "RC.FL")) == 7000


STOOD_BONUS = """
return vg.card {
  vg.cont { zones = {'RC'},
    condition = vg.cond.this_turn { event = 'stand', subject = 'self', how = 'effect' },
    effects = { vg.continuous.critical('self', 1) } },
  vg.act { zones = {'RC'}, cost = vg.cost.rest('self'), effect = { vg.stand('self') } },
}
"""


def test_stood_by_an_effect_counts_and_the_stand_phase_does_not(tmp_path: Path) -> None:
    game = new_game(tmp_path, {"T-1": STOOD_BONUS},
                    {"rear": {"RC.FL": {"card": "T-1", "rested": True}}}, phase=Phase.STAND)
    me = unit(game, "A", "RC.FL")
    assert [e.get("how") for e in game.state.log if e["kind"] == "stand"] == ["rule"]
    assert game.critical(me) == 1
    game.apply("act RC.FL")
    assert game.critical(me) == 2


def test_a_card_that_left_the_field_is_a_new_card_for_its_history(tmp_path: Path) -> None:
    bounce = """
return vg.card { vg.act { zones = {'VC'}, once_per_turn = true, effect = {
  vg.put(nil, 'hand', { from = vg.rear_guards() }) } } }
"""
    game = new_game(tmp_path, {"T-1": STOOD_BONUS, "T-2": bounce},
                    {"vanguard": "T-2", "rear": {"RC.FL": "T-1"}})
    game.apply("act RC.FL")
    assert game.critical(unit(game, "A", "RC.FL")) == 2
    game.apply("act VC")
    game.apply("call T-1 RC.FL")
    assert game.critical(unit(game, "A", "RC.FL")) == 1  # the stand was the old card's


def test_this_turn_counts_with_min_and_max(tmp_path: Path) -> None:
    game = new_game(tmp_path, {"T-2": RETIRER}, {"rear": {"RC.FR": "T-2"}},
                    {"rear": {"RC.FL": "VAN-KG-004"}})
    game.apply("act RC.FR")
    from vgcore.selectors import condition_holds

    ctx = Ctx("A", unit(game, "A", "RC.FR"))
    when = {"event": ("retire",)}
    assert condition_holds(game, ctx, {"this_turn": when, "min": 1, "max": 1})
    assert not condition_holds(game, ctx, {"this_turn": when, "min": 2})
    assert not condition_holds(game, ctx, {"this_turn": when, "max": 0})


# -- amounts ---------------------------------------------------------------------------------


def test_amount_tables(tmp_path: Path) -> None:
    script = """
return vg.card {
  vg.cont { zones = {'RC'}, effects = {
    vg.continuous.power('self', vg.amount.per(vg.soul(), 5, 10000)),
    vg.continuous.shield('self', vg.amount.open_circles('opponent')),
  } },
  vg.act { zones = {'RC'}, effect = {
    vg.power(vg.units { not_self = true }, vg.amount.stat('power')),
    vg.critical(vg.units(), vg.amount.own('critical')),
  } },
}
"""
    soul = ["VAN-RP-002"] * 7
    game = new_game(tmp_path, {"T-1": script},
                    {"rear": {"RC.FL": "T-1", "RC.FR": "VAN-RP-004"}, "soul": soul},
                    {"rear": {"RC.FL": "VAN-KG-004"}})
    me, other = unit(game, "A", "RC.FL"), unit(game, "A", "RC.FR")
    assert game.power(me) == 7000 + 10000  # 7 soul cards: one five
    assert game.shield(me) == 5000 + 4  # the opponent has 4 of 5 rear-guard circles open
    before = game.power(other)
    game.apply("act RC.FL")
    assert game.power(other) == before + 17000  # this unit's power when it resolved
    assert game.critical(me) == 2 and game.critical(other) == 2  # each doubled its own
    assert game.critical(game.vanguard("A")) == 2


def test_compare_and_relative_grade(tmp_path: Path) -> None:
    script = """
return vg.card { vg.act { zones = {'RC'}, once_per_turn = true,
  condition = vg.cond.compare({count = vg.damage()}, '>=',
                              {count = vg.damage {owner = 'opponent'}}),
  effect = {
    vg.choose { 'low', from = vg.hand { grade_max = vg.amount.stat('grade', 'vanguard') } },
    vg.put('low', 'drop'),
  } } }
"""
    hand = ["VAN-RP-002", "VAN-RP-009"]  # grade 0 and grade 3; the vanguard is grade 3
    game = new_game(tmp_path, {"T-1": script},
                    {"rear": {"RC.FL": "T-1"}, "hand": hand, "damage": ["VAN-RP-003"]},
                    {"damage": ["VAN-KG-003", "VAN-KG-004"]})
    assert "act RC.FL" not in [str(a) for a in game.legal_actions()]
    game = new_game(tmp_path, {"T-1": script},
                    {"vanguard": "VAN-RP-005", "rear": {"RC.FL": "T-1"}, "hand": hand,
                     "damage": ["VAN-RP-003"]}, {"damage": ["VAN-KG-003"]})
    game.apply("act RC.FL")  # only the grade 0 card qualifies: chosen without asking
    assert [game.state.card_ids[u] for u in game.state.players["A"].zones["drop"]] == [
        "VAN-RP-002"]


# -- filters ---------------------------------------------------------------------------------


def test_same_column_on_both_sides_and_same_name(tmp_path: Path) -> None:
    script = """
return vg.card { vg.act { zones = {'RC'}, once_per_turn = true, effect = {
  vg.power(vg.units { owner = 'any', same_column = 'self', not_self = true }, 1000),
  vg.critical(vg.cards_in('field', { owner = 'any', same_name = 'self' }), 1),
} } }
"""
    game = new_game(tmp_path, {"T-1": script},
                    {"rear": {"RC.FL": "T-1", "RC.BL": "VAN-RP-004", "RC.FR": "T-1"}},
                    {"rear": {"RC.FR": "VAN-KG-004", "RC.FL": "VAN-KG-005"}})
    game.apply("act RC.FL")
    bonus = {(s, c): game.power(u) - game.card(u).power
             for s in "AB" for c, u in game.units(s)}
    # A's left column (-1) faces B's right column (1)
    assert bonus == {("A", "VC"): 0, ("A", "RC.FL"): 0, ("A", "RC.FR"): 0,
                     ("A", "RC.BL"): 1000, ("B", "VC"): 0, ("B", "RC.FR"): 1000,
                     ("B", "RC.FL"): 0}
    crit = {c: game.critical(u) for c, u in game.units("A")}
    assert crit == {"VC": 1, "RC.FL": 2, "RC.FR": 2, "RC.BL": 1}


# -- heal and arrange --------------------------------------------------------------------------


def test_heal_step_logs_the_heal_event(tmp_path: Path) -> None:
    script = "return vg.card { vg.act { zones = {'RC'}, effect = { vg.heal(1) } } }"
    game = new_game(tmp_path, {"T-1": script},
                    {"rear": {"RC.FL": "T-1"}, "damage": ["VAN-RP-003", "VAN-RP-004/down"]})
    game.apply("act RC.FL")
    game.apply("choose VAN-RP-004/down")
    heals = [e for e in game.state.log if e["kind"] == "heal"]
    assert [(e["seat"], e["card"]) for e in heals] == [("A", "VAN-RP-004")]
    zones = game.state.players["A"].zones
    assert [game.state.card_ids[u] for u in zones["damage"]] == ["VAN-RP-003"]
    assert [game.state.card_ids[u] for u in zones["drop"]] == ["VAN-RP-004"]


def test_arrange_puts_the_cards_back_in_the_chosen_order(tmp_path: Path) -> None:
    script = """
return vg.card {
  vg.act { zones = {'RC'}, once_per_turn = true,
    effect = { vg.look { count = 3 }, vg.arrange() } },
  vg.act { zones = {'VC'}, once_per_turn = true,
    effect = { vg.look { count = 2, as = 'two' }, vg.arrange('two', 'deck_bottom') } },
}
"""
    game = new_game(tmp_path, {"T-1": script}, {"vanguard": "T-1", "rear": {"RC.FL": "T-1"}})
    game.apply("act RC.FL:1")
    assert {str(a) for a in game.legal_actions()} == {
        "choose VAN-RP-002", "choose VAN-RP-003", "choose VAN-RP-004"}
    game.apply("choose VAN-RP-004")
    game.apply("choose VAN-RP-002")
    deck = lambda: [game.state.card_ids[u] for u in game.state.players["A"].zones["deck"]]  # noqa: E731
    assert deck() == ["VAN-RP-004", "VAN-RP-002", "VAN-RP-003", "VAN-RP-005", "VAN-RP-006"]
    assert game.state.log[-2]["kind"] == "arrange"
    game.apply("act VC:2")
    game.apply("choose VAN-RP-002")
    assert deck() == ["VAN-RP-003", "VAN-RP-005", "VAN-RP-006", "VAN-RP-002", "VAN-RP-004"]


def test_a_game_paused_in_arrange_round_trips(tmp_path: Path) -> None:
    script = ("return vg.card { vg.act { zones = {'RC'},\n"
              "  effect = { vg.look { count = 3 }, vg.arrange() } } }")
    game = new_game(tmp_path, {"T-1": script}, {"rear": {"RC.FL": "T-1"}})
    game.apply("act RC.FL")
    game.apply("choose VAN-RP-003")
    restored = round_trip(game)
    for g in (game, restored):
        g.apply("choose VAN-RP-004")
    assert restored.state.state_hash() == game.state.state_hash()


# -- load errors -------------------------------------------------------------------------------


@pytest.mark.parametrize(("source", "words"), [
    ("vg.power('self', {count = vg.soul(), stat = 'power'})", "exactly one of"),
    ("vg.power('self', {stat = 'power', player = 'you'})", "'player' goes only with"),
    ("vg.power('self', vg.amount.per(vg.soul(), 0, 1000))", "at least 1"),
    ("vg.power('self', vg.amount.open_circles('you', 'RG'))", "unknown zone name 'RG'"),
    ("vg.arrange('looked', 'hand')", "'deck_top' or 'deck_bottom'"),
    ("vg.power(vg.units { same_column = 'nobody' }, 1)", "binds 'nobody'"),
    ("vg.when_true(vg.cond.compare(1, '=>', 2), { vg.draw(1) })", "expected one of <"),
    ("vg.when_true(vg.cond.this_turn { event = 'retyre' }, { vg.draw(1) })",
     "unknown event kind 'retyre'"),
])
def test_misused_new_keys_are_load_errors_naming_the_key(tmp_path: Path, source: str,
                                                         words: str) -> None:
    err = load_error(tmp_path, "return vg.card { vg.act { effect = {\n  vg.look {},\n"
                               f"  {source} }} }} }}\n")
    assert err.card_id == "T-1" and words in err.message and err.line == 3


def test_a_cont_effect_with_its_own_condition(tmp_path: Path) -> None:
    script = """
return vg.card { vg.cont { zones = {'RC'}, condition = vg.cond.count(vg.soul(), 1),
  effects = {
    vg.continuous.power('self', 5000),
    {op = 'modify', stat = 'critical', target = 'self', amount = 1,
     condition = vg.cond.count(vg.soul(), 2)},
  } } }
"""
    for soul, power, critical in (([], 7000, 1), (["VAN-RP-002"], 12000, 1),
                                  (["VAN-RP-002"] * 2, 12000, 2)):
        game = new_game(tmp_path, {"T-1": script}, {"rear": {"RC.FL": "T-1"}, "soul": soul})
        me = unit(game, "A", "RC.FL")
        assert (game.power(me), game.critical(me)) == (power, critical)


def test_a_pile_step_binds_what_it_moved(tmp_path: Path) -> None:
    script = """
return vg.card { vg.act { zones = {'RC'}, effect = {
  vg.discard(1, { filter = { grade = 3 }, up_to = true, as = 'gone' }),
  vg.when_true(vg.cond.negate(vg.cond.count(vg.drop { ['in'] = 'gone' })), { vg.draw(1) }),
} } }
"""
    game = new_game(tmp_path, {"T-1": script},
                    {"rear": {"RC.FL": "T-1"}, "hand": ["VAN-RP-009"]})
    game.apply("act RC.FL")
    game.apply("choose VAN-RP-009")
    assert len(game.state.players["A"].zones["hand"]) == 0  # discarded: no draw
    game = new_game(tmp_path, {"T-1": script},
                    {"rear": {"RC.FL": "T-1"}, "hand": ["VAN-RP-009"]})
    game.apply("act RC.FL")
    game.apply("done")
    assert len(game.state.players["A"].zones["hand"]) == 2  # kept it: drew one

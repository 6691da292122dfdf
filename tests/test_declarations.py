"""Card-script declarations: what is refused at load, and behaviours found by review.

DESIGN.md §4 (validation names card, ability, key and Lua line), §6 (failures, purity), §3
(hidden information), RULES.md §7 (costs in full), last-known information (RULES.md §8).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.scripted import card_dir, load_error
from vgcore.errors import ScriptError
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.testing.board import game_from_board
from vgcore.types import Phase


def test_a_put_step_without_a_destination_is_refused(tmp_path: Path) -> None:
    err = load_error(tmp_path, "return vg.card { vg.act { effect = {\n"
                               "  {op = 'put', target = 'self'} } } }\n")
    assert err.card_id == "T-1" and "ability 1 (act)" in str(err) and "to" in err.message


def test_a_modify_step_without_amount_is_refused(tmp_path: Path) -> None:
    err = load_error(tmp_path, "return vg.card { vg.act { effect = {\n"
                               "  {op = 'modify', target = 'self', stat = 'power'} } } }\n")
    assert "amount" in err.message


def test_a_cont_effect_without_its_stat_is_refused(tmp_path: Path) -> None:
    err = load_error(tmp_path, "return vg.card { vg.cont { effects = {\n"
                               "  {op = 'modify', target = 'self', amount = 1000} } } }\n")
    assert "stat" in err.message


def test_an_unknown_binding_name_is_refused_with_the_names_bound(tmp_path: Path) -> None:
    err = load_error(tmp_path, "return vg.card { vg.act { effect = {\n"
                               "  vg.choose { 'target', from = vg.rear_guards() },\n"
                               "  vg.retire 'traget' } } }\n")
    assert "'traget'" in err.message and "target" in err.message
    assert err.line == 3


def test_an_unknown_event_role_is_refused(tmp_path: Path) -> None:
    err = load_error(tmp_path, "return vg.card { vg.auto { when = vg.when.attacks,\n"
                               "  effect = { vg.retire 'event.victim' } } }\n")
    assert "victim" in err.message


def test_a_cost_cannot_be_paid_in_part(tmp_path: Path) -> None:
    """RULES.md §7: a cost is paid in full or not at all, so `up_to` is no cost key."""
    err = load_error(tmp_path, "return vg.card { vg.act {\n"
                               "  cost = { {op = 'counter_blast', count = 2, up_to = true} },\n"
                               "  effect = { vg.draw(1) } } }\n")
    assert "up_to" in err.message


def lenient_game(tmp_path: Path, scripts: dict[str, str], board: dict[str, dict[str, object]],
                 *, strict: bool = False, phase: str = Phase.MAIN):
    registry = Registry(card_dirs=[card_dir(tmp_path, scripts)], strict=strict)
    return game_from_board(registry.engine("premium"), board, turn=3, phase=phase)


DECK_A = ["VAN-RP-002", "VAN-RP-003", "VAN-RP-004", "VAN-RP-005", "VAN-RP-006"]
DECK_B = ["VAN-KG-002", "VAN-KG-003", "VAN-KG-004", "VAN-KG-005", "VAN-KG-006"]


def test_a_failing_act_condition_is_not_offered_and_the_game_goes_on(tmp_path: Path) -> None:
    """DESIGN.md §6: a failing script leaves a consistent, continuing game."""
    source = ("return vg.card { vg.act { zones = {'RC'},\n"
              "  condition = function(ctx) return ctx.nothing.here end,\n"
              "  effect = { vg.draw(1) } } }\n")
    board = {"A": {"vanguard": "VAN-RP-009", "rear": {"RC.FL": "T-1"}, "deck": DECK_A},
             "B": {"vanguard": "VAN-KG-009", "deck": DECK_B}}
    game = lenient_game(tmp_path, {"T-1": source}, board)
    assert [str(a) for a in game.legal_actions()] == ["move RC.FL", "battle"]
    errors = [e for e in game.state.log if e["kind"] == "script_error"]
    assert len(errors) == 1 and errors[0]["card"] == "T-1" and errors[0]["line"] == 2
    game.apply("move RC.FL")
    assert len([e for e in game.state.log if e["kind"] == "script_error"]) == 1
    with pytest.raises(ScriptError):
        lenient_game(tmp_path, {"T-1": source}, board, strict=True)


def test_a_granted_act_beside_a_printed_one_has_its_own_answer(tmp_path: Path) -> None:
    printed = ("return vg.card {\n"
               "  vg.act { zones = {'RC'}, once_per_turn = true, effect = {\n"
               "    vg.grant_ability('self', vg.act { zones = {'RC'}, once_per_turn = true,\n"
               "      effect = { vg.soul_charge(1) } }) } } }\n")
    board = {"A": {"vanguard": "VAN-RP-009", "rear": {"RC.FL": "T-1"}, "deck": DECK_A},
             "B": {"vanguard": "VAN-KG-009", "deck": DECK_B}}
    game = lenient_game(tmp_path, {"T-1": printed}, board, strict=True)
    game.apply("act RC.FL")
    acts = [str(a) for a in game.legal_actions() if a.verb == "act"]
    assert acts == ["act RC.FL:2"]
    game.apply("act RC.FL:2")
    assert len(game.state.players["A"].zones["soul"]) == 1


def test_a_card_found_face_down_is_not_named_to_the_opponent(tmp_path: Path) -> None:
    """DESIGN.md §3: a search that reveals nothing shows the opponent no card id."""
    source = ("return vg.card { vg.act { zones = {'RC'}, once_per_turn = true,\n"
              "  effect = { vg.search { filter = { grade = 2 }, reveal = false } } } }\n")
    deck = ["VAN-RP-003", "VAN-RP-006", "VAN-RP-007", "VAN-RP-004", "VAN-RP-005"]
    board = {"A": {"vanguard": "VAN-RP-009", "rear": {"RC.FL": "T-1"}, "deck": deck},
             "B": {"vanguard": "VAN-KG-009", "deck": DECK_B}}
    game = lenient_game(tmp_path, {"T-1": source}, board, strict=True)
    game.apply("act RC.FL")
    game.apply("choose VAN-RP-007")
    assert "VAN-RP-007" in game.view("A")["players"]["A"]["zones"]["hand"]["cards"]
    text = json.dumps(game.view("B"))
    assert "VAN-RP-007" not in text and "VAN-RP-006" not in text


def test_a_retire_trigger_sees_the_circle_the_unit_left(tmp_path: Path) -> None:
    """Last-known information: a role filter's zone is where the card was at the event."""
    watcher = ("return vg.card { vg.auto { zones = {'RC'},\n"
               "  when = vg.when.unit_retired { owner = 'opponent', zone = 'RC' },\n"
               "  effect = { vg.soul_charge(1) } } }\n")
    board = {"A": {"vanguard": "VAN-RP-009", "rear": {"RC.BL": "T-1", "RC.FR": "VAN-RP-006"},
                   "deck": DECK_A},
             "B": {"vanguard": "VAN-KG-009", "rear": {"RC.FL": "VAN-KG-008"},
                   "hand": ["VAN-KG-002"], "deck": DECK_B}}
    game = lenient_game(tmp_path, {"T-1": watcher}, board, strict=True, phase=Phase.BATTLE)
    game.apply("attack RC.FR -> B.RC.FL")
    game.apply("done")
    assert len(game.state.players["A"].zones["soul"]) == 1


def test_functions_keep_no_state_between_calls(tmp_path: Path) -> None:
    """DESIGN.md §4: functions are pure — a counter in the script does not survive a call, so a
    game and its clone (a fresh runtime) agree."""
    source = ("local calls = 0\n"
              "return vg.card { vg.act { zones = {'RC'},\n"
              "  condition = function(ctx) calls = calls + 1; return calls == 1 end,\n"
              "  effect = { vg.draw(1) } } }\n")
    board = {"A": {"vanguard": "VAN-RP-009", "rear": {"RC.FL": "T-1"}, "deck": DECK_A},
             "B": {"vanguard": "VAN-KG-009", "deck": DECK_B}}
    game = lenient_game(tmp_path, {"T-1": source}, board, strict=True)
    assert "act RC.FL" in [str(a) for a in game.legal_actions()]
    game.apply("move RC.FL")
    assert "act RC.BL" in [str(a) for a in game.legal_actions()]
    twin = game.clone()
    assert twin.legal_actions() == game.legal_actions()


def test_games_sharing_a_runtime_share_no_state(tmp_path: Path) -> None:
    """Games of one engine call functions in one runtime per thread: a global a function sets
    lands in its own fresh environment, so neither a later call nor another game sees it."""
    source = ("return vg.card { vg.act { zones = {'RC'},\n"
              "  condition = function(ctx) seen = (seen or 0) + 1; return seen == 1 end,\n"
              "  effect = { vg.draw(1) } } }\n")
    board = {"A": {"vanguard": "VAN-RP-009", "rear": {"RC.FL": "T-1"}, "deck": DECK_A},
             "B": {"vanguard": "VAN-KG-009", "deck": DECK_B}}
    first = lenient_game(tmp_path, {"T-1": source}, board, strict=True)
    second = Game(first.engine, first.clone().state)
    for game in (first, second, first):
        assert "act RC.FL" in [str(a) for a in game.legal_actions()]
        game.apply("move RC.FL")
        game.apply("move RC.BL")
    assert first.scripts.sandbox is second.scripts.sandbox


def test_only_stateless_functions_are_kept_and_their_loads_are_charged_alike(
        tmp_path: Path) -> None:
    """DESIGN.md §6: a function whose only upvalue is its script's (empty) environment is kept
    by the runtime between calls; one that closes over a script local, or whose script set
    globals, is loaded afresh for every call. A game is charged a kept function's load as if
    it had run, so its script budget is the same whether the runtime was cold or warm."""
    sources = {
        "T-1": ("return vg.card { vg.act { zones = {'RC'},\n"
                "  condition = function(ctx) return ctx.players[ctx.me].hand >= 0 end,\n"
                "  effect = { vg.draw(1) } } }\n"),
        "T-2": ("local least = 0\n"
                "return vg.card { vg.act { zones = {'RC'},\n"
                "  condition = function(ctx) return ctx.players[ctx.me].hand >= least end,\n"
                "  effect = { vg.draw(1) } } }\n"),
        "T-3": ("function enough(n) return n >= 0 end\n"
                "return vg.card { vg.act { zones = {'RC'},\n"
                "  condition = function(ctx) return enough(ctx.players[ctx.me].hand) end,\n"
                "  effect = { vg.draw(1) } } }\n"),
    }
    board = {"A": {"vanguard": "VAN-RP-009",
                   "rear": {"RC.FL": "T-1", "RC.FR": "T-2", "RC.BL": "T-3"}, "deck": DECK_A},
             "B": {"vanguard": "VAN-KG-009", "deck": DECK_B}}
    cold = lenient_game(tmp_path, sources, board, strict=True)  # a new engine: a cold runtime
    acts = {"act RC.FL", "act RC.FR", "act RC.BL"}
    assert acts <= {str(a) for a in cold.legal_actions()}
    cold_cost = cold.script_budget - cold.script_left
    kept = cold.engine.scripts.functions().kept
    assert {card_id for card_id, _ in kept} == {"T-1"}
    warm = game_from_board(cold.engine, board, turn=3, phase=Phase.MAIN)  # a warm runtime
    assert acts <= {str(a) for a in warm.legal_actions()}
    assert warm.script_budget - warm.script_left == cold_cost > 0


def test_a_function_acts_only_through_the_steps_it_returns(tmp_path: Path) -> None:
    """DESIGN.md §4: functions cannot change the game except by returning steps."""
    source = ("return vg.card { vg.act { zones = {'RC'}, once_per_turn = true, effect = {\n"
              "  vg.steps_from(function(ctx)\n"
              "    local n = ctx.players[ctx.me].damage\n"
              "    return { vg.draw(n), vg.choose { 'ally', from = vg.rear_guards() } }\n"
              "  end),\n"
              "  vg.power('ally', 1000) } } }\n")
    board = {"A": {"vanguard": "VAN-RP-009", "rear": {"RC.FL": "T-1", "RC.FR": "VAN-RP-006"},
                   "damage": ["VAN-RP-002", "VAN-RP-003"], "deck": DECK_A},
             "B": {"vanguard": "VAN-KG-009", "deck": DECK_B}}
    game = lenient_game(tmp_path, {"T-1": source}, board, strict=True)
    game.apply("act RC.FL")
    assert game.decision is not None and game.decision.kind == "choose"
    snapshot = json.loads(json.dumps(game.to_json()))
    game.apply("choose RC.FR")
    assert len(game.state.players["A"].zones["hand"]) == 2
    assert game.power(game.unit_at("A", "RC.FR")) == 11000

    restored = Game.from_json(game.engine, snapshot)
    restored.apply("choose RC.FR")
    assert restored.state.state_hash() == game.state.state_hash()


def test_an_invalid_returned_step_is_a_script_error(tmp_path: Path) -> None:
    source = ("return vg.card { vg.act { zones = {'RC'}, effect = {\n"
              "  vg.steps_from(function(ctx) return { {op = 'explode'} } end) } } }\n")
    board = {"A": {"vanguard": "VAN-RP-009", "rear": {"RC.FL": "T-1"}, "deck": DECK_A},
             "B": {"vanguard": "VAN-KG-009", "deck": DECK_B}}
    game = lenient_game(tmp_path, {"T-1": source}, board, strict=True)
    with pytest.raises(ScriptError, match="explode"):
        game.apply("act RC.FL")

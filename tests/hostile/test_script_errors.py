"""A script error's event names its card (id, file, line, message): only the seats that may
know that card read it (docs/architecture.md "Views"). A failing ability of a card in a hand
must not tell the opponent what that hand holds."""

from __future__ import annotations

import random
from pathlib import Path

from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.testing.board import game_from_board
from vgcore.views import redact

CARDS = Path(__file__).parent / "cards"
DECK_A = ["VAN-RP-002", "VAN-RP-003", "VAN-RP-004", "VAN-RP-005"]
DECK_B = ["VAN-KG-002", "VAN-KG-003", "VAN-KG-004", "VAN-KG-005"]


def test_a_script_error_of_a_hand_card_is_named_to_its_owner_only() -> None:
    engine = Registry(card_dirs=[CARDS]).engine("premium")  # lenient: the game goes on
    board = {"A": {"vanguard": "VAN-RP-009", "hand": ["HH-008"], "deck": DECK_A},
             "B": {"vanguard": "VAN-KG-009", "deck": DECK_B}}
    game = game_from_board(engine, board, turn=3, player="A", phase="main")
    errors = [e for e in game.state.log if e["kind"] == "script_error"]
    assert errors and errors[0]["card"] == "HH-008"  # it did fail, in the engine's own log
    mine = [redact(e, "A") for e in errors]
    theirs = [redact(e, "B") for e in errors]
    assert mine[0]["card"] == "HH-008" and "HH-008" in mine[0]["file"]
    assert all(not ({"card", "file", "line", "message"} & set(e)) for e in theirs)
    assert not any("HH-008" in str(e) for e in game.view("B")["log"])
    assert any(e.get("card") == "HH-008" for e in game.view("A")["log"]
               if e["kind"] == "script_error")


def play_broken_critical(*, view: bool) -> Game:
    """HH-009 (a CONT whose amount fails) on A's front and back left rear-guard circles: A's
    boosted attack with the front one hits (the game reads its critical: a failure the game
    meets), then random answers from one seed to the end, with or without a view of each
    seat before every answer."""
    engine = Registry(card_dirs=[CARDS]).engine("premium")  # lenient: the game goes on
    board = {"A": {"vanguard": "VAN-RP-009", "rear": {"RC.FL": "HH-009", "RC.BL": "HH-009"},
                   "deck": DECK_A * 8},
             "B": {"vanguard": "VAN-KG-009", "deck": DECK_B * 8}}
    game = game_from_board(engine, board, turn=3, player="A", phase="main")
    rng = random.Random(3)
    opening = ["battle", "attack RC.FL -> B.VC", "boost"]
    while not game.is_terminal:
        if view:
            game.view("A")
            game.view("B")
        game.apply(opening.pop(0) if opening else rng.choice(game.legal_actions()))
    return game


def test_a_failure_only_a_view_meets_does_not_change_the_game() -> None:
    """Views read every stat of every unit, the game only what its rules ask for. A failure
    met by a view is neither logged nor cached with what was read around it, so the game
    played with views and without is the same game (same log, same hash): a host that sends
    views and its replay agree. The failure the game meets itself is logged, once."""
    watched, unwatched = play_broken_critical(view=True), play_broken_critical(view=False)
    assert watched.state.log == unwatched.state.log
    assert watched.state.state_hash() == unwatched.state.state_hash()
    errors = [e for e in unwatched.state.log if e["kind"] == "script_error"]
    assert [e["card"] for e in errors] == ["HH-009"]

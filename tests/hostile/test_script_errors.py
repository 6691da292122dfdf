"""A script error's event names its card (id, file, line, message): only the seats that may
know that card read it (docs/architecture.md "Views"). A failing ability of a card in a hand
must not tell the opponent what that hand holds."""

from __future__ import annotations

from pathlib import Path

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

"""The built-in start-deck set D-SD01 (Dragon Empire, with overDress): its deck is legal in
d-standard, it is a default deck of the format, and random games against D-SD02 play out in a
strict engine with the state invariants checked after every decision (RULES.md §3, §5–§9).

The cards' abilities one by one are tested by the scenarios in card_scripts/D-SD01/scenarios;
overDress itself by plugins/vgcore_overdress/tests.
"""

from __future__ import annotations

from tests.invariants import play_checked
from vgcore.plugins import Registry

GAMES = 200
FORMAT = "d-standard"
DECKS = ("D-SD01", "D-SD02")


def test_dsd01_deck_is_legal_in_d_standard(registry: Registry) -> None:
    deck = registry.deck("D-SD01")
    assert deck.format == FORMAT
    assert deck.first_vanguard == "D-SD01-004"
    assert registry.deck_violations(deck, FORMAT) == []


def test_dsd01_and_dsd02_are_the_default_decks(registry: Registry) -> None:
    assert tuple(d.name for d in registry.default_decks(FORMAT)) == DECKS


def test_dsd01_plays_out_strictly() -> None:
    """Random games D-SD01 vs D-SD02: invariants after every decision, no script errors (a
    strict engine raises them), the deck's scripted abilities start and overDress happens."""
    registry = Registry(strict=True)
    decks = [registry.deck(name) for name in DECKS]
    started: set[str] = set()
    overdressed = 0
    for seed in range(GAMES):
        game = play_checked(registry, FORMAT, decks, seed)
        log = game.state.log
        assert log[-1]["kind"] == "game_over"
        assert not [e for e in log if e["kind"] == "script_error"]
        started.update(e["card"] for e in log if e["kind"] == "ability")
        overdressed += sum(1 for e in log if e["kind"] == "overdress")
    assert overdressed > 0
    engine = registry.engine(FORMAT)
    # CONT abilities apply without an `ability` event: only cards with AUTO/ACT must start one.
    scripted = {card_id for card_id in registry.db
                if card_id.startswith("D-SD01-") and (script := engine.script(card_id))
                and any(a.kind != "cont" for a in script.abilities)}
    assert scripted - started == set(), sorted(scripted - started)

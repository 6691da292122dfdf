"""A card only ever goes into its owner's zones (RULES.md §1): card texts that make the
opponent put their own cards somewhere (D-BT01-003 "both players put all of their own
rear-guards into their souls", -099 "put it on the bottom of their deck", -106 "your opponent
puts all of their rear-guards in that column on the bottom of their deck") are written with the
ordinary steps and need no `into`. Test card: tests/cards/skills SK-953; tokens (SK-950) put
anywhere cease to exist instead."""

from __future__ import annotations

from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.testing import scenario

DECK = ["SK-003"] * 4


def board(registry: Registry) -> Game:
    return (scenario("d-standard", start={"turn": 3, "player": "A", "phase": "main"})
            .board(A={"vanguard": "SK-953", "rear": {"RC.FL": "SK-006", "RC.BR": "SK-007"},
                      "deck": DECK},
                   B={"vanguard": "SK-951", "deck": DECK,
                      "rear": {"RC.FL": "SK-002", "RC.BL": "SK-004", "RC.FR": "SK-005"}})
            .game(registry))


def ids(game: Game, seat: str, zone: str) -> list[str]:
    return [game.state.card_ids[u] for u in game.state.players[seat].zones[zone]]


def test_both_players_put_their_own_rear_guards_into_their_own_souls(
        registry: Registry) -> None:
    game = board(registry)
    game.apply("act VC:1")
    assert sorted(ids(game, "A", "soul")) == ["SK-006", "SK-007"]
    assert sorted(ids(game, "B", "soul")) == ["SK-002", "SK-004", "SK-005"]
    puts = [e for e in game.state.log if e["kind"] == "put"]
    assert {(e["seat"], e["from_seat"]) for e in puts} == {("A", "A"), ("B", "B")}


def test_an_opponents_front_row_rear_guard_goes_to_the_bottom_of_their_deck(
        registry: Registry) -> None:
    game = board(registry)
    game.apply("act VC:2")
    assert sorted(str(a) for a in game.legal_actions()) == ["choose B.RC.FL", "choose B.RC.FR"]
    game.apply("choose B.RC.FR")
    assert ids(game, "B", "deck")[-1] == "SK-005"
    assert ids(game, "A", "deck") == DECK


def test_the_opponent_puts_every_rear_guard_of_that_column_on_their_deck_bottom(
        registry: Registry) -> None:
    game = board(registry)
    game.apply("act VC:3")
    game.apply("choose B.RC.BL")
    assert ids(game, "B", "deck")[-2:] == ["SK-002", "SK-004"]
    assert game.unit_at("B", "RC.FR") is not None
    assert game.unit_at("A", "RC.FL") is not None  # your own column is untouched
    assert ids(game, "A", "deck") == DECK


def test_a_token_put_into_a_soul_or_deck_ceases_to_exist(registry: Registry) -> None:
    game = board(registry)
    st = game.state
    token = game.create_card("SK-950", "B", "RC.BR")
    game.apply("act VC:1")
    assert st.loc[token][1] == "ceased"
    assert "SK-950" not in ids(game, "B", "soul")
    assert [e["to"] for e in st.log if e["kind"] == "token_ceased"] == ["soul"]

"""Answers from outside (a host relaying players, `vgcore play`'s stdin): every malformed answer
is refused with vgcore's own error, names the legal answers, and leaves the game exactly as it
was (SCENARIOS.md §2; docs/architecture.md "Answers")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.hostile.harness import assert_bounded, run_bounded
from vgcore.agents import RandomAgent
from vgcore.decisions import MAX_ANSWER_CHARS, Action
from vgcore.errors import IllegalActionError
from vgcore.game import Game
from vgcore.plugins import Registry


def main_phase_with_an_act(registry: Registry) -> Game:
    """A demo game at a main-phase decision that offers `act RC.FR` (the card's only ACT)."""
    decks = [registry.deck("demo-premium-royal-paladin"), registry.deck("demo-premium-kagero")]
    game = registry.new_game("premium", decks, seed=0)
    agent = RandomAgent(0)
    while "act RC.FR" not in game.legal_actions():
        assert not game.is_terminal, "seed 0 of the demo decks should reach an ACT"
        game.apply(agent.choose(game, game.legal_actions()))
    return game


@pytest.fixture(scope="module")
def game(registry: Registry) -> Game:
    return main_phase_with_an_act(registry)


def assert_refused(game: Game, answer: Any, seat: str | None = None) -> IllegalActionError:
    """The answer raises IllegalActionError listing the legal answers; nothing changed."""
    before = game.state.state_hash()
    legal = game.decision.option_strings() if game.decision else []
    with pytest.raises(IllegalActionError) as caught:
        game.apply(answer, seat=seat)
    assert game.state.state_hash() == before
    if seat is None or seat == game.current_player:
        assert caught.value.legal == legal
    return caught.value


@pytest.mark.parametrize("answer", [True, False, None, b"battle", ["battle"], ("battle",), 0.0,
                                    1.5, {"verb": "battle"}, object()],
                         ids=lambda a: type(a).__name__)
def test_an_answer_that_is_no_string_action_or_index_is_refused(game: Game, answer: Any) -> None:
    """`True` is not option 1, bytes are not text: every one is vgcore's refusal."""
    error = assert_refused(game, answer)
    assert "an answer is an action string" in str(error)


@pytest.mark.parametrize("answer", [-1, 10_000, 2**70])
def test_an_index_out_of_range_is_refused(game: Game, answer: int) -> None:
    assert "no such option" in str(assert_refused(game, answer))


@pytest.mark.parametrize("answer", ["act RC.FR extra", "act RC.FR:99", "act RC.FR:2",
                                    "act RC.FR RC.FL", "battle now", "battle battle",
                                    "act", "act RC", "ACT RC.FR", "Battle"])
def test_extra_or_changed_words_are_not_ignored(game: Game, answer: str) -> None:
    """Only the documented shorthand stands for an option; `act X:99` is no ability of X."""
    assert_refused(game, answer)


def test_the_documented_ability_number_shorthand_is_accepted(registry: Registry) -> None:
    """`:1` may be written for the card's only ability of the kind (SCENARIOS.md §1)."""
    game = main_phase_with_an_act(registry)
    twin = game.clone()
    game.apply("act RC.FR:1", seat=game.current_player)
    twin.apply("act RC.FR")
    assert game.state.state_hash() == twin.state.state_hash()


@pytest.mark.parametrize("space", ["\u00a0", "\u2003", "\u3000", "\t", "\n", "\x00", "\x1b",
                                   "\u200b", "\u2028"],
                         ids=lambda c: f"U+{ord(c):04X}")
def test_words_are_separated_by_plain_spaces_only(game: Game, space: str) -> None:
    """A non-breaking space (or any other blank or control character) inside an answer is not
    a space: two different strings must never be taken for one answer."""
    error = assert_refused(game, f"act{space}RC.FR")
    assert f"U+{ord(space):04X}" in str(error)


def test_plain_blanks_around_and_runs_of_spaces_between_are_the_only_normalisation(
        registry: Registry) -> None:
    game = main_phase_with_an_act(registry)
    twin = game.clone()
    game.apply("  act   RC.FR \n", seat=game.current_player)
    twin.apply("act RC.FR")
    assert game.state.state_hash() == twin.state.state_hash()


def test_an_over_long_answer_is_refused_and_quoted_short(game: Game) -> None:
    error = assert_refused(game, "battle " + "x" * 100_000)
    assert f"at most {MAX_ANSWER_CHARS}" in str(error)
    assert len(str(error)) < 2_000


@pytest.mark.parametrize("action", [Action("act", ("RC.FR", "extra")), Action("act", (1,)),
                                    Action("battle ", ()), Action("act", ("RC .FR",)),
                                    Action(None, ()), Action("act", ["RC.FR"])],
                         ids=repr)
def test_a_hand_built_action_meets_the_same_checks(game: Game, action: Any) -> None:
    assert_refused(game, action)


def test_an_action_still_equals_and_hashes_as_its_canonical_string(game: Game) -> None:
    act = Action("act", ("RC.FR",))
    assert act == "act RC.FR" and hash(act) == hash("act RC.FR")
    assert act in game.legal_actions() and "act RC.FR" in game.legal_actions()


def test_an_answer_from_a_seat_not_asked_is_refused_without_its_options(game: Game) -> None:
    """The asked seat's options may name its hidden cards: a wrong seat is not told them."""
    asked = game.current_player
    other = game.opponent(asked)
    error = assert_refused(game, "battle", seat=other)
    assert error.legal == [] and "DEMO-" not in str(error)
    assert_refused(game, "battle", seat="Z")
    assert_refused(game, "battle", seat=0)  # type: ignore[arg-type]


def test_vgcore_play_refuses_hostile_lines_and_goes_on() -> None:
    """`vgcore play` fed odd lines (a non-breaking space, control characters, an over-long
    line) answers each with a message and stops cleanly at end of input."""
    lines = ["keep\u00a0now", "\x00\x1b[2J", "x" * 50_000, "mulligan", "act VC:99", "keep"]
    outcome = run_bounded(["play", "--format", "premium", "--seat", "A", "--seed", "1"],
                          stdin="\n".join(lines) + "\n")
    assert_bounded(outcome)
    assert outcome.code == 0, outcome.text
    assert "End of input" in outcome.text

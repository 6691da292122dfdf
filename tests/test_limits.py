"""Game-length limits (vgcore/limits.py, docs/architecture.md "Decisions taken"): the engine's
own rule, not an official one. Whatever its drivers answer, every game ends; meeting a limit
ends it as a draw whose reason the result, the event log, the view and the replay carry."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from vgcore import Game, Registry, Replay, ReplayError
from vgcore.agents import GreedyAgent
from vgcore.decisions import Action
from vgcore.errors import FormatError
from vgcore.formats import GameLimits, load_formats, standard_format_files
from vgcore.limits import DECISION_LIMIT, LIMIT_REASONS, TURN_LIMIT, answers_this_turn

INSTALLED = sorted(Registry().formats)
Chooser = Callable[[Game], Action]


def first_option(game: Game) -> Action:
    """The README's old loop: the first legal answer, always (a free move, offered again)."""
    assert game.decision is not None
    return game.decision.options[0]


def never_battle(game: Game) -> Action:
    """A staller: never ends its main phase willingly (any option but `battle` if there is
    one)."""
    assert game.decision is not None
    options = game.decision.options
    return next((a for a in options if a.verb != "battle"), options[0])


def play(game: Game, choose: Chooser, *, at_most: int = 20_000) -> int:
    """Answer until the game ends; the number of answers. Fails instead of looping for ever."""
    answers = 0
    while not game.is_terminal:
        game.apply(choose(game))
        answers += 1
        assert answers <= at_most, f"still going after {at_most} answers: {game!r}"
    return answers


def greedy_players(game: Game) -> Chooser:
    """Greedy agents at every seat, each with its own seed."""
    agents = {s: GreedyAgent(i) for i, s in enumerate(game.state.seats)}
    return lambda g: agents[g.decision.seat].choose(g, g.decision.options)


def answers_by_turn(game: Game) -> dict[int, int]:
    """Answers given (decision events that were not forced) per turn, from the log."""
    counts: dict[int, int] = {}
    turn = 0
    for event in game.state.log:
        if event["kind"] == "turn_start":
            turn = event["turn"]
        elif event["kind"] == "decision" and not event["forced"]:
            counts[turn] = counts.get(turn, 0) + 1
    return counts


def limited(tmp_path: Path, base: str, **limits: int) -> Registry:
    """A registry with format `short`: `base` with other limits (a `--cards` format file)."""
    (tmp_path / "formats").mkdir(exist_ok=True)
    lines = "".join(f"  {key}: {value}\n" for key, value in limits.items())
    (tmp_path / "formats" / "short.yaml").write_text(
        f"id: short\nextends: {base}\nlimits:\n{lines}", encoding="utf-8")
    return Registry(card_dirs=[tmp_path])


# --- every format ends, whatever the agents do -------------------------------------------------

def test_every_installed_format_is_covered() -> None:
    assert {"premium", "premium-g", "v-standard", "d-standard", "tag-premium",
            "tag-v-standard", "tag-d-standard"} <= set(INSTALLED)


@pytest.mark.parametrize("format_id", INSTALLED)
@pytest.mark.parametrize("choose", [first_option, never_battle], ids=["first", "stall"])
def test_every_format_ends_in_a_draw_at_the_decision_limit(
        registry: Registry, format_id: str, choose: Chooser) -> None:
    game = registry.new_game(format_id, seed=7)
    play(game, choose)
    limit = game.engine.format.limits.decisions_per_turn
    assert (game.result, game.result_reason) == ("draw", DECISION_LIMIT)
    assert game.returns() == [0.0] * len(game.state.seats)
    assert max(answers_by_turn(game).values()) == limit
    over = game.state.log[-1]
    assert (over["kind"], over["reason"], over["limit"], over["losers"]) == (
        "game_over", DECISION_LIMIT, limit, {})


@pytest.mark.parametrize("format_id", INSTALLED)
def test_normal_games_never_meet_a_limit(registry: Registry, format_id: str) -> None:
    """The defaults are far above real games: greedy games end by the rules."""
    for seed in range(3):
        game = registry.new_game(format_id, seed=seed)
        play(game, greedy_players(game))
        assert game.result_reason not in LIMIT_REASONS, (format_id, seed)
        assert "reason" not in game.state.log[-1]


# --- the turn limit ------------------------------------------------------------------------------

@pytest.mark.parametrize(("base", "seats"), [("premium", 2), ("tag-v-standard", 4)])
def test_turn_limit_counts_each_players_turns(tmp_path: Path, base: str, seats: int) -> None:
    """turns_per_player is per player: a tag fight's four players take as many turns each as
    the two of a duel."""
    registry = limited(tmp_path, base, turns_per_player=2)
    game = registry.new_game("short", seed=3)
    play(game, greedy_players(game))
    assert (game.result, game.result_reason) == ("draw", TURN_LIMIT)
    assert game.state.turn == 2 * seats
    starts = [e["seat"] for e in game.state.log if e["kind"] == "turn_start"]
    assert sorted(starts.count(s) for s in game.state.seats) == [2] * seats
    assert game.state.log[-1]["limit"] == 2


# --- the decision limit --------------------------------------------------------------------------

def test_decision_limit_is_configurable(tmp_path: Path) -> None:
    registry = limited(tmp_path, "premium", decisions_per_turn=30)
    game = registry.new_game("short", seed=1)
    play(game, never_battle)
    assert game.result_reason == DECISION_LIMIT
    assert max(answers_by_turn(game).values()) == 30
    assert game.engine.format.limits == GameLimits(turns_per_player=100, decisions_per_turn=30)


def test_the_count_survives_snapshots_and_clones(tmp_path: Path) -> None:
    """A game restored mid-turn, or cloned, ends at the same answer as the original: the
    count of answers in the turn is recounted from the log, not lost."""
    registry = limited(tmp_path, "premium", decisions_per_turn=40)
    game = registry.new_game("short", seed=2)
    while answers_this_turn(game) < 25 or game.state.turn == 0:
        game.apply(never_battle(game))
    restored = registry.load(json.loads(json.dumps(game.to_json())))
    twin = game.clone()
    ends = [play(g, never_battle) for g in (game, restored, twin)]
    assert ends[0] == ends[1] == ends[2] == 40 - 25
    assert game.state.state_hash() == restored.state.state_hash() == twin.state.state_hash()


def test_forced_answers_do_not_count(registry: Registry) -> None:
    game = registry.new_game("premium", seed=4)
    play(game, never_battle)
    forced = [e for e in game.state.log if e["kind"] == "decision" and e["forced"]]
    answered = sum(answers_by_turn(game).values())
    assert answered == len([e for e in game.state.log if e["kind"] == "decision"]) - len(forced)


# --- the reason travels: view and replay --------------------------------------------------------

def test_the_view_carries_the_reason(registry: Registry) -> None:
    game = registry.new_game("v-standard", seed=5)
    assert game.view("A")["result_reason"] is None
    play(game, first_option)
    view = game.view("B")
    assert (view["result"], view["result_reason"]) == ("draw", DECISION_LIMIT)
    assert view["log"][-1]["reason"] == DECISION_LIMIT


def test_the_replay_carries_the_reason_and_verifies_it(registry: Registry,
                                                       tmp_path: Path) -> None:
    rep = Replay.record(registry, "premium", ["TD01", "TD02"], 6, lambda g: str(first_option(g)))
    assert (rep.result, rep.result_reason) == ("draw", DECISION_LIMIT)
    path = tmp_path / "limit.replay.json"
    rep.save(path)
    assert json.loads(path.read_text())["result_reason"] == DECISION_LIMIT
    loaded = Replay.load(path)
    assert loaded.run(registry, verify=True).result_reason == DECISION_LIMIT
    loaded.result_reason = "damage"
    with pytest.raises(ReplayError, match="ended differently: recorded damage, got "
                                          "decision_limit"):
        loaded.run(registry, verify=True)


def test_a_normal_end_has_the_losers_reason(registry: Registry) -> None:
    game = registry.new_game("premium", seed=0)
    game.concede("B")
    assert (game.result, game.result_reason) == ("A", "concede")


# --- the limits are format parameters, validated ------------------------------------------------

def test_standard_formats_state_the_defaults() -> None:
    formats = load_formats(standard_format_files())
    for fmt in formats.values():
        assert fmt.limits == GameLimits(turns_per_player=100, decisions_per_turn=500)


def write_format(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mine.yaml"
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path


def test_a_derived_format_changes_one_limit_and_inherits_the_other(tmp_path: Path) -> None:
    path = write_format(tmp_path, """
        id: mine
        extends: premium
        limits:
          turns_per_player: 30
        """)
    mine = load_formats([*standard_format_files(), path])["mine"]
    assert mine.limits == GameLimits(turns_per_player=30, decisions_per_turn=500)


@pytest.mark.parametrize(("limits", "message"), [
    ("{turns_per_player: 0}", "limits.turns_per_player"),
    ("{decisions_per_turn: -5}", "limits.decisions_per_turn"),
    ("{decisions_per_turn: lots}", "limits.decisions_per_turn"),
    ("{turns_per_player: null}", "limits.turns_per_player"),
    ("{turns: 10}", "turns"),
])
def test_bad_limits_are_refused(tmp_path: Path, limits: str, message: str) -> None:
    """A limit cannot be switched off (null) or be below 1: every game must end."""
    path = write_format(tmp_path, f"""
        id: mine
        extends: premium
        limits: {limits}
        """)
    with pytest.raises(FormatError, match=message) as info:
        load_formats([*standard_format_files(), path])
    assert "mine.yaml" in str(info.value)

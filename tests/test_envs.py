"""The learning-environment adapters (vgcore/envs, docs/envs.md): PettingZoo and Gymnasium,
checked by the ecosystems' own checkers, and the observation's secrecy and layout."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from tests.test_views import advance, permute_hidden
from vgcore.agents import RandomAgent
from vgcore.envs import gymnasium_env, pettingzoo_env
from vgcore.envs.encoding import (
    ACTION_COLUMNS,
    PILE_COLUMNS,
    VERBS,
    Encoder,
    Sizes,
    TooManyAnswersError,
    code,
)
from vgcore.errors import IllegalActionError
from vgcore.plugins import Registry

# The checkers warn about choices made on purpose: seats named "A"/"B" rather than
# "player_0", and a Dict observation space (the arrays have different shapes and meanings).
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.fixture(scope="module")
def plain() -> Registry:
    return Registry()


def test_pettingzoo_env_passes_api_test_with_full_games(plain: Registry) -> None:
    env = pettingzoo_env("d-standard", registry=plain)
    api_test(env, num_cycles=400)  # 800 steps: whole games end, agents are removed


def test_pettingzoo_env_passes_api_test_at_a_tag_fight(plain: Registry) -> None:
    env = pettingzoo_env("tag-v-standard", registry=plain)
    assert env.possible_agents == ["A1", "B1", "A2", "B2"]  # seat (turn) order
    api_test(env, num_cycles=150)


def test_pettingzoo_env_is_seeded(plain: Registry) -> None:
    seed_test(lambda: pettingzoo_env("premium", registry=plain), num_cycles=150)


def test_pettingzoo_whole_game_rewards_are_the_returns(plain: Registry) -> None:
    env = pettingzoo_env("premium", ("TD01", "TD02"), registry=plain)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _info = env.last()
        totals[agent] += reward
        assert not truncated
        if terminated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) == len(env.legal_answers())
        env.step(int(rng.choice(legal)))
    assert env.agents == []
    assert sorted(totals.values()) == [-1.0, 1.0]


def test_pettingzoo_illegal_index_raises_and_changes_nothing(plain: Registry) -> None:
    env = pettingzoo_env("d-standard", registry=plain)
    env.reset(seed=1)
    before = env.game.state.state_hash()
    n = len(env.legal_answers())
    for bad in (n, -1, 2.5, "0", True):
        with pytest.raises(IllegalActionError, match="index of a legal answer"):
            env.step(bad)
    assert env.game.state.state_hash() == before
    env.step(np.int64(n - 1))  # numpy integers are indexes too


def test_gymnasium_env_passes_check_env(plain: Registry) -> None:
    check_env(gymnasium_env("d-standard", registry=plain))
    check_env(gymnasium_env("tag-premium", seat="B2", registry=plain))


def test_gymnasium_env_made_by_id_passes_check_env() -> None:
    import gymnasium

    env = gymnasium.make("vgcore/Vanguard-v0", format="premium")
    check_env(env.unwrapped)


def play_gym(env: object, seed: int) -> list[tuple[int, float]]:
    obs, _ = env.reset(seed=seed)  # type: ignore[attr-defined]
    rng = np.random.default_rng(seed)
    trail = []
    while True:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, _ = env.step(action)  # type: ignore[attr-defined]
        trail.append((action, reward))
        assert not truncated
        if terminated:
            return trail


def test_gymnasium_games_against_greedy_are_deterministic(plain: Registry) -> None:
    env = gymnasium_env("d-standard", opponent="greedy", registry=plain)
    first = play_gym(env, 11)
    assert play_gym(env, 11) == first
    assert first[-1][1] in (-1.0, 0.0, 1.0)
    assert env.game is not None and env.game.is_terminal


def test_gymnasium_illegal_action_loses_or_raises(plain: Registry) -> None:
    env = gymnasium_env("premium", registry=plain)
    obs, _ = env.reset(seed=2)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _obs, reward, terminated, _trunc, info = env.step(bad)
    assert (reward, terminated, info) == (-1.0, True, {"illegal_action": True})
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    strict = gymnasium_env("premium", illegal_action="raise", registry=plain)
    strict.reset(seed=2)
    with pytest.raises(IllegalActionError):
        strict.step(bad)


def test_bad_arguments_get_clear_errors(plain: Registry) -> None:
    with pytest.raises(ValueError, match="seats are A, B"):
        gymnasium_env("premium", seat="C", registry=plain)
    with pytest.raises(ValueError, match="unknown agent"):
        gymnasium_env("premium", opponent="oracle", registry=plain)
    with pytest.raises(ValueError, match="illegal_action"):
        gymnasium_env("premium", illegal_action="ignore", registry=plain)
    with pytest.raises(ValueError, match="seed"):
        pettingzoo_env("premium", registry=plain).reset(seed=-3)


def test_observation_is_the_same_when_the_opponents_hidden_cards_are_permuted(
        registry: Registry) -> None:
    """Built from the view only: B's hand and deck shuffled among themselves (what A cannot
    know) leave A's observation identical, array by array, at A's decisions and B's."""
    encoder = Encoder(registry.engine("d-standard"))
    compared = 0
    for seed in range(4):
        game = registry.new_game("d-standard", seed=seed)
        agent = RandomAgent(seed)
        for _ in range(30):
            advance(game, seed, 7)
            if game.is_terminal:
                break
            twin = permute_hidden(game, "B")
            assert twin.state.state_hash() != game.state.state_hash()
            mine, theirs = encoder.encode(game, "A"), encoder.encode(twin, "A")
            for name, array in mine["observation"].items():
                assert np.array_equal(array, theirs["observation"][name]), name
            assert np.array_equal(mine["action_mask"], theirs["action_mask"])
            compared += 1
            game.apply(agent.choose(game, game.legal_actions()))
    assert compared > 50


def test_action_table_rows_name_the_answers(registry: Registry) -> None:
    encoder = Encoder(registry.engine("premium"))
    game = registry.new_game("premium", seed=4)
    verb = ACTION_COLUMNS.index("verb")
    card = ACTION_COLUMNS.index("a0_card")
    for _ in range(120):
        if game.is_terminal:
            break
        seat = game.current_player
        obs = encoder.encode(game, seat)
        options = game.legal_actions()
        assert obs["action_mask"].tolist() == [1] * len(options) + [0] * (
            encoder.sizes.actions - len(options))
        table = obs["observation"]["actions"]
        for row, option in zip(table, options, strict=False):
            assert row[verb] == code(VERBS, option.verb)
            first = option.args[0] if option.args else ""
            if first in encoder.card_index:
                assert row[card] == encoder.card_index[first]
        other = next(s for s in game.state.seats if s != seat)
        assert not encoder.encode(game, other)["action_mask"].any()
        game.apply(options[-1])


def test_own_hand_is_encoded_and_the_opponents_is_not(registry: Registry) -> None:
    encoder = Encoder(registry.engine("premium"))
    game = registry.new_game("premium", ("TD01", "TD02"), seed=3)
    hand = encoder.encode(game, "A")["observation"]["hand"]
    present, card = PILE_COLUMNS.index("present"), PILE_COLUMNS.index("card")
    own = [encoder.card_ids[i - 1] for i in hand[0, :, card] if i]
    assert sorted(own) == sorted(game.view("A")["players"]["A"]["zones"]["hand"]["cards"])
    assert hand[0, :, present].sum() == len(own) > 0
    assert not hand[1].any()  # B's hand: its count only (in "counts")


def test_observation_spaces_hold_every_observation_of_every_format(plain: Registry) -> None:
    for fmt in sorted(plain.formats):
        env = pettingzoo_env(fmt, registry=plain)
        env.reset(seed=7)
        space = env.observation_space(env.agent_selection)
        for _ in range(60):
            agent = env.agent_selection
            obs = env.observe(agent)
            assert space.contains(obs), fmt
            if env.terminations[agent]:
                break
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_a_decision_longer_than_the_action_table_is_refused(plain: Registry) -> None:
    env = pettingzoo_env("premium", registry=plain, sizes=Sizes(actions=2))
    with pytest.raises(TooManyAnswersError, match=r"Sizes\(actions=\.\.\.\)"):
        env.reset(seed=0)
        for _ in range(50):
            env.observe(env.agent_selection)
            env.step(0)


def test_ansi_render_draws_the_board_of_the_agent_to_move(plain: Registry) -> None:
    env = pettingzoo_env("premium", registry=plain, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and f"{env.agent_selection} (you)" in text
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env.close()



def test_observation_is_the_same_in_every_game_the_seat_cannot_tell_apart(
        registry: Registry) -> None:
    """Game.resample(seat) deals anew every card `seat` cannot identify and re-seeds the
    PRNG: the seat's observation must not change, whatever was dealt."""
    import random

    encoder = Encoder(registry.engine("premium"))
    for seed in range(3):
        game = registry.new_game("premium", seed=seed)
        advance(game, seed, 25 + 20 * seed)
        if game.is_terminal:
            continue
        seat = game.current_player
        mine = encoder.encode(game, seat)
        hashes = set()
        for k in range(3):
            sample = game.resample(seat, random.Random(k))
            hashes.add(sample.state.state_hash())
            theirs = encoder.encode(sample, seat)
            for name, array in mine["observation"].items():
                assert np.array_equal(array, theirs["observation"][name]), name
            assert np.array_equal(mine["action_mask"], theirs["action_mask"])
        assert len(hashes) > 1


def test_the_python_examples_of_docs_envs_run(capsys: pytest.CaptureFixture[str]) -> None:
    import re
    from pathlib import Path

    page = Path(__file__).parent.parent / "docs" / "envs.md"
    blocks = re.findall(r"^```python\n(.*?)^```\s*$", page.read_text(encoding="utf-8"),
                        re.M | re.S)
    assert len(blocks) == 3  # PettingZoo, Gymnasium, OpenSpiel
    for block in blocks:
        exec(compile(block, str(page), "exec"), {})
    printed = capsys.readouterr().out.split("\n")
    assert printed[0].split()[0] in ("A", "B", "draw")  # the PettingZoo game's result
    assert printed[1] in ("1.0", "-1.0", "0.0")  # the Gymnasium episode's reward
    assert printed[2]  # the answer IS-MCTS chose, as an action string


def test_bench_env_reports_steps_per_second_and_observation_bytes() -> None:
    import json

    from click.testing import CliRunner

    from vgcore.cli import main

    result = CliRunner().invoke(main, ["bench", "--env", "--steps", "300", "--rounds", "2",
                                       "--format", "premium", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["format"] == "premium" and figures["steps"] == 300
    assert figures["observation_bytes"] == Encoder(Registry().engine("premium")).nbytes()
    for key in ("env_steps_per_s", "engine_only_steps_per_s", "engine_and_view_steps_per_s"):
        rates = figures["rounds"][key]
        assert len(rates) == 2 and min(rates) > 0
        assert figures[key] == max(rates)  # the best round: a busy machine only slows one

"""The OpenSpiel game "vgcore" (vgcore/envs/openspiel.py, docs/envs.md): OpenSpiel's own bots
play whole games through it; clone, serialize and resample go through the engine's."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import vgcore.envs.openspiel as vos
from vgcore.errors import FormatError


class DamageEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Values a (sampled) state by the damage each side has taken, as its view shows: cheap
    enough for a test, unlike random rollouts to the end of a game."""

    def evaluate(self, state: vos.VanguardState) -> np.ndarray:
        if state.is_terminal():
            return np.array(state.returns())
        seats = state._seats
        view = state.vg.view(seats[0], log=False)
        damage = [view["players"][s]["zones"]["damage"]["count"] for s in seats]
        return np.array([(damage[1 - i] - damage[i]) / 6 for i in range(2)])

    def prior(self, state: vos.VanguardState) -> list[tuple[int, float]]:
        actions = state.legal_actions()
        return [(a, 1 / len(actions)) for a in actions]


def play(game: pyspiel.Game, bots: list[object], seed: int) -> vos.VanguardState:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            continue
        state.apply_action(bots[state.current_player()].step(state))  # type: ignore[attr-defined]
    return state


def dealt(params: dict[str, object], outcome: int = 7, answers: int = 0) -> vos.VanguardState:
    state = pyspiel.load_game(vos.GAME_NAME, params).new_initial_state()
    state.apply_action(outcome)
    for i in range(answers):
        legal = state.legal_actions()
        state.apply_action(legal[i % len(legal)])
    return state


def test_ismcts_with_the_resampler_plays_a_whole_game_against_a_random_bot() -> None:
    game = pyspiel.load_game(vos.GAME_NAME, {"format": "d-standard"})
    bot = ismcts.ISMCTSBot(game, DamageEvaluator(), 2.0, max_simulations=4,
                           random_state=np.random.RandomState(2),
                           allow_inconsistent_action_sets=True)
    bot.set_resampler(vos.resampler(7))
    end = play(game, [bot, pyspiel.make_uniform_random_bot(1, 5)], seed=3)
    assert sorted(end.returns()) == [-1.0, 1.0]
    assert end.vg.result_reason is not None
    assert len(end.history()) > 50  # the deal, then every answer


def test_random_bots_play_a_tag_fight_of_four_players() -> None:
    game = pyspiel.load_game(vos.GAME_NAME, {"format": "tag-premium"})
    assert game.num_players() == 4
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    end = play(game, [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(4)], seed=1)
    assert sum(end.returns()) == 0.0 and end.returns() in (
        [1.0, -1.0, 1.0, -1.0], [-1.0, 1.0, -1.0, 1.0], [0.0] * 4)


def test_game_parameters_and_info() -> None:
    game = pyspiel.load_game(vos.GAME_NAME, {"format": "premium", "decks": "TD01 TD02",
                                             "deals": 100})
    assert game.num_distinct_actions() == 64
    assert game.max_chance_outcomes() == 100
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 100
    state.apply_action(99)
    assert all(state.action_to_string(state.current_player(), a).startswith("mulligan")
               or state.action_to_string(state.current_player(), a) == "keep"
               for a in state.legal_actions())
    with pytest.raises(ValueError, match="spaces, not commas"):
        pyspiel.load_game(vos.GAME_NAME, {"decks": "TD01,TD02"})
    with pytest.raises(FormatError):
        pyspiel.load_game(vos.GAME_NAME, {"format": "no-such-format"})


def test_the_same_deal_and_answers_give_the_same_game() -> None:
    params = {"format": "v-standard"}
    assert dealt(params, 5, 80).serialize() == dealt(params, 5, 80).serialize()
    assert dealt(params, 5, 80).serialize() != dealt(params, 6, 80).serialize()


def test_clone_is_independent_and_serialize_round_trips() -> None:
    state = dealt({"format": "d-standard"}, 3, 40)
    before = state.serialize()
    twin = state.clone()
    assert twin.box.game is not state.box.game
    twin.apply_action(twin.legal_actions()[0])
    assert state.serialize() == before != twin.serialize()
    game = state.get_game()
    text = pyspiel.serialize_game_and_state(game, state)
    _game, restored = pyspiel.deserialize_game_and_state(text)
    assert restored.serialize() == before
    assert pickle.loads(pickle.dumps(state)).serialize() == before
    assert copy.deepcopy(state).serialize() == before
    assert game.deserialize_state("deal").is_chance_node()


def test_information_state_and_observation_come_from_the_view() -> None:
    state = dealt({"format": "premium"}, 11, 30)
    game = state.get_game()
    player = state.current_player()
    info, obs = state.information_state_string(player), state.observation_string(player)
    assert info.startswith(obs) and "|history:" in info
    tensor = np.asarray(state.information_state_tensor(player))
    assert tensor.shape == tuple(game.information_state_tensor_shape())
    encoded = game.encoder.encode(state.vg, state._seats[player])
    flat = np.concatenate([a.ravel() for a in encoded["observation"].values()]
                          + [encoded["action_mask"]])
    assert np.array_equal(tensor, flat.astype(np.float32))
    assert np.array_equal(np.asarray(state.observation_tensor(player)), tensor)


def test_resampled_states_keep_the_players_information_state() -> None:
    state = dealt({"format": "d-standard"}, 9, 60)
    player = state.current_player()
    key = state.information_state_string(player)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    others = set()
    for i in range(5):
        sample = (state.resample_from_infostate(player, sampler) if i % 2
                  else vos.resampler(i)(state, player))
        assert sample.information_state_string(player) == key
        # the carried digest is the one the sample's own log gives
        fresh = vos.GameBox(sample.vg)
        assert fresh.history_digest(state._seats[player]) == key.rsplit(":", 1)[1]
        others.add(sample.vg.state.state_hash())
        assert sample.legal_actions() == state.legal_actions()
    assert len(others) > 1  # the hidden cards (the decks' order at least) were dealt anew

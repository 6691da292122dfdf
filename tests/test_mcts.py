"""The search agent `mcts` (vgcore/agents/mcts.py), its position model and agent specs."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from vgcore.agents import GreedyAgent, MctsAgent, is_agent, make_agent, parse_agent_spec
from vgcore.agents.evaluation import FEATURES, WEIGHTS, evaluate, features, logistic_fit
from vgcore.agents.mcts import Budget, best_paired
from vgcore.cli import main
from vgcore.game import Game
from vgcore.host.service import Host
from vgcore.plugins import Registry
from vgcore.simulate import play_out, seat_agents, simulate
from vgcore.testing.board import game_from_board


def guard_against_a_twin_drive(registry: Registry) -> Game:
    """A at 5 damage guards B's vanguard (11000 against 11000). A 5000 shield is enough
    before the drive checks (greedy's pick), but half of B's deck is critical triggers
    (+5000 each in premium): only the 10000 shield survives one trigger."""
    board = {
        "A": {"vanguard": "VAN-RP-009", "hand": ["VAN-RP-003", "VAN-RP-001"],
              "damage": ["VAN-RP-004"] * 2 + ["VAN-RP-005"] * 3, "deck": ["VAN-RP-006"] * 8},
        "B": {"vanguard": "VAN-KG-009", "hand": ["VAN-KG-006"], "damage": ["VAN-KG-004"] * 3,
              "deck": ["VAN-KG-011", "VAN-KG-002"] * 4},
    }
    game = game_from_board(registry.engine("premium"), board, turn=4, player="B",
                           phase="battle")
    game.apply("attack VC -> A.VC")
    return game


def test_mcts_guards_for_the_drive_checks_greedy_ignores(registry: Registry) -> None:
    game = guard_against_a_twin_drive(registry)
    options = game.legal_actions()
    assert str(GreedyAgent(0).choose(game, options)) == "guard VAN-RP-003"
    for seed in range(3):
        assert str(make_agent("mcts:iterations=24", seed).choose(game, options)) \
            == "guard VAN-RP-001"


def test_mcts_is_deterministic_with_a_seed_and_an_iteration_budget(registry: Registry) -> None:
    def answers() -> tuple[list[str], str]:
        game = registry.new_game("d-standard", seed=4)
        agents = {"A": make_agent("mcts:iterations=6", 9), "B": GreedyAgent(9)}
        said = []
        for _ in range(70):
            d = game.decision
            assert d is not None
            said.append(str(agents[d.seat].choose(game, d.options)))
            game.apply(said[-1])
        return said, game.state.state_hash()

    assert answers() == answers()


def test_mcts_plays_whole_games_through_simulate(registry: Registry) -> None:
    """Every answer is legal (`apply` would raise), games end, and the time each side took
    is reported."""
    decks = registry.deal_decks("premium")
    report = simulate(registry, "premium", list(decks.values()), games=2,
                      agents=("mcts:iterations=4", "greedy"))
    assert report.games == 2 and sum(report.wins.values()) == 2
    assert set(report.thinking) == {"A", "B"}
    assert report.ms_per_decision("A") > 0


def test_mcts_in_a_tag_fight_and_under_a_time_budget(registry: Registry) -> None:
    game = registry.new_game("tag-v-standard", seed=2)
    players = seat_agents(game, ["mcts:iterations=2,ms=5,horizon=0", "greedy"], 2)
    assert isinstance(players["A1"], MctsAgent)
    play_out(game, players)
    assert game.is_terminal


def test_a_searched_answer_stands_only_when_it_beats_greedy_beyond_noise() -> None:
    assert best_paired([[0.0, 0.0, 0.0], [0.5, 0.5, 0.5]], 0) == 1
    assert best_paired([[0.0, 0.0, 0.0], [1.0, -1.0, 0.3]], 0) == 0, "within noise"
    assert best_paired([[0.2, 0.2], [0.1, 0.1], [0.5, 0.6]], 0) == 2


def test_the_position_model() -> None:
    """The fitted weights read as the game does: damage near the loss, fewer units and a
    lower grade are bad; the fitter recovers a known slope."""
    w = dict(zip(FEATURES, WEIGHTS, strict=True))
    assert w["damage_squared"] < 0 < w["units"] and w["grade"] > 0 and w["hand"] > 0
    data = [([1.0, x / 10], float(x > 0)) for x in range(-20, 21) if x] * 2
    data += [([1.0, 0.5], 0.0), ([1.0, -0.5], 1.0)]  # noise, so the slope stays finite
    weights, loss = logistic_fit(data)
    assert weights[1] > 1 and loss < 0.5


def test_the_model_sees_both_sides_and_the_result(registry: Registry) -> None:
    game = guard_against_a_twin_drive(registry)
    a, b = features(game, "A"), features(game, "B")
    assert a[0] == b[0] == 1.0 and a[1:] == [-x for x in b[1:]]
    assert -1 < evaluate(game, "A") < 0 < evaluate(game, "B")
    game.apply("done")
    while not game.is_terminal:
        game.apply(GreedyAgent(0).choose(game, game.legal_actions()))
    assert (evaluate(game, "A"), evaluate(game, "B")) == (-1.0, 1.0)


# -- agent specs ---------------------------------------------------------------------------


def test_agent_specs() -> None:
    assert parse_agent_spec("mcts:iterations=64,ms=100") == (
        "mcts", {"iterations": "64", "ms": "100"})
    agent = make_agent("mcts:iterations=64,ms=100,horizon=0", 3)
    assert isinstance(agent, MctsAgent)
    assert agent.budget == Budget(iterations=64, ms=100.0, horizon=0)
    assert isinstance(make_agent("greedy", 3), GreedyAgent)  # the old form still works
    assert make_agent("mcts").budget == Budget()


@pytest.mark.parametrize(("spec", "message"), [
    ("chess", "unknown agent 'chess'; known: greedy, mcts, random"),
    ("greedy:depth=2", "agent 'greedy' takes no options"),
    ("mcts:depth=2", "unknown mcts option 'depth'; options: iterations, ms, horizon"),
    ("mcts:iterations=many", "iterations='many': expected a whole number"),
    ("mcts:iterations=0", "iterations must be at least 1"),
    ("mcts:ms=nan", "ms must be positive"),
    ("mcts:iterations", "'iterations' is not key=value"),
    ("mcts:ms=1,ms=2", "'ms' given twice"),
    ("", "an agent spec is a name"),
])
def test_bad_agent_specs_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        make_agent(spec)
    assert not is_agent(spec)


def test_the_command_line_takes_agent_specs() -> None:
    runner = CliRunner()
    done = runner.invoke(main, ["simulate", "--games", "1", "--json",
                                "--agents", "mcts:iterations=2", "greedy"])
    assert done.exit_code == 0, done.output
    summary = json.loads(done.output.strip().splitlines()[-1])
    assert summary["agents"] == ["mcts:iterations=2", "greedy"]
    assert set(summary["ms_per_decision"]) == {"A", "B"}
    bad = runner.invoke(main, ["simulate", "--games", "1", "--agents", "mcts:x=1", "greedy"])
    assert bad.exit_code == 2 and "unknown mcts option 'x'" in bad.output
    bad = runner.invoke(main, ["play", "--agent", "deep-blue"])
    assert bad.exit_code == 2 and "unknown agent 'deep-blue'" in bad.output


def test_the_host_seats_an_agent_by_spec() -> None:
    seats = ["A", "B"]
    assert Host.seat_kinds({"B": "agent:mcts:iterations=8"}, seats) == {
        "A": "human", "B": "agent:mcts:iterations=8"}
    with pytest.raises(Exception, match="neither 'human' nor an agent"):
        Host.seat_kinds({"B": "agent:mcts:iterations=zero"}, seats)

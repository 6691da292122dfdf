"""The Python API a newcomer reaches for: decks by name, snapshots without an engine, seat
checks, options that equal their action strings, useful reprs, views without the whole log,
and the public replay API."""

from __future__ import annotations

import json
import operator
from pathlib import Path

import pytest

import vgcore
from tests.hostile.test_hidden import FORMATS
from vgcore import (
    Action,
    Game,
    Registry,
    Replay,
    SeatError,
    SnapshotError,
    UnknownDeckError,
    parse,
)
from vgcore.agents import RandomAgent
from vgcore.cli import resolve_decks
from vgcore.decisions import Decision, shared_action
from vgcore.errors import DeckError, ReplayError


def advance(game: Game, answers: int, seed: int = 0) -> None:
    agent = RandomAgent(seed)
    for _ in range(answers):
        if game.is_terminal:
            return
        game.apply(agent.choose(game, game.legal_actions()))


# --- decks by name -----------------------------------------------------------------------------

def test_new_game_takes_deck_names(registry: Registry) -> None:
    game = registry.new_game("premium", decks=("TD02", "TD01"), seed=3)
    by_names = game.state.state_hash()
    lists = registry.new_game("premium", [registry.deck("TD02"), registry.deck("TD01")], 3)
    assert by_names == lists.state.state_hash()
    first = {game.state.card_ids[u] for u in game.state.players["A"].zones["hand"]}
    assert all(card.startswith("TD02") for card in first)


def test_new_game_takes_a_deck_file(registry: Registry) -> None:
    path = registry.deck("TD01").source
    assert path is not None
    game = registry.new_game("premium", decks=(path, "TD02"), seed=1)
    assert game.decision is not None


def test_names_are_dealt_by_team_at_a_tag_fight(registry: Registry) -> None:
    names = ("VX01-royal-paladin-force", "VX01-oracle-think-tank-protect")
    game = registry.new_game("tag-v-standard", decks=names, seed=0)
    same = registry.new_game("tag-v-standard", [registry.deck(n) for n in names], 0)
    assert game.state.state_hash() == same.state.state_hash()


def test_an_unknown_deck_name_lists_the_decks_of_the_format(registry: Registry) -> None:
    with pytest.raises(UnknownDeckError) as info:
        registry.new_game("premium", decks=("TD01", "TD03"))
    message = str(info.value)
    assert message.startswith("unknown deck 'TD03'; decks for premium: TD01, TD02")
    registered = message.split("all registered: ", 1)[1].split(", ")
    assert {"D-SD01", "D-BT01-stoicheia", "TD01"} <= set(registered)
    assert registered == sorted(registered)
    assert isinstance(info.value, KeyError)  # what Registry.deck raised before


def test_a_single_name_is_not_a_pair(registry: Registry) -> None:
    with pytest.raises(TypeError, match="one deck per seat"):
        registry.new_game("premium", decks="TD01")


def test_a_wrong_number_of_decks_is_refused(registry: Registry) -> None:
    with pytest.raises(DeckError, match="2 seats need 2 decks, got 3"):
        registry.new_game("premium", decks=("TD01", "TD02", "TD01"))


def test_the_cli_reads_deck_names_the_same_way(registry: Registry) -> None:
    assert resolve_decks(registry, "premium", ("TD02", "TD01")) == list(
        registry.resolve_decks("premium", ["TD02", "TD01"]))
    assert resolve_decks(registry, "premium", ()) == list(registry.default_decks("premium"))


# --- snapshots ---------------------------------------------------------------------------------

def test_load_restores_a_snapshot_without_an_engine(registry: Registry) -> None:
    game = registry.new_game("d-standard", seed=5)
    advance(game, 30, seed=5)
    text = json.dumps(game.to_json())
    for restored in (Game.load(registry, json.loads(text)), registry.load(text)):
        assert restored.engine is game.engine
        assert restored.state.state_hash() == game.state.state_hash()
        assert restored.decision is not None
        restored.apply(restored.decision.options[0])


def test_a_snapshot_keeps_extra_plugins(registry: Registry) -> None:
    game = registry.new_game("premium", seed=0, plugins=["gifts"])
    snapshot = game.to_json()
    assert snapshot["plugins"] == ["gifts"]
    assert registry.load(snapshot).engine is game.engine
    assert "plugins" not in registry.new_game("premium", seed=0).to_json()


@pytest.mark.parametrize(("snapshot", "message"), [
    ("{not json", "not JSON"),
    ([1, 2], "not list"),
    ({"state": {}}, "missing: format"),
    ({"format": "premium", "state": []}, "its 'state' a mapping"),
    ({"format": ["premium"], "state": {}}, "'format' is a format id"),
    ({"format": "nope", "state": {}}, "format 'nope', which is not installed; installed: "),
    ({"format": "premium", "state": {"seats": ["A1", "B1", "A2", "B2"]}},
     "seats A1, B1, A2, B2; format 'premium' seats A, B"),
    ({"format": "premium", "state": {"seats": ["A", "B"], "card_ids": ["XX-1"]}},
     "cards this registry does not know: XX-1"),
    ({"format": "premium", "state": {"seats": ["A", "B"]}},
     "invalid snapshot: state: missing players, card_ids"),
])
def test_a_bad_snapshot_is_refused_clearly(registry: Registry, snapshot: object,
                                           message: str) -> None:
    with pytest.raises(SnapshotError, match=message):
        registry.load(snapshot)  # type: ignore[arg-type]


# --- seats -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("format_id", "seats"), [("premium", "A, B"),
                                                  ("tag-premium", "A1, B1, A2, B2")])
def test_view_of_an_unknown_seat_names_the_seats(registry: Registry, format_id: str,
                                                 seats: str) -> None:
    game = registry.new_game(format_id, seed=0)
    with pytest.raises(SeatError, match=f"unknown seat 'C'; the seats are {seats}"):
        game.view("C")
    with pytest.raises(ValueError, match="unknown seat"):
        game.concede("C")
    assert not game.is_terminal


# --- options and action strings ---------------------------------------------------------------

def test_options_equal_their_action_strings(registry: Registry) -> None:
    game = registry.new_game("premium", seed=0)
    d = game.decision
    assert d is not None and d.kind == "mulligan"
    assert "keep" in d.options
    keep = d.options[d.options.index("keep")]
    assert keep == "keep" and operator.eq("keep", keep)  # both ways round
    assert operator.ne(keep, "keep") is False
    assert keep != "battle" and "battle" not in d.options
    mulligan = next(a for a in d.options if a.verb == "mulligan")
    assert mulligan == str(mulligan) and str(mulligan) in d.options
    game.apply("keep")
    game.apply("keep")
    while game.decision is not None and game.decision.kind != "main":
        game.apply(game.decision.options[-1])
    assert game.decision is not None and game.decision.options[-1] == "battle"


def test_shared_actions_read_their_strings_from_the_table() -> None:
    """A shared action's string is written once and read back by identity; it must be the
    string an equal action built anew spells, for every shape of answer."""
    for verb, args in (("end", ()), ("attack", ("RC.FL", "B.VC")), ("call", ("X-1", "RC.BL")),
                       ("ride-deck", ("X-2", "X-3")), ("guard", ("X-4", "RC.FR"))):
        shared = shared_action(verb, args)
        fresh = Action(verb, args)
        assert shared is shared_action(verb, args) and shared is not fresh
        assert str(shared) == str(fresh) == fresh.spelled() and parse(str(shared)) == fresh
        assert hash(shared) == hash(fresh) and shared == str(fresh)


def test_equality_and_hashing_stay_consistent() -> None:
    attack = Action("attack", ("VC", "B.VC"))
    assert attack == "attack VC -> B.VC" and hash(attack) == hash("attack VC -> B.VC")
    assert attack == parse("attack VC -> B.VC") and hash(attack) == hash(parse(str(attack)))
    assert attack != Action("attack", ("RC.FL", "B.VC"))
    assert attack != "attack VC"  # a prefix is another answer
    assert Action("keep") == ("keep", ())  # still a tuple to other tuples
    assert Action("keep") != 3
    mixed = {Action("keep"), "keep", Action("battle")}
    assert len(mixed) == 2 and "battle" in mixed
    assert {"keep": 1}[Action("keep")] == 1


def test_decision_repr_shows_kind_seat_and_a_few_options() -> None:
    options = [Action("call", (f"TD01-00{i}", "RC.FL")) for i in range(1, 7)] + [
        Action("battle")]
    d = Decision(12, "A", "main", "Call, move, act, or go to battle.", options)
    assert repr(d) == ("<Decision #12 main for A: call TD01-001 RC.FL, call TD01-002 RC.FL, "
                       "call TD01-003 RC.FL, call TD01-004 RC.FL, … 3 more>")
    may = Decision(3, "B", "pay", "Pay?", [Action("pay"), Action("no")], optional=True)
    assert repr(may) == "<Decision #3 pay (may) for B: pay, no>"


def test_a_decision_compares_by_value_and_survives_pickle_and_copy() -> None:
    import copy
    import pickle

    d = Decision(3, "B", "pay", "Pay?", [Action("pay"), Action("no")], optional=True,
                 data={"cost": "CB1"})
    same = Decision(3, "B", "pay", "Pay?", [Action("pay"), Action("no")], optional=True,
                    data={"cost": "CB1"})
    assert d == same and d != Decision(4, "B", "pay", "Pay?", [Action("pay"), Action("no")])
    assert d != Decision(3, "B", "pay", "Pay?", [Action("pay")], optional=True,
                         data={"cost": "CB1"})
    for twin in (pickle.loads(pickle.dumps(d)), copy.deepcopy(d), copy.copy(d)):
        assert twin == d and twin.optional and twin.data == {"cost": "CB1"}
    assert Decision(1, "A", "main", "", []).data == {}  # each its own data dict
    assert Decision(1, "A", "main", "", []).data is not Decision(1, "A", "main", "", []).data


def test_game_repr_shows_format_turn_phase_and_who_answers(registry: Registry) -> None:
    game = registry.new_game("premium", seed=0)
    assert repr(game) == "<Game premium set-up, A to answer mulligan>"
    game.apply("keep")
    game.apply("keep")
    st = game.state
    assert repr(game) == (f"<Game premium turn 1 ({st.turn_player}'s), {st.phase}, "
                          f"{game.decision.seat} to answer {game.decision.kind}>")
    game.concede("A")
    assert repr(game) == "<Game premium over: B (concede)>"


# --- views without the whole log ------------------------------------------------------------

def test_view_since_gives_only_the_new_events(registry: Registry) -> None:
    game = registry.new_game("premium", seed=2)
    seen: list[dict[str, object]] = []
    since = 0
    for _ in range(40):
        view = game.view("A", since=since)
        seen.extend(view["log"])
        since = view["next_event"]
        advance(game, 1, seed=len(seen))
    seen.extend(game.view("A", since=since)["log"])
    assert seen == game.view("A")["log"]
    assert [e["n"] for e in seen] == list(range(len(game.state.log)))


def test_view_without_log(registry: Registry) -> None:
    game = registry.new_game("premium", seed=2)
    view = game.view("B", log=False)
    assert "log" not in view and view["next_event"] == len(game.state.log)


@pytest.mark.parametrize("kwargs", [{"since": -1}, {"since": "3"}, {"since": True},
                                    {"since": 2, "log": False}])
def test_bad_since_is_refused(registry: Registry, kwargs: dict[str, object]) -> None:
    game = registry.new_game("premium", seed=2)
    with pytest.raises(ValueError, match="since"):
        game.view("A", **kwargs)  # type: ignore[arg-type]


# --- the replay API ---------------------------------------------------------------------------

def test_the_replay_api_is_public(registry: Registry, tmp_path: Path) -> None:
    assert {"Replay", "ReplayError", "SnapshotError", "SeatError"} <= set(vgcore.__all__)
    agent = RandomAgent(9)

    def choose(game: Game) -> str:
        return str(agent.choose(game, game.legal_actions()))

    rep = Replay.record(registry, "v-standard", None, 9, choose)
    assert rep.result in ("A", "B", "draw") and rep.result_reason is not None
    assert len(rep.answers) == len(rep.hashes) > 0
    rep.save(tmp_path / "game.replay.json")
    game = Replay.load(tmp_path / "game.replay.json").run(registry, verify=True)
    assert (game.result, game.result_reason) == (rep.result, rep.result_reason)
    for name in ("record", "run", "finish", "save", "load"):
        assert getattr(Replay, name).__doc__, name


# -- what a host needs of the engine (vgcore/host) -------------------------------------------


@pytest.mark.parametrize("format_id", FORMATS)
def test_snapshot_text_is_to_json_as_text(registry: Registry, format_id: str) -> None:
    """The host's fast snapshot (no copy, msgspec) says exactly what to_json says, and loads."""
    game = registry.new_game(format_id, seed=4)
    agent = RandomAgent(4)
    for _ in range(120):
        if game.is_terminal:
            break
        game.apply(agent.choose(game, game.legal_actions()))
    text = game.snapshot_text()
    assert json.loads(text) == json.loads(json.dumps(game.to_json()))
    assert registry.load(text).state.state_hash() == game.state.state_hash()


def test_a_forfeit_ends_the_game_with_its_reason_and_a_replay_keeps_it(
        registry: Registry) -> None:
    game = registry.new_game("premium", seed=2)
    with pytest.raises(ValueError, match="forfeits by one of concede, time, disconnect"):
        game.concede("A", "boredom")
    game.concede("B", "time")
    assert (game.result, game.result_reason) == ("A", "time")
    replay = Replay("premium", 2, registry.deal_decks("premium"), forfeit=("B", "time"))
    replay.finish(game)
    again = Replay.from_json(json.loads(json.dumps(replay.to_json())))
    assert again.forfeit == ("B", "time")
    assert again.run(registry).result_reason == "time"
    broken = {**replay.to_json(), "forfeit": {"seat": "B", "reason": "boredom"}}
    with pytest.raises(ReplayError, match=r"forfeit\.reason: one of"):
        Replay.from_json(broken)


def test_a_game_that_dropped_its_scripts_is_freed_without_the_collector(
        registry: Registry) -> None:
    """`drop_scripts` breaks the one reference cycle a game holds (its Lua runtime points
    back at it): dropped, the game goes at once, with cycle collection off; a game holding
    its runtime waits for the collector. The runtime is made again when next needed."""
    import gc

    def scripted_game(seed: int) -> Game:
        game = registry.new_game("d-standard", registry.default_decks("d-standard"), seed,
                                 validate=False)
        agent = RandomAgent(seed)
        for _ in range(60):
            game.apply(agent.choose(game, game.legal_actions()))
        assert game.scripts is not None  # the runtime, as a card's Lua function makes it
        return game

    def alive(game_id: int) -> bool:
        return any(id(o) == game_id for o in gc.get_objects() if type(o) is Game)

    gc.collect()
    gc.disable()
    try:
        kept = scripted_game(1)
        kept_id = id(kept)
        del kept
        assert alive(kept_id)  # the cycle holds it until a collection
        dropped = scripted_game(2)
        dropped.drop_scripts()
        dropped_id = id(dropped)
        del dropped
        assert not alive(dropped_id)
    finally:
        gc.enable()
        gc.collect()
    again = scripted_game(3)
    runtime = again.scripts
    again.drop_scripts()
    assert again.scripts is not runtime  # made anew on next use


def test_an_answer_read_from_text_is_the_offered_option_itself(registry: Registry) -> None:
    """`read_answer` gives back the object in `options` that a string (or an equal Action)
    names, so that applying what it read finds that option by identity, not by reading it
    again (the host reads each answer, then applies it)."""
    from vgcore.decisions import Action
    from vgcore.game import read_answer

    game = registry.new_game("premium", seed=3)
    for _ in range(40):
        d = game.decision
        assert d is not None
        for option in d.options:
            assert read_answer(d, str(option)) is option
            assert read_answer(d, Action(option.verb, tuple(option.args))) is option
        game.apply(d.options[-1])

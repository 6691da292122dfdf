"""Tag fight plugin (RULES.md §13): what scenario files cannot state, and random playouts.

The scenario files beside this module cover the attacks, team damage, the heal comparison,
team costs, limit break, tag guard and "opponent" / "all fighters" in card effects.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from vgcore_gifts import PSEUDO_CARDS
from vgcore_tag import OPEN_HANDS, TAG_TABLE

from tests.invariants import play_checked
from vgcore import replay as replays
from vgcore.agents import GreedyAgent, RandomAgent
from vgcore.decisions import Action
from vgcore.errors import FormatError
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.scripting.host import build_snapshot
from vgcore.selectors import Ctx
from vgcore.simulate import simulate
from vgcore.steps import choosable
from vgcore.testing.board import game_from_board
from vgcore.types import Zone

CARDS = Path(__file__).parent / "cards"
TAG_FORMATS = ("tag-v-standard", "tag-premium", "tag-d-standard")
SEATS = ("A1", "B1", "A2", "B2")


@pytest.fixture(scope="module")
def reg() -> Registry:
    return Registry(card_dirs=[CARDS], strict=True)


def turn_players(game: Game, turns: int) -> list[str]:
    """Who takes each of the first `turns` turns, answering with the last option (cheap)."""
    seen: dict[int, str] = {}
    while len(seen) <= turns and not game.is_terminal:
        if game.state.turn > 0:
            seen.setdefault(game.state.turn, game.state.turn_player)
        game.apply(game.legal_actions()[-1])
    return [seen[t] for t in range(1, turns + 1)]


def four_board(**sides: dict[str, object]) -> dict[str, dict[str, object]]:
    """A vanilla V board for the four seats; `sides` adds to a seat's zones."""
    out: dict[str, dict[str, object]] = {}
    for seat in SEATS:
        team_a = seat.startswith("A")
        base: dict[str, object] = {
            "vanguard": "VAN-OT-009" if team_a else "VAN-AF-009",
            "deck": (["VAN-OT-002", "VAN-OT-003", "VAN-OT-004"] if team_a
                     else ["VAN-AF-002", "VAN-AF-003", "VAN-AF-004"]),
        }
        out[seat] = {**base, **sides.get(seat, {})}
    return out


# -- the table ---------------------------------------------------------------------------


def test_turn_order_goes_a1_b2_a2_b1_for_six_turns(reg: Registry) -> None:
    """RULES.md §13: A1 → B2 → A2 → B1 → A1…, from whoever goes first."""
    game = reg.new_game("tag-v-standard", seed=5, first_player="A1")
    assert turn_players(game, 6) == ["A1", "B2", "A2", "B1", "A1", "B2"]
    game = reg.new_game("tag-v-standard", seed=5, first_player="B2")
    assert turn_players(game, 5) == ["B2", "A2", "B1", "A1", "B2"]


def test_first_player_is_drawn_by_the_seeded_generator(reg: Registry) -> None:
    """RULES.md §4.3 and §13: any of the four may go first; the same seed, the same one."""
    firsts = {reg.new_game("tag-v-standard", seed=s).state.first_player for s in range(24)}
    assert firsts == set(SEATS)
    again = [reg.new_game("tag-v-standard", seed=s).state.first_player for s in range(6)]
    assert again == [reg.new_game("tag-v-standard", seed=s).state.first_player
                     for s in range(6)]


def test_a_format_may_fix_the_first_seat(tmp_path: Path) -> None:
    """RULES.md §4.3: `first_player` may name a seat of the table; a seat the table does not
    have is refused when the format's engine is built."""
    (tmp_path / "formats").mkdir()
    (tmp_path / "formats" / "b2.yaml").write_text(
        "id: tag-b2-first\nextends: tag-v-standard\nfirst_player: B2\n")
    (tmp_path / "formats" / "bad.yaml").write_text(
        "id: duel-a1-first\nextends: v-standard\nfirst_player: A1\n")
    reg = Registry(card_dirs=[tmp_path, CARDS], strict=True)
    assert {reg.new_game("tag-b2-first", seed=s).state.first_player for s in range(5)} == {"B2"}
    with pytest.raises(FormatError, match="no seat of its table; use random or one of A, B"):
        reg.engine("duel-a1-first")


def test_opponents_face_each_other_and_teams_sit_together(reg: Registry) -> None:
    game = reg.new_game("tag-v-standard", seed=1)
    assert {s: game.opponent(s) for s in SEATS} == {"A1": "B1", "B1": "A1",
                                                    "A2": "B2", "B2": "A2"}
    assert {s: game.teammates(s) for s in SEATS} == {"A1": ("A2",), "B1": ("B2",),
                                                     "A2": ("A1",), "B2": ("B1",)}
    assert game.engine.seat_layout is TAG_TABLE


@pytest.mark.parametrize("format_id", TAG_FORMATS)
def test_first_attack_is_in_turn_four(reg: Registry, format_id: str) -> None:
    """RULES.md §13: no attack in turns 1-3; the fourth player (B1 after A1) attacks first."""
    for seed in range(4):
        game = reg.new_game(format_id, seed=seed)
        agents = {s: GreedyAgent(seed) for s in SEATS}
        while not game.is_terminal and not any(e["kind"] == "attack" for e in game.state.log):
            d = game.decision
            assert d is not None
            game.apply(agents[d.seat].choose(game, d.options))
        first = next(e for e in game.state.log if e["kind"] == "attack")
        layout = game.engine.seat_layout
        assert game.state.turn == 4
        assert first["seat"] == layout.from_first(game.state.first_player)[3]
        assert first["target"].split(".")[0] == game.opponent(first["seat"])


def test_tag_formats_extend_the_standard_ones(reg: Registry) -> None:
    """Each tag format keeps its base's plugins and rules and adds the table (RULES.md §13)."""
    for format_id in TAG_FORMATS:
        fmt, base = reg.format(format_id), reg.format(format_id.removeprefix("tag-"))
        assert fmt.extends == base.id
        assert fmt.plugins == (*base.plugins, "tag")
        assert (fmt.damage_to_lose, fmt.attack_free_turns) == (9, 3)
        assert fmt.trigger_power == base.trigger_power and fmt.deck == base.deck


def test_default_decks_are_dealt_by_team(reg: Registry) -> None:
    """`simulate --format tag-…` needs no deck: the format's pair goes one per team."""
    first, second = reg.default_decks("tag-v-standard")
    dealt = reg.deal_decks("tag-v-standard")
    assert dealt == {"A1": first, "B1": second, "A2": first, "B2": second}


# -- the result ---------------------------------------------------------------------------


def test_both_members_of_the_losing_team_lose(reg: Registry) -> None:
    """RULES.md §9, §13: the team loses together; the result and returns name the team."""
    damage = ["VAN-OT-002", "VAN-OT-003", "VAN-OT-004", "VAN-OT-006"]
    board = four_board(A1={"damage": damage}, A2={"damage": damage})
    game = game_from_board(reg.engine("tag-v-standard"), board, turn=4, player="B1",
                           phase="battle")
    game.apply("attack VC -> A1.VC")
    assert game.is_terminal and game.result == "B"
    assert game.state.log[-1]["losers"] == {"A1": "damage", "A2": "damage"}
    assert game.returns() == [-1.0, 1.0, -1.0, 1.0]  # A1, B1, A2, B2
    assert game.view("A2")["result"] == "B"


def test_lua_ctx_shows_each_players_damage_and_the_teams_total(reg: Registry) -> None:
    """RULES.md §13: "you" is the player alone, so `damage` is the player's own; the team's
    total (what limit break counts) is `team_damage`."""
    board = four_board(A1={"damage": ["VAN-OT-002"]},
                       A2={"damage": ["VAN-OT-003", "VAN-OT-004"]})
    game = game_from_board(reg.engine("tag-v-standard"), board, turn=5, player="A1")
    players = build_snapshot(game, Ctx("A1"))["players"]
    assert (players["A1"]["damage"], players["A1"]["team_damage"]) == (1, 3)
    assert (players["A2"]["damage"], players["A2"]["team_damage"]) == (2, 3)
    assert (players["B1"]["damage"], players["B1"]["team_damage"]) == (0, 0)


def test_a_concession_loses_the_game_for_the_team(reg: Registry) -> None:
    game = game_from_board(reg.engine("tag-v-standard"), four_board(), turn=5, player="A1")
    game.concede("B2")
    assert game.result == "A"
    assert game.state.log[-1]["losers"] == {"B2": "concede", "B1": "team"}
    assert game.returns() == [1.0, -1.0, 1.0, -1.0]


# -- tag guard: the guarding player's own restrictions ------------------------------------


def test_a_restriction_on_the_defender_does_not_stop_the_teammate(reg: Registry) -> None:
    """RULES.md §13: "the opponent cannot call grade 0 to GC" binds the defender only; the
    teammate may still tag guard with a grade 0, unless their own vanguard is restricted."""
    hands = {"A1": {"hand": ["VAN-OT-001"]}, "A2": {"hand": ["VAN-OT-001", "VAN-OT-002"]}}
    engine = reg.engine("tag-v-standard")
    game = game_from_board(engine, four_board(**hands), turn=4, player="B1", phase="battle")
    a1_vc = game.vanguard("A1")
    assert a1_vc is not None
    game.add_modifier(a1_vc, "cannot_guard_grade0", 1)
    game.apply("attack VC -> A1.VC")  # A1's only answer is `done`: taken at once
    assert game.decision is not None and game.decision.seat == "A2"
    assert set(game.legal_actions()) == {Action("tag-guard", ("VAN-OT-001",)),
                                         Action("tag-guard", ("VAN-OT-002",)), Action("done")}
    own = game_from_board(engine, four_board(**hands), turn=4, player="B1", phase="battle")
    a2_vc = own.vanguard("A2")
    assert a2_vc is not None
    own.add_modifier(a2_vc, "cannot_guard_grade0", 1)
    own.apply("attack VC -> A1.VC")
    own.apply("done")  # A1 declines
    assert set(own.legal_actions()) == {Action("tag-guard", ("VAN-OT-002",)), Action("done")}


def test_the_tag_guard_event_names_both_players(reg: Registry) -> None:
    board = four_board(A2={"hand": ["VAN-OT-002"]})
    game = game_from_board(reg.engine("tag-v-standard"), board, turn=4, player="B1",
                           phase="battle")
    game.apply("attack VC -> A1.VC")
    game.apply("tag-guard VAN-OT-002")
    guard = [e for e in game.state.log if e["kind"] == "guard"][-1]
    assert (guard["seat"], guard["defender"], guard["how"]) == ("A2", "A1", "tag-guard")
    # A2 has nothing left, A1's `done` is forced: the battle ran to its close step
    retire = next(e for e in game.state.log if e["kind"] == "retire" and e["uid"] == guard["uid"])
    assert (retire["seat"], retire["from"]) == ("A1", "GC")
    assert game.state.loc[guard["uid"]] == ("A2", Zone.DROP)


def test_a_tag_guardians_own_ability_is_its_owners(reg: Registry) -> None:
    """A guardian is controlled by its owner: D-SD02-007's "when placed on GC, you may pay
    CB1" is asked of the teammate who called it, not of the defender whose GC it stands on."""
    board = {
        "A1": {"vanguard": "VAN-DE-009", "deck": ["VAN-DE-002", "VAN-DE-003", "VAN-DE-004"]},
        "A2": {"vanguard": "VAN-DE-009", "hand": ["D-SD02-007"], "damage": ["VAN-DE-005"],
               "deck": ["VAN-DE-002", "VAN-DE-003", "VAN-DE-004"]},
        "B1": {"vanguard": "VAN-DS-009", "deck": ["VAN-DS-002", "VAN-DS-003", "VAN-DS-004"]},
        "B2": {"vanguard": "VAN-DS-009", "deck": ["VAN-DS-002", "VAN-DS-003", "VAN-DS-004"]},
    }
    game = game_from_board(reg.engine("tag-d-standard"), board, turn=4, player="B1",
                           phase="battle")
    game.apply("attack VC -> A1.VC")
    game.apply("tag-guard D-SD02-007")
    decision = game.decision
    assert decision is not None and decision.seat == "A2", decision
    game.apply("pay")
    paid = next(e for e in game.state.log if e["kind"] == "counter_blast")
    assert paid["seat"] == "A2"
    assert not game.state.face_up[game.state.players["A2"].zones["damage"][0]]
    shield = next(e for e in game.state.log if e["kind"] == "shield")
    assert shield["amount"] == 5000   # the guardian (on A1's GC) got its +5000 shield


def test_cannot_be_chosen_guards_against_the_opponent_only(reg: Registry) -> None:
    """RULES.md §13: "your opponent's effects" are the seat opposite's; the teammate's and the
    other opponent's effects may still choose the unit."""
    board = four_board(A1={"rear": {"RC.FL": "VAN-OT-006"}})
    game = game_from_board(reg.engine("tag-v-standard"), board, turn=5, player="A1")
    unit = game.unit_at("A1", "RC.FL")
    assert unit is not None
    game.add_modifier(unit, "cannot_be_chosen", 1)
    assert {s: choosable(game, Ctx(s), [unit]) for s in SEATS} == {
        "A1": [unit], "B1": [], "A2": [unit], "B2": [unit]}


# -- views ---------------------------------------------------------------------------------


def hand_of(view: dict[str, object], seat: str) -> dict[str, object]:
    return view["players"][seat]["zones"][Zone.HAND]  # type: ignore[index]


def test_each_view_shows_only_its_own_hand(reg: Registry) -> None:
    """DESIGN.md §3: the other three hands — the teammate's too — are counts only; the
    draws of the others are redacted from the log."""
    game = reg.new_game("tag-v-standard", seed=2)
    for _ in range(40):
        game.apply(RandomAgent(2).choose(game, game.legal_actions()))
    st = game.state
    for viewer in SEATS:
        view = game.view(viewer)
        for seat in SEATS:
            hand = hand_of(view, seat)
            assert hand["count"] == len(st.players[seat].zones[Zone.HAND])
            if seat == viewer:
                assert hand["cards"] == [st.card_ids[u] for u in st.players[seat].zones["hand"]]
            else:
                assert "cards" not in hand
        for event in view["log"]:
            if event["kind"] == "draw" and event["seat"] != viewer:
                assert "card" not in event
        assert view["teams"] == {
            "A": {"seats": ["A1", "A2"], "damage": game.team_damage("A1")},
            "B": {"seats": ["B1", "B2"], "damage": game.team_damage("B1")}}
        json.dumps(view)


def test_open_hands_show_the_teammates_hand_only(tmp_path: Path) -> None:
    """RULES.md §13: a team may agree to show hands (format option `tag_open_hands`)."""
    (tmp_path / "formats").mkdir()
    (tmp_path / "formats" / "open.yaml").write_text(
        f"id: tag-open\nextends: tag-v-standard\noptions: {{{OPEN_HANDS}: true}}\n")
    reg = Registry(card_dirs=[tmp_path, CARDS], strict=True)
    game = reg.new_game("tag-open", seed=3)
    st = game.state
    view = game.view("A1", log=False)
    assert hand_of(view, "A2")["cards"] == [st.card_ids[u] for u in st.players["A2"].zones["hand"]]
    assert "cards" not in hand_of(view, "B1") and "cards" not in hand_of(view, "B2")


# -- whole games ------------------------------------------------------------------------------


@pytest.mark.parametrize("format_id", TAG_FORMATS)
def test_random_playouts_keep_invariants(reg: Registry, format_id: str) -> None:
    """Every card in one zone, the team's damage below 9 while the game goes on, a result
    that names a team; both teams win some games and tag guards happen."""
    results: dict[str | None, int] = {}
    tag_guards = 0
    for seed in range(20):
        game = play_checked(reg, format_id, list(reg.default_decks(format_id)), seed,
                            created=frozenset(PSEUDO_CARDS))
        results[game.result] = results.get(game.result, 0) + 1
        tag_guards += sum(1 for e in game.state.log if e.get("how") == "tag-guard")
        assert game.state.log[-1]["kind"] == "game_over"
        losers = game.state.log[-1]["losers"]
        assert {game.team(s) for s in losers} == ({"A", "B"} - {game.result}
                                                  if game.result != "draw" else {"A", "B"})
    assert results.get("A") and results.get("B"), results
    assert tag_guards > 0


def play_to(game: Game, decisions: int, seed: int) -> None:
    agent = RandomAgent(seed)
    for _ in range(decisions):
        if game.is_terminal:
            return
        game.apply(agent.choose(game, game.legal_actions()))


def test_same_seed_same_game(reg: Registry) -> None:
    """Determinism: the same seed and answers give the same game, state hash by hash."""
    hashes = []
    for _ in range(2):
        game = reg.new_game("tag-premium", seed=11)
        play_to(game, 10_000, seed=11)
        hashes.append((game.state.state_hash(), game.result, len(game.state.log)))
    assert hashes[0] == hashes[1]
    other = reg.new_game("tag-premium", seed=12)
    play_to(other, 10_000, seed=12)
    assert other.state.state_hash() != hashes[0][0]


def test_json_round_trip_and_clone_mid_game(reg: Registry) -> None:
    """A four-seat game saves, restores and clones at any decision (DESIGN.md §2)."""
    engine = reg.engine("tag-v-standard")
    for stop in (30, 140, 260):
        game = reg.new_game("tag-v-standard", seed=stop)
        play_to(game, stop, seed=stop)
        if game.is_terminal:
            continue
        restored = Game.from_json(engine, json.loads(json.dumps(game.to_json())))
        twin = game.clone()
        assert restored.state.state_hash() == game.state.state_hash() == twin.state.state_hash()
        for copy in (restored, twin):
            play_to(copy, 80, seed=stop + 1)
        play_to(game, 80, seed=stop + 1)
        assert game.state.state_hash() == restored.state.state_hash() == twin.state.state_hash()


def test_simulate_and_replay_a_four_seat_game(reg: Registry, tmp_path: Path) -> None:
    """`vgcore simulate --format tag-v-standard` out of the box: one agent per team, results
    by team, replays that verify."""
    decks = list(reg.default_decks("tag-v-standard"))
    report = simulate(reg, "tag-v-standard", decks, games=3, seed=4, save_dir=tmp_path)
    assert report.games == 3 and set(report.wins) == {"A", "B", "draw"}
    assert sum(report.wins.values()) == 3
    (path, *_rest) = sorted(tmp_path.glob("*.replay.json"))
    rep = replays.Replay.load(path)
    assert set(rep.decks) == set(SEATS)
    game = replays.run(reg, rep, verify=True)
    assert game.result == rep.result

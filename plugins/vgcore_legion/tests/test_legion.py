"""Legion plugin (RULES.md §12): what scenario files cannot state, and random playouts.

The scenario files beside this module cover the legion ACT (offer, return, search, once per
game per unit), the summed power, attacking and standing as one, critical by format option,
force, rides and strides over a legion.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from vgcore_legion import MATE_ZONE, mate_name, mate_of
from vgcore_legion.act import USED_FLAG

from tests.invariants import check_invariants
from vgcore.agents import RandomAgent
from vgcore.decks import DeckList
from vgcore.errors import CardDataError, FormatError
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.scripting.host import build_snapshot
from vgcore.selectors import Ctx
from vgcore.steps import put_card
from vgcore.testing.board import game_from_board
from vgcore.types import VC, Zone

CARDS = Path(__file__).parent / "cards"
FOE = {"vanguard": "VAN-KG-009",
       "deck": ["VAN-KG-002", "VAN-KG-003", "VAN-KG-004", "VAN-KG-005", "VAN-KG-006"]}
DROP = ["VAN-RP-002", "VAN-RP-003", "VAN-RP-004", "VAN-RP-005", "VAN-RP-006", "VAN-RP-007"]


@pytest.fixture(scope="module")
def reg() -> Registry:
    return Registry(card_dirs=[CARDS], strict=True)


def legion_board(reg: Registry, phase: str = "main", **a: object) -> Game:
    """A premium board where A's Aldric (LEG-001) is already in legion with Bram (LEG-002)."""
    side = {"vanguard": "LEG-001", MATE_ZONE: ["LEG-002"],
            "deck": ["VAN-RP-008", "VAN-RP-011", "VAN-RP-012", "VAN-RP-013"], **a}
    return game_from_board(reg.engine("premium"), {"A": side, "B": FOE}, turn=3, phase=phase)


LEGION_SWAP = {"VAN-RP-009": "LEG-001", "VAN-RP-010": "LEG-002", "VAN-RP-005": "LEG-006"}
# Cards whose scripts name no event of the plugin, so they load where it is disabled.
PLAIN_SWAP = {"VAN-RP-009": "LEG-005", "VAN-RP-010": "LEG-002"}


def legion_deck(reg: Registry, swap: dict[str, str] = LEGION_SWAP) -> DeckList:
    """The vanilla Royal Paladin deck with legion leaders and mates as its grade 3s."""
    base = reg.deck("vanilla-premium-royal-paladin")
    return dataclasses.replace(base, name="legion-royal-paladin",
                               main=tuple(swap.get(c, c) for c in base.main))


def mate_unit(game: Game, seat: str = "A") -> int:
    mate = mate_of(game, seat)
    assert mate is not None
    return mate


# -- the two-card vanguard --------------------------------------------------------------------


def test_lua_ctx_lists_the_mate_among_the_units_not_the_rear_guards(reg: Registry) -> None:
    """The pair is one vanguard (RULES.md §12): Lua functions find the mate among `units`."""
    game = legion_board(reg, rear={"RC.FL": "VAN-RP-008"})
    me = build_snapshot(game, Ctx("A"))["players"]["A"]
    mate, rear = mate_unit(game), game.unit_at("A", "RC.FL")
    assert mate in me["units"] and game.vanguard("A") in me["units"]
    assert me["rear_guards"] == [rear]


def test_legion_power_adds_each_cards_own_modifiers(reg: Registry) -> None:
    """RULES.md §12: one vanguard whose power is leader + mate, each with its modifiers."""
    game = legion_board(reg)
    leader, mate = game.vanguard("A"), mate_unit(game)
    assert leader is not None
    assert game.power(leader) == 11000 + 10000
    game.add_modifier(leader, "power", 2000)
    game.add_modifier(mate, "power", 3000)
    assert game.power(mate) == 13000
    assert game.power(leader) == 13000 + 13000
    assert game.critical(leader) == 1 and game.grade(leader) == 3


def test_attacking_rests_the_mate_and_the_view_shows_it(reg: Registry) -> None:
    """RULES.md §12: the legion attacks with both; the mate is public (views)."""
    game = legion_board(reg, phase="battle")
    game.apply("attack VC -> B.VC")
    mate = mate_unit(game)
    assert game.state.rested[mate]
    for seat in ("A", "B"):
        vc = game.view(seat, log=False)["players"]["A"]["circles"][VC]
        assert vc["card"] == "LEG-001"
        assert vc[MATE_ZONE]["card"] == "LEG-002" and vc[MATE_ZONE]["rested"] is True
        assert game.view(seat, log=False)["players"]["A"]["zones"][MATE_ZONE]["cards"] == [
            "LEG-002"]


def test_an_effect_putting_the_leader_away_takes_the_mate_along(reg: Registry) -> None:
    """RULES.md §12: when the leader leaves VC the mate goes with it, to the same zone."""
    game = legion_board(reg)
    leader, mate = game.vanguard("A"), mate_unit(game)
    assert leader is not None
    put_card(game, Ctx("A", leader), leader, "hand")
    hand = game.state.players["A"].zones[Zone.HAND]
    assert leader in hand and mate in hand and mate_of(game, "A") is None
    moves = [e for e in game.state.log if e["kind"] == "put"]
    assert [(e["uid"], e["from"], e["to"]) for e in moves] == [
        (leader, VC, "hand"), (mate, MATE_ZONE, "hand")]


def test_retiring_the_leader_retires_the_mate(reg: Registry) -> None:
    from vgcore import actions

    game = legion_board(reg)
    leader, mate = game.vanguard("A"), mate_unit(game)
    assert leader is not None
    actions.retire(game, leader)
    assert game.state.loc[mate] == ("A", Zone.DROP)
    assert [e["uid"] for e in game.state.log if e["kind"] == "retire"] == [leader, mate]


def test_modifiers_of_the_mate_end_when_it_leaves(reg: Registry) -> None:
    game = legion_board(reg, hand=["LEG-001"], phase="ride")
    mate = mate_unit(game)
    game.add_modifier(mate, "power", 5000)
    game.apply("ride LEG-001")
    assert game.state.loc[mate] == ("A", Zone.SOUL)
    assert not [m for m in game.state.modifiers if m[0] == mate]
    vg = game.vanguard("A")
    assert vg is not None and game.power(vg) == 11000


# -- the legion ACT ---------------------------------------------------------------------------


def start_legion(reg: Registry, drop: list[str]) -> Game:
    side = {"vanguard": "LEG-001", "drop": drop, "deck": ["LEG-002", "VAN-RP-008"]}
    game = game_from_board(reg.engine("premium"), {"A": side, "B": FOE}, turn=3, phase="main")
    game.apply("legion")
    return game


def test_the_return_is_chosen_card_by_card_so_the_option_list_stays_small(
        reg: Registry) -> None:
    """14 different ids in the drop: 14 answers per choice, never the C(14, 4) = 1001
    combinations of four."""
    drop = [f"VAN-RP-{n:03d}" for n in range(1, 15)]
    game = start_legion(reg, drop)
    d = game.decision
    assert d is not None and d.kind == "legion-return"
    assert [str(a) for a in d.options] == [f"choose {c}" for c in drop]
    for card_id in drop[:4]:
        game.apply(f"choose {card_id}")
    assert mate_of(game, "A") is not None
    assert sorted(game.state.card_ids[u] for u in game.state.players["A"].zones[Zone.DROP]) \
        == drop[4:]


def test_a_legion_marks_the_leader_used_in_a_hidden_flag(reg: Registry) -> None:
    game = start_legion(reg, DROP)
    for card_id in DROP[:4]:
        game.apply(f"choose {card_id}")
    leader = game.vanguard("A")
    assert game.state.players["A"].flags[USED_FLAG] == [leader]
    assert USED_FLAG not in game.view("A", log=False)["players"]["A"]["flags"]


def test_snapshots_and_clones_mid_legion_play_on_identically(reg: Registry) -> None:
    """DESIGN.md §2: a game in the middle of a legion (and in legion) round-trips as JSON."""
    game = start_legion(reg, DROP)
    game.apply("choose VAN-RP-003")
    text = json.dumps(game.to_json())
    restored = Game.from_json(game.engine, json.loads(text))
    copy = game.clone()
    for g in (game, restored, copy):
        for card_id in ("VAN-RP-004", "VAN-RP-006", "VAN-RP-007"):
            g.apply(f"choose {card_id}")
        g.apply("resolve VC")
    assert game.state.state_hash() == restored.state.state_hash() == copy.state.state_hash()
    in_legion = Game.from_json(game.engine, json.loads(json.dumps(game.to_json())))
    leader = in_legion.vanguard("A")
    assert leader is not None and in_legion.power(leader) == game.power(leader) == 24000
    assert in_legion.view("B") == game.view("B")


# -- card field, format option, inert without legion cards -----------------------------------


def test_the_card_field_must_name_a_mate(tmp_path: Path) -> None:
    body = "kind: normal_unit, grade: 3, power: 11000, critical: 1, clan: Royal Paladin"
    for bad in ("{}", "{mate: ''}", "{mate: Bram, power: 1}", "Bram"):
        (tmp_path / "cards.yaml").write_text(
            f"set: bad\ncards:\n  - {{id: BAD-1, name: Bad Leader, {body}, legion: {bad}}}\n")
        with pytest.raises(CardDataError, match=r"mate|legion"):
            Registry(card_dirs=[tmp_path]).db  # noqa: B018 (loading is the test)


def test_mate_name_reads_the_card_field(reg: Registry) -> None:
    game = legion_board(reg)
    leader = game.vanguard("A")
    assert leader is not None
    assert mate_name(game, leader) == "Test Shieldbrother, Bram"
    assert mate_name(game, mate_unit(game)) is None


def format_registry(tmp_path: Path, body: str) -> Registry:
    (tmp_path / "formats").mkdir()
    (tmp_path / "formats" / "variant.yaml").write_text(f"id: variant\nextends: premium\n{body}")
    return Registry(card_dirs=[CARDS, tmp_path], strict=True)


def test_a_bad_legion_critical_option_is_a_clear_error(tmp_path: Path) -> None:
    reg = format_registry(tmp_path, "options: {legion_critical: both}\n")
    with pytest.raises(FormatError, match="legion_critical must be one of leader, sum"):
        reg.engine("variant")


def test_decks_without_legion_cards_have_no_mate_zone(reg: Registry) -> None:
    """A seat whose deck holds no legion card sees nothing of the plugin (golden game)."""
    decks = [legion_deck(reg), reg.deck("vanilla-premium-kagero")]
    game = reg.new_game("premium", decks, seed=2)
    assert MATE_ZONE in game.state.players["A"].zones
    assert MATE_ZONE not in game.state.players["B"].zones


def test_without_the_plugin_legion_cards_never_legion(tmp_path: Path) -> None:
    """A format extending premium without `legion`: the card field is inert."""
    reg = format_registry(tmp_path, "plugins: [premium-era, stride]\n")
    decks = [legion_deck(reg, PLAIN_SWAP), reg.deck("vanilla-premium-kagero")]
    for seed in range(6):
        game = reg.new_game("variant", decks, seed=seed)
        agent = RandomAgent(seed)
        while not game.is_terminal:
            assert not any(a.verb == "legion" for a in game.legal_actions())
            game.apply(agent.choose(game, game.legal_actions()))
        assert MATE_ZONE not in game.state.players["A"].zones
        assert not [e for e in game.state.log if e["kind"] in ("legion", "place")]


# -- random playouts ----------------------------------------------------------------------------


def check_legion(game: Game) -> None:
    """The pair: at most one mate per seat, and only beside the leader that legioned with it."""
    for seat, player in game.state.players.items():
        mates = player.zones.get(MATE_ZONE, [])
        assert len(mates) <= 1, f"{seat} has {len(mates)} mates"
        if mates:
            leader = game.vanguard(seat)
            assert leader is not None and leader in player.flags[USED_FLAG]
            assert game.card(mates[0]).name == mate_name(game, leader)


@pytest.mark.parametrize("format_id", ["premium", "premium-legion-sum"])
def test_random_premium_playouts_with_a_legion_deck(reg: Registry, format_id: str) -> None:
    """Premium games where one seat plays legions: core invariants and the pair's after
    every decision; legions happen and games end."""
    decks = [legion_deck(reg), reg.deck("vanilla-premium-kagero")]
    legions = ends = 0
    for seed in range(30):
        game = reg.new_game(format_id, decks if seed % 2 else decks[::-1], seed=seed)
        total = len(game.state.card_ids)
        agent = RandomAgent(seed)
        check_invariants(game, total)
        while not game.is_terminal:
            game.apply(agent.choose(game, game.legal_actions()))
            check_invariants(game, total)
            check_legion(game)
        kinds = [e["kind"] for e in game.state.log]
        legions += kinds.count("legion")
        ends += sum(1 for e in game.state.log
                    if e["kind"] == "put" and e.get("how") == "legion_end")
    assert legions > 0 and ends > 0, (legions, ends)

"""Player states given by CONT abilities, per-effect conditions, the `not` filter, X costs
("N or more") with the amount of cards paid, and filters on pile costs (docs/lua-api.md §2.4,
§4.3, §6, §7, §9; RULES.md §7). The D-BT01 Worlds and orders use them (scenarios there)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scripted import card_dir
from vgcore.errors import ScriptError
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.steps import in_state
from vgcore.testing.board import game_from_board

SCRIPTS = {
    # CONT (VC): you are "lit"; your opponent is "dim" while you have a rear-guard
    "T-LAMP": """return vg.card { vg.cont { zones = {"VC"}, effects = {
        vg.continuous.state("lit"),
        vg.continuous.state("dim", "opponent", vg.cond.count(vg.rear_guards())),
      } } }""",
    # CONT (RC): +3000 while you are lit: a stat CONT that reads a state a CONT gives
    "T-MOTH": """return vg.card { vg.cont { zones = {"RC"},
        condition = vg.cond.in_state("lit"),
        effects = { vg.continuous.power("self", 3000) } } }""",
    # ACT (VC): Soul Blast 1 grade 3: draw a card
    "T-SAGE": """return vg.card { vg.act { zones = {"VC"},
        cost = vg.cost.soul_blast(1, {grade = 3}), effect = { vg.draw(1) } } }""",
    # ACT (VC): Counter Blast 1 or more: draw a card and give one rear-guard +1000 for each
    # card paid
    "T-TOLL": """return vg.card { vg.act { zones = {"VC"},
        cost = vg.cost.or_more(vg.cost.counter_blast(1), "paid"),
        effect = { vg.draw(vg.count_bound("paid")),
                   vg.choose { "picked", from = vg.rear_guards(), count = vg.count_bound("paid") },
                   vg.power("picked", 1000) } } }""",
    # ACT (VC): discard one or more grade 1 cards: soul charge one per card discarded
    "T-PYRE": """return vg.card { vg.act { zones = {"VC"},
        cost = vg.cost.discard(1, {grade = 1}, {or_more = true, as = "tossed"}),
        effect = { vg.soul_charge(vg.count_bound("tossed")) } } }""",
    # CONT (VC): +1000 for each set order in your order zone (a Prison and a World count)
    "T-LEDGER": """return vg.card { vg.cont { zones = {"VC"}, effects = {
        vg.continuous.power("self", {count = vg.cards_in("order_zone", {order_type = "set"}),
                                     times = 1000}),
      } } }""",
    # CONT (VC): +1000 for each card in your soul that is not a grade 3
    "T-SIFT": """return vg.card { vg.cont { zones = {"VC"}, effects = {
        vg.continuous.power("self", {count = vg.soul { ["not"] = {grade = 3} }, times = 1000}),
      } } }""",
}


@pytest.fixture
def registry(tmp_path: Path) -> Registry:
    return Registry(card_dirs=[card_dir(tmp_path, SCRIPTS)], strict=True)


def game(registry: Registry, a: dict, b: dict | None = None) -> Game:
    deck = ["VAN-RP-002", "VAN-RP-003", "VAN-RP-004", "VAN-RP-005"]
    board = {"A": {"deck": deck, **a}, "B": {"vanguard": "VAN-RP-006", "deck": deck, **(b or {})}}
    g = game_from_board(registry.engine("premium"), board, turn=3, player="A")
    g.advance()
    return g


def test_a_cont_puts_its_player_and_the_opponent_into_states(registry: Registry) -> None:
    alone = game(registry, {"vanguard": "T-LAMP", "hand": ["VAN-RP-002"]})
    assert in_state(alone, "A", "lit") and not in_state(alone, "B", "lit")
    assert not in_state(alone, "B", "dim")  # its own condition: no rear-guard yet
    alone.apply("call VAN-RP-002 RC.FL")
    assert in_state(alone, "B", "dim")
    off = game(registry, {"vanguard": "VAN-RP-009", "rear": {"RC.FL": "T-LAMP"}})
    assert not in_state(off, "A", "lit")  # not on VC: the CONT does not apply


def test_a_stat_cont_reads_a_state_another_cont_gives(registry: Registry) -> None:
    lit = game(registry, {"vanguard": "T-LAMP", "rear": {"RC.FL": "T-MOTH"}})
    dark = game(registry, {"vanguard": "VAN-RP-009", "rear": {"RC.FL": "T-MOTH"}})
    assert lit.power(lit.unit_at("A", "RC.FL")) == 10000  # type: ignore[arg-type]
    assert dark.power(dark.unit_at("A", "RC.FL")) == 7000  # type: ignore[arg-type]


def test_a_pile_cost_takes_a_filter(registry: Registry) -> None:
    grade1 = game(registry, {"vanguard": "T-SAGE", "soul": ["VAN-RP-002"]})
    grade3 = game(registry, {"vanguard": "T-SAGE", "soul": ["VAN-RP-002", "VAN-RP-009"]})
    assert "act VC" not in grade1.legal_actions()
    grade3.apply("act VC")  # the grade 1 cannot pay: the grade 3 is taken at once
    soul = grade3.state.players["A"].zones["soul"]
    assert [grade3.state.card_ids[u] for u in soul] == ["VAN-RP-002"]


def test_an_x_cost_lets_the_payer_choose_how_many_and_the_effect_counts_them(
        registry: Registry) -> None:
    g = game(registry, {"vanguard": "T-TOLL", "damage": ["VAN-RP-002", "VAN-RP-003",
                                                         "VAN-RP-004"],
                        "rear": {"RC.FL": "VAN-RP-006", "RC.FR": "VAN-RP-007",
                                 "RC.BC": "VAN-RP-008"}})
    g.apply("act VC")
    assert "done" not in g.legal_actions()  # one at least
    g.apply("choose VAN-RP-002")
    assert "done" in g.legal_actions()
    g.apply("choose VAN-RP-003")
    g.apply("done")
    assert len(g.state.players["A"].zones["hand"]) == 2  # one card drawn per card paid
    g.apply("choose RC.FL")
    g.apply("choose RC.FR")
    assert g.power(g.unit_at("A", "RC.FR")) == 10000  # type: ignore[arg-type]
    assert g.power(g.unit_at("A", "RC.BC")) == 8000  # type: ignore[arg-type]


def test_an_x_discard_cost_takes_only_matching_cards(registry: Registry) -> None:
    g = game(registry, {"vanguard": "T-PYRE", "hand": ["VAN-RP-002", "VAN-RP-003",
                                                      "VAN-RP-009"]})
    g.apply("act VC")
    assert "choose VAN-RP-009" not in g.legal_actions()  # grade 3: not a grade 1
    g.apply("choose VAN-RP-002")
    g.apply("choose VAN-RP-003")  # the last grade 1: the choice ends by itself
    assert len(g.state.players["A"].zones["soul"]) == 2


def test_the_not_filter(registry: Registry) -> None:
    g = game(registry, {"vanguard": "T-SIFT", "soul": ["VAN-RP-002", "VAN-RP-009",
                                                       "VAN-RP-003"]})
    assert g.power(g.vanguard("A")) == 9000  # type: ignore[arg-type]


def test_order_type_set_names_every_set_order(registry: Registry) -> None:
    """A Prison (D-SD05-015) and a World (D-BT01-043) are set orders; a normal order is not."""
    deck = ["D-SD05-011", "D-SD05-012", "D-SD05-013", "D-SD05-014"]
    board = {"A": {"vanguard": "T-LEDGER", "deck": deck,
                   "order_zone": ["D-SD05-015", "D-BT01-043", "D-BT01-092"]},
             "B": {"vanguard": "D-SD05-004", "deck": deck}}
    g = game_from_board(registry.engine("d-standard"), board, turn=3, player="A")
    g.advance()
    assert g.power(g.vanguard("A")) == 7000 + 2000  # type: ignore[arg-type]


@pytest.mark.parametrize(("source", "message"), [
    ('vg.cont { effects = { {op = "state", state = "x", target = "self"} } }',
     "a state effect does not take this key"),
    ('vg.cont { effects = { {op = "modify", stat = "power", amount = 1} } }',
     "a modify effect needs target"),
    ('vg.cont { effects = { {op = "state"} } }', "a state effect needs state"),
    ('vg.act { effect = { vg.draw(vg.count_bound("paid")) } }', "no step of this ability binds"),
    ('vg.act { effect = { vg.draw {bound = "x", count = vg.soul()}, '
     'vg.choose {"x", from = vg.soul()} } }', "exactly one of count, bound"),
    ('vg.act { cost = vg.cost.counter_blast(1, nil, {or_more = 1}), effect = {} }',
     "expected true or false"),
])
def test_wrong_uses_of_the_new_keys_fail_at_load(tmp_path: Path, source: str,
                                                  message: str) -> None:
    path = card_dir(tmp_path, {"T-BAD": f"return vg.card {{ {source} }}"})
    with pytest.raises(ScriptError) as caught:
        Registry(card_dirs=[path], strict=True).engine("premium").script("T-BAD")
    assert message in str(caught.value)
    assert "T-BAD" in str(caught.value)

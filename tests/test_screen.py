"""The terminal's screen (vgcore.screen, vgcore.narration) on views from real games.

The renderer is a pure function of a seat's view and the card database, so every test builds
a real game with agents, stops it where something is worth drawing, and reads the text.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

import pytest

from vgcore.agents import RandomAgent
from vgcore.decks import DeckList
from vgcore.game import Game
from vgcore.narration import narrate
from vgcore.plugins import Registry
from vgcore.screen import Table, render_board, render_decision


def play_until(registry: Registry, format_id: str, want: Callable[[Game], bool], *,
               decks: Sequence[DeckList] | None = None, seeds: range = range(12)) -> Game:
    """The first game position (over a few seeds, random agents) where `want` holds."""
    for seed in seeds:
        dealt = registry.deal_decks(format_id, decks)
        game = registry.new_game(format_id, list(dealt.values()), seed)
        agent = RandomAgent(seed)
        while not want(game) and not game.is_terminal:
            d = game.decision
            assert d is not None
            game.apply(agent.choose(game, d.options))
        if want(game):
            return game
    raise AssertionError(f"no {format_id} game reached the wanted position")


def screen(game: Game, seat: str, width: int = 100) -> tuple[list[str], Table]:
    table = Table.for_game(game, seat, width)
    view = game.view(seat, log=False)
    return render_board(view, table) + render_decision(view, table), table


def row_of(lines: list[str], text: str) -> int:
    return next(i for i, line in enumerate(lines) if text in line)


def border_circles(line: str) -> list[str]:
    return [part.strip("-") for part in line.strip().strip("+").split("+")]


def units_on_both_sides(game: Game) -> bool:
    d = game.decision
    return (d is not None and d.seat == "A" and game.state.turn >= 4
            and all(len(list(game.units(s))) >= 3 for s in ("A", "B")))


def test_the_opponents_grid_is_turned_round_above_yours(registry: Registry) -> None:
    """Their front row faces yours, their left column is on your right (RULES.md §1)."""
    game = play_until(registry, "premium", units_on_both_sides)
    lines, _ = screen(game, "A")
    opponent, mine = row_of(lines, "B (opponent)"), row_of(lines, "A (you)")
    assert opponent < mine
    borders = [i for i, line in enumerate(lines) if line.lstrip().startswith("+-RC")]
    their_back, their_front, my_front, my_back = borders
    assert opponent < their_back < their_front < mine < my_front < my_back
    assert border_circles(lines[their_back]) == ["RC.BR", "RC.BC", "RC.BL"]
    assert border_circles(lines[their_front]) == ["RC.FR", "VC", "RC.FL"]
    assert border_circles(lines[my_front]) == ["RC.FL", "VC", "RC.FR"]
    assert border_circles(lines[my_back]) == ["RC.BL", "RC.BC", "RC.BR"]
    assert lines[their_front + 1].startswith("front") and lines[my_back + 1].startswith(" back")


def test_each_unit_shows_name_grade_power_critical_and_whether_it_stands(
        registry: Registry) -> None:
    game = play_until(registry, "premium", units_on_both_sides)
    lines, _ = screen(game, "A")
    vg = game.vanguard("B")
    assert vg is not None
    card = game.card(vg)
    front = row_of(lines, "+-RC.FR")  # the opponent's front row, VC in the middle column
    middle = slice(38, 68)
    name = lines[front + 1][middle].strip()
    assert name and card.name.startswith(name.rstrip("~"))
    stats = lines[front + 2][middle]
    state = "rested" if game.state.rested[vg] else "standing"
    assert (f"G{game.grade(vg)}" in stats and f"{game.power(vg)} power" in stats
            and f"C{game.critical(vg)}" in stats and state in stats)


def test_counts_and_your_hand_are_shown(registry: Registry) -> None:
    game = play_until(registry, "premium", units_on_both_sides)
    lines, _ = screen(game, "A")
    zones = game.state.players["B"].zones
    counts = lines[row_of(lines, "B (opponent)")]
    for zone in ("damage", "soul", "drop", "deck", "hand"):
        assert f"{zone} {len(zones[zone])}" in counts
    hand = [game.state.card_ids[u] for u in game.state.players["A"].zones["hand"]]
    start = row_of(lines, "Your hand")
    assert f"({len(hand)})" in lines[start]
    listed = [line.split()[0] for line in lines[start + 1:start + 1 + len(hand)]]
    assert listed == hand


def test_the_screen_names_no_card_the_view_hides(registry: Registry) -> None:
    """The opponent's hand and deck stay hidden on the board and in the told events."""
    decks = [registry.deck(name)
             for name in ("vanilla-premium-royal-paladin", "vanilla-premium-kagero")]
    game = play_until(registry, "premium", units_on_both_sides, decks=decks)
    table = Table.for_game(game, "A")
    full = game.view("A", log=True)
    text = "\n".join(render_board(full, table) + render_decision(full, table)
                     + narrate(full["log"], table))
    shown = json.dumps(full)
    st = game.state
    hidden = {st.card_ids[u] for zone in ("hand", "deck") for u in st.players["B"].zones[zone]}
    secret = [c for c in hidden if c not in shown]
    assert secret, "the test needs a card that only B knows"
    for card_id in secret:
        assert game.engine.db[card_id].name not in text


def test_the_guard_question_shows_both_powers_and_the_shield_still_needed(
        registry: Registry) -> None:
    def guarding(game: Game) -> bool:
        d = game.decision
        return d is not None and d.seat == "A" and d.kind == "guard"

    game = play_until(registry, "premium", guarding)
    lines, _ = screen(game, "A")
    battle = game.state.battle
    assert battle is not None
    attack, target = game.power(battle["attacker"]), game.power(battle["target"])
    attacker_line = lines[row_of(lines, "  attacker:")]
    defender_line = lines[row_of(lines, "  defender:")]
    assert f"{attack} power" in attacker_line and "Opponent's" in attacker_line
    assert f"{target} power" in defender_line and "your" in defender_line
    need = lines[row_of(lines, "shield still needed")]
    assert (f"needed: {attack - target + 1}" in need if attack >= target
            else "does not hit" in need)


def test_accel_circles_are_drawn_after_the_grid(registry: Registry) -> None:
    """v-standard's accel gift adds RC.X1, RC.X2 … (RULES.md §11): a line each, markers shown."""
    decks = [registry.deck("VX01-neo-nectar-accel"), registry.deck("VX01-royal-paladin-force")]

    def accelerated(game: Game) -> bool:
        return ("RC.X1" in game.state.players["A"].circles and game.decision is not None
                and game.decision.seat == "A")

    game = play_until(registry, "v-standard", accelerated, decks=decks)
    lines, _ = screen(game, "A")
    accel = lines[row_of(lines, "   RC.X1:")]
    assert "[accel-" in accel
    uid = game.unit_at("A", "RC.X1")
    assert (game.card(uid).name in accel) if uid is not None else "(empty)" in accel
    assert row_of(lines, "A (you)") < row_of(lines, "   RC.X1:") < row_of(lines, "Your hand")
    assert all(len(line) <= 100 for line in lines)


def test_a_tag_fight_draws_four_sides_opponents_above(registry: Registry) -> None:
    def mid_game(game: Game) -> bool:
        d = game.decision
        return d is not None and d.seat == "A2" and game.state.turn >= 5

    game = play_until(registry, "tag-v-standard", mid_game)
    lines, _ = screen(game, "A2")
    rows = [row_of(lines, label) for label in
            ("B1 (opponent)", "B2 (opponent)", "A1 (teammate)", "A2 (you)")]
    assert rows == sorted(rows)
    their_front = [i for i, line in enumerate(lines) if line.lstrip().startswith("+-RC.FR")]
    assert len(their_front) == 2 and all(i < rows[2] for i in their_front)
    assert all(len(line) <= 100 for line in lines)


def test_extra_zones_are_listed_generically(registry: Registry) -> None:
    """d-standard's ride deck (yours named, theirs counted) and premium-g's G zone."""
    def early(game: Game) -> bool:
        d = game.decision
        return d is not None and d.seat == "A" and game.state.turn >= 1

    game = play_until(registry, "d-standard", early)
    lines, _ = screen(game, "A")
    ride_deck = game.state.players["A"].zones["ride_deck"]
    mine = lines[row_of(lines, "A (you)") + 1]
    assert mine.startswith(f"   ride deck {len(ride_deck)}")
    assert game.card(ride_deck[0]).name.split(",")[0] in mine
    theirs = lines[row_of(lines, "B (opponent)") + 1]
    assert theirs.strip() == f"ride deck {len(game.state.players['B'].zones['ride_deck'])}"

    game = play_until(registry, "premium-g", early)
    lines, _ = screen(game, "A")
    assert any(line.startswith("   G zone ") for line in lines)


def test_drive_and_damage_checks_are_told_with_their_triggers(registry: Registry) -> None:
    def checked(game: Game) -> bool:
        kinds = {e["kind"] for e in game.state.log}
        return "damage_check" in kinds and "drive_check" in kinds and any(
            e["kind"].endswith("_check") and e.get("trigger") for e in game.state.log)

    game = play_until(registry, "premium", checked)
    table = Table.for_game(game, "A")
    log = game.view("A", log=True)["log"]
    told = narrate(log, table)
    checks = [e for e in log if e["kind"] in ("drive_check", "damage_check")]
    lines = [line for line in told if line.startswith(">> ")]
    assert len(lines) == len(checks)
    for event, line in zip(checks, lines, strict=True):
        assert game.engine.db[event["card"]].name in line
        assert (f"{event['trigger'].upper()} TRIGGER!" in line if event["trigger"]
                else "(no trigger)" in line)
        assert event["kind"].replace("_", " ") in line


def test_an_opponents_draw_is_told_without_the_card(registry: Registry) -> None:
    game = play_until(registry, "premium", lambda g: g.state.turn >= 3)
    table = Table.for_game(game, "A")
    told = narrate(game.view("A", log=True)["log"], table)
    assert "Opponent draws a card" in told
    assert any(line.startswith("You draw a card: ") for line in told)


def test_every_event_of_real_games_is_told_in_every_format(registry: Registry) -> None:
    """Plugins' events (gifts, stride, legion, tag …) are told generically, never crash."""
    for format_id in registry.formats:
        game = play_until(registry, format_id, lambda g: g.is_terminal, seeds=range(1))
        for seat in game.state.seats:
            table = Table.for_game(game, seat)
            view = game.view(seat, log=True)
            assert narrate(view["log"], table)
            assert render_board(view, table)


@pytest.mark.parametrize("width", [100, 80])
def test_the_screen_fits_its_width_all_game_long(registry: Registry, width: int) -> None:
    """Every board and question of whole games, every format, every seat's chair: 100
    columns, or 80 on a narrow terminal."""
    for format_id in registry.formats:
        dealt = registry.deal_decks(format_id)
        game = registry.new_game(format_id, list(dealt.values()), 2)
        agent = RandomAgent(2)
        while not game.is_terminal:
            d = game.decision
            assert d is not None
            lines, _ = screen(game, d.seat, width)
            too_wide = [line for line in lines if len(line) > width]
            assert not too_wide, (format_id, too_wide)
            game.apply(agent.choose(game, d.options))

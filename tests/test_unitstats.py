"""`unit_stats` (vgcore/unitstats.py) reads a unit's power, critical, shield and grade in one
pass for the views: at every decision of whole games of every format — default, scripted and
vanilla decks, and every D-BT01 pair — it equals `Game.power`, `critical`, `shield` and
`grade` for every unit on the field, guardians and a legion's mate included; so does a
`StatReader` (one per decision, as an observation makes) reading them all."""

from __future__ import annotations

import pytest

from vgcore.agents import RandomAgent
from vgcore.bench import scripted_decks, set_pairs, vanilla_decks
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.testing.board import game_from_board
from vgcore.unitstats import StatReader, unit_stats


@pytest.fixture(scope="module")
def builtin() -> Registry:
    return Registry()


def four_reads(game: Game, uid: int) -> tuple[int, int, int, int]:
    return game.power(uid), game.critical(uid), game.shield(uid), game.grade(uid)


def field_units(game: Game) -> list[int]:
    """Every card in a field zone of any seat (circles, GC, a plugin's field zone)."""
    st = game.state
    return [uid for seat in st.seats for zone, cards in st.players[seat].zones.items()
            if game.is_field(seat, zone) for uid in cards]


def cases(registry: Registry) -> list[tuple[str, tuple[str, str]]]:
    """(format, deck pair): each format's defaults, scripted and vanilla decks, and the
    D-BT01 pairs."""
    found: dict[tuple[str, tuple[str, str]], None] = {}
    for format_id in registry.formats:
        pairs = [registry.default_decks(format_id), scripted_decks(registry, format_id),
                 vanilla_decks(registry, format_id)]
        for pair in pairs:
            if pair is not None:
                found[format_id, (pair[0].name, pair[1].name)] = None
    for a, b in set_pairs(registry, "d-standard").values():
        found["d-standard", (a.name, b.name)] = None
    return list(found)


CASES = cases(Registry())


@pytest.mark.parametrize(("format_id", "decks"), CASES,
                         ids=[f"{f}-{a}-{b}" for f, (a, b) in CASES])
def test_unit_stats_equal_the_four_reads_at_every_decision(builtin: Registry, format_id: str,
                                                            decks: tuple[str, str]) -> None:
    checked = 0
    for seed in (0, 1):
        game = builtin.new_game(format_id, decks, seed, validate=False)
        agent = RandomAgent(seed)
        while not game.is_terminal:
            reader = StatReader(game)  # made before any read: it fetches the CONT layer itself
            for uid in field_units(game):
                where = f"seed {seed}, event {len(game.state.log)}, {game.state.card_ids[uid]}"
                assert reader.stats(uid) == four_reads(game, uid), where
                assert unit_stats(game, uid) == four_reads(game, uid), where
                checked += 1
            game.apply(agent.choose(game, game.legal_actions()))
    assert checked > 200


def test_unit_stats_read_a_while_modifier_as_the_four_reads_do(registry: Registry) -> None:
    """SK-157's "+5000 while you hold three cards" (tests/scenarios/skills/durations), with a
    critical under the same condition added: on and off, all three reads agree."""
    game = game_from_board(registry.engine("v-standard"), {
        "A": {"vanguard": "SK-120", "damage": ["VAN-RP-005"],
              "hand": ["SK-157", "VAN-RP-002", "VAN-RP-003", "VAN-RP-004"],
              "deck": ["VAN-RP-006", "VAN-RP-007", "VAN-RP-008", "VAN-RP-002"]},
        "B": {"vanguard": "VAN-KG-009", "hand": ["VAN-KG-002"],
              "deck": ["VAN-KG-003", "VAN-KG-004", "VAN-KG-005"]},
    }, turn=3, player="A")
    game.apply("call SK-157 RC.FL")
    uid = game.state.players["A"].zones["RC.FL"][0]
    (key,) = {m[3] for m in game.state.modifiers if m[0] == uid and m[3].startswith("while:")}
    game.state.modifiers.append((uid, "critical", 1, key, "test"))
    read = {}
    for holds in (True, False):
        if not holds:
            game.apply("call VAN-RP-002 RC.BL")  # two cards left in hand: the condition fails
        assert game.while_holds(key) is holds
        read[holds] = unit_stats(game, uid)
        assert read[holds] == four_reads(game, uid) == StatReader(game).stats(uid)
    assert read[True][0] - read[False][0] == 5000 and read[True][1] - read[False][1] == 1


def test_a_modifier_whose_when_test_fails_is_left_out_and_the_stats_are_the_same(
        builtin: Registry) -> None:
    """d-era's persona modifier declares `when=persona_rode_this_turn` (vgcore.engine.modifies):
    a reader of many units asks it only on a turn a player persona rode (RULES.md §5, persona
    ride: +10000 to the front row), and reads the same stats as `Game.power` either way."""
    from vgcore_dera import persona_power

    seen = {True: 0, False: 0}
    for seed in range(6):
        game = builtin.new_game("d-standard", None, seed, validate=False)
        agent = RandomAgent(seed)
        while not game.is_terminal and not all(seen.values()):
            rode = any(p.flags.get("persona_ride_turn") == game.state.turn
                       for p in game.state.players.values())
            asked = persona_power in game.index.modifiers_now(game, "power")
            assert asked is rode
            reader = StatReader(game)
            for uid in field_units(game):
                assert reader.stats(uid) == four_reads(game, uid)
            seen[rode] += 1
            game.apply(agent.choose(game, game.legal_actions()))
    assert all(seen.values()), seen

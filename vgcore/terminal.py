"""`vgcore play`: a person against agents in the terminal, seeing only their own view.

In a duel one agent plays the other seat; at a tag fight's table agents play the other three
seats (the person's teammate included) and the person's deck goes to their whole team.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from vgcore.agents import make_agent
from vgcore.decks import DeckList
from vgcore.errors import IllegalActionError
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.replay import Replay
from vgcore.types import Seat


def play_terminal(registry: Registry, format_id: str, decks: Sequence[DeckList],
                  seat: Seat | None, agent_name: str, seed: int, save_path: str | None) -> None:
    """`decks` is (the person's deck, the agents' deck); `seat` defaults to the first seat."""
    layout = registry.engine(format_id).seat_layout
    seat = seat or layout.seats[0]
    if seat not in layout.seats:
        raise click.BadParameter(f"{seat!r} is no seat of format {format_id!r}; seats: "
                                 + ", ".join(layout.seats), param_hint="--seat")
    mine, theirs = decks
    dealt = {s: mine if layout.teams[s] == layout.teams[seat] else theirs for s in layout.seats}
    game = registry.new_game(format_id, list(dealt.values()), seed)
    others = [s for s in layout.seats if s != seat]
    agents = {s: make_agent(agent_name, seed + 1 + i) for i, s in enumerate(others)}
    replay = Replay(format_id, seed, dealt)
    shown = 0
    while not game.is_terminal:
        shown = print_new_events(game, seat, shown)
        d = game.decision
        assert d is not None
        if d.seat != seat:
            action = str(agents[d.seat].choose(game, d.options))
        else:
            print_board(game, seat)
            action = ask_human(game)
        replay.hashes.append(game.state.state_hash())
        replay.answers.append(action)
        game.apply(action)
    print_new_events(game, seat, shown)
    replay.finish(game)
    outcome = "You win!" if game.state.result == game.team(seat) else (
        "Draw." if game.state.result == "draw" else "You lose.")
    click.echo(f"\nGame over after {game.state.turn} turns. {outcome}")
    if save_path:
        replay.save(save_path)
        click.echo(f"replay saved to {save_path}")


def ask_human(game: Game) -> str:
    d = game.decision
    assert d is not None
    click.echo(f"\n{d.prompt}")
    options = d.option_strings()
    for i, text in enumerate(options, 1):
        click.echo(f"  {i:>2}. {text}")
    while True:
        raw = click.prompt("answer (number or action)", default="1").strip()
        if raw.isdigit() and 1 <= int(raw) <= len(options):
            return options[int(raw) - 1]
        try:
            probe = game.clone()
            probe.apply(raw)
            return raw
        except IllegalActionError as exc:
            click.echo(str(exc))


def print_new_events(game: Game, seat: Seat, shown: int) -> int:
    view_log = game.view(seat)["log"]
    for event in view_log[shown:]:
        if event["kind"] in QUIET_EVENTS:
            continue
        click.echo("  · " + describe(event))
    return len(view_log)


QUIET_EVENTS = frozenset({"decision", "shuffle"})


def describe(event: dict[str, Any]) -> str:
    details = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("kind", "n"))
    return f"{event['kind']}: {details}"


def print_board(game: Game, seat: Seat) -> None:
    view = game.view(seat, log=False)
    click.echo(f"\n=== turn {view['turn']} ({view['turn_player']}'s), {view['phase']} phase ===")
    others = [s for s in game.state.seats if s != seat]
    for who in [*others, seat]:
        side = view["players"][who]
        zones = side["zones"]
        label = ("you" if who == seat else "opponent" if who == game.opponent(seat)
                 else "teammate" if game.team(who) == game.team(seat) else "other opponent")
        click.echo(f"[{who} — {label}] damage {zones['damage']['count']}, "
                   f"hand {zones['hand']['count']}, deck {zones['deck']['count']}, "
                   f"soul {zones['soul']['count']}, drop {zones['drop']['count']}")
        for circle, unit in side["circles"].items():
            if unit and unit.get("card"):
                state = "rested" if unit["rested"] else "standing"
                click.echo(f"   {circle:<6} {unit['card']:<12} {unit.get('power', '?'):>6} "
                           f"power  {unit.get('critical', '?')} crit  {state}")
    hand = view["players"][seat]["zones"]["hand"].get("cards", [])
    click.echo("your hand: " + ", ".join(card_label(game, c) for c in hand))


def card_label(game: Game, card_id: str) -> str:
    card = game.engine.db[card_id]
    trig = f" {card.trigger}" if card.trigger else ""
    return f"{card_id} ({card.name}, G{card.grade}{trig})"

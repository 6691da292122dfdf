"""`vgcore play`: a person against an agent in the terminal, seeing only their own view."""

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
from vgcore.types import Seat, other_seat


def play_terminal(registry: Registry, format_id: str, decks: Sequence[DeckList], seat: Seat,
                  agent_name: str, seed: int, save_path: str | None) -> None:
    game = registry.new_game(format_id, decks, seed)
    agent = make_agent(agent_name, seed + 1)
    replay = Replay(format_id, seed, {"A": decks[0], "B": decks[1]})
    shown = 0
    while not game.is_terminal:
        shown = print_new_events(game, seat, shown)
        d = game.decision
        assert d is not None
        if d.seat != seat:
            action = str(agent.choose(game, d.options))
        else:
            print_board(game, seat)
            action = ask_human(game)
        replay.hashes.append(game.state.state_hash())
        replay.answers.append(action)
        game.apply(action)
    print_new_events(game, seat, shown)
    replay.result = game.state.result
    outcome = "You win!" if game.state.result == seat else (
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
    foe = other_seat(seat)
    click.echo(f"\n=== turn {view['turn']} ({view['turn_player']}'s), {view['phase']} phase ===")
    for who in (foe, seat):
        side = view["players"][who]
        zones = side["zones"]
        label = "you" if who == seat else "opponent"
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

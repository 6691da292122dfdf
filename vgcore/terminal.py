"""`vgcore play`: a person against agents in the terminal, seeing only their own view.

In a duel one agent plays the other seat; at a tag fight's table agents play the other three
seats (the person's teammate included) and the person's deck goes to their whole team.

This module is the prompt loop only: what is drawn comes from `screen` and `narration`, pure
functions of the seat's view; what a typed line means comes from `read_reply`, a pure function
of the line and the legal answers. The loop joins them to the game and to the replay.
"""

from __future__ import annotations

import difflib
import shutil
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import click

from vgcore.agents import make_agent
from vgcore.agents.base import Agent
from vgcore.decks import DeckList
from vgcore.errors import IllegalActionError
from vgcore.game import Game
from vgcore.narration import narrate
from vgcore.plugins import Registry
from vgcore.replay import Replay
from vgcore.screen import WIDTH, Table, render_board, render_decision, screen_width, wrap
from vgcore.types import Seat

PROMPT = "answer> "
COMMANDS = {
    "help": "what you can type now",
    "board": "draw the field again",
    "options": "list the answers again",
    "quit": "stop here (the replay is saved with --save); Ctrl-D does the same",
}
ALIASES = {"?": "help", "h": "help", "b": "board", "o": "options", "q": "quit",
           "exit": "quit"}
# What each kind of answer does (action strings, SCENARIOS.md §2), for `help`.
VERB_HELP = {
    "keep": "keep: keep the hand as it is",
    "mulligan": "mulligan <card id>: return that card to the deck and draw again",
    "ride": "ride <card id>: ride that card from your hand",
    "ride-deck": "ride-deck <card id> discard <card id>: ride from the ride deck, discarding",
    "pass": "pass: do not do it",
    "call": "call <card id> <circle>: call a card from your hand to a rear-guard circle",
    "move": "move <circle>: move that rear-guard to the other row of its column",
    "act": "act <circle or card id>[:<n>]: use that ACT ability",
    "battle": "battle: end the main phase and go to battle",
    "attack": "attack <circle> -> <seat>.<circle>: attack with that unit",
    "end": "end: end the battle phase",
    "boost": "boost: the unit behind the attacker boosts it",
    "no-boost": "no-boost: attack without a boost",
    "guard": "guard <card id>: call that card from your hand to the guardian circle",
    "intercept": "intercept <circle>: that front-row rear-guard guards",
    "done": "done: stop (guarding, or choosing when fewer are allowed)",
    "power": "power <circle>: give the trigger's power to that unit",
    "critical": "critical <circle>: give the trigger's critical to that unit",
    "stand": "stand <circle>: stand that unit",
    "choose": "choose <card or circle>: choose that card",
    "resolve": "resolve <circle or card id>[:<n>]: resolve that ability next",
    "pay": "pay: pay the cost", "decline": "decline: do not pay",
    "yes": "yes: do it", "no": "no: do not",
    # forms the built-in plugins add
    "tag-guard": "tag-guard <card id>: guard your teammate's unit with a card from your hand",
    "stride": "stride <G unit id> discard <card id>: stride that G unit, discarding that card",
    "g-assist": "g-assist: use G assist",
    "legion": "legion: legion with your vanguard",
    "gift": "gift <type>-<1 or 2>: choose the version of the imaginary gift",
    "ticket": "ticket: use the quick shield ticket",
    "order": "order <card id> [alchemagic <drop card id>]: play that order card (with "
             "Alchemagic: bind that order of your drop and play both as one)",
    "overdress": "overdress <card id> <circle>: overDress that card onto the rear-guard there",
    "free": "free <cost> <cards>: free imprisoned cards by paying that cost",
}


@dataclass(frozen=True, slots=True)
class Reply:
    """What one typed line means: a legal answer, a command, or a message to show."""

    answer: str | None = None
    command: str | None = None
    message: str | None = None


class Quit(Exception):
    """The person stops the game (quit, end of input, Ctrl-C) with this exit code."""

    def __init__(self, code: int, why: str) -> None:
        super().__init__(why)
        self.code = code
        self.why = why


def play_terminal(registry: Registry, format_id: str, decks: Sequence[DeckList],
                  seat: Seat | None, agent_name: str, seed: int, save_path: str | None, *,
                  read_line: Callable[[str], str] = input,
                  echo: Callable[[str], None] = click.echo) -> int:
    """Play one game; `decks` is (the person's deck, the agents' deck), `seat` defaults to
    the first seat. Returns the exit code: 0, or 130 after Ctrl-C."""
    from vgcore import __version__

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
    replay = Replay(format_id, seed, dealt, engine_version=__version__)
    width = screen_width(shutil.get_terminal_size((WIDTH, 40)).columns)
    session = Session(game, Table.for_game(game, seat, width), agents, replay, save_path,
                      read_line, echo)
    return session.run()


class Session:
    """One game at the terminal: agents answer their seats, the person answers theirs."""

    def __init__(self, game: Game, table: Table, agents: dict[Seat, Agent], replay: Replay,
                 save_path: str | None, read_line: Callable[[str], str],
                 echo: Callable[[str], None]) -> None:
        self.game = game
        self.table = table
        self.agents = agents
        self.replay = replay
        self.save_path = save_path
        self.read_line = read_line
        self.echo = echo
        self.told = 0  # events of the log already told
        self.last_board: list[str] = []

    def run(self) -> int:
        game, seat = self.game, self.table.seat
        if read_line_is_terminal(self.read_line):
            line_editing(self.current_options)
        self.echo(f"You play {seat} in {game.engine.format.id}. Type 'help' at any question.")
        try:
            while not game.is_terminal:
                d = game.decision
                assert d is not None
                if d.seat == seat:
                    self.tell_news()
                    action = self.ask()
                else:
                    action = str(self.agents[d.seat].choose(game, d.options))
                self.replay.hashes.append(game.state.state_hash())
                self.replay.answers.append(action)
                game.apply(action, seat=d.seat)
        except KeyboardInterrupt:  # while the agents play: the same as at the prompt
            return self.stop(Quit(130, "Interrupted: stopping the game."))
        except Quit as stop:
            return self.stop(stop)
        self.tell_news()
        result = game.state.result
        outcome = ("You win!" if result == game.team(seat) else
                   "Draw." if result == "draw" else "You lose.")
        self.echo(f"\nGame over after {game.state.turn} turns. {outcome}")
        self.save()
        return 0

    def stop(self, stop: Quit) -> int:
        self.echo(f"\n{stop.why}")
        self.save()
        return stop.code

    def current_options(self) -> list[str]:
        d = self.game.decision
        return d.option_strings() if d is not None and d.seat == self.table.seat else []

    def tell_news(self) -> None:
        """Tell the events since the last prompt, as the seat's redacted log has them."""
        log = self.game.view(self.table.seat, log=True)["log"]
        for line in narrate(log[self.told:], self.table):
            for part in wrap("  " + line, self.table.width, indent="      "):
                self.echo(part)
        self.told = len(log)

    def ask(self) -> str:
        game = self.game
        d = game.decision
        assert d is not None
        view = game.view(self.table.seat, log=False)
        board = render_board(view, self.table)
        if board != self.last_board:
            self.echo("\n" + "\n".join(board))
            self.last_board = board
        question = render_decision(view, self.table)
        self.echo("\n".join(question))
        options = d.option_strings()
        while True:
            try:
                raw = self.read_line(PROMPT)
            except EOFError:
                raise Quit(0, "End of input: stopping the game.") from None
            except KeyboardInterrupt:
                raise Quit(130, "Interrupted: stopping the game.") from None
            reply = read_reply(raw, options, self.is_legal)
            if reply.answer is not None:
                return reply.answer
            if reply.command == "quit":
                raise Quit(0, "Stopping the game.")
            if reply.command == "help":
                self.echo("\n".join(help_lines(options)))
            elif reply.command == "board":
                self.echo("\n".join([*board, *question]))
            elif reply.command == "options":
                self.echo("\n".join(question))
            else:
                self.echo(reply.message or "")

    def is_legal(self, answer: str) -> bool:
        probe = self.game.clone()
        try:
            probe.apply(answer, seat=self.table.seat)
        except IllegalActionError:
            return False
        return True

    def save(self) -> None:
        if not self.save_path:
            if not self.game.is_terminal:
                self.echo("The game is not saved (--save FILE keeps a replay).")
            return
        self.replay.finish(self.game)
        self.replay.save(self.save_path)
        self.echo(f"replay saved to {self.save_path} ({len(self.replay.answers)} answers)")


# -- reading a typed line -------------------------------------------------------------------


def read_reply(raw: str, options: Sequence[str], is_legal: Callable[[str], bool]) -> Reply:
    """Turn a typed line into an answer (by number or as an action string), a command, or a
    short message: out-of-range numbers and typos get a did-you-mean, never every option."""
    text = " ".join(raw.split())
    if not text:
        return Reply(message=usage(options))
    lowered = text.lower()
    if lowered in COMMANDS or lowered in ALIASES:
        return Reply(command=ALIASES.get(lowered, lowered))
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(options):
            return Reply(answer=options[number - 1])
        return Reply(message=f"There is no answer {number}. " + usage(options))
    for option in options:
        if option.lower() == lowered:
            return Reply(answer=option)
    if is_legal(text):
        return Reply(answer=text)
    return Reply(message=did_you_mean(text, options))


def usage(options: Sequence[str]) -> str:
    return (f"Type a number from 1 to {len(options)}, an answer as listed, or 'help'."
            if options else "Type 'help'.")


def did_you_mean(text: str, options: Sequence[str]) -> str:
    """The closest answers or commands to a mistyped line (difflib), at most three."""
    pool = [*options, *COMMANDS]
    by_lower = {p.lower(): p for p in pool}
    close = difflib.get_close_matches(text.lower(), list(by_lower), n=3, cutoff=0.6)
    if not close:
        close = [p for p in by_lower if p.startswith(text.lower())][:3]
    matches = [by_lower[c] for c in close]
    head = f"'{text}' is not an answer here."
    if not matches:
        return f"{head} {usage(options)}"
    if len(matches) == 1:
        return f"{head} Did you mean '{matches[0]}'?"
    return f"{head} Did you mean " + ", ".join(f"'{m}'" for m in matches[:-1]) + \
        f" or '{matches[-1]}'?"


def help_lines(options: Sequence[str]) -> list[str]:
    verbs = list(dict.fromkeys(o.split()[0] for o in options if o.split()))
    lines = ["Answer with the number of an answer, or type the answer as listed "
             "(e.g. 'battle'). Commands:"]
    lines.extend(f"  {name:<8} {what}" for name, what in COMMANDS.items())
    lines.append("The answers to this question:")
    lines.extend("  " + VERB_HELP.get(v, f"{v} ...: as listed") for v in verbs)
    return lines


# -- line editing -----------------------------------------------------------------------------


def read_line_is_terminal(read_line: Callable[[str], str]) -> bool:
    return read_line is input and sys.stdin.isatty()


def line_editing(complete: Callable[[], Sequence[str]]) -> None:
    """History and Tab completion of the legal answers, where readline exists."""
    try:
        import readline
    except ImportError:  # pragma: no cover - Windows
        return

    def completer(text: str, state: int) -> str | None:
        matches = [o for o in [*complete(), *COMMANDS] if o.startswith(text)]
        return matches[state] if state < len(matches) else None

    readline.set_completer_delims("")
    readline.set_completer(completer)
    readline.parse_and_bind("tab: complete")

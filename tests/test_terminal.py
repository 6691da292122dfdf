"""The prompt loop of `vgcore play` (vgcore.terminal) without a terminal: typed lines in,
text out. The real program in a pseudo-terminal is tested in test_play_pty.py."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from vgcore import replay as replays
from vgcore.plugins import Registry
from vgcore.terminal import play_terminal, read_reply

OPTIONS = ["call TD01-005 RC.FL", "call TD01-005 RC.FR", "act VC:1", "battle"]


def legal_in(options: list[str]) -> Callable[[str], bool]:
    """A stand-in for the game's legality check (Game.apply on a clone)."""
    return lambda text: text in options


def test_a_number_picks_that_answer() -> None:
    assert read_reply("2", OPTIONS, legal_in(OPTIONS)).answer == "call TD01-005 RC.FR"
    assert read_reply(" 4 ", OPTIONS, legal_in(OPTIONS)).answer == "battle"


def test_a_number_out_of_range_says_which_numbers_there_are() -> None:
    for typed in ("0", "5", "99"):
        reply = read_reply(typed, OPTIONS, legal_in(OPTIONS))
        assert reply.answer is None
        assert reply.message == (f"There is no answer {typed}. Type a number from 1 to 4, an "
                                 "answer as listed, or 'help'.")


def test_an_action_string_is_taken_as_typed_or_in_any_case() -> None:
    assert read_reply("act VC:1", OPTIONS, legal_in(OPTIONS)).answer == "act VC:1"
    assert read_reply("Battle", OPTIONS, legal_in(OPTIONS)).answer == "battle"
    assert read_reply("call  TD01-005   RC.FL", OPTIONS, legal_in(OPTIONS)).answer == \
        "call TD01-005 RC.FL"


def test_an_equivalent_answer_the_game_accepts_is_taken() -> None:
    """The game decides legality (e.g. `act VC` for `act VC:1`), not the listed text."""
    reply = read_reply("act VC", OPTIONS, lambda text: text in (*OPTIONS, "act VC"))
    assert reply.answer == "act VC"


def test_a_typo_gets_a_did_you_mean_not_every_option() -> None:
    reply = read_reply("batle", OPTIONS, legal_in(OPTIONS))
    assert reply.answer is None and reply.message == \
        "'batle' is not an answer here. Did you mean 'battle'?"
    reply = read_reply("call TD01-005 RC.F", OPTIONS, legal_in(OPTIONS))
    assert reply.message is not None
    assert "'call TD01-005 RC.FL'" in reply.message and "'call TD01-005 RC.FR'" in reply.message
    assert "act VC:1" not in reply.message


def test_a_typo_of_a_command_is_caught_too() -> None:
    reply = read_reply("hlep", OPTIONS, legal_in(OPTIONS))
    assert reply.message == "'hlep' is not an answer here. Did you mean 'help'?"


def test_nothing_close_says_how_to_answer() -> None:
    reply = read_reply("xyzzy", OPTIONS, legal_in(OPTIONS))
    assert reply.message == ("'xyzzy' is not an answer here. Type a number from 1 to 4, an "
                             "answer as listed, or 'help'.")


def test_commands_and_their_short_forms() -> None:
    for typed, command in (("help", "help"), ("?", "help"), ("HELP", "help"),
                           ("board", "board"), ("options", "options"), ("quit", "quit"),
                           ("q", "quit"), ("exit", "quit")):
        assert read_reply(typed, OPTIONS, legal_in(OPTIONS)).command == command


def test_an_empty_line_answers_nothing() -> None:
    reply = read_reply("   ", OPTIONS, legal_in(OPTIONS))
    assert reply.answer is None and reply.command is None and "Type a number" in reply.message


# -- the loop -----------------------------------------------------------------------------------


class Person:
    """Types the given lines, then answers at random by number (seeded), or stops."""

    def __init__(self, lines: list[str], seed: int = 0, then_random: bool = False) -> None:
        self.lines: Iterator[str] = iter(lines)
        self.random = random.Random(seed) if then_random else None
        self.out: list[str] = []

    def echo(self, text: str) -> None:
        self.out.append(text)

    def read_line(self, prompt: str) -> str:
        self.out.append(prompt)
        line = next(self.lines, None)
        if line is not None:
            return line
        if self.random is None:
            raise EOFError
        listed = [int(n) for text in self.out[-4:] for n in re.findall(r"^ *(\d+)\. ", text,
                                                                         re.M)]
        return str(self.random.randint(1, max(listed, default=1)))

    @property
    def text(self) -> str:
        return "\n".join(self.out)


def play(registry: Registry, person: Person, save: Path | None = None, format_id: str = "premium",
         seat: str | None = None, seed: int = 1) -> int:
    decks = registry.default_decks(format_id)
    return play_terminal(registry, format_id, decks, seat, "greedy", seed,
                         str(save) if save else None, read_line=person.read_line,
                         echo=person.echo)


def test_end_of_input_saves_a_replay_that_verifies(registry: Registry, tmp_path: Path) -> None:
    person = Person(["keep", "1"])
    save = tmp_path / "stopped.replay.json"
    assert play(registry, person, save) == 0
    assert "End of input: stopping the game." in person.text
    assert f"replay saved to {save}" in person.text
    rep = replays.Replay.load(save)
    assert rep.result is None and len(rep.answers) >= 2
    replays.run(registry, rep, verify=True)


def test_quit_stops_and_saves(registry: Registry, tmp_path: Path) -> None:
    person = Person(["keep", "quit", "never read"])
    save = tmp_path / "quit.replay.json"
    assert play(registry, person, save) == 0
    assert "Stopping the game." in person.text and save.exists()
    assert "keep" in replays.Replay.load(save).answers


def test_without_save_quitting_says_nothing_was_kept(registry: Registry) -> None:
    person = Person(["quit"])
    assert play(registry, person) == 0
    assert "The game is not saved (--save FILE keeps a replay)." in person.text


def test_ctrl_c_stops_with_code_130_and_saves(registry: Registry, tmp_path: Path) -> None:
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    save = tmp_path / "interrupted.replay.json"
    out: list[str] = []
    code = play_terminal(registry, "premium", registry.default_decks("premium"), None, "greedy",
                         1, str(save), read_line=interrupted, echo=out.append)
    assert code == 130 and save.exists() and "Interrupted" in "\n".join(out)


def test_a_bad_answer_changes_nothing_and_the_question_stays(registry: Registry,
                                                             tmp_path: Path) -> None:
    save_typo = tmp_path / "typo.replay.json"
    play(registry, Person(["kepp", "99", "help", "board", "keep"]), save_typo)
    save_clean = tmp_path / "clean.replay.json"
    play(registry, Person(["keep"]), save_clean)
    assert replays.Replay.load(save_typo).answers == replays.Replay.load(save_clean).answers


def test_help_lists_commands_and_this_questions_answers(registry: Registry) -> None:
    person = Person(["help"])
    play(registry, person)
    assert "  quit     stop here" in person.text
    assert "  keep: keep the hand as it is" in person.text


@pytest.mark.parametrize(("format_id", "seat"), [
    ("premium", "B"), ("d-standard", None), ("v-standard", None), ("premium-g", None),
    ("tag-v-standard", "A2"),
])
def test_a_whole_game_at_the_terminal_ends_with_a_verifying_replay(
        registry: Registry, tmp_path: Path, format_id: str, seat: str | None) -> None:
    person = Person([], seed=3, then_random=True)
    save = tmp_path / "whole.replay.json"
    assert play(registry, person, save, format_id, seat, seed=3) == 0
    assert "Game over after" in person.text
    rep = replays.Replay.load(save)
    assert rep.result is not None
    assert replays.run(registry, rep, verify=True).state.result == rep.result


def test_a_cost_question_names_the_card_the_ability_and_the_cost(registry: Registry) -> None:
    """RULES.md §7 "you may pay": the question says what is paid, and for what."""
    from vgcore.agents import RandomAgent
    from vgcore.costs import describe_cost

    for seed in range(10):
        game = registry.new_game("d-standard", list(registry.default_decks("d-standard")), seed)
        agent = RandomAgent(seed)
        while not game.is_terminal and game.decision.kind != "cost":
            game.apply(agent.choose(game, game.decision.options))
        if not game.is_terminal:
            break
    d = game.decision
    assert d is not None and d.kind == "cost"
    card = game.engine.db[d.data["card"]]
    cost = describe_cost(game.ability(card.id, d.data["ability"]).spec["cost"])
    assert d.data["cost"] == cost
    assert d.prompt == f"Pay {cost} for ability {d.data['ability']} of {card.name} ({card.id})?"


def test_costs_read_as_a_person_says_them() -> None:
    from vgcore.costs import describe_cost

    assert describe_cost([{"op": "counter_blast", "count": 1},
                          {"op": "soul_blast", "count": 2}]) == "Counter Blast 1, Soul Blast 2"
    assert describe_cost([{"op": "discard", "count": 1}]) == "discard 1 from hand"
    assert describe_cost([{"op": "retire", "target": "self"}]) == "retire this card"
    assert describe_cost([{"op": "put_into_soul", "count": 1, "from": {"zone": ["RC"]}}]) == \
        "put into soul 1"

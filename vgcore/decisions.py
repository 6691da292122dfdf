"""Decisions and action strings (SCENARIOS.md §1–§2, DESIGN.md §3).

Every question the rules ask a player is a `Decision` listing all and only its legal answers.
An answer is an `Action`: a verb plus arguments with one canonical text form, so that
`parse(str(a)) == a` (python-chess's `Move.from_uci`/`uci()` habit).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from vgcore.errors import ActionSyntaxError
from vgcore.types import Seat

REPR_OPTIONS: Final = 4  # options a Decision's repr shows before "… n more"

# Verbs that pick one card of a choice of several; the choice is asked again for each card
# (SCENARIOS.md §2), so an answer naming several cards is a mistake worth explaining.
PICK_VERBS: Final = {"choose": "done", "mulligan": "keep"}


class Action(NamedTuple):
    """One answer: a verb and its arguments, e.g. Action("call", ("TD01-005", "RC.FL")).

    An action equals its action string too (`"keep" in d.options`, `d.options[0] ==
    "battle"`), and hashes as that string, so that actions and strings mix in sets and dicts.
    Between actions, equality stays the tuple's. The string must be the canonical form
    (`str(action)`); `parse` canonicalises any other spelling.
    """

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        text = _SHARED_TEXT.get(id(self))
        if text is not None:  # a shared action's string, written once per process
            return text
        return self.spelled()

    def spelled(self) -> str:
        """The action string, written out (`str` reads a shared action's from a table)."""
        verb, args = self.verb, self.args
        if not args:
            return verb
        if len(args) == 1:  # most answers built per question (`act <ref>`, `choose <ref>`)
            return verb + " " + args[0]
        if verb == "attack" and len(args) == 2:
            return f"attack {args[0]} -> {args[1]}"
        if verb == "ride-deck" and len(args) == 2:
            return f"ride-deck {args[0]} discard {args[1]}"
        return " ".join((verb, *args))

    def __eq__(self, other: object, _tuple_eq: Any = tuple.__eq__) -> bool:
        if other.__class__ is str:
            return self.__str__() == other
        return _tuple_eq(self, other)  # type: ignore[no-any-return]

    def __ne__(self, other: object, _tuple_ne: Any = tuple.__ne__) -> bool:
        if other.__class__ is str:
            return self.__str__() != other
        return _tuple_ne(self, other)  # type: ignore[no-any-return]

    def __hash__(self) -> int:
        return hash(self.__str__())

    @classmethod
    def make(cls, verb: str, *args: str) -> Action:
        """Build an action from its words: `Action.make("call", "TD01-005", "RC.FL")`."""
        return cls(verb, args)


_SHARED: Final[dict[tuple[str, tuple[str, ...]], Action]] = {}
# The string of each shared action, by identity: a shared action lives as long as the process,
# so its id is never another object's. Logs, hashes and views read these strings all the time.
_SHARED_TEXT: Final[dict[int, str]] = {}


_TUPLE_NEW: Final = tuple.__new__
_ACTION: Final = Action  # the class as a constant: a named tuple's is a module lookup per read


def new_action(verb: str, args: tuple[str, ...] = ()) -> Action:
    """`Action(verb, args)`, built without the named tuple's own `__new__`: that one is a
    Python function (a frame per action, ~3.8k instructions when compiled code calls the
    class), and a scripted game builds ~400 actions (its choices, resolve and act options)."""
    return _TUPLE_NEW(_ACTION, (verb, args))  # type: ignore[no-any-return]


def shared_action(verb: str, args: tuple[str, ...] = ()) -> Action:
    """The one `Action` for an answer that the turn's recurring questions list again and again
    (`call X RC.FL`, `attack VC -> B.VC`, `guard X`, `done`): answers are values, so one object
    serves every game of the process, and listing them builds nothing. Bounded by the card
    pool times the circles."""
    action = _SHARED.get((verb, args))
    if action is None:
        action = _SHARED[verb, args] = _ACTION(verb, args)
        _SHARED_TEXT[id(action)] = action.spelled()
    return action


# The longest answer read: every legal action string is far shorter, and an error message
# quotes what it refuses.
MAX_ANSWER_CHARS: Final = 200

# Whitespace an answer may carry around it; inside, words are separated by ASCII spaces only.
EDGE_SPACE: Final = " \t\r\n"


def answer_words(text: object) -> list[str]:
    """The words of an answer after the documented normalisation (docs/architecture.md
    "Answers"): ASCII blanks around it are dropped and runs of ASCII spaces separate words.
    Anything else is refused, not guessed at: a non-string, an over-long string, and any other
    whitespace or control character (a non-breaking space is not a space), which would let
    two different strings be taken for one answer."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an answer is an action string, not {type(text).__name__}")
    if len(text) > MAX_ANSWER_CHARS:
        raise ActionSyntaxError(f"an answer is at most {MAX_ANSWER_CHARS} characters, "
                                f"this one has {len(text)}")
    stripped = text.strip(EDGE_SPACE)
    if not stripped.isprintable():
        bad = next(c for c in stripped if not c.isprintable())
        raise ActionSyntaxError(f"answers separate words with plain spaces; character "
                                f"U+{ord(bad):04X} is not allowed")
    return [w for w in stripped.split(" ") if w]


def parse(text: str) -> Action:
    """Parse an action string; the inverse of `str(Action)`."""
    words = answer_words(text)
    if not words:
        raise ActionSyntaxError("empty action string")
    verb, rest = words[0], words[1:]
    if verb == "attack":
        if len(rest) != 3 or rest[1] != "->":
            raise ActionSyntaxError(f"expected 'attack <circle> -> <seat>.<circle>', got {text!r}")
        return Action(verb, (rest[0], rest[2]))
    if verb == "ride-deck":
        if len(rest) != 3 or rest[1] != "discard":
            raise ActionSyntaxError(f"expected 'ride-deck <id> discard <id>', got {text!r}")
        return Action(verb, (rest[0], rest[2]))
    if verb in PICK_VERBS and not rest:
        raise ActionSyntaxError(f"{verb!r} names one card ('{verb} <ref>'); to choose no more "
                                f"cards answer '{PICK_VERBS[verb]}'")
    if verb in PICK_VERBS and len(rest) > 1:
        steps = ", then ".join(f"'{verb} {r}'" for r in rest)
        raise ActionSyntaxError(
            f"{verb!r} names one card: cards are chosen one at a time; answer {steps}"
            f" ('{PICK_VERBS[verb]}' stops when no more are wanted), not {text!r}")
    return Action.make(verb, *rest)


def as_action(answer: str | Action) -> Action:
    """Accept an answer either as an action string or as an Action; an Action is read back
    through its string, so that one built by hand (odd words, non-string parts) meets the
    same checks as typed text and comes out canonical."""
    if isinstance(answer, Action):
        # Read as a plain tuple: a hand-built Action may hold anything, and the compiled
        # module would raise TypeError reading a non-string field declared `str`.
        fields: tuple[object, ...] = tuple(answer)
        verb, args = fields[0], fields[1]
        if not isinstance(verb, str) or not isinstance(args, tuple) or not all(
                isinstance(a, str) for a in args):
            raise ActionSyntaxError("an Action holds a verb and a tuple of strings")
        action = parse(str(answer))
        if action.verb != answer.verb or action.args != answer.args:
            raise ActionSyntaxError(f"{answer!r} is not written the canonical way "
                                    f"({str(action)!r})")
        return action
    return parse(answer)


class Decision:
    """A question to one seat; `options` are exactly the legal answers.

    `optional` marks a "may" question, which is never taken automatically even when it has
    a single answer. `frame` is the index in the procedure stack of the frame that asked.

    A plain class with a dataclass's constructor and equality: compiled, a dataclass keeps
    the interpreted `__init__` the dataclasses module writes, and one is made per decision.
    """

    __slots__ = ("data", "id", "kind", "max", "min", "optional", "options", "prompt", "seat")

    def __init__(self, id: int, seat: Seat, kind: str, prompt: str,
                 options: list[Action], min: int = 1, max: int = 1,
                 optional: bool = False, data: dict[str, Any] | None = None) -> None:
        self.id = id
        self.seat = seat
        self.kind = kind
        self.prompt = prompt
        self.options = options
        self.min = min
        self.max = max
        self.optional = optional
        self.data: dict[str, Any] = {} if data is None else data

    def _fields(self) -> tuple[Any, ...]:
        return (self.id, self.seat, self.kind, self.prompt, self.options, self.min, self.max,
                self.optional, self.data)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return self._fields() == other._fields()

    def __reduce__(self) -> tuple[Any, ...]:
        return Decision, self._fields()  # pickle and copy by the constructor's arguments


    def option_strings(self) -> list[str]:
        return [str(a) for a in self.options]

    def __repr__(self) -> str:
        shown = ", ".join(str(a) for a in self.options[:REPR_OPTIONS])
        more = len(self.options) - REPR_OPTIONS
        if more > 0:
            shown += f", … {more} more"
        may = " (may)" if self.optional else ""
        return f"<Decision #{self.id} {self.kind}{may} for {self.seat}: {shown}>"

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "seat": self.seat, "kind": self.kind, "prompt": self.prompt,
            "options": self.option_strings(), "min": self.min, "max": self.max,
            "optional": self.optional, "data": self.data,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Decision:
        return cls(d["id"], d["seat"], d["kind"], d["prompt"], [parse(o) for o in d["options"]],
                   d["min"], d["max"], d["optional"], dict(d.get("data", {})))

    def copy(self) -> Decision:
        return Decision(self.id, self.seat, self.kind, self.prompt, self.options, self.min,
                        self.max, self.optional, self.data)

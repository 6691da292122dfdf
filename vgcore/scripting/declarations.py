"""Validating what a card script declares, before any game runs it (DESIGN.md §4).

A script returns `vg.card { … }`; the sandbox turns that into plain Python data, with the
script's own Lua functions left as opaque handles. This module checks every key against the
schema of its declaration, step or cost kind — an unknown key, a wrong type, an unknown step,
event or cost is a `ScriptError` naming the card, the ability, the key and the Lua line — and
replaces each function by an `FnRef` (card id + its path in the declaration), so a game's own
Lua runtime can find the same function later.
"""

from __future__ import annotations

import difflib
import fnmatch
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from vgcore.ability import Ability
from vgcore.carddb import MAX_STAT
from vgcore.errors import ScriptError
from vgcore.yamlio import short

Path = tuple[str | int, ...]

MAX_NUMBER = MAX_STAT
"""Largest whole number (either sign) a script may declare or an amount function return: a
billion, like a printed stat, so that no sum of them outgrows Lua's 64-bit integers."""


class FnRef(NamedTuple):
    """A Lua function of a card script, by where it sits in the card's declaration."""

    card_id: str
    path: Path


# -- value types --------------------------------------------------------------------------

TypeCheck = Callable[["_Checker", Any, Path], Any]


@dataclass(frozen=True, slots=True)
class Schema:
    """Allowed keys of one declaration, step or cost kind: key -> type name; `required` keys."""

    keys: Mapping[str, str]
    required: frozenset[str] = frozenset()


DURATIONS = frozenset({"battle", "turn", "forever"})
PLAYERS = frozenset({"you", "opponent"})
OWNERS = frozenset({"you", "opponent", "any"})
STATS = frozenset({"power", "critical", "shield", "drive", "grade"})

FILTER_KEYS: Mapping[str, str] = {
    "owner": "owner", "card_owner": "owner", "zone": "strs", "name": "strs",
    "name_has": "str", "grade": "ints", "grade_min": "amount", "grade_max": "amount",
    "clan": "strs", "nation": "strs", "race": "strs", "trigger": "trigger", "kind": "strs",
    "order_type": "strs",
    "unit": "bool", "sentinel": "bool", "persona_ride": "bool", "face": "str", "rested": "bool",
    "row": "str", "circle": "strs", "self": "bool", "not_self": "bool", "in": "binding",
    "not_in": "binding", "power_min": "amount", "power_max": "amount", "attacked": "bool",
    "where": "fn", "has": "str", "not": "filter", "same_column": "ref", "same_name": "ref",
}
SELECTOR_KEYS: Mapping[str, str] = FILTER_KEYS
COND_KEYS: Mapping[str, str] = {
    "all": "conds", "any": "conds", "not": "cond", "count": "selector", "min": "int",
    "max": "int", "damage_min": "int", "player": "player", "turn": "str", "phase": "strs",
    "in_battle": "bool", "went_first": "bool", "attacking": "bool", "boosted": "bool",
    "boosting": "bool", "vanguard": "filter",
    "limit_break": "int", "state": "str", "self_row": "str", "this_turn": "when",
    "compare": "compare",
}
COMPARISON_OPS = ("<", "<=", "==", "~=", ">=", ">")
AMOUNT = Schema({"count": "selector", "bound": "binding", "stat": "stat", "of": "ref",
                 "own": "stat", "open_circles": "strs", "player": "player", "per": "int",
                 "times": "int"})
AMOUNT_BASES = ("count", "bound", "stat", "own", "open_circles")
AMOUNT_NEEDS = {"of": "stat", "player": "open_circles"}
WHEN_CARD_ROLES = frozenset({"subject", "by", "previous", "boosted", "attacker", "target",
                             "booster"})
BUILTIN_REFS = ("self", "vanguard", "opponent_vanguard")
DYNAMIC_NAMES = "*"  # marks an ability whose functions return steps (bindings unknown at load)

AUTO = Schema({"kind": "str", "when": "when", "zones": "strs", "limit_break": "int",
               "once_per_turn": "bool", "filter": "cond", "condition": "cond", "cost": "cost",
               "may": "bool", "effect": "steps", "text": "str", "name": "str", "first": "bool"},
              frozenset({"kind", "when", "effect"}))
ACT = Schema({"kind": "str", "zones": "strs", "limit_break": "int", "once_per_turn": "bool",
              "condition": "cond", "cost": "cost", "effect": "steps", "text": "str",
              "name": "str"}, frozenset({"kind", "effect"}))
CONT = Schema({"kind": "str", "zones": "strs", "limit_break": "int", "condition": "cond",
               "effects": "cont_effects", "text": "str", "name": "str"},
              frozenset({"kind", "effects"}))
CONT_EFFECT = Schema({"op": "str", "stat": "stat", "amount": "amount", "target": "ref",
                      "what": "str", "state": "str", "player": "player", "condition": "cond"},
                     frozenset({"op"}))
CONT_NEEDS = {"modify": ("target", "stat", "amount"), "grant": ("target", "what"),
              "lose": ("target", "what"), "state": ("state",)}
# The keys each kind of continuous effect takes (besides `op` and `condition`).
CONT_TAKES = {"modify": ("target", "stat", "amount"), "grant": ("target", "what"),
              "lose": ("target", "what"), "state": ("state", "player")}


@dataclass(frozen=True, slots=True)
class Places:
    """The zone and circle names an engine knows, for checking the names a script writes.

    `zones`: zone words (VC, RC, GC, hand, drop, field, units, plugin zones, ...);
    `circles`: circle names (VC, RC.FL, ..., GC); `circle_patterns`: fnmatch patterns of
    circles plugins create mid-game (accel circles).
    """

    zones: frozenset[str]
    circles: frozenset[str]
    circle_patterns: tuple[str, ...] = ()
    tokens: frozenset[str] | None = None  # ids of the token cards (None: not checked)
    filter_keys: Mapping[str, str] = field(default_factory=dict)  # plugins' filter keys

    def words(self, kind: str) -> frozenset[str]:
        """The names a key of this kind accepts (see PLACE_WORDS)."""
        base = self.circles if kind in ("circle", "call", "move") else self.zones
        return base | PLACE_WORDS[kind]

    def known(self, kind: str, name: str) -> bool:
        if name in self.words(kind):
            return True
        return kind != "put" and any(fnmatch.fnmatchcase(name, p) for p in self.circle_patterns)


# Words a place key accepts besides the engine's zone or circle names.
PLACE_WORDS: Mapping[str, frozenset[str]] = {
    "zone": frozenset({"RC", "field", "units"}),
    "circle": frozenset(),
    "put": frozenset({"deck_top", "deck_bottom"}),
    "search": frozenset({"deck_top", "deck_bottom", "call"}),
    "call": frozenset({"RC", "front", "back"}),
    "move": frozenset({"other_row"}),
}
# Which place kind the `to` of a step (or cost) names.
STEP_PLACES: Mapping[str, str] = {"put": "put", "search": "search", "call": "call",
                                  "call_token": "call",
                                  "move": "move"}




@dataclass(frozen=True, slots=True)
class CardScript:
    """A card's validated abilities (in declaration order)."""

    card_id: str
    file: str
    abilities: tuple[Ability, ...] = field(default_factory=tuple)

    def of_kind(self, kind: str) -> list[Ability]:
        return [a for a in self.abilities if a.kind == kind]


def validate_card(card_id: str, data: Any, file: str, *, steps: Mapping[str, Schema],
                  costs: Mapping[str, Schema], events: frozenset[str],
                  is_function: Callable[[Any], bool],
                  function_line: Callable[[Any], int | None] = lambda _f: None,
                  extra_validity: Mapping[str, str] | None = None,
                  places: Places | None = None, source: str | None = None) -> CardScript:
    """Check a converted `vg.card` declaration; raise ScriptError at the first problem.

    With `places`, every zone and circle name the declaration writes must be one of them;
    the script's `source` lets such an error name the line the bad name is written on."""
    checker = _Checker(card_id, file, steps, costs, events, is_function, function_line,
                       dict(extra_validity or {}), places)
    checker.source_lines = source.splitlines() if source is not None else []
    return checker.card(data)


class _Checker:
    def __init__(self, card_id: str, file: str, steps: Mapping[str, Schema],
                 costs: Mapping[str, Schema], events: frozenset[str],
                 is_function: Callable[[Any], bool], function_line: Callable[[Any], int | None],
                 extra_validity: dict[str, str], places: Places | None = None) -> None:
        self.card_id, self.file = card_id, file
        self.places = places
        self.source_lines: list[str] = []
        self.ability_line: int | None = None
        self.steps, self.costs, self.events = steps, costs, events
        self.is_function, self.function_line = is_function, function_line
        self.extra_validity = extra_validity
        self.ability_label = ""
        self.line: int | None = None
        self.names: set[str] = set()  # bindings an ability's steps make (`as`)
        self.refs: list[tuple[str, Path, int | None]] = []  # bindings it reads

    # -- errors ---------------------------------------------------------------------------

    def fail(self, path: Path, message: str, line: int | None = None) -> ScriptError:
        where = ".".join(str(p) for p in path[2:]) if len(path) > 2 else ""
        label = f"{self.ability_label}: " if self.ability_label else ""
        key = f"key {where!r}: " if where else ""
        return ScriptError(f"{label}{key}{message}", self.card_id, self.file,
                           line if line is not None else self.line)

    # -- structure ------------------------------------------------------------------------

    def card(self, data: Any) -> CardScript:
        if not isinstance(data, Mapping) or set(data) - {"abilities"}:
            raise self.fail((), "a card script must `return vg.card { ... }`")
        raw = data.get("abilities") or []
        if isinstance(raw, Mapping) and not raw:
            raw = []
        if not isinstance(raw, list):
            raise self.fail((), "vg.card takes a list of abilities")
        abilities, errors = [], []
        for i, item in enumerate(raw):
            try:
                abilities.append(self.ability(item, ("abilities", i), i + 1))
            except ScriptError as exc:  # check the other abilities too: list every problem
                errors.append(exc)
        if errors:
            first, *others = errors
            if others:
                more = "".join(f"\n  also line {e.line}: {e.message}" for e in others)
                raise ScriptError(first.message + more, self.card_id, self.file, first.line)
            raise first
        return CardScript(self.card_id, self.file, tuple(abilities))

    def ability(self, item: Any, path: Path, number: int) -> Ability:
        self.ability_label = f"ability {number}"
        if not isinstance(item, Mapping) or item.get("kind") not in ("auto", "act", "cont"):
            raise self.fail(path, "each ability must be vg.auto { }, vg.act { } or vg.cont { }")
        kind = item["kind"]
        self.ability_label = f"ability {number} ({kind})"
        self.line = item.get("_line") if isinstance(item.get("_line"), int) else None
        self.ability_line = self.line
        schema = {"auto": AUTO, "act": ACT, "cont": CONT}[kind]
        keys = {**schema.keys, **self.extra_validity}
        outer = (self.names, self.refs)
        self.names, self.refs = set(), []
        spec = self.mapping(item, path, Schema(keys, schema.required))
        self.check_place("zone", spec.get("zones"), (*path, "zones"))
        self.check_bindings()
        self.names, self.refs = outer
        return Ability(kind, number, spec, self.line)

    def check_bindings(self) -> None:
        """Every binding an ability reads is made by one of its steps (typos fail at load)."""
        for name, path, line in self.refs:
            if name.startswith("event."):
                role = name[len("event."):]
                if role not in WHEN_CARD_ROLES:
                    raise self.fail(path, f"unknown event role {role!r} (known: "
                                          f"{', '.join(sorted(WHEN_CARD_ROLES))})", line)
            elif (name not in self.names and name not in BUILTIN_REFS
                  and DYNAMIC_NAMES not in self.names):
                made = ", ".join(sorted(self.names)) or "none"
                raise self.fail(path, f"no step of this ability binds {name!r} "
                                      f"(bound: {made}; built in: {', '.join(BUILTIN_REFS)})",
                                line)

    def check_place(self, kind: str, value: Any, path: Path) -> None:
        """A zone or circle name (or a list of them) the engine knows (RULES.md §1)."""
        if self.places is None or value is None:
            return
        for name in (value,) if isinstance(value, str) else value:
            if not isinstance(name, str) or self.places.known(kind, name):
                continue
            words = sorted(self.places.words(kind))
            close = difflib.get_close_matches(name, words, n=1, cutoff=0.5)
            hint = f"did you mean {close[0]!r}? " if close else ""
            what = "circle" if kind in ("circle", "call", "move") else "zone"
            raise self.fail(path, f"unknown {what} name {name!r}; {hint}known: "
                                  + ", ".join(words), self.written_at(name))

    def written_at(self, name: str) -> int | None:
        """The line of the ability's source that writes the string `name` (quoted), if any."""
        start = (self.ability_line or 1) - 1
        quoted = (f'"{name}"', f"'{name}'")
        for i in range(max(start, 0), len(self.source_lines)):
            if any(q in self.source_lines[i] for q in quoted):
                return i + 1
        return None

    def check_filter_places(self, out: Mapping[str, Any], path: Path) -> None:
        self.check_place("zone", out.get("zone"), (*path, "zone"))
        self.check_place("circle", out.get("circle"), (*path, "circle"))

    def mapping(self, item: Any, path: Path, schema: Schema) -> dict[str, Any]:
        if not isinstance(item, Mapping):
            raise self.fail(path, f"expected a table, got {_kind(item)}")
        line = item.get("_line") if isinstance(item.get("_line"), int) else None
        if line is not None:
            self.line = line
        out: dict[str, Any] = {}
        for key, value in item.items():
            if key == "_line":
                continue
            if key not in schema.keys:
                known = ", ".join(sorted(schema.keys))
                close = difflib.get_close_matches(str(key), list(schema.keys), n=1)
                hint = f"did you mean {close[0]!r}? " if close else ""
                raise self.fail((*path, key), f"unknown key ({hint}allowed: {known})")
            out[key] = self.value(schema.keys[key], value, (*path, key))
        missing = schema.required - set(out)
        if missing:
            raise self.fail(path, f"missing {', '.join(sorted(missing))}")
        return out

    # -- values ---------------------------------------------------------------------------

    def value(self, type_name: str, value: Any, path: Path) -> Any:
        check = getattr(self, f"t_{type_name}", None)
        if check is None:
            raise self.fail(path, f"schema names an unknown type {type_name!r}")
        return check(value, path)

    def t_any(self, value: Any, path: Path) -> Any:
        return self.plain(value, path)

    def t_str(self, value: Any, path: Path) -> str:
        if not isinstance(value, str):
            raise self.fail(path, f"expected a string, got {_kind(value)}")
        return value

    def t_token(self, value: Any, path: Path) -> str:
        """The id of a token card the engine knows (a step that creates tokens)."""
        card_id = self.t_str(value, path)
        tokens = self.places.tokens if self.places is not None else None
        if tokens is not None and card_id not in tokens:
            known = ", ".join(sorted(tokens)) or "none"
            raise self.fail(path, f"{card_id!r} is not a token card of the loaded sets "
                                  f"(tokens: {known})", self.written_at(card_id))
        return card_id

    def t_binding(self, value: Any, path: Path) -> str:
        """The name of something a step bound (`as`), checked when the ability is complete."""
        name = self.t_str(value, path)
        self.refs.append((name, path, self.line))
        return name

    def t_int(self, value: Any, path: Path) -> int:
        number = whole_number(value)
        if number is None:
            raise self.fail(path, f"expected a whole number from {-MAX_NUMBER} to {MAX_NUMBER}, "
                                  f"got {_kind(value)}")
        return number

    def t_bool(self, value: Any, path: Path) -> bool:
        if not isinstance(value, bool):
            raise self.fail(path, f"expected true or false, got {_kind(value)}")
        return value

    def t_strs(self, value: Any, path: Path) -> tuple[str, ...]:
        if isinstance(value, str):
            return (value,)
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return tuple(value)
        raise self.fail(path, f"expected a string or a list of strings, got {_kind(value)}")

    def t_ints(self, value: Any, path: Path) -> tuple[int, ...]:
        if isinstance(value, list):
            return tuple(self.t_int(v, (*path, i)) for i, v in enumerate(value))
        return (self.t_int(value, path),)

    def t_trigger(self, value: Any, path: Path) -> Any:
        if isinstance(value, bool):
            return value
        return self.t_strs(value, path)

    def t_owner(self, value: Any, path: Path) -> str:
        if value not in OWNERS:
            raise self.fail(path, f"expected one of {sorted(OWNERS)}, got {_kind(value)}")
        return str(value)

    def t_player(self, value: Any, path: Path) -> str:
        if value not in PLAYERS:
            raise self.fail(path, f"expected one of {sorted(PLAYERS)}, got {_kind(value)}")
        return str(value)

    def t_deck_end(self, value: Any, path: Path) -> str:
        if value not in ("deck_top", "deck_bottom"):
            raise self.fail(path, f"expected 'deck_top' or 'deck_bottom', got {_kind(value)}")
        return str(value)

    def t_stat(self, value: Any, path: Path) -> str:
        if value not in STATS:
            raise self.fail(path, f"expected one of {sorted(STATS)}, got {_kind(value)}")
        return str(value)

    def t_fn(self, value: Any, path: Path) -> FnRef:
        if not self.is_function(value):
            raise self.fail(path, f"expected a function, got {_kind(value)}")
        return FnRef(self.card_id, path)

    def t_filter(self, value: Any, path: Path) -> Any:
        if value == "self":
            return "self"
        if self.is_function(value):
            return self.t_fn(value, path)
        out = self.mapping(value, path, Schema(self.with_plugin_keys(FILTER_KEYS)))
        self.check_filter_places(out, path)
        return out

    def with_plugin_keys(self, keys: Mapping[str, str]) -> Mapping[str, str]:
        """The core's filter keys and those the format's plugins add (vgcore_filter_keys)."""
        extra = self.places.filter_keys if self.places is not None else {}
        return {**keys, **extra} if extra else keys

    def t_selector(self, value: Any, path: Path) -> dict[str, Any]:
        out = self.mapping(value, path, Schema(self.with_plugin_keys(SELECTOR_KEYS)))
        self.check_filter_places(out, path)
        return out

    def t_ref(self, value: Any, path: Path) -> Any:
        """A binding name, "self", "event.<role>", a selector table, or a list of these."""
        if isinstance(value, str):
            self.refs.append((value, path, self.line))
            return value
        if isinstance(value, list):
            return tuple(self.t_ref(v, (*path, i)) for i, v in enumerate(value))
        return self.t_selector(value, path)

    def t_amount(self, value: Any, path: Path) -> Any:
        if self.is_function(value):
            return self.t_fn(value, path)
        if isinstance(value, Mapping):
            return self.amount_table(value, path)
        return self.t_int(value, path)

    def amount_table(self, value: Mapping[str, Any], path: Path) -> dict[str, Any]:
        """One of `count`, `stat` (+ `of`), `own`, `open_circles` (+ `player`); `per`, `times`."""
        out = self.mapping(value, path, AMOUNT)
        bases = [k for k in AMOUNT_BASES if k in out]
        if len(bases) != 1:
            raise self.fail(path, "an amount table needs exactly one of "
                                  + ", ".join(AMOUNT_BASES)
                                  + (f" (got {', '.join(bases)})" if bases else ""))
        for key, base in AMOUNT_NEEDS.items():
            if key in out and base not in out:
                raise self.fail((*path, key), f"{key!r} goes only with {base!r}")
        if "open_circles" in out:
            self.check_place("zone", out["open_circles"], (*path, "open_circles"))
        if out.get("per", 1) < 1:
            raise self.fail((*path, "per"), "expected a whole number of at least 1")
        return out

    def t_compare(self, value: Any, path: Path) -> dict[str, Any]:
        """{left = amount, op = "<" | "<=" | "==" | "~=" | ">=" | ">", right = amount}."""
        out = self.mapping(value, path, Schema({"left": "amount", "op": "str",
                                                "right": "amount"},
                                               frozenset({"left", "op", "right"})))
        if out["op"] not in COMPARISON_OPS:
            raise self.fail((*path, "op"), f"expected one of {', '.join(COMPARISON_OPS)}, "
                                           f"got {_kind(out['op'])}")
        return out

    def t_until(self, value: Any, path: Path) -> Any:
        if isinstance(value, str) and value in DURATIONS:
            return value
        if isinstance(value, Mapping):
            return self.mapping(value, path, Schema({"while": "cond"}, frozenset({"while"})))
        raise self.fail(path, f"expected one of {sorted(DURATIONS)} or {{while = cond}}, "
                              f"got {_kind(value)}")

    def t_player_until(self, value: Any, path: Path) -> str:
        """How long a player's state or ability lasts: no `while` (it has no card to judge
        from)."""
        if isinstance(value, str) and value in DURATIONS:
            return value
        raise self.fail(path, f"expected one of {sorted(DURATIONS)}, got {_kind(value)}")

    def t_cond(self, value: Any, path: Path) -> Any:
        if self.is_function(value):
            return self.t_fn(value, path)
        return self.mapping(value, path, Schema(COND_KEYS))

    def t_conds(self, value: Any, path: Path) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list of conditions, got {_kind(value)}")
        return tuple(self.t_cond(v, (*path, i)) for i, v in enumerate(value))

    def t_when(self, value: Any, path: Path) -> dict[str, Any]:
        if not isinstance(value, Mapping) or "event" not in value:
            raise self.fail(path, "a trigger is a table with an `event` (see vg.when)")
        out: dict[str, Any] = {}
        for key, item in value.items():
            if key == "_line":
                continue
            if key == "event":
                kinds = self.t_strs(item, (*path, key))
                unknown = [k for k in kinds if k not in self.events]
                if unknown:
                    raise self.fail((*path, key), f"unknown event kind {unknown[0]!r} "
                                                  f"(known: {', '.join(sorted(self.events))})")
                out[key] = kinds
            elif key in WHEN_CARD_ROLES:
                out[key] = self.t_filter(item, (*path, key))
            elif key == "player":
                out[key] = self.t_player(item, (*path, key))
            elif key == "from":
                out[key] = self.plain(item, (*path, key))
                self.check_place("zone", item, (*path, key))
            else:
                out[key] = self.plain(item, (*path, key))
        return out

    def t_steps(self, value: Any, path: Path) -> tuple[dict[str, Any], ...]:
        if isinstance(value, Mapping) and not value:
            return ()
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list of steps {{ ... }}, got {_kind(value)}")
        return tuple(self.step(v, (*path, i)) for i, v in enumerate(value))

    def step(self, value: Any, path: Path) -> dict[str, Any]:
        if not isinstance(value, Mapping) or not isinstance(value.get("op"), str):
            raise self.fail(path, "each step must be a vg.* step (a table with `op`)")
        op = value["op"]
        schema = self.steps.get(op)
        if schema is None:
            raise self.fail((*path, "op"), f"unknown step kind {op!r} "
                                           f"(known: {', '.join(sorted(self.steps))})")
        keys = {"op": "str", **schema.keys}
        step = self.mapping(value, path, Schema(keys, schema.required | {"op"}))
        if op in STEP_PLACES:
            self.check_place(STEP_PLACES[op], step.get("to"), (*path, "to"))
        if isinstance(step.get("as"), str):
            self.names.add(step["as"])
        elif op == "look":
            self.names.add("looked")
        elif op == "steps_from":
            self.names.add(DYNAMIC_NAMES)  # returned steps may bind anything
        return step

    def t_cost(self, value: Any, path: Path) -> tuple[dict[str, Any], ...]:
        if not isinstance(value, list):
            raise self.fail(path, f"expected a cost list (see vg.cost), got {_kind(value)}")
        out = []
        for i, part in enumerate(value):
            here = (*path, i)
            op = part.get("op") if isinstance(part, Mapping) else None
            schema = self.costs.get(op) if isinstance(op, str) else None
            if schema is None:
                known = ", ".join(sorted(self.costs))
                raise self.fail(here, f"unknown cost {op!r} (known: {known})")
            keys = {"op": "str", **schema.keys}
            paid = self.mapping(part, here, Schema(keys, schema.required | {"op"}))
            if op in STEP_PLACES:
                self.check_place(STEP_PLACES[op], paid.get("to"), (*here, "to"))
            if isinstance(paid.get("as"), str):
                self.names.add(paid["as"])  # the cards paid, for the effect (an X cost)
            out.append(paid)
        return tuple(out)

    def t_ability(self, value: Any, path: Path) -> Ability:
        """An ability declared inside a step (`grant_ability`), validated like a printed one."""
        label, line = self.ability_label, self.line
        granted = self.ability(value, path, 0)
        self.ability_label, self.line = label, line
        return granted

    def t_player_ability(self, value: Any, path: Path) -> Ability:
        """An ability a player gets (`give_player`): a CONT, since a player has no zone for an
        AUTO or ACT to work from."""
        ability = self.t_ability(value, path)
        if ability.kind != "cont":
            raise self.fail(path, f"a player's ability must be a CONT (vg.cont), got "
                                  f"{ability.kind!r}")
        return ability

    def t_options(self, value: Any, path: Path) -> tuple[dict[str, Any], ...]:
        if not isinstance(value, list) or not value:
            raise self.fail(path, "choose_one takes a list of {text = ..., steps = {...}}")
        schema = Schema({"text": "str", "steps": "steps"}, frozenset({"steps"}))
        return tuple(self.mapping(v, (*path, i), schema) for i, v in enumerate(value))

    def t_cont_effects(self, value: Any, path: Path) -> tuple[dict[str, Any], ...]:
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list of continuous effects, got {_kind(value)}")
        out = []
        for i, item in enumerate(value):
            effect = self.mapping(item, (*path, i), CONT_EFFECT)
            needs = CONT_NEEDS.get(effect["op"])
            if needs is None:
                raise self.fail((*path, i, "op"),
                                "a continuous effect is modify, grant, lose or state")
            missing = [k for k in needs if k not in effect]
            if missing:
                raise self.fail((*path, i), f"a {effect['op']} effect needs {', '.join(missing)}")
            takes = {"op", "condition", *CONT_TAKES[effect["op"]]}
            extra = sorted(set(effect) - takes)
            if extra:
                raise self.fail((*path, i, extra[0]), f"a {effect['op']} effect does not take "
                                                      f"this key (it takes: "
                                                      f"{', '.join(sorted(takes))})")
            out.append(effect)
        return tuple(out)

    def plain(self, value: Any, path: Path) -> Any:
        """Plain data only (no functions) for values the engine compares as they are."""
        if self.is_function(value):
            raise self.fail(path, "a function is not allowed here")
        if isinstance(value, list):
            return tuple(self.plain(v, (*path, i)) for i, v in enumerate(value))
        if isinstance(value, Mapping):
            return {k: self.plain(v, (*path, k)) for k, v in value.items()}
        return value


def whole_number(value: Any) -> int | None:
    """`value` as a whole number if it is one from -MAX_NUMBER to MAX_NUMBER (a float with no
    fraction, such as Lua's `2^3`, counts); None for anything else: a fraction, `inf`, `-inf`,
    NaN, a bigger number, a boolean, a string."""
    if isinstance(value, float):
        if not value.is_integer():  # also False for inf, -inf and NaN
            return None
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_NUMBER:
        return None
    return value


def check_steps(engine: Any, card_id: str, file: str, value: Any, where: Path) -> tuple[Any, ...]:
    """Check a step list a card's function returned at run time (plain data only)."""
    from vgcore.scripting.loader import cost_schemas, engine_places

    checker = _Checker(card_id, file, {op: k.schema for op, k in engine.step_kinds.items()},
                       cost_schemas(engine), engine.event_kinds, lambda _v: False,
                       lambda _f: None, dict(engine.validity_keys), engine_places(engine))
    checker.ability_label = "steps returned by " + ".".join(str(p) for p in where[2:])
    return checker.t_steps(value, ("abilities", 0, "returned"))


def _kind(value: Any) -> str:
    if value is None:
        return "nil"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int) and abs(value) >= 10**15:
        return f"the number {value:.3g}"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the string {short(value)!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "a table"
    return type(value).__name__



__all__: Sequence[str] = ["Ability", "CardScript", "FnRef", "Places", "Schema", "validate_card"]

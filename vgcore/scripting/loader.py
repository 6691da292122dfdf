"""Loading card scripts: compile in the sandbox, convert to data, validate (DESIGN.md §4).

Each engine owns one loader with one Lua runtime used only for loading; a card's script is
loaded the first time the engine needs its abilities and kept as a validated `CardScript`.
Games run the functions a script declares in their own runtime (scripting/host.py).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vgcore.cardfiles import MAX_SCRIPT_BYTES, read_card_text
from vgcore.errors import CardDataError, ScriptError
from vgcore.scripting.declarations import CardScript, Places, Schema, validate_card
from vgcore.scripting.names import unknown_vg_names
from vgcore.types import GC, STANDARD_CIRCLES, TOKEN

if TYPE_CHECKING:
    from vgcore.engine import Engine
    from vgcore.scripting.sandbox import LuaSandbox


def vg_api_source() -> str:
    """The trusted Lua source of the `vg` API (vgcore/scripting/vg.lua), read once."""
    global _VG_SOURCE
    if _VG_SOURCE is None:
        _VG_SOURCE = resources.files("vgcore.scripting").joinpath("vg.lua").read_text("utf-8")
    return _VG_SOURCE


_VG_SOURCE: str | None = None


#: Strings a card function hands back to a game, one by one and per call: names, prompts and
#: labels are short, and what a game keeps from them (its log, its states) must stay small.
FUNCTION_MAX_STRING = 1024
FUNCTION_MAX_RESULT_BYTES = 64 * 2**10
#: Most stateless card functions a runtime keeps loaded (each holds its script's tables).
MAX_KEPT_FUNCTIONS = 512
#: Most card tables a runtime keeps for reuse (about a kilobyte of Lua memory each).
MAX_SHARED_CARDS = 2048


def new_sandbox(libs: Sequence[tuple[str, str]] = (), card_libs: Sequence[tuple[str, str]] = (),
                **caps: int) -> LuaSandbox:
    """A runtime with the vg API, the installed Lua libraries and then the card directories'
    (untrusted) ones loaded (`caps`: the sandbox's `max_string`, `max_result_bytes`)."""
    from vgcore.scripting.sandbox import LuaSandbox

    return LuaSandbox(api_source=_VG_SOURCE or vg_api_source(), api_chunkname="=vg.lua",
                      api_libs=libs, card_libs=card_libs, **caps)


def is_lua_function(value: Any) -> bool:
    from lupa.lua54 import lua_type

    return lua_type(value) == "function"


@dataclass(slots=True)
class FunctionRuntime:
    """A thread's Lua runtime for card functions (`ScriptLoader.functions`) and what it keeps
    between calls: the stateless functions it keeps loaded (scripting.host.KeptFunction, at
    most MAX_KEPT_FUNCTIONS), its converter of card records (`ctx.cards[handle]`) and the
    card tables it made. A game takes them all together, so that it never hands one
    runtime's tables to another. The tables are shared between games, so they reach scripts
    only behind a snapshot's read-only view."""

    sandbox: LuaSandbox
    kept: dict[Any, Any]
    make_card: Callable[[tuple[Any, ...]], Any]
    #: Card tables by their values (`scripting.ctx.card_tables`), at most MAX_SHARED_CARDS.
    cards: dict[tuple[Any, ...], Any] = field(default_factory=dict)
    #: What `scripting.ctx.card_values` makes once per card record (`CardParts`).
    card_parts: dict[str, Any] = field(default_factory=dict)


class ScriptLoader:
    """Loads and validates the scripts of one engine's cards, each once."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sandbox: LuaSandbox | None = None
        self._scripts: dict[str, CardScript | None] = {}
        self._sources: dict[str, str] = {}  # card id -> the script text its abilities came from
        self._per_thread = threading.local()
        # The loader of the engine this one's was derived from (`Engine.derived`): the same
        # format and plugins, so a card with the same record loads the same there.
        self.parent: ScriptLoader | None = None

    @cached_property
    def places(self) -> Places:
        """The zone and circle names declarations may use in this engine."""
        return build_places(self.engine)

    @property
    def sandbox(self) -> LuaSandbox:
        if self._sandbox is None:
            self._sandbox = new_sandbox(self.engine.lua_libs, self.engine.card_libs)
        return self._sandbox

    def function_runtime(self) -> LuaSandbox:
        """The runtime games of this engine call card functions in: one per thread, shared by
        that thread's games (building one costs about a millisecond, more than most games
        spend in Lua). Sharing keeps functions pure: every call runs a function in a fresh
        environment (kept loaded only when it has no other state: scripting.host), and the
        `vg` API scripts see is read-only, so nothing a call leaves behind reaches another
        call, in this game or another."""
        return self.functions().sandbox

    def functions(self) -> FunctionRuntime:
        """This thread's runtime for card functions, with what it keeps between calls."""
        runtime: FunctionRuntime | None = getattr(self._per_thread, "functions", None)
        if runtime is None:
            from vgcore.scripting.ctx import CARD_FIELDS, NAMES_FIELD

            sandbox = new_sandbox(self.engine.lua_libs, self.engine.card_libs,
                                  max_string=FUNCTION_MAX_STRING,
                                  max_result_bytes=FUNCTION_MAX_RESULT_BYTES)
            runtime = self._per_thread.functions = FunctionRuntime(
                sandbox, {}, sandbox.record_maker(CARD_FIELDS, NAMES_FIELD))
        return runtime

    def script(self, card_id: str) -> CardScript | None:
        if card_id not in self._scripts:
            card = self.engine.db.get(card_id)
            parent = self.parent
            if card is not None and parent is not None and parent.engine.db.get(card_id) is card:
                self._scripts[card_id] = parent.script(card_id)
            else:
                path = card.script if card is not None else None
                self._scripts[card_id] = None if path is None else self.load(card_id, path)
        return self._scripts[card_id]

    def source(self, card_id: str) -> str:
        """The text of the card's script as this engine read it: its functions run from the
        text its abilities were validated from, read once (not once per game), so a file
        edited on disk after loading does not mix two versions in one engine."""
        source = self._sources.get(card_id)
        if source is None:
            card = self.engine.db[card_id]
            parent = self.parent
            if parent is not None and parent.engine.db.get(card_id) is card:
                source = parent.source(card_id)
            else:
                assert card.script is not None
                source = read_source(card_id, card.script)
            self._sources[card_id] = source
        return source

    def override(self, card_id: str, script: CardScript) -> None:
        """Use `script` as the card's abilities in this engine (the smoke check's forced
        run); its functions are still found in the card's script file."""
        self._scripts[card_id] = script

    def load(self, card_id: str, path: str) -> CardScript:
        source = self._sources[card_id] = read_source(card_id, path)
        sandbox = self.sandbox
        check_vg_names(card_id, path, source, sandbox.api_tree())
        value = sandbox.load_script(source, path, card_id=card_id)
        data = sandbox.to_python(value, keep_functions=True, card_id=card_id, file=path)
        engine = self.engine
        return validate_card(
            card_id, data, path,
            steps={op: kind.schema for op, kind in engine.step_kinds.items()},
            costs=cost_schemas(engine),
            events=engine.event_kinds,
            is_function=is_lua_function,
            function_line=sandbox.function_line,
            extra_validity=engine.validity_keys,
            places=engine_places(engine),
            source=source,
        )

    def load_all(self) -> list[ScriptError]:
        """Load every script of the engine's card pool; the errors, one per failing card."""
        errors = []
        for card_id, card in sorted(self.engine.db.items()):
            if card.script is None:
                continue
            try:
                self.script(card_id)
            except ScriptError as exc:
                errors.append(exc)
        return errors


def engine_places(engine: Engine) -> Places:
    """The zone and circle names of an engine (its zones, the standard circles, the circles
    its plugins create mid-game), computed once per engine by its loader."""
    return engine.scripts.places


def build_places(engine: Engine) -> Places:
    circles = frozenset({*STANDARD_CIRCLES, GC, *engine.field_zones})
    patterns = tuple(p for ps in engine.hook.vgcore_circle_names(fmt=engine.format) for p in ps)
    tokens = frozenset(card_id for card_id, card in engine.db.items() if card.kind == TOKEN)
    return Places(frozenset(engine.zones) | circles, circles, patterns, tokens,
                  dict(engine.filter_keys))


def check_vg_names(card_id: str, path: str, source: str, tree: dict[str, Any]) -> None:
    """Refuse a script whose source names `vg.*` that do not exist, even inside a function
    that only a rare game situation would call; every such name is listed, the first one
    locates the error."""
    unknown = unknown_vg_names(source, tree)
    if not unknown:
        return
    first, *others = unknown
    more = "".join(f"; also line {u.line}: {u.message()}" for u in others)
    raise ScriptError(first.message() + more, card_id, path, first.line)


def cost_schemas(engine: Engine) -> dict[str, Schema]:
    """A cost part takes the keys of the step that pays it, except those that would let it be
    paid in part (RULES.md §7: a cost is paid in full or not at all)."""
    out = {}
    for op in engine.cost_checks:
        if op in engine.step_kinds:
            schema = engine.step_kinds[op].schema
            keys = {k: t for k, t in schema.keys.items() if k not in PARTIAL_KEYS}
            out[op] = Schema(keys, schema.required)
    return out


PARTIAL_KEYS = frozenset({"up_to", "optional", "chooser"})


def read_source(card_id: str, path: str) -> str:
    """A card script's text, read like every card file (`vgcore.cardfiles`): a regular file
    inside its card directory (the folder it sits in), at most MAX_SCRIPT_BYTES."""
    try:
        return read_card_text(path, within=Path(path).parent, limit=MAX_SCRIPT_BYTES)
    except CardDataError as exc:
        raise ScriptError(exc.message.replace("card file", "card script"), card_id,
                          path) from None

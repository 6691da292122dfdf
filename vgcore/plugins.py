"""Finding and combining plugins: the registry of card sets, formats and decks (DESIGN.md §7).

A `Registry` owns one pluggy manager. Installed plugins come from the `vgcore` entry-point
group — the built-in card sets and the standard rules included, exactly like third-party
ones. Game hooks reach only the plugins a format enables (plus the standard rules), through
a subset of the manager's hook callers, so a disabled plugin cannot touch a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

import pluggy

from vgcore import hookspecs
from vgcore.carddb import CardDB, load_card_dir
from vgcore.decks import DeckList, load_deck, validate_deck
from vgcore.engine import Engine
from vgcore.errors import (
    CardDataError,
    DeckError,
    FormatError,
    ScriptError,
    SnapshotError,
    UnknownDeckError,
)
from vgcore.formats import Format, load_format_file, resolve_formats
from vgcore.game import Game
from vgcore.snapshots import parse_snapshot
from vgcore.types import Seat

ENTRY_POINT_GROUP = "vgcore"
CORE_PLUGIN = "standard"

DeckChoice = DeckList | str | Path
"""A deck as games take it: a `DeckList`, a registered deck's name, or a deck file's path."""


class _HookSubset:
    """Hook callers restricted to some plugins, looked up by hook name like `pm.hook`."""

    def __init__(self, pm: pluggy.PluginManager, removed: Sequence[object]) -> None:
        self._pm = pm
        self._removed = list(removed)

    def __getattr__(self, name: str) -> Any:
        caller = self._pm.subset_hook_caller(name, self._removed)
        setattr(self, name, caller)
        return caller


class Registry:
    """Installed plugins and what they provide; builds one `Engine` per format."""

    def __init__(self, *, entry_points: bool = True, plugins: Iterable[tuple[str, object]] = (),
                 card_dirs: Iterable[str | Path] = (), strict: bool = False,
                 plugin_scopes: bool = True) -> None:
        """`strict`: a failing card script raises `ScriptError` instead of ending only the
        failing ability (tests and validation want strict; hosts and simulations do not).
        `plugin_scopes=False`: engines ask every plugin at every decision (`Engine`)."""
        from vgcore import standard

        self.pm = pluggy.PluginManager(ENTRY_POINT_GROUP)
        self.pm.add_hookspecs(hookspecs)
        self.pm.register(standard, name=CORE_PLUGIN)
        # One line per installed plugin that failed to load (the others still work).
        self.plugin_errors: list[str] = []
        if entry_points:
            self.plugin_errors = load_entry_points(self.pm)
        # What built this registry, so that worker processes can build the same one
        # (vgcore.parallel): plugin objects given here cannot be sent to them.
        self.entry_points = entry_points
        self.added_plugins: tuple[str, ...] = ()
        for name, plugin in plugins:
            self.pm.register(plugin, name=name)
            self.added_plugins += (name,)
        self.card_dirs = [Path(d) for d in card_dirs]
        self.strict = strict
        self.plugin_scopes = plugin_scopes
        self._engines: dict[tuple[str, tuple[str, ...]], Engine] = {}

    # -- what is installed ---------------------------------------------------------------

    def plugin_names(self) -> list[str]:
        return sorted(name for name, _p in self.pm.list_name_plugin())

    @cached_property
    def card_fields(self) -> dict[str, dict[str, Any]]:
        """Extension fields that plugins add to card records (name -> JSON-schema fragment)."""
        fields: dict[str, dict[str, Any]] = {}
        for extra in reversed(self.pm.hook.vgcore_card_fields()):
            fields.update(extra)
        return fields

    @cached_property
    def lua_libs(self) -> list[tuple[str, str]]:
        """(source, file name) of every installed Lua library, in registration order."""
        files = [Path(f) for fs in reversed(self.pm.hook.vgcore_lua_libs()) for f in fs]
        return [(f.read_text(encoding="utf-8"), str(f)) for f in files]

    @cached_property
    def card_libs(self) -> list[tuple[str, str]]:
        """(source, file name) of the Lua libraries of the `--cards` directories: every
        `lib/*.lua` (not `*.meta.lua`) of each, read as card files (hostile content: inside
        the directory, size-capped). They run untrusted, after the installed libraries."""
        from vgcore.cardfiles import MAX_SCRIPT_BYTES, read_card_text

        out = []
        for directory in self.card_dirs:
            lib = directory / "lib"
            if not lib.is_dir():
                continue
            for path in sorted(lib.glob("*.lua")):
                if not path.name.endswith(".meta.lua"):
                    text = read_card_text(path, within=directory, limit=MAX_SCRIPT_BYTES)
                    out.append((text, str(path)))
        return out

    @cached_property
    def card_kinds(self) -> list[str]:
        """Card kinds that plugins add (e.g. "g_unit")."""
        return [k for ks in reversed(self.pm.hook.vgcore_card_kinds()) for k in ks]

    @cached_property
    def db(self) -> CardDB:
        db = CardDB()
        for directory in self.card_set_dirs():
            db.add(load_card_dir(directory, extra_fields=self.card_fields,
                                 extra_kinds=self.card_kinds))
        return db

    def card_set_dirs(self) -> list[Path]:
        """Installed sets' directories, then the `--cards` ones that hold cards (a `--cards`
        directory may hold only formats/ or decks/)."""
        dirs = [Path(d) for ds in reversed(self.pm.hook.vgcore_card_sets()) for d in ds]
        for directory in self.card_dirs:
            has_cards = (directory / "cards.yaml").exists()
            if not has_cards and not any((directory / sub).is_dir()
                                         for sub in ("formats", "decks")):
                raise CardDataError(f"{directory}: not a card directory (no cards.yaml, "
                                    "formats/ or decks/)")
            if has_cards:
                dirs.append(directory)
        return dirs

    @cached_property
    def formats(self) -> dict[str, Format]:
        """Installed plugins' formats, plus `formats/*.yaml` in each `--cards` directory (a
        modder's format needs no plugin: a YAML file that `extends:` an installed one)."""
        return resolve_formats((load_format_file(f, within=d), str(f))
                               for f, d in self.format_files())

    def format_files(self) -> list[tuple[Path, Path | None]]:
        """Each format file with the card directory it must stay inside (None for the files
        plugins name: they are code, trusted); `--cards` ones after the installed ones."""
        files: list[tuple[Path, Path | None]] = [
            (Path(f), None) for fs in reversed(self.pm.hook.vgcore_formats()) for f in fs]
        for directory in self.card_dirs:
            files.extend((f, directory) for f in sorted((directory / "formats").glob("*.yaml")))
        return files

    @cached_property
    def decks(self) -> dict[str, DeckList]:
        decks: dict[str, DeckList] = {}
        for file, directory in self.deck_files():
            deck = load_deck(file, within=directory)
            decks[deck.name] = deck
        return decks

    def deck_files(self) -> list[tuple[Path, Path | None]]:
        """Each registered deck file with the card directory it must stay inside (None for
        those plugins name); `--cards` ones after the installed ones."""
        files: list[tuple[Path, Path | None]] = [
            (Path(f), None) for fs in reversed(self.pm.hook.vgcore_decks()) for f in fs]
        for directory in self.card_dirs:
            files.extend((f, directory) for f in sorted((directory / "decks").glob("*.yaml")))
        return files

    def format(self, format_id: str) -> Format:
        try:
            return self.formats[format_id]
        except KeyError:
            raise FormatError(f"unknown format {format_id!r}; installed: "
                              + ", ".join(sorted(self.formats))) from None

    def deck(self, name_or_path: str | Path, *, format_id: str | None = None) -> DeckList:
        """A registered deck by name, or a deck file by path (how `--decks` is read).

        An unknown name raises `UnknownDeckError` listing the registered decks (with
        `format_id`, those made for that format first)."""
        if str(name_or_path) in self.decks:
            return self.decks[str(name_or_path)]
        path = Path(name_or_path)
        if path.suffix in (".yaml", ".yml") or path.exists():
            return load_deck(path)
        raise UnknownDeckError(f"unknown deck {str(name_or_path)!r}; "
                               + self._available_decks(format_id))

    def _available_decks(self, format_id: str | None) -> str:
        everyone = ", ".join(sorted(self.decks)) or "none"
        if format_id is None or format_id not in self.formats:
            return f"registered: {everyone}"
        mine = ", ".join(d.name for d in self.decks_for(format_id)) or "none"
        return f"decks for {format_id}: {mine}; all registered: {everyone}"

    def resolve_decks(self, format_id: str,
                      decks: Sequence[DeckChoice] | None = None) -> tuple[DeckList, ...]:
        """Decks as given, names and files read with `deck`; None: the format's default pair."""
        if decks is None:
            return self.default_decks(format_id)
        if isinstance(decks, (str, Path, DeckList)):
            raise TypeError(f"decks takes one deck per seat (a list or tuple), got {decks!r}")
        return tuple(d if isinstance(d, DeckList) else self.deck(d, format_id=format_id)
                     for d in decks)

    def decks_for(self, format_id: str) -> list[DeckList]:
        return [d for _n, d in sorted(self.decks.items()) if d.format == format_id]

    def default_decks(self, format_id: str) -> tuple[DeckList, DeckList]:
        """The format's named defaults if installed, else the first two decks made for it."""
        fmt = self.format(format_id)
        named = [self.decks[n] for n in fmt.default_decks if n in self.decks]
        pool = named + [d for d in self.decks_for(format_id) if d not in named]
        if not pool:
            raise DeckError(format_id, [f"no deck is registered for format {format_id!r}"])
        return pool[0], pool[1] if len(pool) > 1 else pool[0]

    # -- games ---------------------------------------------------------------------------

    def engine(self, format_id: str, *, plugins: Sequence[str] = ()) -> Engine:
        """The compiled rules of a format with its plugins (and `plugins` on top), cached."""
        key = (format_id, tuple(plugins))
        if key not in self._engines:
            fmt = self.format(format_id)
            enabled = {CORE_PLUGIN, *fmt.plugins, *plugins}
            installed = {name for name, _p in self.pm.list_name_plugin()}
            missing = sorted(enabled - installed)
            if missing:
                raise FormatError(f"format {format_id!r} enables plugins that are not "
                                  f"installed: {', '.join(missing)}; installed: "
                                  + ", ".join(sorted(installed)))
            removed = [p for name, p in self.pm.list_name_plugin() if name not in enabled]
            self._engines[key] = Engine(fmt, self.db, _HookSubset(self.pm, removed),
                                        strict=self.strict, lua_libs=self.lua_libs,
                                        card_libs=self.card_libs,
                                        extra_plugins=tuple(plugins),
                                        scoped=self.plugin_scopes)
        return self._engines[key]

    def deck_violations(self, deck: DeckList, format_id: str, *,
                        plugins: Sequence[str] = ()) -> list[str]:
        """Every construction violation of `deck` under a format, plugins' rules included, and
        each card whose script cannot load in that format (a step or `vg` name of a plugin the
        format lacks): its games would stop at that card's first ability."""
        fmt = self.format(format_id)
        engine = self.engine(format_id, plugins=plugins)
        found = validate_deck(deck, fmt, self.db)
        for more in engine.hook.vgcore_validate_deck(deck=deck, fmt=fmt, db=self.db):
            found.extend(more)
        found.extend(unloadable_scripts(engine, deck))
        return found

    def new_game(self, format_id: str, decks: Sequence[DeckChoice] | None = None,
                 seed: int = 0, *, first_player: Seat | None = None,
                 plugins: Sequence[str] = (), validate: bool = True) -> Game:
        """Validate the decks (every violation listed) and start a game to its first decision.

        `decks` has one deck per seat, in seat order, each a `DeckList`, a registered deck's
        name (`new_game("premium", decks=("TD01", "TD02"))`) or a deck file; with more seats
        than two, a pair is dealt by team (`deal_decks`). None: the format's default decks.
        """
        engine = self.engine(format_id, plugins=plugins)
        dealt = self.deal_decks(format_id, decks, plugins=plugins)
        if validate:
            for deck in dict.fromkeys(dealt.values()):
                problems = self.deck_violations(deck, format_id, plugins=plugins)
                if problems:
                    raise DeckError(deck.name, problems)
        return Game.new(engine, dealt, seed, first_player=first_player)

    def deal_decks(self, format_id: str, decks: Sequence[DeckChoice] | None = None, *,
                   plugins: Sequence[str] = ()) -> dict[Seat, DeckList]:
        """Each seat's deck: one per seat in seat order, or a pair dealt by team (the first
        deck to every seat of the first team, the second to the other; tag fight). None: the
        format's default pair. Names and files are read as `resolve_decks` does."""
        layout = self.engine(format_id, plugins=plugins).seat_layout
        seats = layout.seats
        given = self.resolve_decks(format_id, decks)
        if len(given) == 2 and len(seats) > 2:
            teams = layout.team_ids()
            given = tuple(given[teams.index(layout.teams[s]) % 2] for s in seats)
        if len(given) != len(seats):
            raise DeckError(format_id, [f"{len(seats)} seats need {len(seats)} decks, "
                                        f"got {len(given)}"])
        return dict(zip(seats, given, strict=True))

    def load(self, snapshot: Mapping[str, Any] | str | bytes) -> Game:
        """A game restored from `Game.to_json()` (the mapping or its JSON text or UTF-8
        bytes), on this registry's engine for the snapshot's format (and extra plugins): the
        caller needs no engine. A snapshot this registry cannot play, or that is malformed
        or tampered with (vgcore.snapshots), raises `SnapshotError`."""
        data = _snapshot_data(snapshot)
        format_id = data["format"]
        if format_id not in self.formats:
            raise SnapshotError(f"the snapshot is of format {format_id!r}, which is not "
                                "installed; installed: " + ", ".join(sorted(self.formats)))
        plugins = data.get("plugins", ())
        if not isinstance(plugins, list | tuple) or not all(isinstance(p, str) for p in plugins):
            raise SnapshotError("a snapshot's 'plugins' is a list of plugin names")
        try:
            engine = self.engine(format_id, plugins=tuple(plugins))
        except FormatError as exc:
            raise SnapshotError(f"the snapshot adds plugins this registry cannot use: "
                                f"{exc}") from None
        state = data["state"]
        raw_seats = state.get("seats", ())
        seats = tuple(raw_seats) if isinstance(raw_seats, list | tuple) else ()
        if not all(isinstance(s, str) for s in seats):
            seats = ()
        if seats != engine.seat_layout.seats:
            raise SnapshotError(f"the snapshot seats {', '.join(seats) or 'nobody'}; format "
                                f"{format_id!r} seats " + ", ".join(engine.seat_layout.seats))
        card_ids = state.get("card_ids", ())
        if not isinstance(card_ids, list | tuple):
            raise SnapshotError("invalid snapshot: state.card_ids: expected a list")
        unknown = sorted({str(c) for c in card_ids if not isinstance(c, str) or c not in self.db})
        if unknown:
            raise SnapshotError("the snapshot holds cards this registry does not know: "
                                + ", ".join(unknown) + " (add their set with card_dirs)")
        return Game.from_json(engine, data)


def _snapshot_data(snapshot: Mapping[str, Any] | str | bytes) -> Mapping[str, Any]:
    """The snapshot as a mapping with its two keys, or a `SnapshotError` saying what is wrong."""
    if isinstance(snapshot, str | bytes | bytearray):
        snapshot = parse_snapshot(snapshot)
    if not isinstance(snapshot, Mapping):
        raise SnapshotError("a snapshot is the mapping Game.to_json() returns (or its JSON "
                            f"text), not {type(snapshot).__name__}")
    missing = [key for key in ("format", "state") if key not in snapshot]
    if missing:
        raise SnapshotError("a snapshot needs 'format' and 'state', as Game.to_json() gives; "
                            "missing: " + ", ".join(missing))
    if not isinstance(snapshot["format"], str) or not isinstance(snapshot["state"], Mapping):
        raise SnapshotError("a snapshot's 'format' is a format id and its 'state' a mapping, "
                            "as Game.to_json() gives")
    return snapshot


def load_entry_points(pm: pluggy.PluginManager) -> list[str]:
    """Register every plugin of the `vgcore` entry-point group, like pluggy's own loader,
    except that one that cannot be imported or registered is skipped: a one-line message
    naming the plugin and its entry point is returned for it, not a traceback, and the
    other plugins keep working."""
    import importlib.metadata

    errors = []
    for dist in list(importlib.metadata.distributions()):
        for ep in dist.entry_points:
            if ep.group != ENTRY_POINT_GROUP or pm.get_plugin(ep.name) or pm.is_blocked(ep.name):
                continue
            try:
                plugin = ep.load()
                pm.register(plugin, name=ep.name)
            except Exception as exc:  # a broken third-party plugin must not stop the others
                reason = str(exc).splitlines()[0] if str(exc) else ""
                errors.append(f"plugin {ep.name!r} (entry point {ep.name} = {ep.value}) failed "
                              f"to load and is skipped: {type(exc).__name__}: {reason}")
    return errors


_default: Registry | None = None


def default_registry() -> Registry:
    """The process-wide registry of installed plugins (built on first use)."""
    global _default
    if _default is None:
        _default = Registry()
    return _default


class LuaLibraryPlugin:
    """A directory of trusted Lua libraries (`*.lua`, not `*.meta.lua` annotation files)."""

    def __init__(self, directory: str | Path) -> None:
        self.directory = Path(directory)

    def __repr__(self) -> str:
        return f"LuaLibraryPlugin({str(self.directory)!r})"

    @hookspecs.hookimpl
    def vgcore_lua_libs(self) -> list[Path]:
        return sorted(p for p in self.directory.glob("*.lua") if not p.name.endswith(".meta.lua"))


class CardSetPlugin:
    """A card set packaged as a plugin: a directory with cards.yaml, scripts and decks/.

    Card designers register one per set through the `vgcore` entry-point group, e.g.
    `myset = "my_package:myset"` with `myset = CardSetPlugin(Path(__file__).parent / "myset")`.
    """

    def __init__(self, directory: str | Path) -> None:
        self.directory = Path(directory)

    def __repr__(self) -> str:
        return f"CardSetPlugin({str(self.directory)!r})"

    @hookspecs.hookimpl
    def vgcore_card_sets(self) -> list[Path]:
        return [self.directory]

    @hookspecs.hookimpl
    def vgcore_decks(self) -> list[Path]:
        return sorted((self.directory / "decks").glob("*.yaml"))


def unloadable_scripts(engine: Engine, deck: DeckList) -> list[str]:
    """One violation per card of `deck` whose script does not load on `engine`."""
    found = []
    for card_id in dict.fromkeys((*deck.main, *deck.ride_deck, *deck.g_deck)):
        record = engine.db.get(card_id)
        if record is None or record.script is None:
            continue  # an unknown id is validate_deck's to report
        try:
            engine.script(card_id)
        except ScriptError as exc:
            found.append(f"{card_id} cannot be played in {engine.format.id}: {exc}")
    return found

"""Observations and the action table for learning agents: what `Game.view(seat)` holds only.

An `Encoder` is made once per engine (format): it numbers the engine's cards, reads their
printed features into one table, and fixes every array's shape from the format's seats,
circles and zones. `encode(game, seat)` then turns the seat's view (never the hidden state;
without view hooks, the same values read from the state by the view's rules: `encode_seen`)
into fixed-size int16 arrays: the field, the guardians, zone piles (hand, damage, soul,
drop…), zone counts, circle markers, a global vector, and the pending decision's legal
answers as a padded feature table with an `action_mask` — the ygo-agent style: a policy
scores each row and picks one by index. docs/envs.md describes every column.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import numpy as np

from vgcore.carddb import CARD_KINDS
from vgcore.types import GC, STANDARD_CIRCLES, Phase
from vgcore.unitstats import StatReader
from vgcore.views import observed_hooks, observed_view, zone_plans

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from vgcore.decisions import Action, Decision
    from vgcore.engine import Engine
    from vgcore.game import Game
    from vgcore.state import GameState, PlayerState
    from vgcore.types import Seat, Uid

# -- vocabularies: codes are 1-based, 0 means "none"; anything unlisted gets the last code ----

TRIGGERS = ("critical", "draw", "heal", "front", "stand", "over")
KINDS = (*CARD_KINDS, "token", "gift", "g_unit")
PHASES = Phase.ALL
VERBS = ("keep", "mulligan", "ride", "ride-deck", "pass", "call", "move", "act", "order",
         "battle", "end", "attack", "boost", "no-boost", "guard", "intercept", "done", "pay",
         "decline", "choose", "resolve", "yes", "no", "power", "critical", "stand", "ticket",
         "stride", "g-guardian", "g-assist", "legion", "gift", "overdress", "tag-guard")
DECISION_KINDS = ("mulligan", "ride", "main", "attack", "boost", "guard", "trigger", "choose",
                  "cost", "may", "resolve", "place", "heal", "stride", "stride-cost", "g-assist",
                  "gift", "gift-circle", "legion-return", "tag-guard")
FIELD_CIRCLES: tuple[str, ...] = tuple(STANDARD_CIRCLES)  # rows 0..5 of the field
CIRCLES = (*FIELD_CIRCLES, GC)  # codes 1..7; a plugin's circles follow in layout order

# Default rows per pile: zones not named here get DEFAULT_PILE rows.
PILES: Mapping[str, int] = {"hand": 16, "ride_deck": 8, "damage": 8, "soul": 16, "drop": 48,
                            "trigger": 2, "bind": 8, "removed": 8, "order_zone": 8,
                            "crest_zone": 4, "g_zone": 16}
DEFAULT_PILE = 8
MASK = "action_mask"  # the observation's key for its mask of legal answers
NO_PILE = frozenset({"deck", GC})  # the deck is never shown; guardians are units

# Columns of the printed-card part of every row (CARD_COLUMNS) ...
CARD_COLUMNS = ("card", "grade", "power", "shield", "critical", "trigger", "kind", "skill")
# ... of a unit on a circle or a guardian ...
UNIT_COLUMNS = ("present", "face_up", "rested", "cur_power", "cur_critical", "cur_shield",
                "cur_grade", "markers", *CARD_COLUMNS)
# ... of a card in a pile (hand, damage, soul, drop …) ...
PILE_COLUMNS = ("present", "face_down", *CARD_COLUMNS)
# ... of one argument of an answer ...
ARG_COLUMNS = ("seat", "circle", "number", "face_down", "word", *CARD_COLUMNS)
# ... of an answer ...
ACTION_COLUMNS = ("present", "verb", *(f"a0_{c}" for c in ARG_COLUMNS),
                  *(f"a1_{c}" for c in ARG_COLUMNS))
# ... and of the global vector.
GLOBAL_COLUMNS = ("turn", "my_turn", "first_player", "phase", "result", "decision_kind",
                  "asked", "decision_seat", "min", "max", "optional", "options", "battle",
                  "attacker_seat", "attacker_circle", "target_seat", "target_circle",
                  "booster_circle", "hit", "pending")

MARKERS_PER_CIRCLE = 4
INT16_MAX = 32767
CACHE_LIMIT = 100_000  # encoded rows kept per encoder (bounded: a long run must not grow)
FIELD_ROWS = {circle: i for i, circle in enumerate(FIELD_CIRCLES)}
EMPTY_UNIT = (0,) * len(UNIT_COLUMNS)
MARKS_COLUMN = UNIT_COLUMNS.index("markers")


def word_code(word: str) -> int:
    """A stable code (1..32749) for a word no vocabulary lists (a marker, a gift's name): the
    same on every machine and every run, unlike Python's salted `hash`."""
    return zlib.crc32(word.encode()) % 32749 + 1


# What a unit's row is made of, read at C speed from the two shapes unit_view gives (a
# face-up unit: all seven; face down: card, face_up, rested), else key by key.
_FACE_UP_UNIT = itemgetter("card", "face_up", "rested", "power", "critical", "shield", "grade")
_FACE_DOWN_UNIT = itemgetter("card", "face_up", "rested")
_NO_STATS = (None, None, None, None, 0)


def unit_key(unit: Mapping[str, Any]) -> tuple[Any, ...]:
    """(card, face_up, rested, power, critical, shield, grade, number of markers) of a unit
    of a view, a missing key read as None."""
    size = len(unit)
    try:
        if size == 7:
            return (*_FACE_UP_UNIT(unit), 0)
        if size == 3:
            return (*_FACE_DOWN_UNIT(unit), *_NO_STATS)
    except KeyError:  # other keys (a plugin's): read one by one
        pass
    marks = unit.get("markers") or ()
    return (unit.get("card"), unit.get("face_up"), unit.get("rested"), unit.get("power"),
            unit.get("critical"), unit.get("shield"), unit.get("grade"), len(marks))


def marker_codes(marks: Sequence[str]) -> list[int]:
    """A circle's markers (the first MARKERS_PER_CIRCLE of them) as word codes."""
    return [word_code(m) for m in marks[:MARKERS_PER_CIRCLE]]


def put_markers(markers: NDArray[np.int16], row: int, i: int, marks: Sequence[str]) -> None:
    shown = marker_codes(marks)
    markers[row, i, :len(shown)] = shown


def code(vocabulary: Sequence[str], word: str | None) -> int:
    if word is None:
        return 0
    try:
        return vocabulary.index(word) + 1
    except ValueError:
        return len(vocabulary) + 1


def clip(value: int) -> int:
    """Into int16's range (every array is int16; a value past it is kept at the bound)."""
    return -INT16_MAX if value < -INT16_MAX else INT16_MAX if value > INT16_MAX else value


def clipped(values: tuple[int, ...]) -> tuple[int, ...]:
    """`values` with each `clip`ped; the same tuple when all are in range (a compiled loop:
    max() and min() would compare boxed ints)."""
    for v in values:
        if v > INT16_MAX or v < -INT16_MAX:
            return tuple([clip(v) for v in values])
    return values


@dataclass(frozen=True)
class Sizes:
    """Rows of the padded arrays. Piles longer than their rows keep their newest cards (the
    end of the zone's list); a decision with more answers than `actions` raises."""

    actions: int = 64
    guardians: int = 12
    extra_circles: int = 4
    piles: Mapping[str, int] = field(default_factory=lambda: dict(PILES))

    def pile(self, zone: str) -> int:
        return self.piles.get(zone, DEFAULT_PILE)


class TooManyAnswersError(ValueError):
    """A decision lists more answers than the action table has rows."""


def check_rows(options: Sequence[str], rows: int) -> None:
    """Raise `TooManyAnswersError` if the answers do not fit the action table's rows."""
    if len(options) > rows:
        raise TooManyAnswersError(
            f"the decision lists {len(options)} answers, more than the action table's "
            f"{rows} rows; pass a larger Sizes(actions=...)")


class Encoder:
    """Turns a seat's view of a game of one engine into fixed-size arrays (see module doc)."""

    def __init__(self, engine: Engine, sizes: Sizes | None = None) -> None:
        self.engine = engine
        self.sizes = sizes or Sizes()
        self.seats: tuple[Seat, ...] = tuple(engine.seat_layout.seats)
        self.card_ids = sorted(engine.db)
        self.card_index = {cid: i + 1 for i, cid in enumerate(self.card_ids)}
        self.card_table = self._card_table()
        self.zones = tuple(name for name, _spec in engine.view_zones)
        self.piles = tuple(z for z in self.zones if z not in NO_PILE)
        self.circle_rows = len(FIELD_CIRCLES) + self.sizes.extra_circles
        self._arg_cache: dict[tuple[Seat, str], tuple[int, ...]] = {}
        self._card_rows: dict[str, tuple[int, ...]] = {}
        # Rows already encoded, by what they were made from: consecutive views repeat most.
        self._unit_rows: dict[tuple[Any, ...], tuple[int, ...]] = {}
        self._pile_blocks: dict[tuple[str, ...], NDArray[np.int16]] = {}
        self._field_blocks: dict[tuple[tuple[int, ...], ...], NDArray[np.int16]] = {}
        # encode_seen's rows and blocks as int16 bytes, by what they were made from.
        self._unit_bytes: dict[tuple[Any, ...], bytes] = {}
        self._pile_bytes: dict[tuple[str, ...], bytes] = {}
        self._action_bytes: dict[tuple[str, ...], bytes] = {}
        self._packers: dict[int, struct.Struct] = {}
        self._rows_as_bytes: dict[Any, bytes] = {}  # a pile's card, or (seat, answer)
        self._empty_row = bytes(2 * len(UNIT_COLUMNS))
        self._action_blocks: dict[tuple[str, ...], NDArray[np.int16]] = {}
        self.shapes = self._shapes()
        self._shape_items = tuple(self.shapes.items())
        # encode_seen writes one observation into one zeroed buffer, each array's bytes
        # at its offset (`_layout`: name, byte offset, shape), then makes the arrays as
        # views of it: rows are copied as bytes, never converted from Python lists.
        layout = []
        offset = 0
        for name, shape in self._shape_items:
            layout.append((name, offset, shape))
            offset += 2 * int(np.prod(shape))
        self._layout = tuple(layout)
        self._offsets = {name: at for name, at, _shape in layout}
        # The whole buffer as one record whose fields are the arrays, the int8 action mask
        # last: a field's view is made in a third of the time of an ndarray built over the
        # buffer at an offset (or of a copied mask).
        self._names = tuple(name for name, _at, _shape in layout)
        self._mask_at = offset
        self._obs_bytes = offset + self.sizes.actions
        self._record = np.dtype({
            "names": [*self._names, MASK],
            "formats": [*((np.int16, shape) for _n, _at, shape in layout),
                        (np.int8, (self.sizes.actions,))],
            "offsets": [*(at for _name, at, _shape in layout), offset],
            "itemsize": self._obs_bytes})
        self._mask_ones: dict[int, bytes] = {}  # n -> n one bytes (a mask's legal answers)
        # (zone, rows of its pile array or None: no pile) in `counts` order.
        self._zone_piles = tuple((z, self.sizes.pile(z) if z in self.piles else None)
                                 for z in self.zones)
        self._order = {s: self.seat_order(s) for s in self.seats}
        self._rel = {s: {o: i + 1 for i, o in enumerate(order)}
                     for s, order in self._order.items()}
        # Without view hooks observed_view runs, an observation is read from the state
        # through the view's own rules (encode_seen).
        self.reads_state = not observed_hooks(engine)
        self._zone_set = frozenset(self.zones)
        # By ownership, (pile, rows, how its face-down cards show) of the piles a view shows
        # cards of: those whose zone_plans entry is not None (a count only).
        plans = {is_owner: dict(plan) for is_owner, plan in zone_plans(engine).items()}
        self._seen_piles = {is_owner: tuple(
            (zone, rows, plans[is_owner][zone]) for zone, rows in self._zone_piles
            if rows is not None and plans[is_owner][zone] is not None)
            for is_owner in (True, False)}

    # -- the layout ---------------------------------------------------------------------

    def _card_table(self) -> NDArray[np.int16]:
        """Printed features per card index (row 0: no card / a card the seat may not see)."""
        table = np.zeros((len(self.card_ids) + 1, len(CARD_COLUMNS)), dtype=np.int16)
        db = self.engine.db
        for cid, i in self.card_index.items():
            c = db[cid]
            table[i] = (i, -1 if c.grade is None else clip(c.grade), clip((c.power or 0) // 100),
                        -1 if c.shield is None else clip(c.shield // 100),
                        clip(c.critical or 0), code(TRIGGERS, c.trigger), code(KINDS, c.kind),
                        1 if (c.script or c.text) else 0)
        return table

    def _shapes(self) -> dict[str, tuple[int, ...]]:
        n = len(self.seats)
        shapes: dict[str, tuple[int, ...]] = {
            "global": (len(GLOBAL_COLUMNS),),
            "field": (n, self.circle_rows, len(UNIT_COLUMNS)),
            "markers": (n, self.circle_rows, MARKERS_PER_CIRCLE),
            "guardians": (n, self.sizes.guardians, len(UNIT_COLUMNS)),
            "counts": (n, len(self.zones)),
        }
        for zone in self.piles:
            shapes[zone] = (n, self.sizes.pile(zone), len(PILE_COLUMNS))
        shapes["actions"] = (self.sizes.actions, len(ACTION_COLUMNS))
        return shapes

    def nbytes(self) -> int:
        """Bytes of one observation (every array and the action mask)."""
        total = sum(int(np.prod(s)) * 2 for s in self.shapes.values())
        return total + self.sizes.actions

    def seat_order(self, seat: Seat) -> list[Seat]:
        """Seats as `seat` sees the table: itself first, then the others in turn order."""
        i = self.seats.index(seat)
        return list(self.seats[i:] + self.seats[:i])

    # -- encoding -----------------------------------------------------------------------

    def encode(self, game: Game, seat: Seat) -> dict[str, Any]:
        """The observation of `seat`: {"observation": {name: int16 array}, "action_mask":
        int8 array}. Only the seat's view is read (`observed_view`: the values of
        `game.view(seat, log=False)` an observation uses), with the decision's answers it
        lists when `seat` is asked — or, when no view hook would change that view, the
        same values read from the state by the view's rules (`encode_seen`)."""
        if seat not in self._rel:
            game._check_seat(seat)  # raises the view's SeatError
        if self.reads_state:
            return self.encode_seen(game, seat)
        return self.encode_view(observed_view(game, seat), seat)

    def encode_view(self, view: Mapping[str, Any], seat: Seat) -> dict[str, Any]:
        """The observation of `seat` from its view (the full view or `observed_view`)."""
        order, rel = self._order[seat], self._rel[seat]
        obs = {name: np.zeros(shape, np.int16) for name, shape in self._shape_items}
        players = view["players"]
        for row, s in enumerate(order):
            self._encode_player(obs, row, players[s])
        mask = np.zeros(self.sizes.actions, dtype=np.int8)
        decision = view["decision"]
        options: list[str] = decision.get("options", []) if decision else []
        if decision is not None and decision["seat"] == seat:
            self._encode_actions(obs["actions"], mask, options, seat, rel)
        obs["global"][:] = self._global(view, seat, rel, decision, len(options))
        return {"observation": obs, MASK: mask}

    def _encode_player(self, obs: dict[str, NDArray[np.int16]], row: int,
                       player: Mapping[str, Any]) -> None:
        self._encode_field(obs, row, player["circles"])
        zones = player["zones"]
        counts = []
        blocks = self._pile_blocks
        for zone, rows in self._zone_piles:
            entry = zones.get(zone)
            if entry is None:
                counts.append(0)
                continue
            count = entry["count"]
            counts.append(count if count < INT16_MAX else INT16_MAX)
            if rows is None:
                continue
            cards = entry.get("cards")
            if cards:  # the newest `rows` cards, one cached block per pile seen
                shown = tuple(cards[-rows:] if len(cards) > rows else cards)
                block = blocks.get(shown)
                if block is None:
                    block = self._pile_block(shown)
                obs[zone][row, :len(shown)] = block
        obs["counts"][row] = counts
        guardians = zones.get(GC, {}).get("units", ())
        if guardians:
            first = guardians[:self.sizes.guardians]
            obs["guardians"][row, :len(first)] = [self._unit_row(u) for u in first]

    def _encode_field(self, obs: dict[str, NDArray[np.int16]], row: int,
                      circles: Mapping[str, Any]) -> None:
        """The units on the circles (one cached block per field seen) and their markers."""
        rows = [EMPTY_UNIT] * self.circle_rows
        extra = len(FIELD_CIRCLES)
        for circle, unit in circles.items():
            i = FIELD_ROWS.get(circle)
            if i is None:
                i, extra = extra, extra + 1
                if i >= self.circle_rows:
                    continue
            if unit is None:
                continue
            marks = unit.get("markers")
            rows[i] = self._unit_row(unit) if "face_up" in unit else (
                *EMPTY_UNIT[:MARKS_COLUMN], len(marks), *EMPTY_UNIT[MARKS_COLUMN + 1:])
            if marks:
                put_markers(obs["markers"], row, i, marks)
        obs["field"][row] = self._field_block(rows)

    def _field_block(self, rows: list[tuple[int, ...]]) -> NDArray[np.int16]:
        """A seat's field rows as an array, kept by value (consecutive steps repeat most)."""
        key = tuple(rows)
        block = self._field_blocks.get(key)
        if block is None:
            block = np.array(rows, dtype=np.int16)
            if len(self._field_blocks) >= CACHE_LIMIT:
                self._field_blocks.clear()
            self._field_blocks[key] = block
        return block

    def _unit_row(self, unit: Mapping[str, Any]) -> tuple[int, ...]:
        return self._row_of_unit(unit_key(unit))

    def _row_of_unit(self, key: tuple[Any, ...]) -> tuple[int, ...]:
        """A unit's row from its `unit_key`."""
        row = self._unit_rows.get(key)
        if row is None:
            card, face_up, rested, power, critical, shield, grade, n_marks = key
            printed = self.card_table[self.card_index.get(card, 0) if card else 0]
            row = (1, int(bool(face_up)), int(bool(rested)), clip((power or 0) // 100),
                   clip(critical or 0), clip((shield or 0) // 100), clip(grade or 0), n_marks,
                   *printed.tolist())
            if len(self._unit_rows) < CACHE_LIMIT:
                self._unit_rows[key] = row
        return row

    # -- encoding from the state, by the view's rules ------------------------------------

    def encode_seen(self, game: Game, seat: Seat) -> dict[str, Any]:
        """`encode_view(observed_view(game, seat), seat)` without building the view: the
        same arrays filled from the state by the rules the view is made by (zone_plans for
        what a zone shows, unit_view's face-down rule, unit_stats), read in the view's order.
        Only for engines without view hooks observed_view runs (`reads_state`);
        tests/test_env_identity.py compares both ways at every step of whole games.

        Rows are written as int16 bytes (each kept by what it was made from) into one
        zeroed buffer, and the arrays are views of it: no list is converted by numpy."""
        rel = self._rel[seat]
        buf = bytearray(self._obs_bytes)
        out = memoryview(buf)  # slices written through it take bytes as they are (no copy)
        offsets = self._offsets
        st = game.state
        stats = StatReader(game)
        field_at, counts_at = offsets["field"], offsets["counts"]
        field_size = 2 * self.circle_rows * len(UNIT_COLUMNS)
        counts_size = 2 * len(self.zones)
        for s in st.seats:  # the view's order: its unit stats are read in the same order
            is_owner = s == seat
            player = st.players[s]
            row = rel[s] - 1
            at = field_at + row * field_size
            out[at:at + field_size] = self._seen_field(out, row, st, stats, player, is_owner)
            at = counts_at + row * counts_size
            out[at:at + counts_size] = self._int16_bytes(
                self._seen_zones(out, row, st, stats, player, is_owner))
        decision = st.decision
        asked = decision is not None and decision.seat == seat
        if asked:
            options = decision.option_strings()  # type: ignore[union-attr]
            block = self._seen_actions(options, seat, rel)
            at = offsets["actions"]
            out[at:at + len(block)] = block
            ones = self._mask_ones.get(len(options))
            if ones is None:
                ones = self._mask_ones[len(options)] = b"\x01" * len(options)  # ≤ actions:
                # _seen_actions' check_rows refused more
            out[self._mask_at:self._mask_at + len(ones)] = ones
        else:
            options = []
        values = self._seen_global(st, seat, rel, decision, asked, len(options))
        at = offsets["global"]
        out[at:at + 2 * len(values)] = self._int16_bytes(values)
        record = np.ndarray((), self._record, buf)
        obs = {name: record[name] for name in self._names}
        return {"observation": obs, MASK: record[MASK]}

    def _int16_bytes(self, values: Sequence[int]) -> bytes:
        """`values` (each within int16) as native int16 bytes, as numpy stores them."""
        n = len(values)
        packer = self._packers.get(n)
        if packer is None:
            packer = self._packers[n] = struct.Struct(f"={n}h")
        return packer.pack(*values)

    def _seen_field(self, out: memoryview, row: int, st: GameState, stats: StatReader,
                    player: PlayerState, is_owner: bool) -> bytes:
        """`_encode_field` of the circles `player_view` would list: the seat's field rows
        as int16 bytes (its markers are written into `out`)."""
        rows = [self._empty_row] * self.circle_rows
        extra = len(FIELD_CIRCLES)
        held, markers = player.zones, player.markers
        for circle in player.circles:
            cards = held[circle]
            marks = markers.get(circle) if markers else None
            if cards:  # read even past the last row, as the view reads it
                key: tuple[Any, ...] | None = self._seen_key(
                    st, stats, cards[0], is_owner, len(marks) if marks else 0)
            elif marks:  # a row of markers only: `unit_key` of the view's {"markers": …}
                key = (None, None, None, None, None, None, None, len(marks))
            else:  # the view's None (an extra circle still takes its row)
                key = None
            i = FIELD_ROWS.get(circle)
            if i is None:
                i, extra = extra, extra + 1
                if i >= self.circle_rows:
                    continue
            if key is not None:
                rows[i] = self._unit_bytes.get(key) or self._bytes_of_unit(key)
            if marks:
                shown = marker_codes(marks)
                at = self._offsets["markers"] + 2 * MARKERS_PER_CIRCLE * (
                    row * self.circle_rows + i)
                out[at:at + 2 * len(shown)] = self._int16_bytes(shown)
        return b"".join(rows)

    def _bytes_of_unit(self, key: tuple[Any, ...]) -> bytes:
        """A field row as int16 bytes, from its `unit_key` (a row of markers only: all zero
        but the count), kept: a seat's field is then joined, not hashed as one key."""
        if key[1] is None:
            row = (*EMPTY_UNIT[:MARKS_COLUMN], key[7], *EMPTY_UNIT[MARKS_COLUMN + 1:])
        else:
            row = self._row_of_unit(key)
        block = self._int16_bytes(row)
        if len(self._unit_bytes) >= CACHE_LIMIT:
            self._unit_bytes.clear()
        self._unit_bytes[key] = block
        return block

    @staticmethod
    def _seen_key(st: GameState, stats: StatReader, uid: Uid, is_owner: bool,
                  n_marks: int) -> tuple[Any, ...]:
        """The `unit_key` of the unit `unit_view` shows (a face-down one's card to its owner
        only), read from the state."""
        if st.face_up[uid]:
            return (st.card_ids[uid], True, st.rested[uid], *stats.stats(uid), n_marks)
        return (st.card_ids[uid] if is_owner else None, False, st.rested[uid], None, None,
                None, None, n_marks)

    def _seen_zones(self, out: memoryview, row: int, st: GameState, stats: StatReader,
                    player: PlayerState, is_owner: bool) -> list[int]:
        """`_encode_player`'s piles and guardians of the zones `player_view` lists (written
        into `out`), and its counts (returned)."""
        card_ids, face_up = st.card_ids, st.face_up
        held, circles = player.zones, player.circles
        counts = [0] * len(self.zones)
        for i, zone in enumerate(self.zones):  # held.get itself: a bound get is a slow call
            cards = held.get(zone)
            if cards:
                counts[i] = len(cards)
        if not circles.keys().isdisjoint(self._zone_set):  # the view lists those as circles
            counts = [0 if zone in circles else n
                      for zone, n in zip(self.zones, counts, strict=True)]
        if counts and max(counts) >= INT16_MAX:
            counts = [min(n, INT16_MAX) for n in counts]
        blocks = self._pile_bytes
        offsets = self._offsets
        row_size = 2 * len(PILE_COLUMNS)
        for zone, rows, down in self._seen_piles[is_owner]:  # the piles the view shows
            cards = held.get(zone)
            if not cards or zone in circles:
                continue
            tail = cards[-rows:] if len(cards) > rows else cards
            if down:
                shown = tuple([card_ids[u] if face_up[u] else card_ids[u] + down for u in tail])
            else:
                shown = tuple([card_ids[u] if face_up[u] else "down" for u in tail])
            block = blocks.get(shown)
            if block is None:
                block = self._pile_bytes_of(shown)
            at = offsets[zone] + row * rows * row_size
            out[at:at + len(block)] = block
        guardians = held.get(GC)
        if guardians:  # the view reads every guardian's stats; the rows hold the first ones
            keys = [self._seen_key(st, stats, u, is_owner, 0) for u in guardians]
            units = [self._unit_bytes.get(k) or self._bytes_of_unit(k) for k in keys]
            block = b"".join(units[:self.sizes.guardians])
            at = offsets["guardians"] + row * self.sizes.guardians * 2 * len(UNIT_COLUMNS)
            out[at:at + len(block)] = block
        return counts

    def _seen_global(self, st: GameState, seat: Seat, rel: Mapping[Seat, int],
                     decision: Decision | None, asked: bool, n_options: int,
                     ) -> tuple[int, ...]:
        """`_global` of the view's head, decision, battle and pending abilities."""
        battle = st.battle
        b = (0, 0, 0, 0, 0, 0)
        if battle is not None:  # battle_view's places, read back as `_global` reads them
            a_seat, a_circle = self._seat_circle(
                battle["attacker_seat"], battle["attacker_circle"], rel)
            t_seat, t_circle = self._seat_circle(
                battle["target_seat"], battle["target_circle"], rel)
            booster = battle["booster_circle"]
            hit = battle["hit"]
            b = (a_seat, a_circle, t_seat, t_circle,
                 CIRCLES.index(booster) + 1 if booster in CIRCLES else 0,
                 -1 if hit is None else int(bool(hit)))
        result = st.result
        team = self.engine.seat_layout.teams[seat]
        outcome = 0 if result is None else 3 if result == "draw" else 1 if result == team else 2
        values: tuple[int, ...] = (
                st.turn, int(st.turn_player == seat), rel.get(st.first_player or "", 0),
                code(PHASES, st.phase), outcome,
                code(DECISION_KINDS, decision.kind) if decision else 0, int(asked),
                rel.get(decision.seat, 0) if decision else 0,
                decision.min if asked else 0, decision.max if asked else 0,  # type: ignore[union-attr]
                int(asked and bool(decision.optional)), n_options,  # type: ignore[union-attr]
                int(battle is not None), *b, len(st.pending))
        return clipped(values)

    def _pile_block(self, shown: tuple[str, ...]) -> NDArray[np.int16]:
        block = np.array([self._pile_row(c) for c in shown], dtype=np.int16)
        if len(self._pile_blocks) >= CACHE_LIMIT:
            self._pile_blocks.clear()
        self._pile_blocks[shown] = block
        return block

    def _pile_bytes_of(self, shown: tuple[str, ...]) -> bytes:
        """encode_seen's pile block: `_pile_block` as int16 bytes, kept."""
        rows = self._rows_as_bytes
        block = b"".join([rows.get(c) or self._kept_bytes(c, partial(self._pile_row, c))
                          for c in shown])
        if len(self._pile_bytes) >= CACHE_LIMIT:
            self._pile_bytes.clear()
        self._pile_bytes[shown] = block
        return block

    def _seen_actions(self, options: Sequence[str], seat: Seat,
                      rel: Mapping[Seat, int]) -> bytes:
        """encode_seen's action table: `_encode_actions`' rows as int16 bytes, kept."""
        check_rows(options, self.sizes.actions)
        key = (seat, *options)
        block = self._action_bytes.get(key)
        if block is None:  # main-phase answers repeat from step to step: one block each
            rows = self._rows_as_bytes
            block = b"".join([
                rows.get((seat, o)) or self._kept_bytes(
                    (seat, o), partial(self._action_row, o, seat, rel))
                for o in options])
            if len(self._action_bytes) >= CACHE_LIMIT:
                self._action_bytes.clear()
            self._action_bytes[key] = block
        return block

    def _kept_bytes(self, key: Any, row: Callable[[], tuple[int, ...]]) -> bytes:
        """The int16 bytes of `row()`, kept by `key` (a pile's card, or a seat's answer): a
        pile or an answer list not seen before is mostly rows seen before."""
        block = self._rows_as_bytes.get(key)
        if block is None:
            block = self._int16_bytes(row())
            if len(self._rows_as_bytes) >= CACHE_LIMIT:
                self._rows_as_bytes.clear()
            self._rows_as_bytes[key] = block
        return block

    def _pile_row(self, card: str) -> tuple[int, ...]:
        row = self._card_rows.get(card)
        if row is None:
            down = card == "down" or card.endswith("/down")
            cid = card[:-5] if card.endswith("/down") else card
            printed = self.card_table[self.card_index.get(cid, 0)].tolist()
            row = self._card_rows[card] = (1, int(down), *printed)
        return row

    def _encode_actions(self, out: NDArray[np.int16], mask: NDArray[np.int8],
                        options: Sequence[str], seat: Seat, rel: Mapping[Seat, int]) -> None:
        check_rows(options, len(out))
        if not options:
            return
        key = (seat, *options)
        block = self._action_blocks.get(key)
        if block is None:  # main-phase answers repeat from step to step: one block each
            block = np.array([self._action_row(o, seat, rel) for o in options], np.int16)
            if len(self._action_blocks) >= CACHE_LIMIT:
                self._action_blocks.clear()
            self._action_blocks[key] = block
        out[:len(options)] = block
        mask[:len(options)] = 1

    def _action_row(self, option: str, seat: Seat, rel: Mapping[Seat, int]) -> tuple[int, ...]:
        key = (seat, option)
        row = self._arg_cache.get(key)
        if row is None:
            from vgcore.decisions import parse

            action: Action = parse(option)
            args = [self._arg(a, rel) for a in action.args[:2]]
            while len(args) < 2:
                args.append((0,) * len(ARG_COLUMNS))
            row = (1, code(VERBS, action.verb), *args[0], *args[1])
            if len(self._arg_cache) < CACHE_LIMIT:
                self._arg_cache[key] = row
        return row

    def _arg(self, word: str, rel: Mapping[Seat, int]) -> tuple[int, ...]:
        """One argument of an answer: `B.RC.FL`, `A1.D-SD01-004`, `TD01-003:2`, `VC:1`,
        `D-SD01-005/down`, `force-1` …"""
        seat_code = number = down = word_id = 0
        head, dot, rest = word.partition(".")
        if dot and head in rel:
            seat_code, word = rel[head], rest
        if ":" in word:
            word, _, n = word.rpartition(":")
            number = int(n) if n.isdigit() else 0
        if word.endswith("/down"):
            down, word = 1, word[:-5]
        card = self.card_index.get(word, 0)
        circle = 0
        if not card:
            if word in CIRCLES:
                circle = CIRCLES.index(word) + 1
            elif word.startswith("RC."):
                circle = len(CIRCLES) + 1 + word_code(word) % 64
            else:
                word_id = word_code(word)
        return (seat_code, circle, clip(number), down, word_id,
                *self.card_table[card].tolist())

    def _global(self, view: Mapping[str, Any], seat: Seat, rel: Mapping[Seat, int],
                decision: Mapping[str, Any] | None, n_options: int) -> tuple[int, ...]:
        battle = view.get("battle")
        b = (0, 0, 0, 0, 0, 0)
        if battle is not None:
            a_seat, a_circle = self._place(battle["attacker"], rel)
            t_seat, t_circle = self._place(battle["target"], rel)
            booster = battle.get("booster")
            hit = battle.get("hit")
            b = (a_seat, a_circle, t_seat, t_circle,
                 CIRCLES.index(booster) + 1 if booster in CIRCLES else 0,
                 -1 if hit is None else int(bool(hit)))
        result = view.get("result")
        team = self.engine.seat_layout.teams[seat]
        outcome = 0 if result is None else 3 if result == "draw" else 1 if result == team else 2
        values: tuple[int, ...] = (
                view["turn"], int(view["turn_player"] == seat),
                rel.get(view["first_player"], 0), code(PHASES, view["phase"]), outcome,
                code(DECISION_KINDS, decision["kind"]) if decision else 0,
                int(decision is not None and bool(decision) and decision["seat"] == seat),
                rel.get(decision["seat"], 0) if decision else 0,
                decision.get("min", 0) if decision else 0,
                decision.get("max", 0) if decision else 0,
                int(bool(decision and decision.get("optional"))), n_options,
                int(battle is not None), *b, len(view.get("pending", ())))
        return clipped(values)

    @staticmethod
    def _place(where: str, rel: Mapping[Seat, int]) -> tuple[int, int]:
        """A view's place ("B.RC.FL") as (seat code, circle code)."""
        seat, _, circle = where.partition(".")
        return Encoder._seat_circle(seat, circle, rel)

    @staticmethod
    def _seat_circle(seat: str, circle: str, rel: Mapping[Seat, int]) -> tuple[int, int]:
        return rel.get(seat, 0), CIRCLES.index(circle) + 1 if circle in CIRCLES else 0

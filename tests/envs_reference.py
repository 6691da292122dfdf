"""The observation encoder as it stood before the environment was made faster (commit
74db7c0), kept as the oracle: the fast path (lean views, cached blocks) must give the very
same arrays at every step (tests/test_env_identity.py). Only the class is copied; the
vocabularies and helpers are imported (they are data, not the code being replaced)."""

# ruff: noqa
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from vgcore.envs.encoding import (
    ACTION_COLUMNS, ARG_COLUMNS, CACHE_LIMIT, CARD_COLUMNS, CIRCLES, DECISION_KINDS,
    EMPTY_UNIT, FIELD_CIRCLES, FIELD_ROWS, GLOBAL_COLUMNS, INT16_MAX, KINDS, MARKERS_PER_CIRCLE,
    MARKS_COLUMN, NO_PILE, PHASES, PILE_COLUMNS, TRIGGERS, UNIT_COLUMNS, VERBS, Sizes,
    TooManyAnswersError, clip, code, word_code,
)
from vgcore.types import GC

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from vgcore.decisions import Action
    from vgcore.engine import Engine
    from vgcore.game import Game
    from vgcore.types import Seat


class ReferenceEncoder:
    """vgcore.envs.encoding.Encoder as it was before the env speed work (74db7c0)."""

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
        self.shapes = self._shapes()
        self._slices: list[tuple[str, int, int, tuple[int, ...]]] = []
        at = 0
        for name, shape in self.shapes.items():
            size = int(np.prod(shape))
            self._slices.append((name, at, at + size, shape))
            at += size
        self._total = at
        self._order = {s: self.seat_order(s) for s in self.seats}
        self._rel = {s: {o: i + 1 for i, o in enumerate(order)}
                     for s, order in self._order.items()}

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
        int8 array}. Only `game.view(seat, log=False)` and the decision's answers (which the
        view lists when `seat` is asked) are read."""
        view = game.view(seat, log=False)
        return self.encode_view(view, seat)

    def encode_view(self, view: Mapping[str, Any], seat: Seat) -> dict[str, Any]:
        order, rel = self._order[seat], self._rel[seat]
        # One zeroed buffer per observation, cut into the named arrays (views of it).
        buf = np.zeros(self._total, dtype=np.int16)
        obs = {name: buf[a:b].reshape(shape) for name, a, b, shape in self._slices}
        players = view["players"]
        for row, s in enumerate(order):
            self._encode_player(obs, row, players[s])
        mask = np.zeros(self.sizes.actions, dtype=np.int8)
        decision = view["decision"]
        options: list[str] = decision.get("options", []) if decision else []
        if decision is not None and decision["seat"] == seat:
            self._encode_actions(obs["actions"], mask, options, seat, rel)
        obs["global"][:] = self._global(view, seat, rel, decision, len(options))
        return {"observation": obs, "action_mask": mask}

    def _encode_player(self, obs: dict[str, NDArray[np.int16]], row: int,
                       player: Mapping[str, Any]) -> None:
        rows = [EMPTY_UNIT] * self.circle_rows
        extra = len(FIELD_CIRCLES)
        for circle, unit in player["circles"].items():
            if circle in FIELD_ROWS:
                i = FIELD_ROWS[circle]
            else:
                i, extra = extra, extra + 1
                if i >= self.circle_rows:
                    continue
            if unit is None:
                continue
            marks = unit.get("markers")
            rows[i] = self._unit_row(unit) if "face_up" in unit else (
                *EMPTY_UNIT[:MARKS_COLUMN], len(marks), *EMPTY_UNIT[MARKS_COLUMN + 1:])
            if marks:
                obs["markers"][row, i, :len(marks[:MARKERS_PER_CIRCLE])] = [
                    word_code(m) for m in marks[:MARKERS_PER_CIRCLE]]
        key = tuple(rows)
        block = self._field_blocks.get(key)
        if block is None:
            block = np.array(rows, dtype=np.int16)
            if len(self._field_blocks) >= CACHE_LIMIT:
                self._field_blocks.clear()
            self._field_blocks[key] = block
        obs["field"][row] = block
        zones = player["zones"]
        counts = []
        for zone in self.zones:
            entry = zones.get(zone)
            if entry is None:
                counts.append(0)
                continue
            counts.append(entry["count"])
            cards = entry.get("cards")
            if cards and zone in obs:
                self._encode_pile(obs[zone][row], cards)
        obs["counts"][row] = [c if c < INT16_MAX else INT16_MAX for c in counts]
        guardians = zones.get(GC, {}).get("units", ())
        if guardians:
            shown = guardians[:self.sizes.guardians]
            obs["guardians"][row, :len(shown)] = [self._unit_row(u) for u in shown]

    def _unit_row(self, unit: Mapping[str, Any]) -> tuple[int, ...]:
        marks = unit.get("markers") or ()
        key = (unit.get("card"), unit.get("face_up"), unit.get("rested"), unit.get("power"),
               unit.get("critical"), unit.get("shield"), unit.get("grade"), len(marks))
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

    def _encode_pile(self, out: NDArray[np.int16], cards: Sequence[str]) -> None:
        rows = len(out)
        shown = tuple(cards[-rows:] if len(cards) > rows else cards)
        block = self._pile_blocks.get(shown)
        if block is None:
            block = np.array([self._pile_row(c) for c in shown], dtype=np.int16)
            if len(self._pile_blocks) >= CACHE_LIMIT:
                self._pile_blocks.clear()
            self._pile_blocks[shown] = block
        out[:len(shown)] = block

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
        if len(options) > len(out):
            raise TooManyAnswersError(
                f"the decision lists {len(options)} answers, more than the action table's "
                f"{len(out)} rows; pass a larger Sizes(actions=...)")
        out[:len(options)] = [self._action_row(o, seat, rel) for o in options]
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
        return tuple(clip(v) for v in (
                view["turn"], int(view["turn_player"] == seat),
                rel.get(view["first_player"], 0), code(PHASES, view["phase"]), outcome,
                code(DECISION_KINDS, decision["kind"]) if decision else 0,
                int(bool(decision) and decision["seat"] == seat),
                rel.get(decision["seat"], 0) if decision else 0,
                decision.get("min", 0) if decision else 0,
                decision.get("max", 0) if decision else 0,
                int(bool(decision and decision.get("optional"))), n_options,
                int(battle is not None), *b, len(view.get("pending", ()))))

    @staticmethod
    def _place(where: str, rel: Mapping[Seat, int]) -> tuple[int, int]:
        seat, _, circle = where.partition(".")
        return rel.get(seat, 0), CIRCLES.index(circle) + 1 if circle in CIRCLES else 0

"""The terminal's screen as text: a pure function of one seat's view (`game.view(seat)`).

Nothing here reads the game itself, only the view (what the seat may know) and the card
database (printed names, grades, shields), so the screen never shows a hidden card and is
tested without a terminal. The field is drawn as Vanguard is laid out on a table: each side a
3×2 grid with the vanguard in the middle of the front row, the opponent's grid above and
turned round (their front row facing yours, their left on your right). Circles and zones the
grid does not know (accel circles, the G zone, the order zone, …) are listed after it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vgcore.types import GC

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.types import Seat

View = Mapping[str, Any]

WIDTH = 100      # the screen is drawn for 100 columns ...
MIN_WIDTH = 80   # ... or fewer on a narrower terminal, down to this
LABEL = 6  # "front " before a grid row
# The grid as seen from its owner's side (front row first); an opponent's is turned round.
OWN_GRID = (("front", ("RC.FL", "VC", "RC.FR")), ("back", ("RC.BL", "RC.BC", "RC.BR")))
OPPOSITE_GRID = (("back", ("RC.BR", "RC.BC", "RC.BL")), ("front", ("RC.FR", "VC", "RC.FL")))
GRID_CIRCLES = frozenset(c for _, row in OWN_GRID for c in row)
COUNTED_ZONES = ("damage", "soul", "drop", "deck", "hand")
ZONE_LABELS = {"g_zone": "G zone", "ride_deck": "ride deck", "order_zone": "order zone",
               "crest_zone": "crest zone"}
GUARD_QUESTIONS = frozenset({"guard", "tag-guard"})
MAX_LISTED = 6  # cards named per extra zone before "+N more"
TWO_COLUMNS_FROM = 8  # answers listed in two columns when there are more than this


@dataclass(frozen=True, slots=True)
class Table:
    """Who sits where, from one seat's chair: the roles that words like "you" depend on."""

    seat: Seat
    roles: Mapping[Seat, str]  # "you", "teammate" or "opponent", in seat order
    db: Any  # the card database: card id -> record with name, grade, power, shield, trigger
    width: int = WIDTH

    @classmethod
    def for_game(cls, game: Game, seat: Seat, width: int = WIDTH) -> Table:
        teams = game.engine.seat_layout.teams
        roles = {s: "you" if s == seat else "teammate" if teams[s] == teams[seat]
                 else "opponent" for s in game.state.seats}
        return cls(seat, roles, game.engine.db, width)

    @property
    def duel(self) -> bool:
        return len(self.roles) == 2

    def who(self, seat: Seat | None) -> str:
        if seat is None:
            return "The game"
        if seat == self.seat:
            return "You"
        role = self.roles.get(seat, "player")
        return "Opponent" if self.duel and role == "opponent" else f"{seat} ({role})"

    def whose(self, seat: Seat | None, *, start: bool = True) -> str:
        """"Your"/"Opponent's"/"B1's"; `start=False` for the middle of a sentence."""
        if seat == self.seat:
            word = "Your"
        elif self.duel and self.roles.get(seat) == "opponent":
            word = "Opponent's"
        else:
            return f"{seat}'s"
        return word if start else word.lower()

    def place(self, ref: str | None) -> str:
        """A circle named with its seat ("B.VC") as a person says it: "opponent's VC"."""
        seat, _, circle = str(ref).partition(".")
        if not circle or seat not in self.roles:
            return str(ref)
        return f"{self.whose(seat, start=False)} {circle}"

    def verb(self, event: Mapping[str, Any], base: str) -> str:
        """"you draw" but "B draws"."""
        return base if event.get("seat") == self.seat else base + "s"

    def drawing_order(self) -> list[Seat]:
        """Opponents at the top, then teammates, then the person's own side nearest the prompt."""
        rank = {"opponent": 0, "teammate": 1, "you": 2}
        return sorted(self.roles, key=lambda s: rank.get(self.roles[s], 0))


def screen_width(columns: int) -> int:
    """The width to draw for a terminal of `columns` columns."""
    return max(MIN_WIDTH, min(WIDTH, columns))


def card_name(db: Any, card_id: str | None) -> str:
    """A card's printed name ("a face-down card" when the view hides it)."""
    if card_id is None or card_id == "down":
        return "a face-down card"
    base, _, down = card_id.partition("/")
    record = db.get(base)
    name = record.name if record is not None else base
    return f"{name} (face down)" if down else name


def card_line(db: Any, card_id: str) -> str:
    """One card of the hand: id, grade, name, power, shield and trigger."""
    base = card_id.partition("/")[0]
    record = db.get(base)
    if record is None:
        return card_id
    grade = "-" if record.grade is None else record.grade
    trigger = f"  {record.trigger} trigger" if record.trigger else ""
    shield = f"shield {record.shield}" if record.shield is not None else "no shield"
    power = f"{record.power} power" if record.power is not None else record.kind
    return f"{base:<12} G{grade}  {clip(record.name, 34):<34} {power:>12}  {shield}{trigger}"


def clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[:max(width - 1, 0)] + "~"


# -- the board --------------------------------------------------------------------------------


def render_board(view: View, table: Table) -> list[str]:
    """The whole field: header, every side (opponents above), the battle, your hand."""
    lines = [header(view, table)]
    for seat in table.drawing_order():
        if table.roles[seat] == "you" and len(lines) > 1:
            lines.append("=" * (table.width - 2))
        lines.extend(render_side(view, seat, table))
    lines.extend(render_battle(view, table))
    hand = view["players"][table.seat]["zones"]["hand"].get("cards", [])
    lines.append(f"Your hand ({len(hand)}):" if hand else "Your hand is empty.")
    lines.extend(clip("  " + card_line(table.db, c), table.width - 2) for c in hand)
    return lines


def header(view: View, table: Table) -> str:
    turn = view.get("turn", 0)
    if not turn:
        text = f" setting up the game: you are {table.seat} "
    else:
        text = (f" turn {turn}: {table.whose(view.get('turn_player'), start=False)} turn, "
                f"{view.get('phase')} phase ")
    return f"=={text}".ljust(table.width - 2, "=")


def render_side(view: View, seat: Seat, table: Table) -> list[str]:
    side = view["players"][seat]
    role = table.roles.get(seat, "player")
    lines = [f"{seat} ({'you' if role == 'you' else role})  " + zone_counts(side["zones"])]
    lines.extend(extra_zones(side["zones"], table))
    grid = OPPOSITE_GRID if role == "opponent" else OWN_GRID
    lines.extend(render_grid(side["circles"], grid, table))
    lines.extend(extra_circles(side["circles"], table))
    guardians = side["zones"].get(GC, {}).get("units") or []
    if guardians:
        named = "; ".join(f"{card_name(table.db, u.get('card'))} ({u.get('shield', 0)} shield)"
                          for u in guardians)
        lines.extend(wrap(f"   guardian circle: {named}", table.width, indent="      "))
    return lines


def zone_counts(zones: Mapping[str, Any]) -> str:
    parts = []
    for name in COUNTED_ZONES:
        entry = zones.get(name)
        if entry is None:
            continue
        text = f"{name} {entry['count']}"
        if name == "damage" and "cards" in entry and entry["count"]:
            down = sum(1 for c in entry["cards"] if c == "down" or c.endswith("/down"))
            text += f" ({entry['count'] - down} face up)"
        parts.append(text)
    return "   ".join(parts)


def extra_zones(zones: Mapping[str, Any], table: Table) -> list[str]:
    """Every other zone that holds cards (bind, G zone, order zone, …), a line each, with
    the cards the view shows in it."""
    lines = []
    for name, entry in zones.items():
        if name in COUNTED_ZONES or name == GC or not entry.get("count"):
            continue
        label = ZONE_LABELS.get(name, str(name).replace("_", " "))
        cards = [c for c in entry.get("cards", []) if c != "down"]
        down = sum(1 for c in entry.get("cards", []) if c.endswith("down"))
        text = f"   {label} {entry['count']}" + (f" ({down} face down)" if down > 0 else "")
        if cards:
            text += ": " + listing([card_name(table.db, c.partition("/")[0]) for c in cards],
                                   table.width - 2 - len(text) - 2)
        lines.append(text)
    return lines


def listing(names: Sequence[str], width: int) -> str:
    """Names joined by "; " up to `width`, then "+N more"."""
    shown: list[str] = []
    for i, name in enumerate(names):
        rest = len(names) - i - 1
        candidate = "; ".join([*shown, name]) + (f" +{rest} more" if rest else "")
        if len(candidate) > width and shown:
            return "; ".join(shown) + f" +{len(names) - i} more"
        shown.append(name)
    return "; ".join(shown)


def cell_width(table: Table) -> int:
    return (table.width - LABEL - 4) // 3


def render_grid(circles: Mapping[str, Any], grid: Sequence[tuple[str, Sequence[str]]],
                table: Table) -> list[str]:
    """Each row's circle names sit in the border above it; two lines a unit (name; grade,
    power, critical, rested or standing), a third for markers."""
    inner = cell_width(table)
    lines = []
    for row_name, row in grid:
        lines.append(" " * LABEL + "".join(f"+-{c}".ljust(inner + 1, "-") for c in row) + "+")
        cells = [unit_cell(circles.get(circle), table) for circle in row]
        height = max(len(c) for c in cells)
        for i in range(height):
            label = row_name if i == 0 else ""
            parts = [clip(c[i] if i < len(c) else "", inner).ljust(inner) for c in cells]
            lines.append(f"{label:>{LABEL - 1}} |" + "|".join(parts) + "|")
    lines.append(" " * LABEL + ("+" + "-" * inner) * 3 + "+")
    return lines


def unit_cell(unit: Mapping[str, Any] | None, table: Table) -> list[str]:
    """A circle's lines: the unit's name; grade, power, critical, rested or standing;
    markers (gift markers and the like) when the circle has some."""
    markers = (unit or {}).get("markers") or []
    if not unit or "card" not in unit:
        lines = ["", ""]
    elif unit.get("card") is None or not unit.get("face_up", True):
        name = card_name(table.db, unit.get("card")) if unit.get("card") else "face-down card"
        lines = [f" {name}", " face down, " + state_of(unit)]
    else:
        lines = [f" {card_name(table.db, unit['card'])}", " " + unit_stats(unit)]
    if markers:
        lines.append(" [" + ", ".join(markers) + "]")
    return lines


def unit_stats(unit: Mapping[str, Any]) -> str:
    return (f"G{unit.get('grade', '?')}  {unit.get('power', '?')} power  "
            f"C{unit.get('critical', '?')}  {state_of(unit)}")


def state_of(unit: Mapping[str, Any]) -> str:
    return "rested" if unit.get("rested") else "standing"


def extra_circles(circles: Mapping[str, Any], table: Table) -> list[str]:
    """Circles the 3×2 grid has no place for (accel circles RC.X1 …), one line each."""
    lines = []
    for circle, unit in circles.items():
        if circle in GRID_CIRCLES:
            continue
        cell = [part.strip() for part in unit_cell(unit, table) if part.strip()]
        if not unit or "card" not in unit:
            cell.insert(0, "(empty)")
        text = "  ".join(cell)
        lines.append(clip(f"   {circle}: {text}", table.width - 2))
    return lines


# -- the battle ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Battle:
    """The attack in progress as the view shows it: who attacks whom, with what power."""

    attacker_seat: Seat
    attacker_circle: str
    target_seat: Seat
    target_circle: str
    attacker: Mapping[str, Any]
    target: Mapping[str, Any]
    booster: str | None
    guard_shield: int

    @property
    def shield_needed(self) -> int:
        """Shield the defender must still add not to be hit (equal power hits, RULES.md §5)."""
        gap = int(self.attacker.get("power", 0)) - int(self.target.get("power", 0))
        return gap + 1 if gap >= 0 else 0


def battle_of(view: View) -> Battle | None:
    b = view.get("battle")
    if not b:
        return None
    a_seat, a_circle = b["attacker"].split(".", 1)
    t_seat, t_circle = b["target"].split(".", 1)
    players = view["players"]
    guardians = players[t_seat]["zones"].get(GC, {}).get("units") or []
    return Battle(a_seat, a_circle, t_seat, t_circle,
                  players[a_seat]["circles"].get(a_circle) or {},
                  players[t_seat]["circles"].get(t_circle) or {}, b.get("booster"),
                  sum(int(u.get("shield", 0)) for u in guardians))


def render_battle(view: View, table: Table) -> list[str]:
    battle = battle_of(view)
    if battle is None:
        return []
    boost = f", boosted by {battle.booster}" if battle.booster else ""
    shield = f", {battle.guard_shield} shield on GC" if battle.guard_shield else ""
    return wrap(
        f"Battle: {table.whose(battle.attacker_seat)} {battle.attacker_circle} "
        f"{card_name(table.db, battle.attacker.get('card'))} ({battle.attacker.get('power')}"
        f"{boost}) -> {table.whose(battle.target_seat, start=False)} {battle.target_circle} "
        f"{card_name(table.db, battle.target.get('card'))} ({battle.target.get('power')}"
        f"{shield})", table.width)


def wrap(text: str, width: int, indent: str = "    ") -> list[str]:
    """A long line broken at spaces, the rest indented, so nothing passes `width`."""
    return textwrap.wrap(text, width - 2, subsequent_indent=indent) or [""]


def guard_summary(view: View, table: Table) -> list[str]:
    """What a guard question is about: both powers and the shield still needed."""
    battle = battle_of(view)
    if battle is None:
        return []
    a, t = battle.attacker, battle.target
    lines = [
        f"  attacker: {table.whose(battle.attacker_seat)} {battle.attacker_circle} "
        f"{card_name(table.db, a.get('card'))}, {a.get('power')} power"
        + (f" (boosted by {battle.booster})" if battle.booster else ""),
        f"  defender: {table.whose(battle.target_seat, start=False)} {battle.target_circle} "
        f"{card_name(table.db, t.get('card'))}, {t.get('power')} power"
        + (f" (with {battle.guard_shield} shield on GC)" if battle.guard_shield else ""),
    ]
    need = battle.shield_needed
    lines.append(f"  shield still needed: {need} (equal power hits)" if need else
                 "  shield still needed: none, the attack does not hit at these powers")
    return [part for line in lines for part in wrap(line, table.width, indent="      ")]


# -- the question -------------------------------------------------------------------------


def render_decision(view: View, table: Table) -> list[str]:
    """The pending question of the view's seat: its prompt, its context, numbered answers."""
    d = view.get("decision")
    if not d or "options" not in d:
        return []
    lines = wrap(f"> {d['prompt']}", table.width, indent="  ")
    if d["kind"] in GUARD_QUESTIONS:
        lines.extend(guard_summary(view, table))
    lines.extend(render_options(d["options"], view, table))
    return lines


def render_options(options: Sequence[str], view: View, table: Table) -> list[str]:
    """Numbered answers with what they name; two columns when they fit, else one."""
    entries = [f"{i:>3}. {text}" for i, text in enumerate(options, 1)]
    notes = [option_note(text, view, table) for text in options]
    column = (table.width - 2) // 2
    two_columns = len(options) > TWO_COLUMNS_FROM and all(
        len(e) + 8 <= column - 1 for e in entries)
    width = column - 1 if two_columns else table.width - 2
    full = [clip(f"{e}  ({n})" if n else e, width) for e, n in zip(entries, notes, strict=True)]
    if not two_columns:
        return full
    half = (len(full) + 1) // 2
    left, right = full[:half], full[half:]
    return [(left[i].ljust(column) + (right[i] if i < len(right) else "")).rstrip()
            for i in range(half)]


def option_note(text: str, view: View, table: Table) -> str:
    """What the cards and circles an answer names are: "Wingal Brave -> Dragonic Overlord"."""
    words = text.split()
    if not words:
        return ""
    verb, args = words[0], [w for w in words[1:] if w not in ("->", "discard")]
    named = [name for arg in args if (name := ref_name(arg, view, table))]
    if verb in ("guard", "tag-guard") and args:
        record = table.db.get(args[0])
        if record is not None:
            return f"{record.name}, {record.shield or 0} shield"
    if verb == "intercept" and args:
        unit = view["players"][table.seat]["circles"].get(args[0]) or {}
        return f"{card_name(table.db, unit.get('card'))}, {unit.get('shield', 0)} shield"
    if verb == "attack" and len(named) == 2:
        return f"{named[0]} -> {named[1]}"
    return ", ".join(named)


def ref_name(ref: str, view: View, table: Table) -> str:
    """The card a reference in an answer names: a card id, a circle or `<seat>.<circle>`,
    with an ability number (`VC:2`) allowed; "" for anything else."""
    base = ref.split(":", 1)[0]
    card = base.partition("/")[0]
    if card in table.db:
        return clip(card_name(table.db, base), 30)
    players = view["players"]
    seat, circle = table.seat, base
    head, _, rest = base.partition(".")
    if head in players and rest:
        seat, circle = head, rest
    unit = players[seat]["circles"].get(circle)
    if unit and "card" in unit:
        return clip(card_name(table.db, unit.get("card")), 30)
    return ""

"""report.html: the balance report (vgcore/balance.py) as one self-contained page.

Everything is inline — CSS, a few lines of JavaScript to sort the card table, SVG for the heat
map and the histogram — so the file can be mailed, archived or opened offline; nothing is
fetched. It is rendered from report.json's data alone, so a page can be made again from a kept
report. Colours are a blue–orange diverging scale (readable with the common colour-vision
deficiencies) and every figure is also written as text.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any, Final

from vgcore.balance import COUNTERS

CELL_W: Final = 104
CELL_H: Final = 58
LABEL_W: Final = 230
HEAD_H: Final = 110

STYLE: Final = """
body { font: 15px/1.45 system-ui, sans-serif; color: #1d232a; margin: 0; background: #f7f7f5; }
main { max-width: 1200px; margin: 0 auto; padding: 24px 28px 60px; }
h1 { font-size: 26px; margin: 0 0 4px; } h2 { font-size: 20px; margin: 0 0 8px; }
.meta, .note { color: #56606b; } .note { font-size: 13px; max-width: 880px; }
section { background: #fff; border: 1px solid #e1e3e6; border-radius: 8px; padding: 16px 20px;
  margin-top: 18px; overflow-x: auto; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 4px 10px; border-bottom: 1px solid #eceef0; text-align: right;
  white-space: nowrap; }
td.name { white-space: normal; min-width: 160px; }
th { background: #f1f2f4; position: sticky; top: 0; white-space: normal; }
th.sortable { cursor: pointer; user-select: none; } th.sortable:hover { background: #e4e7eb; }
th[aria-sort="ascending"]::after { content: " ▲"; } th[aria-sort="descending"]::after {
  content: " ▼"; }
td.text, th.text { text-align: left; }
.figure { font-size: 22px; font-weight: 600; }
.up { color: #0b5cad; } .down { color: #b3470b; }
svg text { font-family: system-ui, sans-serif; }
"""

SORT_SCRIPT: Final = """
document.querySelectorAll("table.sortable-table").forEach(table => {
  table.querySelectorAll("th.sortable").forEach((th, column) => {
    th.addEventListener("click", () => {
      const descending = th.getAttribute("aria-sort") !== "descending";
      table.querySelectorAll("th").forEach(h => h.removeAttribute("aria-sort"));
      th.setAttribute("aria-sort", descending ? "descending" : "ascending");
      const body = table.tBodies[0];
      const key = row => {
        const cell = row.children[column];
        const value = cell.dataset.value ?? cell.textContent;
        const number = Number(value);
        return Number.isNaN(number) ? value : number;
      };
      const rows = Array.from(body.rows).sort((a, b) => {
        const x = key(a), y = key(b);
        const order = x < y ? -1 : x > y ? 1 : 0;
        return descending ? -order : order;
      });
      rows.forEach(row => body.appendChild(row));
    });
  });
});
"""


def render(data: dict[str, Any]) -> str:
    """The page for one report.json."""
    decks = data["decks"]
    title = f"Balance report — {data['format']}"
    parts = [
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body><main>",
        f"<h1>{escape(title)}</h1>",
        f'<p class="meta">{len(decks)} decks, every pair both ways: {data["games_per_pair"]} '
        f"games per pair and seating, {data['games']} games in all; agents "
        f"{escape(' vs '.join(data['agents']))}; seeds from {data['seed']}.</p>",
        matrix_section(data), first_player_section(data), length_section(data),
        cards_section(data),
        f"<script>{SORT_SCRIPT}</script></main></body></html>",
    ]
    return "\n".join(parts) + "\n"


# -- the win-rate matrix -----------------------------------------------------------------


def matrix_section(data: dict[str, Any]) -> str:
    decks = data["decks"]
    n = len(decks)
    width = LABEL_W + (n + 1) * CELL_W + 100  # room for the last, slanted label
    height = HEAD_H + n * CELL_H + 10
    svg = [f'<svg id="heatmap" role="img" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" aria-label="win-rate matrix">']
    for c, deck in enumerate([*decks, "all opponents"]):
        x = LABEL_W + c * CELL_W + CELL_W / 2
        svg.append(f'<text x="{x}" y="{HEAD_H - 8}" transform="rotate(-35 {x} {HEAD_H - 8})" '
                   f'font-size="13" fill="#333">{escape(deck)}</text>')
    for r, deck in enumerate(decks):
        y = HEAD_H + r * CELL_H
        svg.append(f'<text x="{LABEL_W - 10}" y="{y + CELL_H / 2 + 5}" text-anchor="end" '
                   f'font-size="13" fill="#333">{escape(deck)}</text>')
        for c in range(n + 1):
            cell = data["matrix"][r][c] if c < n else data["deck_win_rates"][deck]
            opponent = decks[c] if c < n else "all opponents"
            svg.append(heat_cell(LABEL_W + c * CELL_W, y, cell, deck, opponent))
    svg.append("</svg>")
    return (
        '<section id="matrix"><h2>Win rates</h2>'
        '<p class="note">Each cell is the row deck\'s win rate against the column deck over '
        "both seatings (a draw counts half), with its 95% Wilson confidence interval below. "
        "Blue: the row deck wins more often; orange: less often. A thick outline marks a cell "
        "whose interval excludes 50% — a difference the games show, not noise. The last column "
        "is each deck against all the others.</p>"
        + "".join(svg) + legend() + "</section>")


def heat_cell(x: float, y: float, cell: dict[str, Any] | None, deck: str,
              opponent: str) -> str:
    if cell is None:  # a deck against itself is not played
        return (f'<rect x="{x + 1}" y="{y + 1}" width="{CELL_W - 2}" height="{CELL_H - 2}" '
                f'fill="#eceef0"/><text x="{x + CELL_W / 2}" y="{y + CELL_H / 2 + 5}" '
                'text-anchor="middle" fill="#9aa1a9">—</text>')
    rate, (low, high) = cell["win_rate"], cell["ci95"]
    clear = low > 0.5 or high < 0.5
    ink = "#fff" if abs(rate - 0.5) > 0.25 else "#1d232a"
    tip = (f"{deck} vs {opponent}: {rate:.1%} (95% CI {low:.1%}–{high:.1%}); "
           f"{cell['games']} games, {cell['wins']} wins, {cell['draws']} draws")
    outline = ' stroke="#1d232a" stroke-width="3"' if clear else ""
    return (f'<g class="cell" data-row="{escape(deck)}" data-col="{escape(opponent)}" '
            f'data-rate="{rate}" data-low="{low}" data-high="{high}">'
            f"<title>{escape(tip)}</title>"
            f'<rect x="{x + 2}" y="{y + 2}" width="{CELL_W - 4}" height="{CELL_H - 4}" rx="3" '
            f'fill="{colour(rate)}"{outline}/>'
            f'<text x="{x + CELL_W / 2}" y="{y + 25}" text-anchor="middle" font-size="17" '
            f'font-weight="600" fill="{ink}">{rate:.0%}</text>'
            f'<text x="{x + CELL_W / 2}" y="{y + 44}" text-anchor="middle" font-size="12" '
            f'fill="{ink}">{low:.0%}–{high:.0%}</text></g>')


def colour(rate: float) -> str:
    """Blue above 50%, orange below, white at 50%; full strength at 0% and 100%."""
    strength = min(1.0, abs(rate - 0.5) * 2)
    target = (11, 92, 173) if rate >= 0.5 else (201, 92, 17)
    r, g, b = (round(255 + (t - 255) * strength) for t in target)
    return f"#{r:02x}{g:02x}{b:02x}"


def legend() -> str:
    stops = [0.0, 0.25, 0.4, 0.5, 0.6, 0.75, 1.0]
    boxes = "".join(
        f'<rect x="{i * 62}" y="0" width="60" height="18" fill="{colour(s)}"/>'
        f'<text x="{i * 62 + 30}" y="34" text-anchor="middle" font-size="12">{s:.0%}</text>'
        for i, s in enumerate(stops))
    return (f'<svg width="{len(stops) * 62}" height="40" role="img" aria-label="colour scale">'
            f"{boxes}</svg>")


# -- first player, game length ---------------------------------------------------------


def first_player_section(data: dict[str, Any]) -> str:
    first = data["first_player"]
    low, high = first["ci95"]
    rows = "".join(
        f'<tr><td class="text">{escape(p["a"])}</td><td class="text">{escape(p["b"])}</td>'
        f'<td>{p["games"]}</td><td>{p["first_player_win_rate"]:.1%}</td>'
        f'<td>{p["first_player_ci95"][0]:.1%}–{p["first_player_ci95"][1]:.1%}</td></tr>'
        for p in data["pairs"])
    return (
        '<section id="first-player"><h2>First player\'s advantage</h2>'
        f'<p><span class="figure">{first["win_rate"]:.1%}</span> of games won by the player '
        f"who took the first turn (95% CI {low:.1%}–{high:.1%}; {first['won']} won, "
        f"{first['lost']} lost, {first['draw']} drawn). 50% would be no advantage.</p>"
        f"{interval_bar(first['win_rate'], low, high)}"
        '<table id="first-player-pairs"><thead><tr><th class="text">seat A</th>'
        '<th class="text">seat B</th><th>games</th><th>first player won</th><th>95% CI</th>'
        f"</tr></thead><tbody>{rows}</tbody></table></section>")


def interval_bar(rate: float, low: float, high: float) -> str:
    """A 0–100% axis with the interval as a band, the rate as a dot and 50% as a line."""
    w = 600

    def x(p: float) -> float:
        return 10 + p * (w - 20)

    return (f'<svg width="{w}" height="44" role="img" aria-label="first player win rate">'
            f'<line x1="{x(0)}" y1="20" x2="{x(1)}" y2="20" stroke="#c7cbd1"/>'
            f'<line x1="{x(0.5)}" y1="6" x2="{x(0.5)}" y2="34" stroke="#56606b" '
            'stroke-dasharray="3 3"/>'
            f'<rect x="{x(low)}" y="13" width="{max(1.0, x(high) - x(low))}" height="14" '
            f'fill="{colour(rate)}" opacity="0.8"/>'
            f'<circle cx="{x(rate)}" cy="20" r="5" fill="#1d232a"/>'
            f'<text x="{x(0)}" y="42" font-size="11">0%</text>'
            f'<text x="{x(0.5)}" y="42" font-size="11" text-anchor="middle">50%</text>'
            f'<text x="{x(1)}" y="42" font-size="11" text-anchor="end">100%</text></svg>')


def length_section(data: dict[str, Any]) -> str:
    length = data["game_length"]
    turns = {int(t): n for t, n in length["turns"].items()}
    limits = ", ".join(f"{escape(k)} {v}" for k, v in length["limits"].items()) or "none"
    return (
        '<section id="game-length"><h2>Game length</h2>'
        f"<p>Turns per game (both players' turns counted): mean {length['mean']}, median "
        f"{length['median']}, shortest {length['min']}, longest {length['max']}. Draws by "
        f"the engine's game-length limits: {limits}.</p>{histogram(turns)}</section>")


def histogram(counts: dict[int, int]) -> str:
    if not counts:
        return "<p>No games.</p>"
    low, high = min(counts), max(counts)
    bins = list(range(low, high + 1))
    top = max(counts.values())
    bar_w = max(8, min(36, 900 // len(bins)))
    chart_h = 180
    w, h = 50 + len(bins) * bar_w, chart_h + 50
    out = [f'<svg id="histogram" width="{w}" height="{h}" role="img" '
           'aria-label="games per number of turns">']
    for i, turn in enumerate(bins):
        n = counts.get(turn, 0)
        bh = chart_h * n / top
        x = 40 + i * bar_w
        out.append(f'<rect class="bar" data-turns="{turn}" data-games="{n}" x="{x + 1}" '
                   f'y="{10 + chart_h - bh}" width="{bar_w - 2}" height="{bh}" fill="#4a7fb5">'
                   f"<title>{turn} turns: {n} games</title></rect>")
        if len(bins) <= 30 or turn % 5 == 0:
            out.append(f'<text x="{x + bar_w / 2}" y="{chart_h + 26}" font-size="11" '
                       f'text-anchor="middle">{turn}</text>')
    out.append(f'<text x="34" y="18" font-size="11" text-anchor="end">{top}</text>'
               f'<text x="34" y="{chart_h + 10}" font-size="11" text-anchor="end">0</text>'
               f'<text x="{w / 2}" y="{chart_h + 45}" font-size="12" text-anchor="middle">'
               "turns</text></svg>")
    return "".join(out)


# -- cards -------------------------------------------------------------------------------


CARD_COLUMNS: Final[Sequence[tuple[str, str, str]]] = (
    ("ridden", "ridden", "rides of this card per game of its deck"),
    ("called", "called", "calls of this card to a rear-guard circle per game of its deck"),
    ("played", "orders", "plays of this order per game of its deck"),
    ("guarded", "guards", "times put on the guardian circle per game of its deck"),
    ("triggered", "triggers", "drive and damage checks revealing it as a trigger, per game"),
    ("abilities", "abilities", "activations of its abilities per game of its deck"))


def cards_section(data: dict[str, Any]) -> str:
    assert tuple(c for c, _label, _tip in CARD_COLUMNS) == COUNTERS
    head = ('<tr><th class="sortable text">deck</th><th class="sortable text">card</th>'
            '<th class="sortable text">name</th>'
            + "".join(f'<th class="sortable" title="{escape(tip)}">{escape(label)}</th>'
                      for _c, label, tip in CARD_COLUMNS)
            + '<th class="sortable">used in</th><th class="sortable">won when used</th>'
            '<th class="sortable">95% CI</th><th class="sortable">vs deck</th></tr>')
    rows = "".join(card_row(row) for row in data["cards"])
    return (
        '<section id="cards"><h2>Cards</h2>'
        '<p class="note">Per deck and card: how often <em>per game of its deck</em> it was '
        "ridden, called, played as an order, put on the guardian circle (guards), revealed as a "
        "trigger in a drive or damage check, and had one of its abilities activate (the first "
        "six figures; hover a column's head for its meaning); in what share of its "
        "deck's games it did any of these, its side's win rate in those games with the 95% CI, "
        "and that rate minus the deck's overall win rate. A card far above its deck's rate "
        "carries it (or is used when winning anyway); far below, it is played when losing or "
        "does not pull its weight. Click a column to sort.</p>"
        f'<table id="card-table" class="sortable-table"><thead>{head}</thead>'
        f"<tbody>{rows}</tbody></table></section>")


def card_row(row: dict[str, Any]) -> str:
    low, high = row["ci95_used"]
    delta = row["win_rate_used"] - row["deck_win_rate"]
    tone = "up" if low > row["deck_win_rate"] else "down" if high < row["deck_win_rate"] else ""
    per_game = "".join(f'<td data-value="{row["per_game"][c]}">{row["per_game"][c]:.2f}</td>'
                       for c in COUNTERS)
    return (f'<tr><td class="text">{escape(row["deck"])}</td>'
            f'<td class="text">{escape(row["card"])}</td>'
            f'<td class="text name">{escape(row["name"])}</td>{per_game}'
            f'<td data-value="{row["used_share"]}">{row["used_share"]:.0%}</td>'
            f'<td data-value="{row["win_rate_used"]}">{row["win_rate_used"]:.1%}</td>'
            f'<td data-value="{low}">{low:.0%}–{high:.0%}</td>'
            f'<td data-value="{delta:.4f}" class="{tone}">{delta * 100:+.1f} pts</td></tr>')

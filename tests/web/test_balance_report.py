"""report.html of `vgcore simulate --matrix … --report DIR` opened in a real headless Chromium:
it fetches nothing, runs without errors, and shows what report.json holds — the heat map with
its intervals, the first player's figures, the histogram and a card table that sorts."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from vgcore.balance import run_matrix, write_report
from vgcore.plugins import Registry

from .conftest import SCREENSHOTS

pytestmark = pytest.mark.system

DECKS = ("D-SD01", "D-SD02", "D-SD03")


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    registry = Registry()
    matrix = run_matrix(registry, "d-standard", [registry.deck(n) for n in DECKS], games=2)
    directory = tmp_path_factory.mktemp("balance")
    write_report(matrix.as_dict(), directory)
    data = json.loads((directory / "report.json").read_text())
    return directory / "report.html", data


@pytest.fixture
def page(browser: Any, report: tuple[Path, dict[str, Any]]) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    page.requests, page.errors = [], []
    page.on("request", lambda request: page.requests.append(request.url))
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(report[0].as_uri())
    yield page
    context.close()


def test_the_page_fetches_nothing_and_runs_without_errors(
        page: Any, report: tuple[Path, dict[str, Any]]) -> None:
    assert page.requests == [report[0].as_uri()]
    assert page.errors == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "balance-report.png"), full_page=True)


def test_the_heat_map_shows_every_pair_with_its_interval(
        page: Any, report: tuple[Path, dict[str, Any]]) -> None:
    data = report[1]
    cells = page.eval_on_selector_all(
        "#heatmap g.cell", "cells => cells.map(c => ({row: c.dataset.row, col: c.dataset.col,"
        " rate: Number(c.dataset.rate), text: c.textContent, box: c.getBBox().width}))")
    n = len(DECKS)
    assert len(cells) == n * (n - 1) + n  # every pair, and each deck against all the others
    for cell in cells:
        if cell["col"] == "all opponents":
            expected = data["deck_win_rates"][cell["row"]]
        else:
            expected = data["matrix"][DECKS.index(cell["row"])][DECKS.index(cell["col"])]
        low, high = expected["ci95"]
        assert cell["rate"] == expected["win_rate"]
        assert f"{expected['win_rate']:.0%}" in cell["text"]  # the rate, drawn
        assert f"{low:.0%}–{high:.0%}" in cell["text"]  # and its 95% interval below it
        assert cell["box"] > 50  # drawn at a readable size, not collapsed
    assert page.is_visible("#heatmap")


def test_the_first_player_and_game_length_sections_show_the_figures(
        page: Any, report: tuple[Path, dict[str, Any]]) -> None:
    data = report[1]
    first = page.inner_text("#first-player")
    assert f"{data['first_player']['win_rate']:.1%}" in first
    assert page.locator("#first-player-pairs tbody tr").count() == len(data["pairs"])
    bars = page.eval_on_selector_all(
        "#histogram rect.bar", "bars => bars.map(b => [b.dataset.turns, b.dataset.games])")
    drawn = {turns: int(games) for turns, games in bars if int(games)}
    assert drawn == data["game_length"]["turns"]


def test_the_card_table_lists_every_card_and_sorts_by_a_column(
        page: Any, report: tuple[Path, dict[str, Any]]) -> None:
    rows = page.locator("#card-table tbody tr")
    assert rows.count() == len(report[1]["cards"])
    page.click("#card-table th:has-text('won when used')")
    column = page.eval_on_selector_all(
        "#card-table th", "heads => heads.findIndex(h => h.textContent === 'won when used')")
    values = page.eval_on_selector_all(
        "#card-table tbody tr",
        f"rows => rows.map(r => Number(r.children[{column}].dataset.value))")
    assert values == sorted(values, reverse=True)
    assert page.get_attribute(f"#card-table th:nth-child({column + 1})",
                              "aria-sort") == "descending"

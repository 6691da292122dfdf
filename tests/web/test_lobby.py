"""The lobby: a pasted deck with violations shows every one the host names and starts nothing;
a line the client cannot read is shown too, without asking the host; a game left by closing
the tab is listed to rejoin."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from vgcore.host.client import Client

from .conftest import screenshot, watch

pytestmark = pytest.mark.system

DECK_FILE = Path(__file__).parents[2] / "card_scripts" / "TD01" / "decks" / "TD01.yaml"
# Too short, an unknown card, 9 of one card, the wrong trigger count, two clans: five
# violations, all in one `bad_deck` error.
ILLEGAL = """\
name: my kagero
first_vanguard: TD02-012
4 TD02-001
1 TD02-012
2 NOPE-001
9 TD01-013
"""


def live_games(site: str) -> int:
    with Client.connect(site.replace("http://", "ws://") + "/") as client:
        return len(client.list_games(status="live")["games"])


def premium_lobby_for_a_list(site: str, context: Any) -> Any:
    """A new page on the lobby, premium chosen, its deck to be pasted or uploaded."""
    page = watch(context)
    page.page.goto(site + "/")
    page.page.wait_for_selector("#new-game")
    page.page.select_option("#format", "premium")
    page.page.select_option("#deck", "(paste or upload a list)")
    return page


def test_a_pasted_illegal_deck_shows_every_violation_and_starts_nothing(
        site: str, context: Any) -> None:
    page = watch(context)
    page.page.goto(site + "/")
    page.page.wait_for_selector("#new-game")
    screenshot(page, "lobby")
    before = live_games(site)
    page.page.select_option("#format", "premium")
    page.page.select_option("#deck", "(paste or upload a list)")
    page.page.fill("#deck-list", ILLEGAL)
    page.page.click("#start")
    page.page.wait_for_selector("#deck-problems .violation")
    shown = [v.inner_text() for v in page.page.query_selector_all("#deck-problems .violation")]
    assert len(shown) == 5, shown
    for words in ("unknown card id 'NOPE-001'", "needs exactly 50", "at most 4 of one name",
                  "trigger units", "one clan per deck"):
        assert sum(words in line for line in shown) == 1, (words, shown)
    assert page.state() == "lobby"
    assert live_games(site) == before
    assert sum('"create"' in s for s in page.sent) == 1
    assert page.errors == []


def test_an_uploaded_deck_line_the_client_cannot_read_is_shown_and_nothing_is_sent(
        site: str, context: Any) -> None:
    page = premium_lobby_for_a_list(site, context)
    page.page.set_input_files("#deck-file", files=[{
        "name": "deck.txt", "mimeType": "text/plain",
        "buffer": b"4 TD01-001\nfour of the best cards\n"}])  # uploaded, not pasted
    page.page.wait_for_function("document.getElementById('deck-list').value !== ''")
    page.page.click("#start")
    shown = page.page.inner_text("#deck-problems")
    assert "line 2: cannot read 'four of the best cards'" in shown
    assert not any('"create"' in s for s in page.sent)
    assert page.state() == "lobby"


def test_a_game_left_by_closing_the_tab_is_in_the_lobby_to_rejoin(
        site: str, context: Any) -> None:
    page = watch(context)
    page.page.goto(f"{site}/play?format=premium&deck=TD01&opponent_deck=TD02&seed=2")
    page.wait_state("deciding")
    page.click_random_action(random.Random(2))
    page.wait_state("deciding", "waiting")
    game = parse_qs(urlsplit(page.page.url).query)["game"][0]
    page.page.close()

    later = watch(context)  # the same browser, a new tab on the lobby
    later.page.goto(site + "/")
    entry = later.page.wait_for_selector(f'#my-games li[data-game="{game}"]')
    assert "seat A" in entry.inner_text()
    entry.query_selector("button.rejoin").click()
    assert later.wait_state("deciding", "waiting") in ("deciding", "waiting")
    # The table may say "waiting" before the rejoined game's view has drawn the hand: wait
    # for the hand and the history to come back (a missing one times out and fails).
    assert later.page.wait_for_selector("#hand [data-card]")
    later.page.wait_for_function(  # the history is back
        "document.querySelector('#log').innerText.includes('Your first vanguard')")
    resume = next(json.loads(s) for s in later.sent if '"resume"' in s)
    assert resume["game"] == game and resume["seat"] == "A"
    assert later.errors == []


def sent_create(page: Any) -> dict[str, Any]:
    return next(json.loads(s) for s in page.sent if '"create"' in s)


def test_the_lobby_form_starts_a_game_with_its_decks_opponent_and_clock(
        site: str, context: Any) -> None:
    page = watch(context)
    page.page.goto(site + "/")
    page.page.wait_for_selector("#new-game")
    page.page.select_option("#format", "premium")
    page.page.select_option("#deck", "TD02")
    page.page.select_option("#opponent", "agent:random")
    page.page.select_option("#opponent-deck", "TD01")
    page.page.select_option("#clock", "300")
    page.page.click("#start")
    page.wait_state("deciding")
    create = sent_create(page)
    assert create["decks"] == {"A": "TD02", "B": "TD01"}
    assert create["seats"] == {"B": "agent:random"}
    assert create["clock"]["bank_ms"] == 300_000
    assert page.page.query_selector('.clock[data-clock-seat="A"]') is not None
    assert page.page.query_selector_all("#hand [data-card^='TD02-']")
    assert page.errors == []


def test_a_legal_deck_file_pasted_in_the_lobby_starts_the_game(
        site: str, context: Any) -> None:
    page = premium_lobby_for_a_list(site, context)
    page.page.fill("#deck-list", DECK_FILE.read_text(encoding="utf-8"))  # YAML, comments too
    page.page.click("#start")
    page.wait_state("deciding")
    deck = sent_create(page)["decks"]["A"]
    assert deck["first_vanguard"] == "TD01-012"
    assert sum(entry["count"] for entry in deck["deck"]) == 50
    assert page.page.query_selector_all("#hand [data-card^='TD01-']")
    assert page.page.inner_text("#deck-problems") == ""
    assert "description" not in deck  # a folded YAML block, read past (not a protocol key)

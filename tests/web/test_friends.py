"""Two browsers play each other through the share link — one is reloaded mid-game and
resumes, the other loses its connection and resumes after its last event — while a third
watches as a spectator. Neither player's page nor its WebSocket frames ever hold a card of
the other's that the rules keep hidden."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from vgcore.plugins import Registry

from .conftest import VIEWPORT, Watched, screenshot

pytestmark = pytest.mark.system

CARD_ID = re.compile(r"TD0[12]-\d{3}")
# True once the page has heard what followed its answer (it is no longer "sending…").
ANSWERED = ("document.body.dataset.state !== 'waiting' || "
            "!document.getElementById('waiting-for')?.textContent.startsWith('sending')")
BACK_ONLINE = ("!document.getElementById('waiting-for')?.textContent"
               ".startsWith('Reconnecting')")


def messages(frames: list[str]) -> Iterator[dict[str, Any]]:
    """Every host message of `frames` (batches unpacked) until the game is over: the
    `game_over` message carries the replay, whose deck lists hide nothing any more."""
    for frame in frames:
        message = json.loads(frame)
        for inner in message.get("messages", [message]):
            if inner["type"] in ("game_over", "replay"):
                return
            yield inner


def card_ids(frames: list[str]) -> set[str]:
    return {found for m in messages(frames) for found in CARD_ID.findall(json.dumps(m))}


def by_seq(page: Watched, kind: str) -> dict[int, Any]:
    return {m["seq"]: m[kind] for m in messages(page.received) if m["type"] == kind}


def assert_told_no_more_than_a_spectator(player: Watched, spectator: Watched, *, about: str,
                                         own: str) -> None:
    theirs, public = by_seq(player, "event"), by_seq(spectator, "event")
    compared = 0
    for seq, event in theirs.items():
        if event.get("seat") == own or event.get("private") == own or seq not in public:
            continue
        assert event == public[seq], seq
        compared += 1
    views, public_views = by_seq(player, "view"), by_seq(spectator, "view")
    same = set(views) & set(public_views)
    for seq in same:
        assert views[seq]["players"][about] == public_views[seq]["players"][about], seq
    assert compared > 50 and len(same) > 10


def open_page(browser: Any, url: str) -> tuple[Any, Watched]:
    context = browser.new_context(viewport=VIEWPORT)
    page = Watched(context.new_page())
    page.page.goto(url)
    return context, page


def test_two_browsers_play_through_the_share_link_with_a_reload_and_a_spectator(
        site: str, browser: Any) -> None:
    contexts = []
    try:
        context, a = open_page(browser, f"{site}/play?format=premium&deck=TD01&opponent=friend"
                                        "&opponent_deck=TD02&seed=3")
        contexts.append(context)
        link = a.page.get_attribute('.share-url[data-seat="B"]', "value")
        assert link is not None and "token=" in link
        game = parse_qs(urlsplit(a.page.url).query)["game"][0]
        assert "token" not in a.page.url  # the player's own token stays out of the URL
        context, b = open_page(browser, link)
        contexts.append(context)
        context, spectator = open_page(browser, site + "/")
        contexts.append(context)
        spectator.page.fill("#spectate-id", game)  # spectate by id, from the lobby
        spectator.page.click("#spectate-form button[type=submit]")
        b.wait_state("deciding", "waiting")
        assert "token" not in b.page.url
        dom_of_b = play_both(a, b)

        for page in (a, b, spectator):
            page.wait_state("over")
        assert "reason: concede" in spectator.page.inner_text("#over-reason")
        assert spectator.page.query_selector_all("#hand [data-card]") == []
        assert "deciding" not in spectator.page.evaluate("document.body.dataset.state")
        resumes = [json.loads(s) for s in b.sent if '"resume"' in s]
        assert resumes and resumes[0]["after"] == 0  # the reload: from the start
        resumes = [json.loads(s) for s in a.sent if '"resume"' in s]
        assert resumes and resumes[0]["after"] > 0  # the dropped socket: after its last event

        # Nothing hidden crossed over: every card of A's that B received, a spectator
        # received too (public), and A's cards that never went public are nowhere at B's.
        public = card_ids(spectator.received)
        assert {c for c in card_ids(b.received) if c.startswith("TD01")} <= public
        assert {c for c in card_ids(a.received) if c.startswith("TD02")} <= public
        hidden = {c for c in card_ids(a.received) if c.startswith("TD01")} - public
        assert hidden, "A kept no card hidden all game: the check would prove nothing"
        # Stronger: of A's side, B is told exactly what a spectator is, event by event and
        # view by view (A's events and A's half of every view B and the spectator both got).
        assert_told_no_more_than_a_spectator(b, spectator, about="A", own="B")
        assert_told_no_more_than_a_spectator(a, spectator, about="B", own="A")
        names = {Registry().db[c].name for c in hidden}
        for html in [*dom_of_b, b.page.content()]:
            assert not any(c in html for c in hidden)
            assert not any(name in html for name in names)
        for page in (a, b, spectator):
            assert page.errors == []
    finally:
        for context in contexts:
            context.close()


def play_both(a: Watched, b: Watched) -> list[str]:
    """Random legal answers from both pages until both are over. B is reloaded after its
    8th answer, A's socket dropped after its 12th, and A concedes after its 20th (a short
    game keeps cards hidden). Returns snapshots of B's page."""
    rng = random.Random(7)
    answered = {"A": 0, "B": 0}
    waited = {"A": 0, "B": 0}  # times a page said whom it waits for
    snapshots = []
    for _ in range(3000):
        states = {seat: page.state() for seat, page in (("A", a), ("B", b))}
        if all(s == "over" for s in states.values()):
            assert waited["A"] and waited["B"]
            return snapshots
        moved = False
        for seat, page in (("A", a), ("B", b)):
            # read again: the other's answer (a concession) may have ended the game since
            if states[seat] != "deciding" or page.state() != "deciding":
                continue
            page.click_random_action(rng)
            answered[seat] += 1
            moved = True
            page.page.wait_for_function(ANSWERED)
            # A's dropped socket may close only now, on a loaded machine: the page says
            # "Reconnecting…" until it is back, then whom it waits for (if anyone).
            page.page.wait_for_function(BACK_ONLINE)
            if page.state() == "waiting":
                told = page.page.inner_text("#waiting-for")
                assert told.startswith(f"Waiting for {'B' if seat == 'A' else 'A'}"), told
                waited[seat] += 1
            if seat == "B" and answered["B"] == 8:
                page.page.reload()
                assert page.wait_state("deciding", "waiting", "over") != "lobby"
                assert len(page.page.query_selector_all("#log li")) > 8  # the history is back
                screenshot(page, "friend-after-reload")
            if seat == "B" and answered["B"] % 10 == 5:
                snapshots.append(b.page.content())
            if seat == "A" and answered["A"] == 12:
                page.page.evaluate("window.vgcore.dropConnection()")
            if seat == "A" and answered["A"] == 20:
                page.page.once("dialog", lambda dialog: dialog.accept())
                page.page.click("#concede")
        if not moved:
            a.page.wait_for_timeout(15)
    raise AssertionError(f"no game over after {answered} answers")

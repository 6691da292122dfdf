"""A whole game in the browser against the host's greedy agent, in two formats (one with
stride and legion on the board), by clicking random legal answers; the table's clicks (a
hand card then a circle, an attacker then a target); the game-over screen and the replay."""

from __future__ import annotations

import json
import random
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from .conftest import Watched, play_to_the_end, screenshot, watch

pytestmark = pytest.mark.system

# Seeds whose games end in a few dozen answers (the browser tests must stay fast), each with
# what its table must have shown: stride's G zone and G units, a legion (answered `legion`
# whenever offered: seed 6 gets there) and a running clock; V Standard's accel
# circle and gift markers (seed 34: the shortest game of seeds 1…59 whose random answers take
# an accel gift); tag's four seats.
GAMES = {
    "premium": ("/play?format=premium&deck=TD01&opponent_deck=TD02&seed=1", "A", ()),
    "premium-g": ("/play?format=premium-g&deck=GX01-gold-paladin&opponent_deck=GX01-narukami"
                  "&seed=6&clock=300", "A",
                  ('[data-zone="g_zone"]', ".clock.running", ".unit.g-unit",
                   '[data-seat="A"][data-circle="VC"] .legion-mate')),
    "v-standard": ("/play?format=v-standard&deck=VX01-neo-nectar-accel"
                   "&opponent_deck=VX01-royal-paladin-force&seed=34", "A",
                   ('[data-seat="A"][data-circle^="RC.X"]', ".marker")),
    "tag-v-standard": ("/play?format=tag-v-standard&seed=5", "A1",
                       ('[data-seat="B2"][data-circle="VC"]',
                        '[data-seat="A2"][data-circle="VC"]')),
}


def play_url(site: str, fmt: str, deck: str, opponent_deck: str, seed: int) -> str:
    return (f"{site}/play?format={fmt}&deck={deck}&opponent=agent:greedy"
            f"&opponent_deck={opponent_deck}&seed={seed}")


def last_view(page: Watched) -> dict[str, Any]:
    for text in reversed(page.received):
        message = json.loads(text)
        inner = message.get("messages", [message])
        for m in reversed(inner):
            if m["type"] in ("view", "joined"):
                return m["view"]
    raise AssertionError("no view received")


@pytest.mark.parametrize("fmt", GAMES)
def test_a_whole_game_against_greedy_by_random_legal_clicks(
        site: str, context: Any, fmt: str) -> None:
    path, me, must_show = GAMES[fmt]
    page = watch(context)
    page.page.goto(site + path)  # the opponents are the greedy agent by default
    seen = {"guard": False, "shown": set()}
    opponent = "B2" if me == "A1" else "B"

    def look(n: int, page: Watched) -> None:
        dom = page.page
        before = len(seen["shown"])
        seen["shown"].update(dom.evaluate(
            "wanted => wanted.filter(s => document.querySelector(s))", list(must_show)))
        if fmt == "premium-g" and len(seen["shown"]) == len(must_show) > before:
            screenshot(page, "stride-and-legion")
        if not seen["guard"] and dom.query_selector("#guard-summary") is not None:
            seen["guard"] = True
            summary = dom.inner_text("#guard-summary")
            assert "Attacker" in summary and "Defender" in summary and "hield" in summary
            if fmt == "premium":
                screenshot(page, "board")
        if n % 4:
            return
        # The contract: circles by seat and name, hand cards by id, answers by action string.
        assert dom.query_selector(f'[data-seat="{me}"][data-circle="VC"]') is not None
        assert dom.query_selector(f'[data-seat="{opponent}"][data-circle="RC.FL"]') is not None
        hand = [c.get_attribute("data-card") for c in dom.query_selector_all("#hand [data-card]")]
        assert sorted(hand) == sorted(c.split("/")[0] for c in
                                      last_view(page)["players"][me]["zones"]["hand"]["cards"])

    seed = int(parse_qs(urlsplit(path).query)["seed"][0])
    answers = play_to_the_end(page, random.Random(seed), at_answer=look, prefer=("legion",))
    assert answers > 5
    over = page.page.inner_text("#over")
    assert "reason" in over and ("You win" in over or "You lose" in over or "Draw" in over)
    assert page.page.inner_text("#log").count("Game over") == 1
    assert seen["shown"] == set(must_show)
    if fmt == "premium":
        assert seen["guard"], "no guard step came up: pick another seed"
        screenshot(page, "game-over")
    assert page.errors == []


def test_the_table_calls_attacks_suggests_and_ignores_illegal_clicks(
        site: str, context: Any) -> None:
    page = watch(context)
    page.page.goto(play_url(site, "premium", "TD01", "TD02", 5))
    rng = random.Random(5)
    page.wait_state("deciding")
    page.page.click("#hint")  # "Suggest": the host's agent marks its pick among the answers
    hinted = page.page.wait_for_selector("#actions [data-action].hinted")
    answers = page.page.query_selector_all("#actions [data-action]")
    assert hinted.get_attribute("data-action") in [b.get_attribute("data-action") for b in answers]
    called = attacked = ignored = False
    for _ in range(300):
        if page.wait_state("deciding", "over") == "over":
            break
        options = [b.get_attribute("data-action")
                   for b in page.page.query_selector_all("#actions [data-action]")]
        calls = [o for o in options if o.startswith("call ")]
        attacks = [o for o in options if o.startswith("attack ")]
        if calls and not ignored:
            sent = len(page.sent)
            page.page.click('[data-seat="B"][data-circle="VC"]')  # not a legal first click
            page.page.wait_for_timeout(200)
            assert len(page.sent) == sent and page.state() == "deciding"
            ignored = True
        if calls and not called:
            _, card, circle = calls[0].split()
            page.page.click(f'#hand [data-card="{card}"]')
            assert page.page.query_selector(f'[data-seat="A"][data-circle="{circle}"].target')
            page.page.click(f'[data-seat="A"][data-circle="{circle}"]')
            page.wait_state("deciding", "over")
            assert f'"action": "{calls[0]}"' in json.dumps([json.loads(s) for s in page.sent])
            called = True
        elif attacks and not attacked:
            attacker, _, target = attacks[0].split()[1:]
            seat, circle = target.split(".", 1)
            page.page.click(f'[data-seat="A"][data-circle="{attacker}"]')
            page.page.click(f'[data-seat="{seat}"][data-circle="{circle}"]')
            page.wait_state("deciding", "over")
            assert any(json.loads(s).get("action") == attacks[0] for s in page.sent)
            attacked = True
        else:
            page.click_random_action(rng)
        if called and attacked:
            break
    assert called and attacked and ignored
    assert page.errors == []


def test_the_replay_steps_forward_and_back_through_a_finished_game(
        site: str, context: Any) -> None:
    page = watch(context)
    page.page.goto(play_url(site, "premium", "TD01", "TD02", 1))

    def concede_after_ten(n: int, page: Watched) -> None:
        if n == 10:
            page.page.once("dialog", lambda dialog: dialog.accept())
            page.page.click("#concede")
            page.wait_state("over")

    play_to_the_end(page, random.Random(1), at_answer=concede_after_ten)
    assert "reason: concede" in page.page.inner_text("#over-reason")
    page.page.click("#over-replay")
    page.page.wait_for_selector("#replay-table .unit")
    where = page.page.inner_text("#replay-where")
    last = int(where.split()[1])
    assert where.startswith(f"step {last} of {last}") and last >= 10
    assert shown(page, last)["result"] == "B"  # the last step is the final view: conceded
    page.page.click("#replay-back")
    assert page.page.inner_text("#replay-where").startswith(f"step {last - 1} of {last}")
    shown(page, last - 1)
    page.page.click("#replay-first")
    assert page.page.inner_text("#replay-where").startswith(f"step 0 of {last}")
    shown(page, 0)
    assert len(page.page.query_selector_all("#replay-table .unit:not(.face-down)")) == 0
    assert len(page.page.query_selector_all("#replay-table .unit.face-down")) == 2  # 1st vanguards
    for _ in range(8):
        page.page.click("#replay-forward")
    assert page.page.inner_text("#replay-where").startswith(f"step 8 of {last}")
    view = shown(page, 8)
    assert len(page.page.query_selector_all("#replay-table .unit")) >= 2  # the vanguards
    assert page.page.inner_text("#replay-log") != ""
    # What only the real view has: both hand counts, the drop and deck, my hand's cards.
    for seat in ("A", "B"):
        zones = view["players"][seat]["zones"]
        for zone in ("hand", "deck", "drop", "soul"):
            counter = f'#replay-table .counter[data-zone="{zone}"][data-seat="{seat}"] b'
            assert page.page.inner_text(counter) == str(zones[zone]["count"]), (seat, zone)
    mine = view["players"]["A"]["zones"]["hand"]["cards"]
    assert mine and page.page.eval_on_selector_all(
        "#replay-hand [data-card]", "found => found.map(e => e.dataset.card)") \
        == [c.split("/")[0].split(":")[0] for c in mine]
    page.page.click("#replay-back")
    page.page.click("#replay-forward")
    shown(page, 8)
    asked = [m["at"] for m in sent_json(page) if m.get("type") == "get" and "at" in m]
    assert sorted(asked) == sorted(set(asked)) and len(asked) >= 11  # each step asked once
    screenshot(page, "replay")
    # A reload (/?replay=<game>) watches it again as the seat this browser played.
    assert "replay=" in page.page.url
    page.sent.clear()
    page.received.clear()
    page.page.reload()
    assert shown(page, last)["result"] == "B"  # past_view: the reply is seat A's view
    assert page.page.query_selector_all("#replay-hand [data-card]")
    assert page.errors == []


def sent_json(page: Watched) -> list[dict[str, Any]]:
    return [json.loads(s) for s in page.sent]


def received_json(page: Watched) -> list[dict[str, Any]]:
    out = []
    for text in page.received:
        message = json.loads(text)
        out.extend(message["messages"] if message["type"] == "batch" else [message])
    return out


def past_view(page: Watched, at: int) -> dict[str, Any]:
    """The view the host sent in reply to the page's `get view` with `at`."""
    ids = [m["id"] for m in sent_json(page) if m.get("type") == "get" and m.get("at") == at]
    assert len(ids) == 1, f"step {at} asked {len(ids)} times"
    reply = next(m for m in received_json(page) if m.get("re") == ids[0])
    assert reply["type"] == "view" and reply["seat"] == "A", reply
    return reply["view"]  # type: ignore[no-any-return]


def shown(page: Watched, at: int) -> dict[str, Any]:
    """Wait until the replay's table shows step `at`; the host's view of that step."""
    page.page.wait_for_selector(f'#replay-table[data-step="{at}"]', state="attached")
    return past_view(page, at)

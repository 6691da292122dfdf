"""Fixtures of the browser tests: one real `vgcore serve --ws` subprocess for the whole folder
and one headless Chromium (Debian's, driven by the pip `playwright` package's sync API) per
module.

A missing Chromium or playwright skips these tests with the reason, except under CI (the `CI`
environment variable set), where it fails: CI must run them (.ci/run installs both).
"""

from __future__ import annotations

import os
import random
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..host.test_node_client import ws_host

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
# Screenshots go where VGCORE_SCREENSHOTS says, else to a folder in the system's temporary
# directory, so that a test run leaves the checkout as it was. The committed ones, shown by
# README.md and docs/web-client.md, are regenerated with
#   VGCORE_SCREENSHOTS=docs/screenshots python -m pytest tests/web
SCREENSHOTS = Path(os.environ.get("VGCORE_SCREENSHOTS")
                   or Path(tempfile.gettempdir()) / "vgcore-screenshots")
STEP_TIMEOUT_MS = 20_000
# A page that is deciding shows its answers; one whose state changed shows what that state does.
SETTLED = ("document.body.dataset.state !== 'deciding' || "
           "document.querySelector('#actions [data-action]') !== null")
VIEWPORT = {"width": 1400, "height": 940}


def chromium_path() -> str | None:
    for name in ("/usr/bin/chromium", "chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the browser tests, but {reason}")
    pytest.skip(reason)


# One browser per module, not per session: playwright's sync API keeps an event loop running
# in this thread while it is started, which asyncio.run() in the tests after these refuses.
@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("the `playwright` package is not installed (pip install -e '.[test]')")
    executable = chromium_path()
    if executable is None:
        unavailable("no Chromium at /usr/bin/chromium (apt-get install chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The host's http:// origin (the page and the WebSocket share it)."""
    with ws_host(tmp_path_factory.mktemp("web") / "host.sqlite3") as url:
        yield url.replace("ws://", "http://").rstrip("/")


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=VIEWPORT)
    yield context
    context.close()


class Watched:
    """A page with every WebSocket frame it sent and received, and its page errors."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.received: list[str] = []
        self.sent: list[str] = []
        self.errors: list[str] = []
        page.on("websocket", self._socket)
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self.received.append(_text(payload)))
        ws.on("framesent", lambda payload: self.sent.append(_text(payload)))

    def state(self) -> str:
        return str(self.page.evaluate("document.body.dataset.state"))

    def wait_state(self, *states: str) -> str:
        selector = ", ".join(f"body[data-state={s}]" for s in states)
        self.page.wait_for_selector(selector, state="attached", timeout=STEP_TIMEOUT_MS)
        return self.state()

    def click_random_action(self, rng: random.Random, prefer: tuple[str, ...] = ()) -> str:
        """Click one of the pending decision's answers: the first of `prefer` offered, else
        one chosen by `rng` (as `rng.choice` would); returns it, or "" when the game moved on
        before an answer could be read (the other seat conceded, say: the page is no longer
        deciding)."""
        actions = self.page.eval_on_selector_all("#actions [data-action]",
                                                 "found => found.map(e => e.dataset.action)")
        if not actions:  # read again once the page has settled: answers, or another state
            self.page.wait_for_function(SETTLED, timeout=STEP_TIMEOUT_MS)
            if self.state() != "deciding":
                return ""
            actions = self.page.eval_on_selector_all(
                "#actions [data-action]", "found => found.map(e => e.dataset.action)")
        assert actions, "deciding, but no answer to click"
        wanted = [a for a in prefer if a in actions]
        index = actions.index(wanted[0]) if wanted else rng.randrange(len(actions))
        self._click_action(str(actions[index]))
        return str(actions[index])

    def _click_action(self, action: str) -> None:
        """Click the button of `action`. A message arriving meanwhile may redraw the panel
        and detach the button playwright found; then the button is found again by its action
        (the same answer, so the game's course does not depend on the timing)."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        for attempt in range(4):
            found = self.page.eval_on_selector_all(
                "#actions [data-action]", "found => found.map(e => e.dataset.action)")
            if action not in found:
                if self.state() != "deciding":
                    return  # the game moved on (a concession): nothing to click
                raise AssertionError(f"{action!r} is no longer offered: {found}")
            button = self.page.locator("#actions [data-action]").nth(found.index(action))
            try:
                button.click(timeout=5_000, force=attempt > 0)
                return
            except PlaywrightTimeout:
                continue
        raise AssertionError(f"could not click {action!r}")


def _text(payload: Any) -> str:
    return payload if isinstance(payload, str) else bytes(payload).decode()


def watch(context: Any) -> Watched:
    return Watched(context.new_page())


def play_to_the_end(page: Watched, rng: random.Random, *, limit: int = 600,
                    at_answer: Any = None, prefer: tuple[str, ...] = ()) -> int:
    """Answer every decision with a random legal answer until the game is over; returns how
    many answers were clicked. `at_answer(n, page)` runs before each answer (it may end the
    game, by conceding); answers in `prefer` are taken whenever they are offered."""
    for n in range(limit):
        if page.wait_state("deciding", "over") == "over":
            return n
        if at_answer is not None:
            at_answer(n, page)
            if page.state() == "over":
                return n
        page.click_random_action(rng, prefer)
    raise AssertionError(f"no game over after {limit} answers")


def screenshot(page: Watched, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.page.screenshot(path=str(path))
    assert path.read_bytes().startswith(b"\x89PNG") and path.stat().st_size > 10_000
    return path

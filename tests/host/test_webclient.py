"""The browser client's HTTP side (vgcore/host/webclient.py), with no socket: the page on "/"
and "/play", its modules with a type browsers run, the card catalogue, and /healthz."""

from __future__ import annotations

import json
import re

from vgcore.host.webclient import WEB_DIR, web_routes

from .harness import registry

IMPORT = re.compile(r'^import .* from "\./([\w.]+)";$', re.MULTILINE)


def get(path: str) -> tuple[int, dict[str, str], bytes]:
    reply = web_routes(registry()).respond("GET", path)
    return reply.status, reply.headers, reply.body


def test_the_page_is_served_on_the_root_and_on_play_with_its_query() -> None:
    status, headers, page = get("/")
    assert status == 200 and headers["Content-Type"] == "text/html; charset=utf-8"
    assert b'<script type="module" src="/js/main.js">' in page
    assert get("/play?format=premium&deck=TD01&opponent=agent:greedy")[2] == page
    assert get("/play/")[2] == page
    assert get("/play/other")[0] == 404
    assert get("/healthz")[2] == b"ok\n"


def test_every_module_the_page_imports_is_served_as_javascript() -> None:
    pending, served = ["main.js"], set()
    while pending:
        name = pending.pop()
        if name in served:
            continue
        status, headers, body = get(f"/js/{name}")
        assert status == 200, name
        assert headers["Content-Type"] == "text/javascript; charset=utf-8"
        served.add(name)
        pending.extend(IMPORT.findall(body.decode()))
    on_disk = {p.name for p in (WEB_DIR / "js").glob("*.js")}
    assert served == on_disk  # no module left unused, none missing
    assert get("/style.css")[1]["Content-Type"] == "text/css; charset=utf-8"


def test_the_card_catalogue_has_every_installed_card_with_its_printed_data() -> None:
    status, headers, body = get("/cards.json")
    assert status == 200 and headers["Content-Type"] == "application/json; charset=utf-8"
    cards = json.loads(body)
    assert set(cards) == set(registry().db)
    record = registry().db["TD01-005"]
    assert cards["TD01-005"]["name"] == record.name
    assert cards["TD01-005"]["grade"] == record.grade
    assert cards["TD01-005"]["power"] == record.power
    assert get("/cards.json/x")[0] == 404

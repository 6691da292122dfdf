"""The reference browser client's HTTP side: the page, its modules and the card catalogue.

`vgcore serve --ws` mounts `web_routes` on the WebSocket port, so the page comes from the
host's own origin (a browser lets such a page open the host's WebSocket; a `data:` or file page
cannot). The client itself (vgcore/host/web/) speaks nothing but the host protocol; the one
thing it needs that the protocol does not carry is the printed data of the cards it draws
(names, grades, shields), which is public and the same for every game: `/cards.json`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vgcore.host.http import HttpReply, HttpRoutes, static_dir

if TYPE_CHECKING:
    from vgcore.plugins import Registry

WEB_DIR = Path(__file__).with_name("web")
PAGE_PATHS = ("/play",)  # paths that serve the page itself; it reads its own query

# The printed fields a board needs; everything else of a CardRecord stays on the host.
CARD_FIELDS = ("name", "kind", "grade", "power", "shield", "critical", "trigger", "gift",
               "skill", "text")


def web_routes(registry: Registry | Callable[[], Registry], root: Path = WEB_DIR) -> HttpRoutes:
    """The default routes ("/healthz") plus the client: its files on "/", the page again on
    each of PAGE_PATHS, and the card catalogue on "/cards.json" (made when first asked for;
    `registry` may be a function that loads the cards then)."""
    routes = HttpRoutes.default()
    files = static_dir(root)
    routes.add("/", files)
    for path in PAGE_PATHS:
        routes.add(path, lambda rest: files("/index.html") if rest in ("", "/") else None)
    made: list[HttpReply] = []

    def catalogue(rest: str) -> HttpReply | None:
        if rest != "":
            return None
        if not made:  # on the first request: a sharded host's router loads no cards before
            made.append(json_reply(card_catalogue(
                registry() if callable(registry) else registry)))
        return made[0]

    routes.add("/cards.json", catalogue)
    return routes


def card_catalogue(registry: Registry) -> dict[str, dict[str, Any]]:
    """Every installed card's printed data by id (fields left out when the card has none)."""
    catalogue = {}
    for card_id in registry.db:
        record = registry.db[card_id]
        fields = {name: getattr(record, name) for name in CARD_FIELDS}
        catalogue[card_id] = {k: v for k, v in fields.items() if v not in (None, "")}
    return catalogue


def json_reply(value: Any) -> HttpReply:
    body = json.dumps(value, separators=(",", ":"), sort_keys=True).encode()
    return HttpReply(200, {"Content-Type": "application/json; charset=utf-8",
                           "Cache-Control": "no-cache"}, body)

"""The plain-HTTP side of the WebSocket port: a small router of GET handlers.

The WebSocket server hands every request that is not a WebSocket upgrade to an `HttpRoutes`
(ws.py). A handler is mounted on a path prefix and returns an `HttpReply`; the browser client
(webclient.py) mounts `static_dir(...)` on "/" the same way the defaults below are mounted.
Nothing here does I/O on sockets, so the router is tested without a server.
"""

from __future__ import annotations

import mimetypes
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple
from urllib.parse import unquote, urlsplit

# Content types of the files a web client ships, fixed here because the platform's mimetypes
# table varies (some systems map .js to text/plain, which browsers refuse for modules).
CONTENT_TYPES = {
    ".html": "text/html", ".htm": "text/html", ".css": "text/css",
    ".js": "text/javascript", ".mjs": "text/javascript", ".json": "application/json",
    ".map": "application/json", ".txt": "text/plain", ".svg": "image/svg+xml",
    ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif",
    ".webp": "image/webp", ".ico": "image/x-icon", ".wasm": "application/wasm",
    ".woff": "font/woff", ".woff2": "font/woff2", ".ttf": "font/ttf",
}

INDEX_PAGE = "vgcore host: connect a WebSocket to this URL\n"


class HttpReply(NamedTuple):
    """What a handler answers: the status, extra headers, and the body."""

    status: int
    headers: dict[str, str]
    body: bytes


# A handler gets the request path below its prefix ("" for the prefix itself, else starting
# with "/") and answers (an HttpReply or any (status, headers, body) tuple), or returns None
# for "not here" (404).
Handler = Callable[[str], tuple[int, dict[str, str], bytes] | None]


def text_reply(status: int, text: str, content_type: str = "text/plain") -> HttpReply:
    return HttpReply(status, {"Content-Type": f"{content_type}; charset=utf-8"},
                     text.encode())


NOT_FOUND = text_reply(404, "not found\n")


class HttpRoutes:
    """Path prefixes mapped to handlers; the longest matching prefix answers.

    A prefix matches itself and the paths under it ("/static" matches "/static" and
    "/static/app.js", not "/staticky"). Only GET is served: anything else is 405.
    """

    def __init__(self) -> None:
        self._routes: dict[str, Handler] = {}

    def add(self, prefix: str, handler: Handler) -> None:
        """Mount `handler` on `prefix` (replacing what was mounted there)."""
        if not prefix.startswith("/"):
            raise ValueError(f"a route prefix starts with '/', not {prefix!r}")
        self._routes[prefix.rstrip("/") or "/"] = handler

    def respond(self, method: str, target: str) -> HttpReply:
        """The reply to `method target` (target as in the request line, query allowed)."""
        if method != "GET":
            return HttpReply(405, {"Allow": "GET", "Content-Type": "text/plain; charset=utf-8"},
                             b"only GET is served here\n")
        path = urlsplit(target).path or "/"
        for prefix in sorted(self._routes, key=len, reverse=True):
            rest = _below(path, prefix)
            if rest is not None:
                reply = self._routes[prefix](rest)
                return HttpReply(*reply) if reply is not None else NOT_FOUND
        return NOT_FOUND

    @classmethod
    def default(cls) -> HttpRoutes:
        """The routes a bare host serves: a one-line page on "/" and "/healthz"."""
        routes = cls()
        routes.add("/", exact(text_reply(200, INDEX_PAGE)))
        routes.add("/healthz", exact(text_reply(200, "ok\n")))
        return routes


def exact(reply: HttpReply) -> Handler:
    """A handler that answers `reply` for its prefix itself and 404 below it."""
    return lambda rest: reply if rest in ("", "/") else None


def static_dir(root: str | Path, *, index: str = "index.html") -> Handler:
    """Serve the files under `root` (a package's data directory). Paths are resolved and must
    stay inside `root`: "..", hidden names ("."-prefixed), backslashes, NUL and symbolic
    links leading outside are all "not found", never an error that tells what exists."""
    base = Path(root).resolve()

    def serve(rest: str) -> HttpReply | None:
        target = _inside(base, rest)
        if target is not None and target.is_dir():
            target = _inside(base, f"{rest.rstrip('/')}/{index}")
        if target is None or not target.is_file():
            return None
        return HttpReply(200, {"Content-Type": content_type(target),
                               "Cache-Control": "no-cache"}, target.read_bytes())

    return serve


def content_type(path: Path) -> str:
    suffix = path.suffix.lower()
    kind = CONTENT_TYPES.get(suffix) or mimetypes.guess_type(path.name)[0]
    if kind is None:
        return "application/octet-stream"
    if kind.startswith("text/") or kind in ("application/json", "image/svg+xml"):
        return f"{kind}; charset=utf-8"
    return kind


def _below(path: str, prefix: str) -> str | None:
    """The part of `path` under `prefix`, or None when the prefix does not match."""
    if prefix == "/":
        return path
    if path == prefix:
        return ""
    if path.startswith(prefix + "/"):
        return path[len(prefix):]
    return None


def _inside(base: Path, rest: str) -> Path | None:
    """`rest` (percent-encoded, "/"-separated) as a file path under `base`, or None."""
    try:
        decoded = unquote(rest, errors="strict")
    except UnicodeDecodeError:
        return None
    if "\\" in decoded or "\0" in decoded:
        return None
    parts = [p for p in decoded.split("/") if p]
    if any(p.startswith(".") for p in parts):  # "..", ".git", ".env"
        return None
    try:
        target = base.joinpath(*parts).resolve()
    except (OSError, RuntimeError):  # a symlink loop
        return None
    return target if target == base or target.is_relative_to(base) else None

"""The host protocol, version 1: every message as a typed msgspec Struct.

These Structs are the single definition of the protocol: the host decodes and validates each
client message with them (a few µs a message), the Python client can check what it receives
with them, and `vgcore schema host` prints their JSON Schema. A message is one JSON object
with `"v"` (the protocol version) and `"type"`; a request may carry `"id"`, which the reply
echoes as `"re"`. Unknown fields are ignored both ways, so a later minor addition never breaks
an older peer (docs/host-protocol.md, "Versioning").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

import msgspec

from vgcore.errors import VgError

PROTOCOL = 1  # the version this host speaks
PROTOCOLS = (1, 1)  # the range it accepts in `hello`
MAX_MESSAGE = 64 * 1024  # bytes of one client message; longer input is refused by the transport

# Ids and names a client sends are short words; bounding them keeps logs and the database sane.
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
GameId = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
Token = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
RequestId = int | Annotated[str, msgspec.Meta(max_length=100)]
Seq = Annotated[int, msgspec.Meta(ge=0, le=2**53)]
Seed = Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)]
Ms = Annotated[int, msgspec.Meta(ge=0, le=7 * 24 * 3600 * 1000)]

ERROR_CODES = (
    "bad_message",          # not JSON, not an object, an unknown type, a wrong field
    "unsupported_version",  # `v` or `hello.protocol` outside what this host speaks
    "unknown_game",         # no such game
    "unauthorized",         # a wrong token, or a seat this connection has not joined
    "not_your_decision",    # the pending decision asks another seat
    "stale_decision",       # the decision id is not the pending one (and was never answered)
    "illegal_action",       # not one of the decision's options (`legal` lists them)
    "bad_deck",             # a deck that is unknown or breaks the format (every violation)
    "bad_request",          # well-formed but impossible: an unknown format, seat or agent
    "game_over",            # the game has ended
    "too_many",             # a limit of this host: games, connections, seats
    "internal_error",       # the host failed (logged); the game is unchanged
)


class HostError(VgError):
    """A request the host refuses: sent to the client as an `error` message."""

    def __init__(self, code: str, message: str, legal: list[str] | None = None, *,
                 violations: list[str] | None = None) -> None:
        assert code in ERROR_CODES, code
        super().__init__(message)
        self.code = code
        self.message = message
        self.legal = legal
        self.violations = violations


class Message(msgspec.Struct, tag_field="type", kw_only=True):
    """Every message is tagged by its `type`. A field left `UNSET` is not sent at all."""


class Request(Message, kw_only=True):
    """A client message: `v` is required, `id` optional (echoed as the reply's `re`)."""

    v: int
    id: RequestId | msgspec.UnsetType = msgspec.UNSET


# -- client to host ----------------------------------------------------------------------


class Hello(Request, tag="hello"):
    """`batch`: the host may pack the messages it sends at one moment into one `batch`
    message (one frame, one line) — far fewer frames for a client that can unpack them."""

    protocol: Annotated[list[int], msgspec.Meta(min_length=2, max_length=2)] = msgspec.field(
        default_factory=lambda: [1, 1])
    client: Annotated[str, msgspec.Meta(max_length=200)] | None = None
    batch: bool = False


class DeckEntry(msgspec.Struct, forbid_unknown_fields=True):
    id: Name
    count: Annotated[int, msgspec.Meta(ge=1, le=100)]


class InlineDeck(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A deck list sent in the message (the deck file's keys, RULES.md §3)."""

    name: Name = "inline deck"
    deck: Annotated[list[DeckEntry], msgspec.Meta(max_length=200)]
    ride_deck: Annotated[list[DeckEntry], msgspec.Meta(max_length=50)] | None = None
    g_deck: Annotated[list[DeckEntry], msgspec.Meta(max_length=50)] | None = None
    first_vanguard: Name | None = None
    format: Name | None = None
    description: Annotated[str, msgspec.Meta(max_length=2000)] | None = None  # kept, not read


class ClockSpec(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A chess clock per seat: `bank_ms` to start, `increment_ms` after each answer, and
    `grace_ms` per decision before the bank runs. On expiry, `on_expiry` applies: "answer"
    (the host's agent answers that decision) or "lose"."""

    bank_ms: Ms = 600_000
    increment_ms: Ms = 0
    grace_ms: Ms = 0
    on_expiry: Literal["answer", "lose"] = "answer"


class SpectatorSpec(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    allowed: bool = True
    delay: Annotated[int, msgspec.Meta(ge=0, le=1000)] = 0  # decisions behind the game


class Create(Request, tag="create"):
    format: Name
    decks: dict[Name, Name | InlineDeck] | None = None  # seat -> deck; None: the defaults
    seed: Seed | None = None
    seats: dict[Name, Name] = {}  # seat -> "human" (the default) or "agent:<name>"
    clock: ClockSpec | None = None
    spectators: SpectatorSpec | None = None
    reconnect_window_ms: Ms | None = None
    # A human seat gone past its window: it loses ("concede"), or the host's agent plays it
    # until somebody joins it again ("agent").
    on_disconnect: Literal["concede", "agent"] = "concede"
    first_player: Name | None = None


class Join(Request, tag="join"):
    """`views`: a `view` after every change (the default, for frontends); false: events,
    decisions and waiting only (bots; `get view` still answers)."""

    game: GameId
    seat: Name
    token: Token
    views: bool = True


class Answer(Request, tag="answer"):
    game: GameId
    decision: Annotated[int, msgspec.Meta(ge=0)]
    action: Annotated[str, msgspec.Meta(max_length=1000)] | Annotated[int, msgspec.Meta(ge=0)]


class Resume(Request, tag="resume"):
    game: GameId
    seat: Name
    token: Token
    after: Seq = 0
    views: bool = True


class Spectate(Request, tag="spectate"):
    game: GameId
    after: Seq = 0
    views: bool = True


class Concede(Request, tag="concede"):
    game: GameId
    seat: Name


class Leave(Request, tag="leave"):
    game: GameId | None = None  # None: every game of this connection


class Get(Request, tag="get"):
    game: GameId
    what: Literal["view", "legal", "replay"]
    seat: Name | None = None  # which joined seat's view (a connection that joined several)
    # view of a finished game only: the view as it was after its first `at` answers (0 to
    # the number of answers; the last is the final view), for replay viewers
    at: int | None = None


class Ping(Request, tag="ping"):
    pass


class AskHint(Request, tag="hint"):
    """What one of the host's agents would answer to this connection's pending decision
    (a bot seat played from outside; a "suggest" button). The agents read only what the
    asking seat may know: its own cards and the public field."""

    game: GameId
    agent: Name = "greedy"


class ListGames(Request, tag="list"):
    status: Literal["live", "over"] | None = None
    limit: Annotated[int, msgspec.Meta(ge=1, le=500)] = 50


ClientMessage = (Hello | Create | Join | Answer | Resume | Spectate | Concede | Leave | Get
                 | Ping | ListGames | AskHint)


# -- host to client ----------------------------------------------------------------------


class Reply(Message, kw_only=True):
    """A host message; `re` is the `id` of the request it answers, when it answers one."""

    v: int = PROTOCOL
    re: RequestId | msgspec.UnsetType = msgspec.UNSET


class FormatInfo(msgspec.Struct, kw_only=True):
    id: str
    name: str
    seats: list[str]
    decks: list[str]


class Welcome(Reply, tag="welcome"):
    protocol: int
    engine_version: str
    formats: list[FormatInfo]
    decks: dict[str, list[str]]  # format -> installed deck names
    plugins: list[str]
    agents: list[str]
    batch: bool = False  # this connection gets `batch` messages (it asked in `hello`)


class Created(Reply, tag="created"):
    game: str
    tokens: dict[str, str]  # human seats only
    seats: dict[str, str]


class DecisionInfo(msgspec.Struct, kw_only=True):
    id: int
    seat: str
    kind: str
    prompt: str
    options: list[str]
    min: int = 1
    max: int = 1
    optional: bool = False
    data: dict[str, Any] = {}


class Joined(Reply, tag="joined"):
    game: str
    seat: str | None  # None for a spectator
    seq: int
    view: dict[str, Any]
    decision: DecisionInfo | None = None


class Accepted(Reply, tag="accepted"):
    game: str
    decision: int


class DecisionMsg(Reply, tag="decision"):
    game: str
    seat: str
    seq: int
    decision: DecisionInfo


class Waiting(Reply, tag="waiting"):
    game: str
    seat: str
    kind: str


class EventMsg(Reply, tag="event"):
    """Event number `seq` of the game's log, as `seat` may read it (None: a spectator)."""

    game: str
    seat: str | None
    seq: int
    event: dict[str, Any]


class ViewMsg(Reply, tag="view"):
    """`seat`'s view (None: a spectator's) once the first `seq` events have happened."""

    game: str
    seat: str | None
    seq: int
    view: dict[str, Any]


class GameOver(Reply, tag="game_over"):
    game: str
    result: str
    reason: str | None
    replay: dict[str, Any] | None = None


class ClockMsg(Reply, tag="clock"):
    game: str
    seat: str
    remaining_ms: int
    running: bool = False


class Presence(Reply, tag="presence"):
    game: str
    seat: str
    connected: bool


class Error(Reply, tag="error"):
    code: str
    message: str
    legal: list[str] | msgspec.UnsetType = msgspec.UNSET
    # bad_deck: every problem of every deck, one string each ("A (name): …"), as the message
    # lists them joined, so that a client shows them without parsing the message
    violations: list[str] | msgspec.UnsetType = msgspec.UNSET


class Pong(Reply, tag="pong"):
    pass


class Batch(Reply, tag="batch"):
    """Host messages sent at one moment, in order, to a connection that asked for batches;
    each element is a host message as it would have been sent alone."""

    messages: list[dict[str, Any]]


class Ok(Reply, tag="ok"):
    """The reply to a request that has no other (concede, leave): it was done."""


class GameInfo(msgspec.Struct, kw_only=True):
    game: str
    format: str
    status: str
    seats: dict[str, str]
    result: str | None = None
    reason: str | None = None
    created: float = 0.0


class Games(Reply, tag="games"):
    games: list[GameInfo]


class ReplayMsg(Reply, tag="replay"):
    game: str
    replay: dict[str, Any]


class Suggestion(Reply, tag="suggestion"):
    """The reply to `hint`: what the agent would answer to the pending decision."""

    game: str
    decision: int
    action: str


class Legal(Reply, tag="legal"):
    game: str
    decision: DecisionInfo | None


HostMessage = (Welcome | Created | Joined | Accepted | DecisionMsg | Waiting | EventMsg
               | ViewMsg | GameOver | ClockMsg | Presence | Error | Pong | Ok | Batch | Games
               | ReplayMsg | Legal | Suggestion)

_client_decoder = msgspec.json.Decoder(ClientMessage)
_host_decoder = msgspec.json.Decoder(HostMessage)
_encoder = msgspec.json.Encoder()


def decode(text: str | bytes) -> ClientMessage:
    """A client message, validated; `HostError` says what is wrong in one line."""
    if len(text) > MAX_MESSAGE // 4 and len(
            text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text) > MAX_MESSAGE:
        raise HostError("bad_message", f"a message is at most {MAX_MESSAGE} bytes")
    try:
        message = _client_decoder.decode(text)
    except msgspec.ValidationError as exc:
        raise HostError("bad_message", _said(exc, text)) from None
    except msgspec.DecodeError as exc:
        raise HostError("bad_message", f"not a JSON object: {exc}") from None
    except RecursionError:
        raise HostError("bad_message", "the message is nested too deep") from None
    if message.v != PROTOCOL:
        raise HostError("unsupported_version",
                        f"this host speaks protocol {PROTOCOL}; the message says v={message.v}")
    return message


def _said(exc: msgspec.ValidationError, text: str | bytes) -> str:
    """msgspec's message, plus what the unknown `type` was when that is the problem."""
    said = str(exc)
    if "`$.type`" in said or "missing required field `type`" in said:
        return f"{said}; message types: {', '.join(client_types())}"
    return said


def decode_host(text: str | bytes) -> HostMessage:
    """A host message, validated (for clients and tests)."""
    return _host_decoder.decode(text)


def encode(message: Message) -> str:
    return _encoder.encode(message).decode()


def encode_run(messages: Sequence[Message]) -> str:
    """Messages encoded in one call, comma-separated: a piece of a batch's list."""
    return _encoder.encode(messages)[1:-1].decode()


def batch_text(encoded: list[str]) -> str:
    """A `batch` of already encoded host messages (joined as text, not encoded again)."""
    return '{"type":"batch","messages":[' + ",".join(encoded) + '],"v":1}'


def request_id(text: str | bytes) -> RequestId | msgspec.UnsetType:
    """The `id` of a message that failed validation, when one can be read, so that the error
    reply can still carry `re`."""
    try:
        return _id_decoder.decode(text).id
    except (msgspec.DecodeError, RecursionError):
        return msgspec.UNSET


class _JustTheId(msgspec.Struct):
    id: RequestId | msgspec.UnsetType = msgspec.UNSET


_id_decoder = msgspec.json.Decoder(_JustTheId)


def error(exc: HostError, re: RequestId | msgspec.UnsetType = msgspec.UNSET) -> Error:
    legal = msgspec.UNSET if exc.legal is None else exc.legal
    violations = msgspec.UNSET if exc.violations is None else exc.violations
    return Error(re=re, code=exc.code, message=exc.message, legal=legal, violations=violations)


def client_types() -> list[str]:
    return [cls.__struct_config__.tag for cls in ClientMessage.__args__]


def host_types() -> list[str]:
    return [cls.__struct_config__.tag for cls in HostMessage.__args__]


def json_schemas() -> dict[str, Any]:
    """The JSON Schema of both directions (`vgcore schema host`)."""
    (client, host), components = msgspec.json.schema_components(
        [ClientMessage, HostMessage], ref_template="#/$defs/{name}")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"vgcore host protocol v{PROTOCOL}",
        "description": "Messages between a vgcore host and its clients (docs/host-protocol.md).",
        "$defs": {**components, "ClientMessage": client, "HostMessage": host},
        "oneOf": [{"$ref": "#/$defs/ClientMessage"}, {"$ref": "#/$defs/HostMessage"}],
    }

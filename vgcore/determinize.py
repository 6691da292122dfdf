"""Determinization: a game consistent with what one seat knows, its hidden cards dealt anew.

A search agent must not read the cards it cannot see. `Determinizer(game, seat)` works out
once which cards `seat` can identify; each `sample(rng)` then returns a new `Game` in which
every other card has been given another identity, drawn from the cards that could be there,
and the game's PRNG re-seeded, so that future shuffles and checks are unknown too. The seat's
view (`game.view(seat)`) is the same in every sample; the other seats' views differ.

What the seat can identify (everything else is dealt anew):

- the cards it can see now by the zone rules (RULES.md §1, `views.seers`);
- the cards a logged event told it about (an event it may read, `views.may_read`, naming the
  card in a field paired with its uid: `card`/`uid`, `previous`/`previous_uid`…) that have not
  changed zones since (the `entered` flag, vgcore.history) — a card it saw go into the
  opponent's hand, onto the bottom of a deck, a damage card later turned face down. A card
  it saw go into a deck that has been shuffled since is known to be in that deck, at an
  unknown place;
- cards the procedure is in the middle of using (pinned, so that the pending question stays
  the same question): pending and resolving abilities' cards, the cards an effect has bound,
  the candidates a chooser knows by name, the cards a G assist looked at.

The cards dealt anew keep their owner (each player's deck list is taken as known, as in any
simulation) and their place: only identities move between the places that hold unknown cards
of one player — the deck, the hand and face-down cards of the core zones (RULES.md §1). A card
of a separate part of a deck (the ride deck, the G deck) or a plugin's pseudo-card (a gift)
stays as it is: the deck list alone fixes those zones' contents, and a G unit must not be
dealt into a main deck. Tokens are never hidden.

Known limits, all on the side of knowing less than a careful player could (never more, save
the pins above): a `look` event names no uids, so a seat that looked at the top of a deck
and left the cards there forgets them; and a known card's zone losing an unseen card (a
face-down discard) keeps the known card known, though the seat could not tell which left.
The log's private events about a re-dealt card are rewritten to name its new identity, so the
turn history that card conditions read agrees with the new cards.

When another seat is being asked, its question was put from its real cards and says something
of them (a stride is offered only with a hand that pays for it): a sample asks that question
again (`snapshots.ask_again`) and draws the deal again, up to `REASK_TRIES` times, until the
question is the same seat's and kind's (what the seat's view shows of it); past that, or when
the question cannot be asked again, the asked seat's cards are kept as they are.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final

from vgcore.carddb import CARD_KINDS
from vgcore.history import ENTERED
from vgcore.rng import Pcg32
from vgcore.snapshots import ask_again
from vgcore.steps import PICK, knows
from vgcore.types import TOKEN, Seat, Uid, Zone
from vgcore.views import may_read, seers

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.state import Event

#: The core zones whose unknown cards came from a player's main deck, so may be any of them.
MIXED_ZONES: Final = frozenset({Zone.DECK, Zone.HAND, Zone.DAMAGE, Zone.SOUL, Zone.DROP,
                                Zone.BIND, Zone.TRIGGER, Zone.REMOVED, Zone.ORDER, Zone.CREST})

#: The core kinds of main-deck cards (a plugin's kinds — G units, gifts — never mix in).
MIXED_KINDS: Final = frozenset(CARD_KINDS) - {TOKEN}

#: Deals tried for another seat's question before that seat's cards are kept as they are.
REASK_TRIES: Final = 20

Rewrite = tuple[int, str, Uid]
"""(log index, card field, uid): a private event's field that names a re-dealt card."""


class Determinizer:
    """What `seat` can know of `game`, worked out once; `sample` deals the rest anew."""

    __slots__ = ("bound", "free", "game", "reask", "rewrites", "seat")

    def __init__(self, game: Game, seat: Seat) -> None:
        if seat not in game.state.seats:
            from vgcore.errors import SeatError

            raise SeatError(f"unknown seat {seat!r}; the seats are "
                            + ", ".join(game.state.seats))
        self.game = game
        self.seat = seat
        free, bound = unknown_cards(game, seat)
        # Another seat's pending question was put from its real cards: a sample asks it
        # again; a question that cannot be asked again keeps that seat's cards as they are.
        asked = game.state.decision
        self.reask = asked is not None and asked.seat != seat and bool(free or bound)
        if self.reask and asked is not None and ask_again(game) is None:
            self.reask = False
            free.pop(asked.seat, None)
            bound = {key: uids for key, uids in bound.items() if key[0] != asked.seat}
        self.free: dict[Seat, tuple[Uid, ...]] = free
        self.bound: dict[tuple[Seat, str], tuple[Uid, ...]] = bound
        dealt = {u for uids in free.values() for u in uids}
        dealt.update(u for uids in bound.values() for u in uids)
        self.rewrites: tuple[Rewrite, ...] = tuple(private_mentions(game, seat, dealt))

    @property
    def hidden_count(self) -> int:
        """How many cards a sample may deal anew (0: the seat knows the whole game)."""
        return sum(map(len, self.free.values())) + sum(map(len, self.bound.values()))

    def sample(self, rng: random.Random) -> Game:
        """A new game like the original but for the unknown cards' identities and the PRNG;
        the original is unchanged. The same `rng` state gives the same game."""
        if not isinstance(rng, random.Random):
            raise TypeError(f"rng must be a random.Random, got {type(rng).__name__}")
        asked = self.game.state.decision
        if not self.reask or asked is None:
            return self._dealt(rng, None)
        # Being asked says something of the asked seat's cards (a stride is offered only
        # with a hand that pays for it): deals whose question differs are drawn again.
        for _ in range(REASK_TRIES):
            twin = self._dealt(rng, None)
            again = ask_again(twin)
            if (again is not None and again.seat == asked.seat and again.kind == asked.kind
                    and (len(again.options) > 1 or again.optional)):
                twin.state.decision = again
                return twin
        return self._dealt(rng, asked.seat)

    def _dealt(self, rng: random.Random, keep: Seat | None) -> Game:
        """A clone with the unknown cards of every owner but `keep` dealt anew."""
        twin = self.game.clone()
        st = twin.state
        ids = st.card_ids
        new_ids: dict[Uid, str] = {}
        for owner in sorted(set(self.free) | {o for o, _ in self.bound}):
            if owner != keep:
                new_ids.update(self._deal(owner, ids, rng))
        for uid, card_id in new_ids.items():
            ids[uid] = card_id
        if new_ids:
            twin.cards_changed()
        if self.rewrites:
            log = st.log
            for at, key, uid in self.rewrites:
                if log[at].get(key) != ids[uid]:
                    log[at] = {**log[at], key: ids[uid]}  # events are shared between clones
        st.rng = Pcg32(rng.getrandbits(64), rng.getrandbits(62))
        return twin

    def _deal(self, owner: Seat, ids: list[str], rng: random.Random) -> dict[Uid, str]:
        """New identities for one player's unknown cards: a card known to be in a shuffled
        deck goes to a random unknown place of that deck; the others fill the rest."""
        free = self.free.get(owner, ())
        out: dict[Uid, str] = {}
        open_slots = list(free)
        for (seat, zone), bound in sorted(self.bound.items()):
            if seat != owner:
                continue
            in_zone = [u for u in open_slots if self.game.state.loc[u] == (seat, zone)]
            slots = in_zone + list(bound)
            rng.shuffle(slots)
            for uid, slot in zip(bound, slots, strict=False):
                out[slot] = ids[uid]
            taken = set(slots[:len(bound)])
            open_slots = [u for u in open_slots if u not in taken]
            open_slots += [u for u in slots[len(bound):] if u in bound]
        pool = [ids[u] for u in free]
        rng.shuffle(pool)
        out.update(zip(sorted(open_slots), pool, strict=True))
        return out


def resample(game: Game, seat: Seat, rng: random.Random) -> Game:
    """A new game consistent with everything `seat` can know, hidden cards dealt anew
    (`Determinizer` once and `sample` many times is cheaper for many samples)."""
    return Determinizer(game, seat).sample(rng)


# -- what a seat knows ----------------------------------------------------------------------


def unknown_cards(game: Game, seat: Seat) -> tuple[dict[Seat, tuple[Uid, ...]],
                                                   dict[tuple[Seat, str], tuple[Uid, ...]]]:
    """Per owner, the cards `seat` cannot identify that may be dealt anew (`free`), and per
    deck, the cards it knows to be in that deck but not where (`bound`)."""
    st = game.state
    told, shuffled = told_cards(game, seat)
    entered = st.flags.get(ENTERED, {})
    pinned = pinned_cards(game)
    db = game.engine.db
    free: dict[Seat, list[Uid]] = {}
    bound: dict[tuple[Seat, str], list[Uid]] = {}
    for uid, (holder, zone) in enumerate(st.loc):
        if zone not in MIXED_ZONES or uid in pinned or seat in seers(game, uid):
            continue
        if db[st.card_ids[uid]].kind not in MIXED_KINDS:
            continue
        n = told.get(uid)
        if n is not None and entered.get(str(uid), 0) <= n:
            if zone == Zone.DECK and shuffled.get((holder, zone), -1) > n:
                bound.setdefault((holder, zone), []).append(uid)
            continue  # known, in its place
        free.setdefault(st.owners[uid], []).append(uid)
    return ({o: tuple(u) for o, u in free.items()}, {k: tuple(u) for k, u in bound.items()})


def told_cards(game: Game, seat: Seat) -> tuple[dict[Uid, int], dict[tuple[Seat, str], int]]:
    """The last event `seat` may read that named each card (uid → event number), and the
    last shuffle of each zone."""
    told: dict[Uid, int] = {}
    shuffled: dict[tuple[Seat, str], int] = {}
    for event in game.state.log:
        if event["kind"] == "shuffle":
            shuffled[(event["seat"], event.get("zone", Zone.DECK))] = event["n"]
        if not may_read(event, seat):
            continue
        for uid, _key in named_cards(event):
            told[uid] = event["n"]
    return told, shuffled


def named_cards(event: Event) -> Iterable[tuple[Uid, str]]:
    """(uid, card field) for each card an event names by id beside its uid: `uid` with
    `card`, `X_uid` with `X` or `X_card`."""
    for key, value in event.items():
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        if key == "uid":
            field = "card"
        elif key.endswith("_uid"):
            field = key[:-4] if key[:-4] in event else key[:-4] + "_card"
        else:
            continue
        if isinstance(event.get(field), str):
            yield value, field


def pinned_cards(game: Game) -> set[Uid]:
    """Cards the procedure is in the middle of using: dealing them anew would change the
    pending question or the ability resolving."""
    st = game.state
    pins = {pa["uid"] for pa in st.pending}
    for frame in st.stack:
        pa = frame.get("pa")
        if isinstance(pa, Mapping) and isinstance(pa.get("uid"), int):
            pins.add(pa["uid"])
        bindings = frame.get("b")
        if isinstance(bindings, Mapping):
            pins.update(_uids(bindings.values()))
        pick = frame.get(PICK)
        if isinstance(pick, Mapping):
            pins.update(u for u in pick["cands"] if knows(game, pick["seat"], u))
        pins.update(_uids(frame.get("looked") or ()))
    return pins


def private_mentions(game: Game, seat: Seat, dealt: set[Uid]) -> Iterable[Rewrite]:
    """The card fields of events `seat` may not read that name a card about to be dealt
    anew, since it last changed zones (older events were about an earlier object)."""
    if not dealt:
        return
    entered = game.state.flags.get(ENTERED, {})
    for at, event in enumerate(game.state.log):
        if may_read(event, seat):
            continue
        for uid, key in named_cards(event):
            if uid in dealt and entered.get(str(uid), 0) <= event["n"]:
                yield at, key, uid


def _uids(values: Iterable[Any]) -> Iterable[Uid]:
    for value in values:
        if isinstance(value, int) and not isinstance(value, bool):
            yield value
        elif isinstance(value, list | tuple):
            yield from (v for v in value if isinstance(v, int) and not isinstance(v, bool))

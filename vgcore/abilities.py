"""Abilities in play: AUTO triggering, check timing, resolution, ACT activation (RULES.md §7–§8).

Events from primitive actions are matched against the AUTO abilities of cards in the game —
only those declared for that event kind are looked at, so an event no ability listens to
costs one set lookup. A match becomes a *pending ability* (plain data: the card, the ability
number, its controller and the event, which is the last-known information about the cards
involved). At check timing the `check_timing` frame lets the turn player resolve their ready
pending abilities one at a time, then the other players (ordering.py decides readiness). A
`resolve` frame checks the resolution condition, offers the cost, pays it and runs the effect.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from vgcore.costs import can_pay, describe_cost
from vgcore.decisions import Action, new_action, shared_action
from vgcore.engine import (
    OPTION_ARGS,
    judged_keys,
    merge_listeners,
    modifier_test,
    modifies_stat,
    move_zones,
)
from vgcore.errors import ScriptError
from vgcore.framekind import FrameKind
from vgcore.limits import check_pending, count_resolution
from vgcore.ordering import Pending, next_chooser
from vgcore.scripting.declarations import WHEN_CARD_ROLES, Ability, CardScript
from vgcore.selectors import (
    CORE_ZONES,
    Ctx,
    active_in,
    circle_of,
    condition_holds,
    filter_matches,
    is_mapping,
    zone_matches,
    zone_names,
)
from vgcore.steps import hidden, push_block
from vgcore.types import GC

if TYPE_CHECKING:
    from vgcore.carddb import CardRecord
    from vgcore.engine import (
        EventListener,
        GameTest,
        MoveZones,
        NameProvider,
        PluginScope,
        ScopedCall,
        StatModifier,
        ValidityCheck,
        ZoneListener,
    )
    from vgcore.game import Game
    from vgcore.state import Event, Frame
    from vgcore.types import Seat, Uid

# A plugin's extra options' gate in one game (`option_gate`): the zones of the asking seat and
# of its opponents to look in, the cards of which one must be in one of them, and whether
# that card must be the asking seat's own (`PluginScope.option_own_cards`).
OptionGate = tuple[tuple[str, ...], tuple[str, ...], frozenset[int], bool]


# -- validity and triggering ---------------------------------------------------------------


def used_key(uid: Uid, number: int) -> str:
    return f"{uid}:{number}"


def is_valid(game: Game, seat: Seat, uid: Uid, ability: Ability) -> bool:
    """Validity (the "A" of RULES.md §7): limit break, once per turn, plugin conditions
    (the cheapest first: an ACT used this turn is asked at every main-phase question)."""
    if ability.once_per_turn:
        used = game.state.flags.get("used")
        if used and used.get(used_key(uid, ability.number)) == game.state.turn:
            return False
    limit = ability.limit_break
    if limit is not None and game.team_damage(seat) < limit:  # a tag team's total (§13)
        return False
    if (game.state.modifiers or game.index.conts) and game.has(uid, "no_abilities"):
        return False
    engine = game.engine
    known = ability.judged_by
    checks = (known[1] if known is not None and known[0] is engine
              else checks_for(game, seat, uid, ability))
    for check in checks:  # noqa: SIM110 - a hot path
        if not check(game, seat, uid, ability):
            return False
    return True


def checks_for(game: Game, seat: Seat, uid: Uid, ability: Ability,
               ) -> tuple[ValidityCheck, ...]:
    """The plugins' validity checks that can judge this ability (`vgcore.engine.judges`),
    found once per ability and engine and kept on the ability (`Ability.judged_by`): most
    abilities have none of the keys the checks judge. A check that judges by the spec alone
    is asked here, once: an ability it refuses gets a check that always refuses, one it
    passes is never asked about again."""
    engine = game.engine
    spec = ability.spec
    if engine.spec_checks and refused_for_good(game, uid, ability, engine.spec_checks):
        checks: tuple[ValidityCheck, ...] = (_never_valid,)
    else:
        checks = tuple([check for check in engine.validity_checks
                        if check not in engine.spec_checks
                        and ((keys := judged_keys(check)) is None
                             or any(key in spec for key in keys))])
    ability.judged_by = (engine, checks)  # one assignment: a reader sees both or neither
    return checks


def _never_valid(game: Game, seat: Seat, uid: Uid, ability: Ability) -> bool:
    """The validity of an ability a spec-only check refused (`checks_for`)."""
    return False


def refused_for_good(game: Game, uid: Uid, ability: Ability,
                     checks: Sequence[ValidityCheck]) -> bool:
    """Whether a check that judges by the spec alone (`judges(spec_only=True)`) refuses the
    ability: asked when a game's index is built and when the ability's checks are first
    looked up (the seat and card it is handed there are the card's owner and the card, which
    such a check promises not to read)."""
    spec = ability.spec
    seat = game.state.owners[uid]
    for check in checks:
        keys = judged_keys(check)
        if (keys is None or any(key in spec for key in keys)) \
                and not check(game, seat, uid, ability):
            return True
    return False


def zone_at_event(game: Game, uid: Uid, event: Event) -> str:
    """Where a card was when the event happened (a retired unit was on its circle)."""
    if event.get("uid") == uid and "from" in event:
        return str(event["from"])
    if event.get("previous_uid") == uid and "previous_from" in event:
        return str(event["previous_from"])
    return game.state.loc[uid][1]


def trigger_matches(game: Game, ctx: Ctx, when: Mapping[str, Any], event: Event) -> bool:
    """The trigger's event kind and every field filter match (the "B" of RULES.md §7)."""
    if event["kind"] not in when["event"]:
        return False
    for key, want in when.items():
        if key == "event":
            continue
        if key in _WHEN_CARD_ROLES:
            field = "uid" if key == "subject" else f"{key}_uid"
            uid = event.get(field)
            if is_mapping(want) and uid is not None and POSITION_KEYS & want.keys():
                # Last-known information: where the card was when the event happened.
                seat = event.get("from_seat") or game.state.loc[uid][0]
                zone = zone_at_event(game, uid, event)
                if not position_matches(game, ctx, seat, zone, want):
                    return False
                want = {k: v for k, v in want.items() if k not in POSITION_KEYS}
            if not filter_matches(game, ctx, uid, want):
                return False
        elif key == "player":
            if event.get("seat") != (ctx.seat if want == "you" else game.opponent(ctx.seat)):
                return False
        elif key == "from":  # where a card came from, in zone words ("RC" = any rear-guard)
            from_seat, from_zone = event.get("from_seat", event.get("seat")), event.get("from")
            wanted = want if isinstance(want, tuple) else (want,)
            if (from_seat is None or from_zone is None
                    or not zone_matches(game, from_seat, from_zone, wanted)):
                return False
        else:
            value = event.get(key)
            if not (value in want if isinstance(want, tuple) else value == want):
                return False
    return True


POSITION_KEYS: Final = frozenset({"zone", "circle", "row", "owner"})
_WHEN_CARD_ROLES: Final = WHEN_CARD_ROLES  # an interpreted module's name as a constant


def position_matches(game: Game, ctx: Ctx, seat: Seat, zone: str,
                     want: Mapping[str, Any]) -> bool:
    """The position keys of a filter, judged at a given seat and zone."""
    if "zone" in want and not zone_matches(game, seat, zone, want["zone"]):
        return False
    if "circle" in want and circle_of(game, zone) not in want["circle"]:
        return False
    if "row" in want:
        layout = game.state.players[seat].circles.get(circle_of(game, zone))
        if layout is None or layout[0] != want["row"]:
            return False
    owner = want.get("owner", "any")
    return owner == "any" or seat == (ctx.seat if owner == "you" else game.opponent(ctx.seat))


def collect_triggers(game: Game, event: Event) -> None:
    """Make every AUTO ability that this event triggers pending (printed or granted)."""
    st = game.state
    kind = event["kind"]
    index = game.index
    autos = index.autos.get(kind)
    printed: list[tuple[int, Ability]] = autos if autos else []
    subject = event.get("uid")
    own = index.self_autos.get(kind)
    if own and subject in own:
        printed = printed + [(subject, ability) for ability in own[subject]]
        printed.sort(key=lambda c: (c[0], c[1].number))  # card order, as printed
    # The cards the event moved, as plain ints (-1: none): their zone is where they were.
    previous = event.get("previous_uid")
    moved_a = subject if type(subject) is int else -1  # (not isinstance: a generic call)
    moved_b = previous if type(previous) is int else -1
    loc = st.loc
    for uid, ability in printed:
        zone = loc[uid][1]
        if zone in CORE_ZONES and zone not in ability.zone_set and uid != moved_a \
                and uid != moved_b:
            continue  # in the deck, hand, drop…, where it does not work (as `active_in` says)
        trigger_if_met(game, event, uid, ability, None, moved_a, moved_b)
    if st.flags.get("granted"):
        for key, uid, ability in game.granted():
            if ability.kind == "auto" and kind in ability.spec["when"]["event"]:
                trigger_if_met(game, event, uid, ability, key, moved_a, moved_b)


def trigger_if_met(game: Game, event: Event, uid: Uid, ability: Ability, grant: str | None,
                   moved_a: int, moved_b: int) -> None:
    """Make one candidate AUTO ability pending if the event triggers it where its card is."""
    st = game.state
    seat, zone = st.loc[uid]
    if zone == GC:
        seat = st.owners[uid]  # a guardian is its owner's (a tag guardian: the teammate's)
    if uid in (moved_a, moved_b):  # mypyc compares the two ints
        zone = zone_at_event(game, uid, event)
    if not active_in(game, seat, zone, ability.zone_set):
        return
    if not is_valid(game, seat, uid, ability):
        return
    ctx = Ctx(seat, uid, event)
    spec = ability.spec
    try:
        if not trigger_matches(game, ctx, spec["when"], event):
            return
        if "filter" in spec and not condition_holds(game, ctx, spec["filter"]):
            return
    except ScriptError as exc:  # a failing trigger filter does not trigger
        game.tolerate(exc)
        return
    seq = st.flags.get("pending_seq", 0) + 1
    st.flags["pending_seq"] = seq
    pending = {"id": seq, "uid": uid, "card": st.card_ids[uid], "ab": ability.number,
               "seat": seat, "event": event}
    if grant is not None:
        pending.update(grant=grant, ab=granted_number(game, uid, grant))
    st.pending.append(pending)
    check_pending(game)  # a runaway fan-out of abilities (vgcore.limits)


def granted_number(game: Game, uid: Uid, grant: str) -> int:
    """A granted ability's number on its unit: after the printed ones, in grant order."""
    script = game.engine.script(game.state.card_ids[uid])
    printed = len(script.abilities) if script is not None else 0
    mine = [k for k, e in game.state.flags.get("granted", {}).items() if e["uid"] == uid]
    return printed + mine.index(grant) + 1


# -- references ----------------------------------------------------------------------------


def ability_ref(game: Game, seat: Seat, uid: Uid, card_id: str, number: int, kind: str) -> str:
    """`<circle or id>[:<n>]` as SCENARIOS.md §1 writes it; `:n` only when needed."""
    st = game.state
    where, zone = st.loc[uid]
    name = zone if zone in st.players[where].circles else card_id
    if where != seat:
        name = f"{where}.{name}"
    counts = game.index.kind_counts
    printed = counts.get((card_id, kind))
    if printed is None:  # the card's printed abilities of this kind, counted once
        script = game.engine.script(card_id)
        printed = counts[card_id, kind] = len(script.of_kind(kind)) if script is not None else 0
    given = sum(1 for _k, u, a in game.granted() if u == uid and a.kind == kind)
    if printed + given == 1:
        return name
    return f"{name}:{number}"


# -- check timing --------------------------------------------------------------------------


def run_check_timing(game: Game, frame: Frame) -> None:
    st = game.state
    if not st.pending:
        game.pop()
        return
    if len(st.pending) == 1:  # the usual case: one ability, ready, its controller chooses
        ready: list[Pending] = [st.pending[0]]
        seat = ready[0]["seat"]
    else:
        seat, ready = next_chooser(game)
    options: list[Action] = []
    for pa in ready:
        ref = ability_ref(game, seat, pa["uid"], pa["card"], pa["ab"], "auto")
        action = new_action("resolve", (ref,))
        if action not in options:
            options.append(action)
    frame["seat"] = seat
    frame["ready"] = tuple(pa["id"] for pa in ready)
    secret = any(secret_of(game, pa) for pa in ready)
    game.ask(seat, "resolve", "Choose an ability to resolve.", options,
             data={"private": True} if secret else None)


def answer_check_timing(game: Game, frame: Frame, action: Action) -> None:
    st = game.state
    seat = frame["seat"]
    chosen = next(pa for pa in st.pending if pa["id"] in frame["ready"]
                  and ability_ref(game, seat, pa["uid"], pa["card"], pa["ab"], "auto")
                  == action.args[0])
    st.pending = [pa for pa in st.pending if pa["id"] != chosen["id"]]
    start_resolution(game, chosen)


def announce(game: Game, pa: Mapping[str, Any], kind: str, *, reason: str | None = None,
             uid: Uid | None = None) -> None:
    """Log an ability event (`ability`, `ability_fizzled` with its reason, `ability_resolved`,
    `ability_declined`), private to its controller when its card is hidden. Each shape is a
    call of its own: keywords spelled out compile to a direct call, a `**` mapping does not."""
    seat, card, ability, private = pa["seat"], pa["card"], pa["ab"], secret_of(game, pa)
    if uid is not None:
        game.emit(kind, seat=seat, card=card, private=private, uid=uid, ability=ability)
    elif reason is not None:
        game.emit(kind, seat=seat, card=card, private=private, ability=ability, reason=reason)
    else:
        game.emit(kind, seat=seat, card=card, private=private, ability=ability)


def secret_of(game: Game, pa: Mapping[str, Any]) -> Seat | None:
    """An ability of a card nobody else may see (e.g. in the hand) is named to its owner only."""
    return pa["seat"] if hidden(game, pa["uid"]) else None


def start_resolution(game: Game, pa: Mapping[str, Any]) -> None:
    game.push({"k": "resolve", "pa": dict(pa), "s": 0, "b": {}})


# -- resolution ----------------------------------------------------------------------------


def run_resolve(game: Game, frame: Frame) -> None:
    """Condition, then cost (or "may"), then effect (RULES.md §7 "if C, you may pay D; E")."""
    pa = frame["pa"]
    ability = game.ability_for(pa)
    spec = ability.spec
    ctx = Ctx(pa["seat"], pa["uid"], pa.get("event"), frame["b"])
    stage = frame["s"]
    if stage == 0:
        if spec.get("once_per_turn"):
            used = game.state.flags.setdefault("used", {})
            key = used_key(pa["uid"], pa["ab"])
            if used.get(key) == game.state.turn:  # 1/Turn, but it triggered twice at once
                game.pop()
                announce(game, pa, "ability_fizzled", reason="once_per_turn")
                _first_effect_still_runs(game, pa)
                return
            used[key] = game.state.turn
        count_resolution(game)  # an endless loop of abilities (vgcore.limits)
        announce(game, pa, "ability", uid=pa["uid"])
        if "condition" in spec and not condition_holds(game, ctx, spec["condition"]):
            game.pop()
            announce(game, pa, "ability_fizzled", reason="condition")
            _first_effect_still_runs(game, pa)
            return
        frame["s"] = 1
        if spec.get("cost"):
            if pa.get("act"):
                frame["s"] = 2
                push_block(game, _as_child(game, frame), ("cost",))
                return
            if not can_pay(game, ctx, spec["cost"]):
                game.pop()
                announce(game, pa, "ability_fizzled", reason="cost")
                return
            cost = describe_cost(spec["cost"])
            game.ask(pa["seat"], "cost", f"Pay {cost} for {ability_name(game, pa)}?",
                     [shared_action("pay"), shared_action("decline")], optional=True,
                     data={"card": pa["card"], "ability": pa["ab"], "cost": cost})
            return
        if spec.get("may"):
            game.ask(pa["seat"], "may", f"Use {ability_name(game, pa)}?",
                     [shared_action("yes"), shared_action("no")], optional=True,
                     data={"card": pa["card"], "ability": pa["ab"]})
            return
        frame["s"] = 2
        return
    if stage == 1:  # answered pay/yes and the cost (if any) was paid
        frame["s"] = 2
        return
    if stage == 2:
        frame["s"] = 3
        partner = pa.get("with")
        if partner is not None:  # played as one (Alchemagic): the partner's cost comes next
            start_resolution(game, {**partner, "after": len(game.state.stack) - 1})
            return
        push_block(game, _as_child(game, frame), ("effect",))
        _first_effect_still_runs(game, pa)  # on top: it runs before this one's effect
        return
    game.pop()
    announce(game, pa, "ability_resolved")


def _first_effect_still_runs(game: Game, pa: Mapping[str, Any]) -> None:
    """Abilities resolved as one (`with`: an order and the order Alchemagic binds to it) pay
    their costs in turn, then run their effects in turn: the partner (`after` = the first's
    resolve frame) starts the first's effect once its own cost is paid, or when it ends."""
    if "after" in pa:
        push_block(game, {"r": pa["after"]}, ("effect",))


def ability_name(game: Game, pa: Mapping[str, Any]) -> str:
    """How a question names the ability it is about: "ability 2 of <name> (<id>)"."""
    card = game.engine.db[pa["card"]]
    return f"ability {pa['ab']} of {card.name} ({card.id})"


def answer_resolve(game: Game, frame: Frame, action: Action) -> None:
    pa = frame["pa"]
    if action.verb in ("decline", "no"):
        game.pop()
        announce(game, pa, "ability_declined")
        return
    if action.verb == "pay":
        push_block(game, _as_child(game, frame), ("cost",))


def _as_child(game: Game, frame: Frame) -> Frame:
    """A stand-in parent for blocks pushed by the resolve frame itself (`r` = its index)."""
    return {"r": len(game.state.stack) - 1}


# -- ACT abilities --------------------------------------------------------------------------


def act_options(game: Game, seat: Seat) -> list[Action]:
    """`act <ref>` for every ACT ability the seat may use now (RULES.md §7: cost payable)."""
    options = []
    for _uid, _ability, _grant, ref in usable_acts(game, seat):
        action = new_action("act", (ref,))
        if action not in options:
            options.append(action)
    return options


def usable_acts(game: Game, seat: Seat) -> list[tuple[Uid, Ability, str | None, str]]:
    """(card, ability, grant, ref) for each ACT the seat may use now: on a card of the seat
    in a zone where the ability works, valid, its condition met and its cost payable. A
    list, not a generator: asked at every main-phase question, where a generator's frame
    and its teardown cost more than the short list."""
    usable: list[tuple[Uid, Ability, str | None, str]] = []
    for uid, ability in game.index.placed(game, "acts", (seat,)):
        ref = usable_ref(game, seat, uid, ability, None)
        if ref is not None:
            usable.append((uid, ability, None, ref))
    if game.state.flags.get("granted"):
        for key, uid, ability in game.granted():
            if ability.kind == "act":
                ref = usable_ref(game, seat, uid, ability, key)
                if ref is not None:
                    usable.append((uid, ability, key, ref))
    return usable


def usable_ref(game: Game, seat: Seat, uid: Uid, ability: Ability,
               grant: str | None) -> str | None:
    """The answer's reference to one ACT if the seat may use it now, else None."""
    where, zone = game.state.loc[uid]
    if where != seat or not active_in(game, seat, zone, ability.zone_set):
        return None
    if not is_valid(game, seat, uid, ability):
        return None
    ctx = Ctx(seat, uid)
    spec = ability.spec
    try:  # the cost first: most often what rules an ACT out, and cheaper to check
        if spec.get("cost") and not can_pay(game, ctx, spec["cost"]):
            return None
        if "condition" in spec and not condition_holds(game, ctx, spec["condition"]):
            return None
    except ScriptError as exc:  # a failing ACT is not offered (strict engines raise)
        game.tolerate(exc)
        return None
    number = act_number(game, uid, ability, grant)
    return ability_ref(game, seat, uid, game.state.card_ids[uid], number, "act")


def act_number(game: Game, uid: Uid, ability: Ability, grant: str | None) -> int:
    return ability.number if grant is None else granted_number(game, uid, grant)


def activate(game: Game, seat: Seat, ref: str) -> None:
    """Start the ACT an `act <ref>` answer names: one of the offered copies (never a copy of
    the same card elsewhere, e.g. hidden in the deck, where the ability does not work)."""
    for uid, ability, grant, offered in usable_acts(game, seat):
        if offered == ref:
            pa = {"id": 0, "uid": uid, "card": game.state.card_ids[uid],
                  "ab": act_number(game, uid, ability, grant), "seat": seat,
                  "event": None, "act": True}
            if grant is not None:
                pa["grant"] = grant
            start_resolution(game, pa)
            return
    raise LookupError(f"no ACT ability {ref!r} for {seat}")


FRAMES: Final = {
    "check_timing": FrameKind(run_check_timing, answer_check_timing, interruptible=False,
                              rule_point=True),
    "resolve": FrameKind(run_resolve, answer_resolve, interruptible=False),
}


# -- which cards of a game have which abilities --------------------------------------------


def extra_options(game: Game, seat: Seat, kind: str) -> list[Action]:
    """Answers that plugins add to a core decision (ride step, main phase, guard step),
    asked only of the plugins whose scope takes in this game and kind, and whose gate (if
    any) finds one of its cards in the asking seat's zones or its opponents'
    (`PluginScope.option_zones`, `option_opponent_zones`)."""
    calls = game.index.option_calls(game, kind)
    if not calls:
        return []
    out: list[Action] = []
    for call, gate in calls:
        if gate is not None and not gate_open(game, seat, gate):
            continue  # none of the cards it offers answers for is where it offers them
        if call.names == OPTION_ARGS:  # the usual signature: no keyword mapping to build
            acts = call.function(game, seat, kind)
        else:
            args = {"game": game, "seat": seat, "kind": kind}
            acts = call.function(**{n: args[n] for n in call.names})
        if acts:
            out.extend(acts)
    return out


def gate_open(game: Game, seat: Seat, gate: OptionGate) -> bool:
    """Whether one of the gate's cards (of `seat`'s own, if it says so) is in one of its
    zones of `seat` or of another seat."""
    own, theirs, passing, owned = gate
    players = game.state.players
    owner = seat if owned else None
    if _holds_one(game, players[seat].zones, own, passing, owner):
        return True
    return bool(theirs) and any(_holds_one(game, players[other].zones, theirs, passing, owner)
                                for other in game.state.seats if other != seat)


def _holds_one(game: Game, zones: dict[str, list[Uid]], names: tuple[str, ...],
               passing: frozenset[int], owner: Seat | None) -> bool:
    """Whether one of the named zones holds one of the `passing` cards (owned by `owner`,
    unless None)."""
    for name in names:
        held = zones.get(name)
        if held and not passing.isdisjoint(held):
            if owner is None:
                return True
            owners = game.state.owners
            for uid in held:
                if owners[uid] == owner and uid in passing:
                    return True
    return False


def option_test(scope: PluginScope, kind: str) -> Callable[[CardRecord], bool] | None:
    """The card test of a plugin's options at a decision kind: that kind's own
    (`option_cards_by_kind`), else `option_cards`."""
    by_kind = scope.option_cards_by_kind
    if by_kind is not None and kind in by_kind:
        return by_kind[kind]
    return scope.option_cards


def option_gate(game: Game, scope: PluginScope | None, kind: str) -> OptionGate | None:
    """A plugin's option gate in this game at a decision kind: its `option_zones`, its
    `option_opponent_zones` and the uids of the cards that pass its options' test at that
    kind (`option_test`, else `cards`)."""
    if scope is None or (scope.option_zones is None and scope.option_opponent_zones is None):
        return None
    test = option_test(scope, kind) or scope.cards
    records, card_ids = game.records, game.state.card_ids
    passing = frozenset(uid for uid, card_id in enumerate(card_ids)
                        if test is None or test(records[card_id]))
    return (tuple(sorted(scope.option_zones or ())),
            tuple(sorted(scope.option_opponent_zones or ())), passing, scope.option_own_cards)


# `GameIndex.placed`'s data for one list: zone words, abilities by card (dict and list by
# uid), the holding cards in uid order.
Places = tuple[tuple[str, ...], dict[int, list[Ability]], list[int], list[list[Ability] | None]]
ZoneNames = tuple[frozenset[str], tuple[str, ...]]  # a list's zone names: to test, to walk


def heard_words(listeners: Sequence[tuple[ZoneListener, MoveZones | None]],
                ) -> MoveZones | None:
    """The zone words some zone listener hears moves out of and into (`hears_moves`), or
    None when one of them hears every move."""
    froms: set[str] = set()
    tos: set[str] = set()
    for _listener, zones in listeners:
        if zones is None:
            return None
        froms.update(zones[0])
        tos.update(zones[1])
    return frozenset(froms), frozenset(tos)


class GameIndex:
    """The abilities of the cards in one game, indexed for the hot paths. Derived from the
    card ids alone, so an engine's games of the same cards and their clones share one
    (`Engine.game_index`); its caches are keyed by what they depend on."""

    __slots__ = ("acts", "autos", "card_ids", "cont_reach", "cont_states", "cont_stats", "conts",
                 "distinct", "forgets", "in_scope", "kind_counts", "listeners", "lists_held",
                 "modifier_tests", "modifiers_by_stat", "move_words", "name_providers", "options",
                 "places", "plugin_data", "printed_stats", "scripts", "self_autos", "stat_conts",
                 "stat_modifiers", "state_conts", "zone_listeners", "zone_names")

    def __init__(self, game: Game, base: GameIndex | None = None) -> None:
        """Index the game's cards; with `base`, the index of the same game before cards were
        created (its card ids a prefix of these), only the new cards are looked at."""
        self.card_ids: tuple[str, ...] = tuple(game.state.card_ids)
        self.autos: dict[str, list[tuple[int, Ability]]] = {}
        # AUTOs whose subject is the card itself ("when this unit …") can only trigger on an
        # event about that card: indexed by kind and uid, so an event looks at its own card's.
        self.self_autos: dict[str, dict[int, list[Ability]]] = {}
        self.acts: list[tuple[int, Ability]] = []
        self.conts: list[tuple[int, Ability]] = []
        self.cont_stats: set[str] = set()  # what the printed CONT abilities can change
        # "stat:<s>": the printed CONTs changing s; "self:<s>" those of them changing only
        # their own card's s, "others:<s>" the rest.
        self.stat_conts: dict[str, list[tuple[int, Ability]]] = {}
        # By stat: whether a printed CONT changes other cards' (then any card's may change),
        # and the cards whose CONTs change only their own (`cont_reaches`).
        self.cont_reach: dict[str, tuple[bool, frozenset[int]]] = {}
        self.cont_states: set[str] = set()  # the player states they can give
        self.state_conts: list[tuple[int, Ability]] = []  # the CONTs that give one
        # For `placed`: by list, the zone words where its abilities work and the cards holding
        # them; by list and seat, those words' zone names (and the seat's circles then).
        self.places: dict[str, Places] = {}
        # By card, the lists `placed` has kept an answer for (`forgets`) holding one of its
        # abilities: a move of that card forgets each's kept answer (`actions.move`).
        self.lists_held: dict[int, tuple[str, ...]] = {}
        self.forgets: set[str] = set()
        self.zone_names: dict[tuple[str, str, tuple[str, ...]], ZoneNames] = {}
        # By (card id, ability kind): how many such abilities it prints (ability_ref).
        self.kind_counts: dict[tuple[str, str], int] = {}
        # By card id: printed (power, critical, shield, grade), filled by unitstats' readers.
        self.printed_stats: dict[str, tuple[int, int, int, int]] = {}
        engine = game.engine
        # Plugins whose scope takes in these cards (PluginScope), and what they do here.
        self.distinct: list[CardRecord] = [
            engine.records[c] for c in dict.fromkeys(game.state.card_ids)]
        self.in_scope: dict[int, bool] = {}
        self.options: dict[str, list[tuple[ScopedCall, OptionGate | None]]] = {}
        # Each zone listener with the moves it hears (`engine.hears_moves`; None: all).
        self.zone_listeners: list[tuple[ZoneListener, MoveZones | None]] = [
            (f, move_zones(f)) for f in self.scoped(engine.zone_listener_calls)]
        self.move_words: MoveZones | None = heard_words(self.zone_listeners)
        self.stat_modifiers: list[StatModifier] = self.scoped(engine.modifier_lists)
        self.modifiers_by_stat: dict[str, tuple[StatModifier, ...]] = {}
        # By stat, the `when` tests of modifiers_for's modifiers (None: always asked), or
        # None when none has one.
        self.modifier_tests: dict[str, tuple[GameTest | None, ...] | None] = {}
        self.name_providers: list[NameProvider] = self.scoped(engine.name_provider_lists)
        self.listeners: dict[str, list[EventListener]] = merge_listeners(
            table for scope, table in engine.listener_tables if self.holds(scope))
        # The scripts of the game's cards, for `Game.ability` (a pending ability's, asked at
        # every check timing) without a call into the interpreted engine and loader.
        self.scripts: dict[str, CardScript] = {}
        # Plugins' own data derived from the game's cards (a table of their cards' costs, …),
        # each under a key of its own: kept as long as the cards, for their hot paths.
        self.plugin_data: dict[object, Any] = {}
        first = 0
        if base is not None:
            first = len(base.card_ids)
            self.take_cards_of(base)
        card_ids = self.card_ids
        spec_checks = engine.spec_checks
        for uid in range(first, len(card_ids)):
            card_id = card_ids[uid]
            script = engine.script(card_id)
            if script is None:
                continue
            self.scripts[card_id] = script
            for ability in script.abilities:
                if spec_checks and refused_for_good(game, uid, ability, spec_checks):
                    continue  # never valid, so never triggered, activated nor applied
                if ability.kind == "auto":
                    about_self = _about_self(ability.spec["when"])
                    for kind in ability.spec["when"]["event"]:
                        if about_self:
                            self.self_autos.setdefault(kind, {}).setdefault(uid, []).append(
                                ability)
                        else:
                            self.autos.setdefault(kind, []).append((uid, ability))
                elif ability.kind == "act":
                    self.acts.append((uid, ability))
                else:
                    self.conts.append((uid, ability))
                    effects = ability.spec["effects"]
                    changed = stats_changed_by(effects)
                    self.cont_stats.update(changed)
                    for stat in sorted(changed):
                        self.stat_conts.setdefault(f"stat:{stat}", []).append((uid, ability))
                        # Split for one unit's reads (continuous.cont_delta): the abilities
                        # that change this stat of their own card only, and the others.
                        part = "self" if _changes_only_itself(effects, stat) else "others"
                        self.stat_conts.setdefault(f"{part}:{stat}", []).append((uid, ability))
                    states = {e["state"] for e in effects if e["op"] == "state"}
                    if states:
                        self.cont_states.update(states)
                        self.state_conts.append((uid, ability))

    def hears_move(self, game: Game, from_seat: Seat, from_zone: str, seat: Seat,
                   zone: str) -> bool:
        """Whether a zone listener of this game may hear a card's move (`engine.hears_moves`):
        only such moves are recorded for `Game.tell_moves`. Most moves are draws and drive
        checks, which the usual listeners (a unit leaving the field) never hear."""
        words = self.move_words
        if words is None:
            return True  # a listener hears every move
        froms, tos = words
        return ((len(froms) > 0 and active_in(game, from_seat, from_zone, froms))
                or (len(tos) > 0 and active_in(game, seat, zone, tos)))

    def take_cards_of(self, base: GameIndex) -> None:
        """Start from what `base` found on its cards (copies: `base` is shared, read-only).
        A created card (a token) gives a game new card ids: its index was built again from
        every card, a hundred scripts looked at for one new card."""
        self.scripts = dict(base.scripts)
        self.autos = {kind: list(found) for kind, found in base.autos.items()}
        self.self_autos = {kind: {uid: list(found) for uid, found in by_uid.items()}
                           for kind, by_uid in base.self_autos.items()}
        self.acts = list(base.acts)
        self.conts = list(base.conts)
        self.cont_stats = set(base.cont_stats)
        self.stat_conts = {which: list(found) for which, found in base.stat_conts.items()}
        self.cont_states = set(base.cont_states)
        self.state_conts = list(base.state_conts)

    def cont_reaches(self, stat: str, uid: Uid) -> bool:
        """Whether a printed CONT of this game may change `stat` of this card: one that changes
        other cards' does, of any card; else only the card's own may. Most of a booster
        deck's are "+5000 to this unit while …": reading another unit's power, or whether a
        unit without such a CONT has "column attack", needs no CONT layer at all."""
        reach = self.reach_of(stat)
        return reach[0] or uid in reach[1]

    def changes_others(self, stat: str) -> bool:
        """Whether a printed CONT of this game changes `stat` of cards other than its own."""
        return self.reach_of(stat)[0]

    def reach_of(self, stat: str) -> tuple[bool, frozenset[int]]:
        """`cont_reach` for a stat, worked out on first use."""
        reach = self.cont_reach.get(stat)
        if reach is None:
            reach = self.cont_reach[stat] = (
                bool(self.stat_conts.get(f"others:{stat}")),
                frozenset(uid for uid, _ability in self.stat_conts.get(f"self:{stat}", ())))
        return reach

    def holds(self, scope: PluginScope | None, *, options_at: str | None = None) -> bool:
        """Whether a plugin scope's card test (with `options_at`, a decision kind, also its
        options' test at that kind) passes for one of this game's cards."""
        if scope is None:
            return True
        tests = ((scope.cards, option_test(scope, options_at)) if options_at is not None
                 else (scope.cards,))
        for test in tests:
            if test is None:
                continue
            held = self.in_scope.get(id(test))
            if held is None:
                held = self.in_scope[id(test)] = any(test(card) for card in self.distinct)
            if not held:
                return False
        return True

    def scoped(self, lists: list[tuple[PluginScope | None, list[Any]]]) -> list[Any]:
        """The functions of the plugins in scope, flattened in the order given."""
        return [f for scope, functions in lists if self.holds(scope) for f in functions]

    def option_calls(self, game: Game, kind: str) -> list[tuple[ScopedCall, OptionGate | None]]:
        """The `vgcore_extra_options` implementations to ask at a decision of this kind, each
        with its gate: the zones and the cards of this game one of which must be in one of
        those zones of the asking seat or of its opponents (`PluginScope.option_zones`,
        `option_opponent_zones`), or None."""
        calls = self.options.get(kind)
        if calls is None:
            calls = self.options[kind] = [
                (call, option_gate(game, call.scope, kind)) for call in game.engine.option_calls
                if call.scope is None or (
                    (call.scope.option_kinds is None or kind in call.scope.option_kinds)
                    and self.holds(call.scope, options_at=kind))]
        return calls

    def modifiers_for(self, stat: str) -> tuple[StatModifier, ...]:
        """The continuous modifiers in scope that may change `stat` (see `modifies`)."""
        found = self.modifiers_by_stat.get(stat)
        if found is None:
            found = self.modifiers_by_stat[stat] = tuple(
                f for f in self.stat_modifiers if modifies_stat(f, stat))
            tests = tuple(modifier_test(f) for f in found)
            self.modifier_tests[stat] = tests if any(t is not None for t in tests) else None
        return found

    def modifiers_now(self, game: Game, stat: str) -> tuple[StatModifier, ...]:
        """`modifiers_for(stat)` less those whose `when` test says they add nothing now:
        for a reader of many units' stats at one moment, which asks each test once."""
        found = self.modifiers_for(stat)
        tests = self.modifier_tests[stat]
        if tests is None:
            return found
        return tuple([f for f, test in zip(found, tests, strict=True)
                      if test is None or test(game)])

    def placed(self, game: Game, which: str, seats: tuple[Seat, ...],
               ) -> list[tuple[int, Ability]]:
        """The abilities of one of the lists ("conts", "state_conts", "acts", or "stat:<s>"
        of `stat_conts`) whose card lies with one of `seats` in a zone where one of them
        works, in the list's order (by uid). Looked up from wherever is fewer: the cards in
        those zones (a booster deck holds dozens of such cards, mostly in its deck and hand,
        while a field holds a few units), or the cards holding such an ability and where
        each is (`GameState.loc`) — never by visiting every ability of the game. The answer
        is kept for the same seats (`Game.placed_memo`), and given again (the same list:
        callers only read it) until a card of the list moves (`actions.move` forgets it,
        through `lists_held`) or a circle is made (`Game.add_circle`): seven main-phase
        questions in ten find an ACT's cards where they were."""
        memo = game.placed_memo.get(which)
        if memo is not None and memo[0] is self and memo[1] == seats:
            return memo[2]
        places = self.places_of(which)
        if which not in self.forgets:  # its cards' moves now forget the kept answers
            held = self.lists_held
            for uid in places[2]:
                held[uid] = (*held.get(uid, ()), which)
            self.forgets.add(which)
        found = self.walk_placed(game, which, seats, places)
        game.placed_memo[which] = (self, seats, found)
        return found

    def places_of(self, which: str) -> Places:
        """`holders_of(which)`, worked out on first use."""
        places = self.places.get(which)
        if places is None:
            places = self.places[which] = self.holders_of(which)
        return places

    def walk_placed(self, game: Game, which: str, seats: tuple[Seat, ...], places: Places,
                    ) -> list[tuple[int, Ability]]:
        """`placed` worked out: from the cards in the lists' zones, or from its cards."""
        words, by_uid, holders, by_slot = places
        found: list[tuple[int, Ability]] = []
        if not holders:
            return found
        players = game.state.players
        wanted: list[tuple[Seat, frozenset[str]]] = []
        piles: list[list[Uid]] = []  # the cards of those zones, for the walk through them
        in_zones = 0
        for seat in seats:
            names = self.names_at(game, which, seat, words)
            if names[1]:
                wanted.append((seat, names[0]))
                zones = players[seat].zones
                for name in names[1]:
                    held = zones.get(name)
                    if held is not None:
                        piles.append(held)
                        in_zones += len(held)
        if not wanted:
            return found
        if in_zones < len(holders):
            slots = len(by_slot)
            for held in piles:
                for uid in held:
                    if uid < slots:
                        abilities = by_slot[uid]
                        if abilities is not None:
                            for ability in abilities:
                                found.append((uid, ability))
            if len(found) > 1:
                found.sort(key=_by_uid)  # stable: a card's own abilities keep their order
            return found
        # Each seat asked with its zone names (a seat compared by identity first: a dict
        # lookup per holder would cost more than the two seats' comparisons).
        loc = game.state.loc
        for uid in holders:  # by uid: the lists hold cards by uid
            where = loc[uid]
            for seat, named in wanted:
                if where[0] == seat:
                    if where[1] in named:
                        for ability in by_uid[uid]:
                            found.append((uid, ability))
                    break
        return found

    def placed_on(self, game: Game, which: str, uid: Uid) -> Sequence[Ability]:
        """`placed` for one card: its abilities of the list if it lies in a zone where one
        of the list's abilities works, else none."""
        places = self.places_of(which)
        mine = places[1].get(uid)
        if mine is None:
            return ()
        where = game.state.loc[uid]
        if where[1] not in self.names_at(game, which, where[0], places[0])[0]:
            return ()
        return mine

    def holders_of(self, which: str) -> Places:
        """For `placed`: the zone words where a list's abilities work, its abilities by card,
        those cards in uid order, and the abilities again by uid as a list (None for a card
        without any) for the walk through zones, which looks up every card it meets."""
        entries: list[tuple[int, Ability]] = (
            self.stat_conts.get(which, []) if ":" in which else getattr(self, which))
        words = tuple(dict.fromkeys(w for _uid, a in entries for w in sorted(a.zone_set)))
        by_uid: dict[int, list[Ability]] = {}
        for uid, ability in entries:
            by_uid.setdefault(uid, []).append(ability)
        by_slot: list[list[Ability] | None] = [None] * (max(by_uid) + 1 if by_uid else 0)
        for uid, abilities in by_uid.items():
            by_slot[uid] = abilities
        return words, by_uid, sorted(by_uid), by_slot

    def names_at(self, game: Game, which: str, seat: Seat, words: tuple[str, ...],
                 ) -> ZoneNames:
        """A list's zone words as the names of one seat's zones now, as a set to test and a
        tuple to walk. A seat's zone names change only when a circle is made (a few per game;
        circles are never taken away): each game keeps them with the very circles dict they
        were made for (held, so it cannot be another's) and its size then; the games and
        clones sharing this index share them by the circles' names."""
        circles = game.state.players[seat].circles
        named = game.zone_names.get((which, seat))
        if named is None or named[0] is not circles or named[1] != len(circles):
            key = (which, seat, tuple(circles))
            names = self.zone_names.get(key)
            if names is None:
                listed = tuple(dict.fromkeys(zone_names(game, seat, words)))
                names = self.zone_names[key] = (frozenset(listed), listed)
            named = game.zone_names[which, seat] = (circles, len(circles), names)
        return named[2]


def stats_changed_by(effects: Sequence[Mapping[str, Any]]) -> set[str]:
    """The stats, restrictions and skills a CONT declaration's effects change (modify, grant
    or take; not the player states it gives)."""
    return {_changed(e) for e in effects if e["op"] != "state"}


def changed_by(effects: Sequence[Mapping[str, Any]]) -> set[str]:
    """Everything a CONT declaration's effects change: `stats_changed_by`, and the names of
    the player states it gives (`Game.granted_changes`)."""
    return {e["state"] if e["op"] == "state" else _changed(e) for e in effects}


def _changed(effect: Mapping[str, Any]) -> str:
    name: str = effect.get("stat") or effect["what"]
    return name


def _changes_only_itself(effects: Sequence[Mapping[str, Any]], stat: str) -> bool:
    """Whether every effect of a CONT that changes `stat` changes its own card's ("self")."""
    return all(e.get("target") == "self" for e in effects
               if e["op"] != "state" and (e.get("stat") or e.get("what")) == stat)


def _by_uid(entry: tuple[int, Ability]) -> int:
    return entry[0]


def _about_self(when: Mapping[str, Any]) -> bool:
    """The trigger's subject is the ability's own card (`subject = "self"` or `{self = true}`)."""
    subject = when.get("subject")
    return subject == "self" or (isinstance(subject, Mapping) and subject.get("self") is True)

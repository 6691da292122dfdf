"""Effect steps: the engine's interpreter of the step lists that card scripts declare.

An ability's effect (and its cost) is a list of steps; a `block` frame walks one list and a
`step` frame runs one step, so a resolution paused at a choice is plain data on the stack.
Steps find their ability through the `resolve` frame below them (its pending ability and its
bindings). Each step kind has a schema (checked when the card loads), a `run` and, if it asks
something, an `answer`. Plugins add kinds through `vgcore_step_kinds`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from vgcore import actions
from vgcore.costs import payers
from vgcore.decisions import Action, new_action, shared_action
from vgcore.framekind import FrameKind
from vgcore.scripting.declarations import FnRef, Schema
from vgcore.selectors import (
    Ctx,
    amount_of,
    card_matches,
    condition_holds,
    resolve_ref,
    select,
    uses_target,
)
from vgcore.selectors import (
    in_state as in_state,  # where plugins have imported it from (it lives with conditions)
)
from vgcore.types import STATE_SINCE, VC, Until, Zone
from vgcore.views import may_see, private_to, readers_of

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.state import Frame
    from vgcore.types import Seat, Uid

StepRun = Callable[["Game", "Frame", Mapping[str, Any], Ctx], None]
StepAnswer = Callable[["Game", "Frame", Mapping[str, Any], Ctx, Action], None]


@dataclass(frozen=True, slots=True)
class StepKind:
    """One kind of effect step: its keys, how it runs, how it takes an answer."""

    schema: Schema
    run: StepRun
    answer: StepAnswer | None = None


# -- frames: resolve context, blocks, steps ----------------------------------------------


def resolution(game: Game, frame: Frame) -> Frame:
    """The `resolve` frame a block or step belongs to."""
    return game.state.stack[frame["r"]]


def context(game: Game, frame: Frame) -> Ctx:
    res = resolution(game, frame)
    pa = res["pa"]
    return Ctx(pa["seat"], pa["uid"], pa.get("event"), res["b"],
               (ability_key(pa), tuple(frame["path"])))


def ability_key(pa: dict[str, Any]) -> dict[str, Any]:
    """What names an ability for `Game.ability_for`: its card and number, or its grant."""
    key = {"card": pa["card"], "ab": pa["ab"]}
    if pa.get("grant"):
        key["grant"] = pa["grant"]
    return key


def bind(game: Game, frame: Frame, name: str | None, uids: list[Uid]) -> None:
    if not name:
        return
    res = resolution(game, frame)
    res["b"] = {**res["b"], name: tuple(uids)}


def spec_at(game: Game, frame: Frame, path: tuple[Any, ...] | list[Any]) -> Any:
    """The part of the resolving ability's declaration at `path` (e.g. ("effect", 2)); paths
    starting with "#dyn" lead into step lists a function returned during this resolution."""
    res = resolution(game, frame)
    if path and path[0] == DYNAMIC:
        node: Any = res["dyn"][path[1]]
        path = path[2:]
    else:
        node = game.ability_for(res["pa"]).spec
    for key in path:
        node = node[key]
    return node


DYNAMIC: Final = "#dyn"


def push_block(game: Game, frame: Frame, path: tuple[Any, ...]) -> None:
    game.push({"k": "block", "r": frame["r"], "path": path, "i": 0})


def run_block(game: Game, frame: Frame) -> None:
    steps = spec_at(game, frame, frame["path"])
    i = frame["i"]
    if i >= len(steps) or game.state.result is not None:
        game.pop()
        return
    frame["i"] = i + 1
    game.push({"k": "step", "r": frame["r"], "path": (*frame["path"], i), "s": 0})


def run_step(game: Game, frame: Frame) -> None:
    step = spec_at(game, frame, frame["path"])
    if frame["path"][0] == "cost" and step["op"] in resolution(game, frame)["pa"].get("waive", ()):
        game.pop()  # a cost part an effect lets this payment skip (e.g. every Soul Blast)
        return
    game.engine.step_kinds[step["op"]].run(game, frame, step, context(game, frame))


def answer_step(game: Game, frame: Frame, action: Action) -> None:
    step = spec_at(game, frame, frame["path"])
    handler = game.engine.step_kinds[step["op"]].answer
    assert handler is not None
    handler(game, frame, step, context(game, frame), action)


# -- references for answers --------------------------------------------------------------


def ref_of(game: Game, viewer: Seat, uid: Uid) -> str:
    """How an answer names a card: a circle for a unit, else its id (`/down` if face down);
    another seat's card carries that seat's prefix (`B.RC.FL`, `B.VAN-KG-001`)."""
    st = game.state
    seat, zone = st.loc[uid]
    if zone in st.players[seat].circles:
        name = zone
    else:
        name = st.card_ids[uid]
        if not st.face_up[uid] and zone in (Zone.DAMAGE, Zone.BIND, Zone.SOUL):
            name += "/down"
    return name if seat == viewer else f"{seat}.{name}"


# -- choices of several cards: one pick at a time --------------------------------------------

PICK: Final = "pick"  # frame key of a choice in progress: plain data, so a game saves mid-choice


def start_picks(frame: Frame, seat: Seat, candidates: Sequence[Uid], low: int, high: int, *,
                verb: str = "choose", stop: str = "done", weights: Sequence[int] | None = None,
                need: int = 0) -> bool:
    """Begin a choice of `low`..`high` of `candidates` that `seat` makes one card at a time
    (SCENARIOS.md §2); False (nothing begun) when there is nothing to choose.

    With `weights`, the picks must also total at least `need` (a stride cost: grades ≥ 3);
    the caller offers such a choice only when it can be completed (a ValueError otherwise).
    Each pick answers `<verb> <ref>`; `<stop>` ends the choice once it is complete.
    """
    high = min(high, len(candidates))
    low = min(low, high)
    need = need if weights is not None else 0
    if high == 0 and need <= 0:
        return False
    kept = None if weights is None else [max(0, w) for w in weights]
    pick = {"seat": seat, "cands": list(candidates), "picked": [], "low": low, "high": high,
            "verb": verb, "stop": stop, "need": need, "stopped": False, "weights": kept}
    if not completable(pick, 0, 0, kept if kept is not None else [1] * len(candidates)):
        raise ValueError(f"a choice of {low}..{high} of {len(candidates)} cards totalling "
                         f"{need} cannot be completed")
    frame[PICK] = pick
    return True


def picking(frame: Frame) -> bool:
    """Whether a choice of several cards is in progress in this frame."""
    return PICK in frame


def next_pick(game: Game, frame: Frame, kind: str, prompt: str) -> list[Uid] | None:
    """Ask for the next pick of the choice in progress; None while asking, else the cards
    chosen, in candidate order (the choice then leaves the frame). A complete choice that can
    take no further card ends by itself; one with a single possible outcome is taken as
    forced answers."""
    p = frame[PICK]
    options = pick_options(game, p)
    if p["stopped"] or not options:
        del frame[PICK]
        taken = set(p["picked"])
        return [u for u in p["cands"] if u in taken]  # a set: the order of picks is no part
    if pick_complete(p):
        options.append(shared_action(p["stop"]))
    elif all_needed(p):
        options = options[:1]  # every card left must be taken: no choice, only an order
    game.ask(p["seat"], kind, f"{prompt} ({pick_progress(p)})", options,
             data=pick_data(game, p))
    return None


def take_pick(game: Game, frame: Frame, action: Action) -> None:
    """Record one answer to a choice in progress: a pick, or the stop answer."""
    p = frame[PICK]
    if action.verb == p["stop"]:
        frame[PICK] = {**p, "stopped": True}
        return
    ref = action.args[0]
    refs = pick_refs(game, p)
    named = [u for u in unpicked(p) if refs[u] == ref]
    uid = named[0]
    if ref.endswith(BLIND):  # cards the chooser cannot tell apart: one of them, at random
        if p["weights"] is not None:
            weights = weights_of(p)
            total, rest = pick_total(p), unpicked(p)
            named = [u for u in named if completable(
                p, len(p["picked"]) + 1, total + weights[u],
                [weights[v] for v in rest if v != u])]
        uid = named[game.state.rng.below(len(named))]
    frame[PICK] = {**p, "picked": [*p["picked"], uid]}


# How a pick names a card the chooser may not know (SCENARIOS.md §1 refs, docs/architecture.md
# "Views"): by its place only, `B.hand/hidden`.
BLIND: Final = "/hidden"


def knows(game: Game, seat: Seat, uid: Uid) -> bool:
    """Whether a chooser may know a candidate: it can see it (RULES.md §1), or it is in the
    chooser's own deck (choosing from your deck is searching it: you look through it)."""
    return game.state.loc[uid] == (seat, Zone.DECK) or may_see(game, seat, uid)


def pick_refs(game: Game, p: Mapping[str, Any]) -> dict[Uid, str]:
    """Each candidate's `pick_ref`, worked out once per choice: no event happens between two
    picks of one choice (answers are not events, `Game.cont_version`), so no candidate can
    move or be revealed, and each pick question would name them all again."""
    cands, seat = p["cands"], p["seat"]
    version = game.cont_version
    known = game.pick_refs
    if known is not None and known[0] is cands and known[1] == seat and known[2] == version:
        return known[3]
    refs = {uid: pick_ref(game, seat, uid) for uid in cands}
    game.pick_refs = (cands, seat, version, refs)
    return refs


def pick_ref(game: Game, chooser: Seat, uid: Uid) -> str:
    """How a pick's answer names a candidate: as `ref_of` does when the chooser may know the
    card; a card hidden from it (the opponent's hand or deck, a face-down card of another
    seat) only by where it is, `B.hand/hidden`, so that neither the options nor the answer
    tell which card it is: the chooser picks blind."""
    if knows(game, chooser, uid):
        return ref_of(game, chooser, uid)
    seat, zone = game.state.loc[uid]
    name = f"{zone}{BLIND}"
    return name if seat == chooser else f"{seat}.{name}"


def pick_options(game: Game, p: Mapping[str, Any]) -> list[Action]:
    """`<verb> <ref>` for each card (copies alike) after whose pick the choice can still be
    completed. Shared actions: refs are card ids and places, bounded by the card pool, and
    each game asks the same ones again."""
    picked = p["picked"]
    if len(picked) >= p["high"]:
        return []
    rest = unpicked(p)
    refs = pick_refs(game, p)
    first: dict[str, Uid] = {}
    for uid in rest:
        first.setdefault(refs[uid], uid)
    if p["weights"] is None:  # counting only: with low <= high <= candidates, any pick fits
        return [shared_action(p["verb"], (ref,)) for ref in sorted(first)]
    weights = weights_of(p)
    total = sum(weights[u] for u in picked)
    return [shared_action(p["verb"], (ref,)) for ref, uid in sorted(first.items())
            if completable(p, len(picked) + 1, total + weights[uid],
                           [weights[u] for u in rest if u != uid])]


def weights_of(p: Mapping[str, Any]) -> dict[Uid, int]:
    """Each candidate's weight (1 each when the choice only counts cards)."""
    weights = p["weights"]
    return dict(zip(p["cands"], weights if weights is not None else [1] * len(p["cands"]),
                    strict=True))


def unpicked(p: Mapping[str, Any]) -> list[Uid]:
    taken = set(p["picked"])
    return [u for u in p["cands"] if u not in taken]


def pick_total(p: Mapping[str, Any]) -> int:
    """The weights of the picks so far (0 when the choice only counts cards)."""
    if p["weights"] is None:
        return 0
    weights = weights_of(p)
    return sum(weights[u] for u in p["picked"])


def pick_complete(p: Mapping[str, Any]) -> bool:
    return len(p["picked"]) >= p["low"] and pick_total(p) >= p["need"]


def completable(p: Mapping[str, Any], count: int, total: int, rest: list[int]) -> bool:
    """Whether further picks (of weights `rest`) can complete a choice that holds `count`
    cards of weight `total`: the heaviest cards that still fit reach the count and the need."""
    room = min(p["high"] - count, len(rest))
    if count + room < p["low"]:
        return False
    if p["weights"] is None:
        return True
    return total + sum(sorted(rest, reverse=True)[:room]) >= p["need"]


def all_needed(p: Mapping[str, Any]) -> bool:
    """Whether the choice cannot be completed without every card not yet picked."""
    rest = unpicked(p)
    count = len(p["picked"])
    if p["weights"] is None:  # without any one card left, can the count still be reached?
        return count + min(p["high"] - count, len(rest) - 1) < p["low"]
    weights = weights_of(p)
    total = sum(weights[u] for u in p["picked"])
    return all(not completable(p, count, total, [weights[u] for u in rest if u != uid])
               for uid in rest)


def pick_progress(p: Mapping[str, Any]) -> str:
    k, low, high = len(p["picked"]), p["low"], p["high"]
    text = f"chosen so far {k} of {low}" if low == high else f"chosen so far {k} of {low}..{high}"
    if p["weights"] is not None:
        text += f"; total {pick_total(p)} of {p['need']} or more"
    return text


def pick_data(game: Game, p: Mapping[str, Any]) -> dict[str, Any]:
    """What the decision says about the choice: its bounds, the picks so far, how many more
    are needed and allowed (and, weighted, the total so far and the total needed)."""
    picked = p["picked"]
    refs = pick_refs(game, p)
    data: dict[str, Any] = {
        "min": p["low"], "max": p["high"], "chosen": len(picked),
        "picked": [refs[u] for u in picked],
        "more_min": max(0, p["low"] - len(picked)), "more_max": p["high"] - len(picked),
    }
    if p["weights"] is not None:
        data.update(total=pick_total(p), need=p["need"])
    if any(hidden(game, u) for u in p["cands"]):
        data["private"] = True  # the answers name cards only the chooser may know
    return data


def choose_cards(game: Game, frame: Frame, seat: Seat, candidates: Callable[[], list[Uid]],
                 low_high: Callable[[int], tuple[int, int]], prompt: str,
                 kind: str = "choose") -> list[Uid] | None:
    """The usual shape of a step that chooses cards: begin the choice the first time (from
    `candidates()` with `low_high(len)` bounds), then ask pick after pick. None while asking;
    the chosen cards once complete ([] when there was nothing to choose)."""
    if not picking(frame):
        cands = candidates()
        low, high = low_high(len(cands))
        if not start_picks(frame, seat, cands, low, high):
            return []
    return next_pick(game, frame, kind, prompt)


def hidden(game: Game, uid: Uid) -> bool:
    """A card whose identity not every seat may know now (in a deck, a hand, face down)."""
    zone = game.state.loc[uid][1]
    spec = game.engine.zones.get(zone)
    visible = spec.visible if spec is not None else "all"
    return visible != "all" or not game.state.face_up[uid]


def chose_private(game: Game, chooser: Seat, uids: list[Uid]) -> Seat | list[Seat] | None:
    """Who may read which cards were chosen: the seats that may see every one of them, and
    the chooser when it knew each (not after a blind pick from another seat's hand)."""
    readers = readers_of(game, uids)
    if all(knows(game, chooser, u) for u in uids):
        readers |= {chooser}
    return private_to(game, readers)


def chooser_of(game: Game, ctx: Ctx, step: Mapping[str, Any]) -> Seat:
    return game.opponent(ctx.seat) if step.get("chooser") == "opponent" else ctx.seat


# -- choose ------------------------------------------------------------------------------


def choose_bounds(step: Mapping[str, Any], available: int) -> tuple[int, int]:
    """"choose N" = as many as possible up to N; "up to N" or optional = 0..N (RULES.md §7)."""
    count = step.get("count", 1)
    if step.get("or_more"):  # "N or more" (an X cost): at least N, as many more as wanted
        return min(count, available), available
    high = min(count, available)
    low = 0 if step.get("up_to") or step.get("optional") else high
    return low, high


CANNOT_BE_CHOSEN: Final = "cannot_be_chosen"


def choosable(game: Game, ctx: Ctx, candidates: list[Uid]) -> list[Uid]:
    """Candidates an effect may choose: a unit on the field that has `cannot_be_chosen` is
    left out when the effect's controller is the opponent of the player whose side it is on
    (an effect of the opponent's card, whoever makes the choice; in a tag fight the opponent
    is the seat opposite, so a teammate's effect may still choose it)."""
    if not game.may_have(CANNOT_BE_CHOSEN):
        return candidates  # nothing gives the restriction now: no candidate is asked
    st = game.state
    foe = game.opponent(ctx.seat)
    return [u for u in candidates
            if st.loc[u][0] != foe or not game.on_field(u)
            or not game.has(u, CANNOT_BE_CHOSEN)]


def run_choose(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
    seat = chooser_of(game, ctx, step)
    if not picking(frame):
        candidates = choosable(game, ctx, select(game, ctx, step["from"]))
        count = amount_of(game, ctx, step.get("count", 1))  # e.g. one per card paid
        low, high = choose_bounds({**step, "count": max(0, count)}, len(candidates))
        if not start_picks(frame, seat, candidates, low, high):
            game.pop()
            bind(game, frame, step["as"], [])
            return
    uids = next_pick(game, frame, "choose", "Choose cards.")
    if uids is None:
        return
    game.pop()
    bind(game, frame, step["as"], uids)
    game.emit("chose", seat=seat, count=len(uids), cards=[game.state.card_ids[u] for u in uids],
              private=chose_private(game, seat, uids))


def answer_pick(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx,
                action: Action) -> None:
    """Every step that chooses cards takes its answers here, one pick at a time."""
    take_pick(game, frame, action)


# -- steps acting on cards (a target, or a choice `from` a selector) ---------------------


def targeted(act: Callable[[Game, Ctx, list[Uid], Mapping[str, Any]], None],
             prompt: str = "Choose cards.") -> tuple[StepRun, StepAnswer]:
    """A step that acts on `target` (a reference) or on `count` cards chosen `from` (one
    pick at a time)."""

    def run(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
        if "from" in step:
            found = choose_cards(
                game, frame, chooser_of(game, ctx, step),
                lambda: choosable(game, ctx, select(game, ctx, step["from"])),
                lambda n: choose_bounds(step, n), prompt)
            if found is None:
                return
            uids = found
        else:
            uids = resolve_ref(game, ctx, step.get("target", "self"))
        game.pop()
        act(game, ctx, uids, step)
        bind(game, frame, step.get("as"), uids)

    return run, answer_pick


def on_field(game: Game, uid: Uid) -> bool:
    return game.on_field(uid)


def act_retire(game: Game, ctx: Ctx, uids: list[Uid], step: Mapping[str, Any]) -> None:
    for uid in uids:
        if on_field(game, uid):
            actions.retire(game, uid)


def act_stand(game: Game, ctx: Ctx, uids: list[Uid], step: Mapping[str, Any]) -> None:
    for uid in uids:
        if on_field(game, uid):
            actions.stand(game, uid, "effect")


def act_rest(game: Game, ctx: Ctx, uids: list[Uid], step: Mapping[str, Any]) -> None:
    for uid in uids:
        if on_field(game, uid):
            actions.rest(game, uid)


PUT_ZONES: Final = {"soul": Zone.SOUL, "drop": Zone.DROP, "hand": Zone.HAND, "bind": Zone.BIND,
             "damage": Zone.DAMAGE, "removed": Zone.REMOVED, "order_zone": Zone.ORDER,
             "deck_top": Zone.DECK, "deck_bottom": Zone.DECK, "crest_zone": Zone.CREST}


def put_card(game: Game, ctx: Ctx, uid: Uid, to: str, *, face_down: bool = False,
             into: str | None = None) -> None:
    """Put a card into a zone of its owner (RULES.md §1): an effect of yours that puts the
    opponent's rear-guard into "the soul" puts it into the opponent's soul. A card text that
    names another player's zone says so with `into` ("you" / "opponent", seen from the
    ability's controller): that is the mechanic that overrides the owner rule."""
    zone = PUT_ZONES.get(to, to)
    if into is None:
        seat = game.state.owners[uid]
    else:
        seat = game.opponent(ctx.seat) if into == "opponent" else ctx.seat
    if zone == Zone.SOUL and game.vanguard(seat) is None:
        return
    old_seat, old_zone = game.state.loc[uid]
    was_hidden = hidden(game, uid)
    face_up = not face_down and zone != Zone.DECK
    actions.move(game, uid, seat, zone, face_up=face_up, bottom=to != "deck_top")
    # A card that was hidden and stays hidden (deck to hand…) is named to its owner only.
    secret = was_hidden and hidden(game, uid)
    game.emit("put", seat=seat, card=game.state.card_ids[uid], uid=uid, to=to,
              **{"from": old_zone}, from_seat=old_seat,
              private=game.state.owners[uid] if secret else None)


def act_put(game: Game, ctx: Ctx, uids: list[Uid], step: Mapping[str, Any]) -> None:
    for uid in uids:
        put_card(game, ctx, uid, step["to"], face_down=step.get("face_down", False),
                 into=step.get("into"))


def act_put_into_soul(game: Game, ctx: Ctx, uids: list[Uid], step: Mapping[str, Any]) -> None:
    for uid in uids:
        put_card(game, ctx, uid, "soul", into=step.get("into"))


def act_bind(game: Game, ctx: Ctx, uids: list[Uid], step: Mapping[str, Any]) -> None:
    for uid in uids:
        put_card(game, ctx, uid, "bind", face_down=step.get("face_down", False),
                 into=step.get("into"))


def act_reveal(game: Game, ctx: Ctx, uids: list[Uid], step: Mapping[str, Any]) -> None:
    for uid in uids:
        game.emit("reveal", seat=game.state.loc[uid][0], card=game.state.card_ids[uid],
                  uid=uid, zone=game.state.loc[uid][1])


def act_discard(game: Game, ctx: Ctx, uids: list[Uid], step: Mapping[str, Any]) -> None:
    for uid in uids:
        seat = game.state.loc[uid][0]
        actions.move(game, uid, game.state.owners[uid], Zone.DROP)
        game.emit("discard", seat=seat, card=game.state.card_ids[uid], uid=uid,
                  **{"from": Zone.HAND})


def act_blast(game: Game, ctx: Ctx, uids: list[Uid], step: Mapping[str, Any]) -> None:
    """Counter blast: face-up damage turns face down. Soul blast: soul cards to the drop."""
    op = step["op"]
    for uid in uids:
        seat = game.state.loc[uid][0]
        if op == "counter_blast":
            game.state.face_up[uid] = False
        elif op == "counter_charge":
            game.state.face_up[uid] = True
        else:
            actions.move(game, uid, game.state.owners[uid], Zone.DROP)
        game.emit(op, seat=seat, card=game.state.card_ids[uid], uid=uid)


def act_heal(game: Game, ctx: Ctx, uids: list[Uid], step: Mapping[str, Any]) -> None:
    """Heal: damage cards to the drop, each with the `heal` event a heal trigger logs."""
    for uid in uids:
        actions.heal(game, uid)


PILE_ACTS: Final = {"discard": act_discard, "heal": act_heal}


def duration(game: Game, ctx: Ctx, step: Mapping[str, Any]) -> str:
    """A step's `until`: "battle", "turn", "forever", or the key of a registered `while`."""
    until = step.get("until", Until.TURN)
    return game.register_while(ctx) if isinstance(until, Mapping) else until


def act_modify(game: Game, ctx: Ctx, uids: list[Uid], step: Mapping[str, Any]) -> None:
    """Change a stat; an amount with `own` is worked out for each unit from its own value
    ("double the power of each": +its power), all before any of them changes."""
    spec = step["amount"]
    until = duration(game, ctx, step)
    uids = [u for u in uids if on_field(game, u)]
    if uses_target(spec):
        amounts = [amount_of(game, ctx, spec, u) for u in uids]
    else:
        amounts = [amount_of(game, ctx, spec)] * len(uids)
    for uid, amount in zip(uids, amounts, strict=True):
        game.add_modifier(uid, step["stat"], amount, until, source=_source(game, ctx))


def act_grant(game: Game, ctx: Ctx, uids: list[Uid], step: Mapping[str, Any]) -> None:
    delta = 1 if step["op"] == "grant" else -1
    until = duration(game, ctx, step)
    for uid in uids:
        if on_field(game, uid):
            game.add_modifier(uid, step["what"], delta, until, source=_source(game, ctx))


def act_grant_ability(game: Game, ctx: Ctx, uids: list[Uid], step: Mapping[str, Any]) -> None:
    """Give units an ability declared inside this one, for a duration (DESIGN.md §4)."""
    until = duration(game, ctx, step)
    assert ctx.where is not None
    by, path = ctx.where
    for uid in uids:
        if on_field(game, uid):
            game.grant_ability(uid, by, [*path, "ability"], until)


def _source(game: Game, ctx: Ctx) -> str:
    return game.state.card_ids[ctx.uid] if ctx.uid is not None else ""


# -- zone-count steps (draw, charges, blasts, discard) -------------------------------------


def player_of(game: Game, ctx: Ctx, step: Mapping[str, Any]) -> Seat:
    return game.opponent(ctx.seat) if step.get("player") == "opponent" else ctx.seat


def run_draw(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
    game.pop()
    actions.draw(game, player_of(game, ctx, step), amount_of(game, ctx, step.get("count", 1)))


def run_soul_charge(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
    game.pop()
    seat = player_of(game, ctx, step)
    for _ in range(amount_of(game, ctx, step.get("count", 1))):
        top = actions.top_of_deck(game, seat)
        if top is None or game.vanguard(seat) is None:
            break
        actions.move(game, top, seat, Zone.SOUL)
        game.emit("soul_charge", seat=seat, card=game.state.card_ids[top], uid=top)


def pile_step(zone: str, face_up: bool | None, prompt: str) -> tuple[StepRun, StepAnswer]:
    """Steps where the player picks `count` cards of their own zone (blasts, charges, discard).

    Paying a cost, the zones of every seat the hook `vgcore_cost_sources` names are offered
    (tag fight: the teammate's damage and soul); in an effect, only the player's own.
    """

    def candidates(game: Game, frame: Frame, ctx: Ctx,
                   step: Mapping[str, Any]) -> list[Uid]:
        seats = payers(game, ctx, step["op"]) if frame["path"][0] == "cost" else (ctx.seat,)
        players = game.state.players
        out = [u for seat in seats for u in players[seat].zones[zone]
               if face_up is None or game.state.face_up[u] == face_up]
        if "filter" in step:
            out = [u for u in out if card_matches(game, ctx, u, step["filter"])]
        return out

    def run(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
        uids = choose_cards(game, frame, ctx.seat, lambda: candidates(game, frame, ctx, step),
                            lambda n: choose_bounds(step, n), prompt)
        if uids is None:
            return
        game.pop()
        if uids:
            PILE_ACTS.get(step["op"], act_blast)(game, ctx, uids, step)
        bind(game, frame, step.get("as"), uids)  # e.g. the cards an X cost paid

    return run, answer_pick


# -- superior call, ride, move -----------------------------------------------------------


def call_circles(game: Game, seat: Seat, step: Mapping[str, Any]) -> list[str]:
    want = step.get("to", "RC")
    layout = game.state.players[seat].circles
    names = (want,) if isinstance(want, str) else tuple(want)
    out: list[str] = []
    for name in names:
        if name == "RC":
            out.extend(c for c in layout if c != VC)
        elif name in ("front", "back"):
            out.extend(c for c, (row, _) in layout.items() if row == name and c != VC)
        elif name in layout:
            out.append(name)
    if step.get("open_only"):
        out = [c for c in out if game.unit_at(seat, c) is None]
    elif game.may_have("cannot_be_called_over"):
        # a state may forbid calling over its unit (e.g. a locked card), superior calls included
        out = [c for c in out if (u := game.unit_at(seat, c)) is None
               or not game.has(u, "cannot_be_called_over")]
    return list(dict.fromkeys(out))


def run_call(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
    """Superior call: each target in turn onto a circle its controller chooses."""
    if "left" not in frame:
        frame["left"] = tuple(resolve_ref(game, ctx, step.get("target", "self")))
    left = frame["left"]
    while left and (game.on_field(left[0])):
        left = left[1:]  # already on the field: nothing to call
    frame["left"] = left
    if not left:
        game.pop()
        return
    uid = left[0]
    if not game.card(uid).is_unit:
        frame["left"] = left[1:]
        not_a_unit_to_drop(game, uid)
        return
    circles = call_circles(game, ctx.seat, step)
    if not circles:
        frame["left"] = left[1:]
        return
    game.ask(ctx.seat, "place", f"Choose a circle for {game.state.card_ids[uid]}.",
             [new_action("choose", (c,)) for c in circles])


def answer_call(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx,
                action: Action) -> None:
    uid = frame["left"][0]
    frame["left"] = frame["left"][1:]
    source = game.state.loc[uid][1]
    actions.call(game, uid, ctx.seat, action.args[0], rested=step.get("rested", False),
                 source=source, superior=True)


def run_call_token(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
    """Create tokens on the field: each onto a different circle its controller chooses
    ("call up to three Shadow Army tokens to RC"); `up_to` lets them stop early. The frame
    keeps `tokens` (how many are still to come) and `made` (the new uids)."""
    if "tokens" not in frame:
        frame["tokens"] = max(0, amount_of(game, ctx, step.get("count", 1)))
        frame["made"] = []
    used = {game.state.loc[u][1] for u in frame["made"] if on_field(game, u)}
    circles = [c for c in call_circles(game, ctx.seat, step) if c not in used]
    if frame["tokens"] <= 0 or not circles:
        game.pop()
        bind(game, frame, step.get("as"), frame["made"])
        return
    options = [new_action("choose", (c,)) for c in circles]
    up_to = step.get("up_to", False)
    if up_to:
        options.append(shared_action("done"))
    game.ask(ctx.seat, "place", f"Choose a circle for a {step['card']} token "
             f"({frame['tokens']} left).", options, optional=up_to)


def answer_call_token(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx,
                      action: Action) -> None:
    if action.verb == "done":
        frame["tokens"] = 0
        return
    frame["tokens"] -= 1
    frame["made"] = [*frame["made"], make_token(game, ctx.seat, step["card"], action.args[0],
                                                rested=step.get("rested", False))]


def make_token(game: Game, seat: Seat, card_id: str, circle: str, *,
               rested: bool = False) -> Uid:
    """Call a new token onto a circle: the unit there is retired first, as by any call; the
    token is a new card (uid) of `seat`'s, logged `call` with `source = "token"`."""
    occupant = game.unit_at(seat, circle)
    if occupant is not None:
        actions.retire(game, occupant)
    uid = game.create_card(card_id, seat, circle, rested=rested)
    game.emit("call", seat=seat, circle=circle, card=card_id, uid=uid, source="token",
              superior=True)
    return uid


def run_ride(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
    game.pop()
    uids = resolve_ref(game, ctx, step.get("target", "self"))
    if not uids:
        return
    if not game.card(uids[0]).is_unit:
        not_a_unit_to_drop(game, uids[0])
        return
    source = game.state.loc[uids[0]][1]
    actions.ride(game, uids[0], ctx.seat, source=source, superior=True)


def not_a_unit_to_drop(game: Game, uid: Uid) -> None:
    """An order that an effect would ride or call goes to its owner's drop instead, and the
    unit already on that circle stays (RULES.md §2)."""
    st = game.state
    old_seat, old_zone = st.loc[uid]
    owner = st.owners[uid]
    actions.move(game, uid, owner, Zone.DROP)
    game.emit("put", seat=owner, card=st.card_ids[uid], uid=uid, to="drop",
              **{"from": old_zone}, from_seat=old_seat, how="not_a_unit")


def act_move(game: Game, ctx: Ctx, uids: list[Uid], step: Mapping[str, Any]) -> None:
    for uid in uids:
        seat, circle = game.state.loc[uid]
        if circle not in game.state.players[seat].circles or circle == VC:
            continue
        to = step.get("to", "other_row")
        partner = game.column_partner(seat, circle) if to == "other_row" else to
        if partner is None or partner == VC or partner not in game.state.players[seat].circles:
            continue
        actions.swap_circles(game, seat, circle, partner)
        game.emit("move", seat=seat, circle=circle, to=partner, uid=uid,
                  card=game.state.card_ids[uid])


# -- search, look, shuffle ---------------------------------------------------------------


def run_search(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
    """Look through your deck for up to `count` cards matching `filter`; shuffle after."""
    def candidates() -> list[Uid]:
        wanted = step.get("filter", {})
        if isinstance(wanted, FnRef):
            wanted = {"where": wanted}
        return select(game, ctx, {**wanted, "zone": ("deck",), "owner": "you"})

    def bounds(available: int) -> tuple[int, int]:
        count = step.get("count", 1)
        return (0 if step.get("up_to", True) else min(count, available)), count

    uids = choose_cards(game, frame, ctx.seat, candidates, bounds, "Choose from your deck.")
    if uids is None:
        return
    game.pop()
    finish_search(game, frame, step, ctx, uids)


def finish_search(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx,
                  uids: list[Uid]) -> None:
    to = step.get("to", "hand")
    for uid in uids:
        if step.get("reveal", True):
            act_reveal(game, ctx, [uid], step)
        if to == "call":
            continue
        put_card(game, ctx, uid, to)
    bind(game, frame, step.get("as"), uids)
    if step.get("shuffle", True):
        actions.shuffle_deck(game, ctx.seat)


def run_look(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
    """Look at the top N cards of your deck; they stay there, bound under `as`."""
    game.pop()
    count = amount_of(game, ctx, step.get("count", 1))
    top = list(game.state.players[ctx.seat].zones[Zone.DECK][:count])
    bind(game, frame, step.get("as", "looked"), top)
    game.emit("look", seat=ctx.seat, count=len(top),
              cards=[game.state.card_ids[u] for u in top], private=ctx.seat)


def run_arrange(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
    """Put the named cards of your deck back on its top (or bottom) in the order you choose:
    asked one card at a time, the first chosen ends up on top (or highest of those below)."""
    if "left" not in frame:
        deck = game.state.players[ctx.seat].zones[Zone.DECK]
        named = resolve_ref(game, ctx, step.get("target", "looked"))
        frame["left"] = tuple(u for u in named if u in deck)
        frame["placed"] = ()
    left = frame["left"]
    if len(left) > 1:
        refs = sorted({ref_of(game, ctx.seat, u) for u in left})
        if len(refs) > 1:  # copies of one card need no order
            game.ask(ctx.seat, "choose", "Choose the card to put next, from the top down.",
                     [new_action("choose", (r,)) for r in refs], data={"private": True})
            return
    game.pop()
    order = [*frame["placed"], *left]
    deck = game.state.players[ctx.seat].zones[Zone.DECK]
    rest = [u for u in deck if u not in order]
    to = step.get("to", "deck_top")
    deck[:] = [*order, *rest] if to == "deck_top" else [*rest, *order]
    game.emit("arrange", seat=ctx.seat, count=len(order), to=to)


def answer_arrange(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx,
                   action: Action) -> None:
    uid = next(u for u in frame["left"] if ref_of(game, ctx.seat, u) == action.args[0])
    frame["placed"] = (*frame["placed"], uid)
    frame["left"] = tuple(u for u in frame["left"] if u != uid)


def run_shuffle(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
    game.pop()
    actions.shuffle_deck(game, player_of(game, ctx, step))


# -- control flow ------------------------------------------------------------------------


def run_if(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
    game.pop()
    branch = "then" if condition_holds(game, ctx, step["cond"]) else "else"
    if step.get(branch):
        push_block(game, frame, (*frame["path"], branch))


def run_may(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
    game.ask(ctx.seat, "may", step.get("prompt") or "Do it?",
             [shared_action("yes"), shared_action("no")], optional=True)


def answer_may(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx,
               action: Action) -> None:
    game.pop()
    branch = "then" if action.verb == "yes" else "else"
    if step.get(branch):
        push_block(game, frame, (*frame["path"], branch))


def run_choose_one(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
    options = [new_action("choose", (str(i + 1),)) for i in range(len(step["options"]))]
    labels = [o.get("text", "") for o in step["options"]]
    game.ask(chooser_of(game, ctx, step), "choose-one", "Choose one: " + " / ".join(labels),
             options, data={"labels": labels})


def answer_choose_one(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx,
                      action: Action) -> None:
    game.pop()
    push_block(game, frame, (*frame["path"], "options", int(action.args[0]) - 1, "steps"))


def run_for_each(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
    if "left" not in frame:
        frame["left"] = tuple(resolve_ref(game, ctx, step["target"]))
    if not frame["left"]:
        game.pop()
        return
    uid, frame["left"] = frame["left"][0], frame["left"][1:]
    bind(game, frame, step["as"], [uid])
    push_block(game, frame, (*frame["path"], "steps"))


def run_steps_from(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
    """Run the steps a card's function returns: how a function acts on the game (DESIGN.md §4).

    The returned list is checked like a declaration (an invalid step is a ScriptError naming the
    card) and kept in the resolution's plain data, so the game still saves and restores.
    """
    from vgcore.scripting.declarations import check_steps

    game.pop()
    ref = step["fn"]
    value = game.scripts.call(ref, ctx)
    if not value:
        return
    card = game.engine.db[ref.card_id]
    steps = check_steps(game.engine, ref.card_id, card.script or "", value, ref.path)
    res = resolution(game, frame)
    dynamic = (*res.get("dyn", ()), steps)
    res["dyn"] = dynamic
    push_block(game, frame, (DYNAMIC, len(dynamic) - 1))


def run_enter_state(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
    """A player enters a named state (e.g. D-era "Final Rush") until the end of the turn or
    for the rest of the game; conditions read it with `{state = name}`."""
    game.pop()
    seat = player_of(game, ctx, step)
    until = step.get("until", Until.TURN)
    states = dict(game.state.players[seat].flags.get("states", {}))
    states[step["state"]] = STATE_SINCE.get(until, game.state.turn)
    game.state.players[seat].flags["states"] = states
    game.emit("enter_state", seat=seat, state=step["state"], until=until)


def run_give_player(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
    """A player gets a CONT ability for a duration (D-BT01 over triggers: "you get …"). It is
    the player's, not a card's: it stays when the card that gave it leaves its zone."""
    game.pop()
    assert ctx.where is not None
    by, path = ctx.where
    game.give_player_ability(player_of(game, ctx, step), by, [*path, "ability"],
                             step.get("until", Until.TURN), source=_source(game, ctx))


def run_end_game(game: Game, frame: Frame, step: Mapping[str, Any], ctx: Ctx) -> None:
    game.pop()
    seat = player_of(game, ctx, step)
    if step["op"] == "win":  # every other team loses (tag fight: the teammate wins too)
        team = game.team(seat)
        game.end_game({s: "card effect" for s in game.state.seats if game.team(s) != team})
    else:
        game.end_game({seat: "card effect"})


# -- the table ---------------------------------------------------------------------------

TARGET_KEYS: Final = {"target": "ref", "from": "selector", "count": "int", "up_to": "bool",
               "optional": "bool", "chooser": "player", "as": "str"}


def _targeted(act: Callable[[Game, Ctx, list[Uid], Mapping[str, Any]], None],
              extra: Mapping[str, str] | None = None, required: tuple[str, ...] = ()) -> StepKind:
    run, answer = targeted(act)
    return StepKind(Schema({**TARGET_KEYS, **(extra or {})}, frozenset(required)), run, answer)


def _pile(zone: str, face_up: bool | None, prompt: str) -> StepKind:
    run, answer = pile_step(zone, face_up, prompt)
    keys = {"count": "int", "up_to": "bool", "filter": "filter", "or_more": "bool", "as": "str"}
    return StepKind(Schema(keys), run, answer)


CORE_STEPS: Final[dict[str, StepKind]] = {
    "choose": StepKind(Schema({"as": "str", "from": "selector", "count": "amount",
                               "up_to": "bool", "optional": "bool", "chooser": "player"},
                              frozenset({"as", "from"})), run_choose, answer_pick),
    "retire": _targeted(act_retire),
    "stand": _targeted(act_stand),
    "rest": _targeted(act_rest),
    "reveal": _targeted(act_reveal),
    "bind": _targeted(act_bind, {"face_down": "bool", "into": "player"}),
    "put": _targeted(act_put, {"to": "str", "face_down": "bool", "into": "player"}, ("to",)),
    "put_into_soul": _targeted(act_put_into_soul, {"into": "player"}),
    "move": _targeted(act_move, {"to": "str"}),
    "modify": _targeted(act_modify, {"stat": "stat", "amount": "amount", "until": "until"},
                        ("stat", "amount")),
    "grant": _targeted(act_grant, {"what": "str", "until": "until"}, ("what",)),
    "lose": _targeted(act_grant, {"what": "str", "until": "until"}, ("what",)),
    "grant_ability": _targeted(act_grant_ability, {"ability": "ability", "until": "until"},
                               ("ability",)),
    "call": StepKind(Schema({"target": "ref", "to": "strs", "rested": "bool",
                             "open_only": "bool"}), run_call, answer_call),
    "call_token": StepKind(Schema({"card": "token", "count": "amount", "up_to": "bool",
                                   "to": "strs", "rested": "bool", "open_only": "bool",
                                   "as": "str"}, frozenset({"card"})),
                           run_call_token, answer_call_token),
    "ride": StepKind(Schema({"target": "ref"}), run_ride),
    "draw": StepKind(Schema({"count": "amount", "player": "player"}), run_draw),
    "soul_charge": StepKind(Schema({"count": "amount", "player": "player"}), run_soul_charge),
    "soul_blast": _pile(Zone.SOUL, None, "Choose cards from your soul."),
    "counter_blast": _pile(Zone.DAMAGE, True, "Choose face-up damage to turn face down."),
    "counter_charge": _pile(Zone.DAMAGE, False, "Choose face-down damage to turn face up."),
    "discard": _pile(Zone.HAND, None, "Choose cards to discard."),
    "search": StepKind(Schema({"filter": "filter", "count": "int", "up_to": "bool",
                               "reveal": "bool", "to": "str", "as": "str",
                               "shuffle": "bool"}), run_search, answer_pick),
    "look": StepKind(Schema({"count": "amount", "as": "str"}), run_look),
    "shuffle": StepKind(Schema({"player": "player"}), run_shuffle),
    "arrange": StepKind(Schema({"target": "ref", "to": "deck_end"}), run_arrange,
                        answer_arrange),
    "heal": _pile(Zone.DAMAGE, None, "Choose damage to heal."),
    "if": StepKind(Schema({"cond": "cond", "then": "steps", "else": "steps"},
                          frozenset({"cond", "then"})), run_if),
    "may": StepKind(Schema({"then": "steps", "else": "steps", "prompt": "str"},
                           frozenset({"then"})), run_may, answer_may),
    "choose_one": StepKind(Schema({"options": "options", "chooser": "player"},
                                  frozenset({"options"})), run_choose_one, answer_choose_one),
    "for_each": StepKind(Schema({"target": "ref", "as": "str", "steps": "steps"},
                                frozenset({"target", "as", "steps"})), run_for_each),
    "steps_from": StepKind(Schema({"fn": "fn"}, frozenset({"fn"})), run_steps_from),
    "enter_state": StepKind(Schema({"state": "str", "player": "player",
                                    "until": "player_until"}, frozenset({"state"})),
                            run_enter_state),
    "give_player": StepKind(Schema({"ability": "player_ability", "player": "player",
                                    "until": "player_until"}, frozenset({"ability"})),
                            run_give_player),
    "win": StepKind(Schema({"player": "player"}), run_end_game),
    "lose_game": StepKind(Schema({"player": "player"}), run_end_game),
}

FRAMES: Final = {
    "block": FrameKind(run_block, interruptible=False),
    "step": FrameKind(run_step, answer_step, interruptible=False),
}

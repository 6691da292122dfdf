"""The smoke check of `vgcore validate`: every ability of every card script, run once.

Loading a script proves its declarations are well formed; it does not run the Lua functions
they hold, nor the steps — a condition that indexes nil, or an amount that is not a number,
only fails when a game reaches it, and a rarely used ability may never be reached by the
simulations a designer runs. So for each card with skills, and each of its abilities, this
module builds a small game on a strict engine of a format the card plays in (the format of
a registered deck that holds it; otherwise an engine with every installed plugin), with the
card on a circle (or zone) where its ability is active, and runs the ability:

* AUTO: its trigger is matched against an event made from its `when` (the card in the roles
  that name it, other cards picked by the role's filter), its trigger filter (`filter`) and
  validity are evaluated, then it resolves: condition, cost (paid), effect.
* ACT: it is offered or not (condition and cost checked as in a main phase), then resolves.
* CONT: every unit's power, critical, shield, grade and granted/lost abilities are computed
  (which runs the ability's condition and amounts).

Each ability runs twice: once as written, answering every question with its first option
(paying costs, answering "yes"), and once *forced* — condition, trigger filter, limit break
and 1/Turn removed, so that the cost and effect run even when the board would not satisfy
them — answering with the last option, so the other branch of a `choose_one` or a `may`
is taken too. The boards are rich (five rear-guards a side, hand, soul, drop, damage, deck,
cards of the card's own set), so most choices have candidates.

What this guarantees: every condition, cost and effect step of every ability starts running
at least once, and every Lua function in them runs whenever the steps before it let it (a
`where` filter runs once per candidate; an amount when its step runs). What it does not: a
step behind a `vg.when_true` whose condition is false on the smoke board, or a function
whose failure depends on a situation the board does not have (a card count, a name), may
not run. A `ScriptError` on either run is a problem; an engine failure that the synthetic
situation itself causes is reported as a note, not a problem.

Besides, `smoke_games` plays one whole game per format with its default decks on a strict
engine, for what only real play brings together (abilities triggering one another).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from vgcore.abilities import start_resolution, trigger_matches
from vgcore.carddb import UNIT_KINDS, CardRecord
from vgcore.engine import Engine
from vgcore.errors import ScriptError, VgError
from vgcore.limits import RUNAWAY_REASONS
from vgcore.scripting.declarations import WHEN_CARD_ROLES, Ability, CardScript
from vgcore.selectors import Ctx, condition_holds, filter_matches
from vgcore.testing.board import game_from_board
from vgcore.types import GC, TOKEN, VC, Phase

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.plugins import Registry

#: Keys removed from an ability's spec for the forced run (what may stop it running).
GATES = ("condition", "filter", "limit_break", "once_per_turn")
#: Answers that stop or refuse something; the smoke answers prefer the others.
DECLINES = frozenset({"decline", "no", "pass", "done", "skip", "end", "stop"})
#: Event kinds that happen inside a battle (the smoke game then has one going on).
BATTLE_EVENTS = frozenset({"attack", "boost", "guard", "intercept", "hit", "no_hit",
                           "battle_end", "drive_check", "damage_check", "attack_hits"})
MAX_ANSWERS = 300
FIELD_ZONES = ("VC", "RC", "GC", "field", "units")


@dataclass(frozen=True, slots=True)
class SmokeFinding:
    """One ability that failed (a problem) or could not be run (a note)."""

    card_id: str
    ability: int  # 0: found in a whole game, not in one ability's run
    format: str
    message: str
    problem: bool = True

    def __str__(self) -> str:
        what = "" if self.problem else "smoke check could not run: "
        ability = f" ability {self.ability}" if self.ability else ""
        return f"{self.card_id}{ability} ({self.format}): {what}{self.message}"


@dataclass(slots=True)
class SmokeReport:
    """What the smoke check ran and found."""

    cards: int = 0
    abilities: int = 0
    runs: int = 0
    findings: list[SmokeFinding] = field(default_factory=list)

    @property
    def problems(self) -> list[SmokeFinding]:
        return [f for f in self.findings if f.problem]

    @property
    def notes(self) -> list[SmokeFinding]:
        return [f for f in self.findings if not f.problem]


def smoke_check(registry: Registry, card_ids: Iterable[str] | None = None) -> SmokeReport:
    """Run every ability of every card with a script that loads (or of `card_ids`)."""
    report = SmokeReport()
    db = registry.db
    wanted = sorted(card_ids) if card_ids is not None else sorted(
        i for i, c in db.items() if c.script is not None)
    engines: dict[str, tuple[Engine, Engine]] = {}
    for card_id in wanted:
        format_id, plugins = home_format(registry, card_id)
        key = f"{format_id}+{','.join(plugins)}"
        if key not in engines:
            base = registry.engine(format_id, plugins=plugins)
            engines[key] = (strict_copy(base), strict_copy(base))
        normal, forced = engines[key]
        try:
            script = normal.script(card_id)
        except ScriptError:  # reported by the load check, or (in the format of a deck
            continue  # holding the card) by the deck check: Registry.deck_violations
        if script is None or not script.abilities:
            continue
        forced.scripts.override(card_id, ungated(script))
        report.cards += 1
        for ability in script.abilities:
            report.abilities += 1
            for engine, last, label in ((normal, False, "as written"),
                                        (forced, True, "forced")):
                report.runs += 1
                finding = run_ability(engine, db[card_id], ability, last=last)
                if finding is not None:
                    report.findings.append(replace(finding, format=format_id,
                                                   message=f"{finding.message} ({label})"))
                    if finding.problem:
                        break
    return report


def smoke_games(registry: Registry, seed: int = 0) -> tuple[int, list[SmokeFinding]]:
    """One whole game per format (its default decks, greedy agents) on a strict engine, for
    what only real play brings together; the games played and the script errors met."""
    from vgcore.game import Game
    from vgcore.simulate import play_out, seat_agents

    findings = []
    played = 0
    for format_id in sorted(registry.formats):
        try:
            dealt = registry.deal_decks(format_id)
        except VgError:
            continue  # no default decks: nothing to play
        game = Game.new(strict_copy(registry.engine(format_id)), dealt, seed)
        played += 1
        try:
            play_out(game, seat_agents(game, ("greedy", "greedy"), seed))
        except ScriptError as exc:
            findings.append(SmokeFinding(exc.card_id or "?", 0, format_id,
                                         f"in a game of its default decks: {exc}"))
    return played, findings


def home_format(registry: Registry, card_id: str) -> tuple[str, tuple[str, ...]]:
    """A two-seat format the card plays in: that of the first registered deck holding it,
    else the first format whose engine loads its script, else the first format with every
    installed plugin enabled (as the load check does)."""
    duels = [f for f in sorted(registry.formats) if len(duel_seats(registry, f)) == 2]
    for _name, deck in sorted(registry.decks.items()):
        if deck.format in duels and (card_id in deck.main or card_id in deck.ride_deck):
            return deck.format, ()
    for format_id in duels:
        try:
            registry.engine(format_id).script(card_id)
        except ScriptError:
            continue
        return format_id, ()
    return (duels or sorted(registry.formats))[0], tuple(registry.plugin_names())


def duel_seats(registry: Registry, format_id: str) -> tuple[str, ...]:
    return registry.engine(format_id).seat_layout.seats


def strict_copy(base: Engine) -> Engine:
    """An engine like `base` on which any card script error raises."""
    return base.derived(strict=True)


def ungated(script: CardScript) -> CardScript:
    """The script with each ability's condition, trigger filter, limit break and 1/Turn
    removed (function paths are unchanged: they name places in the original declaration)."""
    return replace(script, abilities=tuple(
        Ability(a.kind, a.number, {k: v for k, v in a.spec.items() if k not in GATES}, a.line)
        for a in script.abilities))


# -- one run ----------------------------------------------------------------------------


def run_ability(engine: Engine, card: CardRecord, ability: Ability, *,
                last: bool) -> SmokeFinding | None:
    """Build the smoke board for one ability and run it; a finding, or None if it ran."""
    try:
        place = smoke_place(engine, card, ability)
        if place is None:
            return SmokeFinding(card.id, ability.number, "", "no zone of "
                                f"{', '.join(ability.zones)} exists in this format",
                                problem=False)
        game, uid = smoke_game(engine, card, ability, place)
        if ability.kind == "cont":
            read_continuous(game)
        else:
            resolve_once(game, uid, ability, last=last)
    except ScriptError as exc:
        return SmokeFinding(card.id, ability.number, "", str(exc))
    except (VgError, LookupError, ValueError, TypeError, AssertionError) as exc:
        return SmokeFinding(card.id, ability.number, "", f"{type(exc).__name__}: {exc}",
                            problem=False)
    return None


def smoke_place(engine: Engine, card: CardRecord, ability: Ability) -> str | None:
    """Where the card stands for its ability: VC, a rear-guard circle, GC or a zone."""
    zones = ability.zones
    for word, place in (("VC", VC), ("RC", "RC.FL"), ("units", VC), ("field", VC),
                        ("GC", GC)):
        if word in zones:
            return place
    for zone in zones:
        if zone in engine.zones or zone.startswith("RC."):
            return zone
    return None


def smoke_game(engine: Engine, card: CardRecord, ability: Ability,
               place: str) -> tuple[Game, int]:
    """The smoke board with the card in `place` for seat A; the game and the card's uid.

    A guardian's ability (GC) is tried on the opponent's turn, the others on A's turn 3.
    """
    pool = unit_pool(engine, card)
    board = smoke_board(pool)
    side = board["A"]
    if place == VC:
        side["vanguard"] = card.id
    elif place == GC:
        side["guardians"] = [card.id]
    elif place.startswith("RC."):
        side["rear"][place] = card.id
    else:
        side.setdefault(place, []).insert(0, card.id)
    player = "B" if place == GC else "A"
    game = game_from_board(engine, board, turn=3, player=player, phase=Phase.MAIN)
    uid = next(u for u in game.state.players["A"].zones[place]
               if game.state.card_ids[u] == card.id)
    return game, uid


def unit_pool(engine: Engine, card: CardRecord) -> list[str]:
    """Units to fill the board with, by grade: the card's own set first (so that name, clan
    and nation filters find matches), then any unit of the pool. The same for every card of
    a set and affiliation in one card pool: made once (a quarter of `vgcore validate`)."""
    key = (id(engine.db), card.set, card.affiliation)
    kept = _POOLS.get(key)
    if kept is None or kept[0] is not engine.db:
        if len(_POOLS) > POOLS_KEPT:
            _POOLS.clear()
        kept = _POOLS[key] = (engine.db, _unit_pool(engine, card))
    return list(kept[1])


POOLS_KEPT = 256  # (card pool, set, affiliation) boards kept by `unit_pool`
_POOLS: dict[tuple[int, str | None, str | None], tuple[Any, list[str]]] = {}


def _unit_pool(engine: Engine, card: CardRecord) -> list[str]:
    units = [c for c in engine.db.values() if c.kind in UNIT_KINDS and c.script is None
             and c.grade is not None and not c.trigger and c.kind != TOKEN]  # tokens: field only
    own = [c for c in units if c.set == card.set]
    rest = [c for c in units if c.set != card.set and c.affiliation == card.affiliation]
    # The others: neither of the card's set nor of its affiliation (tested by value, not by
    # looking each unit up in the two lists, which cost a second per `validate`).
    chosen = own + rest + [c for c in units if c.set != card.set
                           and c.affiliation != card.affiliation]
    by_grade: dict[int, list[str]] = {}
    for c in chosen:
        by_grade.setdefault(min(c.grade or 0, 3), []).append(c.id)
    out = []
    for grade in (3, 2, 1, 0):
        out.extend(by_grade.get(grade, [])[:3])
    return out or [card.id]


def smoke_board(pool: list[str]) -> dict[str, Any]:
    """A rich board for both seats from a list of unit ids (grade 3 first)."""
    def pick(i: int) -> str:
        return pool[i % len(pool)]

    # Grade 3s at 0-2, then 2s, 1s and 0s; hand holds three grade 3s (reveal costs), damage
    # three face up and one face down (counter blast and counter charge both payable).
    def side() -> dict[str, Any]:
        return {
            "vanguard": pick(0),
            "rear": {"RC.FL": pick(3), "RC.FR": pick(4), "RC.BL": pick(6),
                     "RC.BC": pick(7), "RC.BR": pick(9)},
            "hand": [pick(i) for i in (0, 1, 2, 4, 7, 9, 10)],
            "soul": [pick(i) for i in (6, 3, 9, 1, 4, 7)],
            "drop": [pick(i) for i in (2, 5, 8, 10)],
            "damage": [pick(5), pick(8), pick(11), f"{pick(2)}/down"],
            "deck": [pick(i) for i in range(16)],
        }

    return {"A": side(), "B": side()}


def resolve_once(game: Game, uid: int, ability: Ability, *, last: bool) -> None:
    """Trigger (AUTO) or offer (ACT) the ability, then resolve it to its end."""
    st = game.state
    seat = "A"
    event = None
    if ability.kind == "auto":
        when = ability.spec["when"]
        event = smoke_event(game, uid, when)
        ctx = Ctx(seat, uid, event)
        trigger_matches(game, ctx, when, event)
        if "filter" in ability.spec:
            condition_holds(game, ctx, ability.spec["filter"])
    pa: dict[str, Any] = {"id": 0, "uid": uid, "card": st.card_ids[uid], "ab": ability.number,
                          "seat": seat, "event": event}
    if ability.kind == "act":
        pa["act"] = True
    st.decision = None
    start_resolution(game, pa)
    frame = st.stack[-1]
    depth = len(st.stack)
    game.advance()
    for _ in range(MAX_ANSWERS):
        refuse_runaway(game, st.card_ids[uid])
        if game.is_terminal or len(st.stack) < depth or st.stack[depth - 1] is not frame:
            return
        d = game.decision
        if d is None:
            return
        game.apply(smoke_answer(d.options, last=last))
    raise ValueError(f"the ability asked more than {MAX_ANSWERS} questions")


def refuse_runaway(game: Game, card_id: str) -> None:
    """An ability whose run ended the game by a runaway-game limit (vgcore.limits: a loop, an
    endless resolution, a script's budget) is a problem of its card."""
    reason = game.result_reason
    if reason in RUNAWAY_REASONS:
        over = game.state.log[-1]
        named = f"; cards {', '.join(over['cards'])}" if over.get("cards") else ""
        raise ScriptError(f"the game ended as a draw by the engine's {reason} "
                          f"({over.get('limit')}{named}): the ability never ends",
                          card_id, game.engine.db[card_id].script)


def smoke_answer(options: list[Any], *, last: bool) -> Any:
    """The first (or last) answer that goes ahead; a refusal only when nothing else is legal."""
    ahead = [o for o in options if str(o).split(" ", 1)[0] not in DECLINES] or list(options)
    return ahead[-1] if last else ahead[0]


def read_continuous(game: Game) -> None:
    """Compute every unit's stats and abilities: what runs CONT conditions and amounts."""
    words = {e["what"] for _u, cont in game.index.conts for e in cont.spec["effects"]
             if e.get("what")}
    for seat in game.state.seats:
        for _circle, unit in game.units(seat):
            game.power(unit)
            game.critical(unit)
            game.shield(unit)
            game.grade(unit)
            for what in sorted(words):
                game.has(unit, what)
    if game.index.cont_states:
        from vgcore.continuous import cont_states

        cont_states(game)  # runs the conditions of CONTs that give player states
    if game.script_warnings:
        raise game.script_warnings[0]


# -- the synthetic event ------------------------------------------------------------------


def smoke_event(game: Game, uid: int, when: Mapping[str, Any]) -> dict[str, Any]:
    """An event of the trigger's first kind with the card in the roles that name it, other
    roles filled by a card their filter accepts; a battle is going on for battle events."""
    st = game.state
    kind = when["event"][0]
    event: dict[str, Any] = {"kind": kind, "seat": "A", "n": len(st.log)}
    ctx = Ctx("A", uid)
    for key, want in when.items():
        if key == "event":
            continue
        if key in WHEN_CARD_ROLES:
            chosen = role_card(game, ctx, uid, want)
            field_name = "uid" if key == "subject" else f"{key}_uid"
            event[field_name] = chosen
            seat, zone = st.loc[chosen]
            if key == "subject":
                event.update(card=st.card_ids[chosen], circle=zone, from_seat=seat)
            else:
                event[f"{key}_card" if key != "target" else "target_card"] = st.card_ids[chosen]
        elif key == "player":
            event["seat"] = "A" if want == "you" else "B"
        elif key == "from":
            words = want if isinstance(want, tuple) else (want,)
            event["from"] = "RC.FL" if words[0] in ("RC", "field", "units") else words[0]
        else:
            event[key] = want[0] if isinstance(want, tuple) and want else want
    if kind in BATTLE_EVENTS:
        start_battle(game, event)
    return event


def role_card(game: Game, ctx: Ctx, uid: int, want: Any) -> int:
    """The card for one role of the event: the ability's own card when the role names it,
    else the first card on the board the role's filter accepts (B's vanguard if none)."""
    if want == "self" or (isinstance(want, Mapping) and want.get("self") is True):
        return uid
    for candidate in every_card(game):
        if candidate != uid and filter_matches(game, ctx, candidate, want):
            return candidate
    vanguard = game.vanguard("B")
    assert vanguard is not None
    return vanguard


def every_card(game: Game) -> Iterator[int]:
    """Cards on the field first (A's, then B's), then the other zones."""
    st = game.state
    on_field = [u for seat in st.seats for _c, u in game.units(seat)]
    yield from on_field
    yield from (u for u in range(len(st.card_ids)) if u not in on_field)


def start_battle(game: Game, event: dict[str, Any]) -> None:
    """A battle between the event's attacker (or the turn player's vanguard) and the other
    side's vanguard, so that battle conditions and `ctx.battle` have something to read."""
    st = game.state
    attacker_seat = st.turn_player
    defender = game.opponent(attacker_seat)
    attacker = event.get("attacker_uid")
    if attacker is None or st.loc[attacker][0] != attacker_seat:
        subject = event.get("uid")
        on_side = subject is not None and st.loc[subject][0] == attacker_seat and \
            st.loc[subject][1] in st.players[attacker_seat].circles
        attacker = subject if on_side else game.vanguard(attacker_seat)
    target = game.vanguard(defender)
    st.phase = Phase.BATTLE
    st.battle = {
        "attacker": attacker, "attacker_seat": attacker_seat,
        "attacker_circle": st.loc[attacker][1], "target": target, "target_seat": defender,
        "target_circle": VC, "booster": None, "booster_circle": None, "boost_applied": False,
        "no_hit": [], "hit": event["kind"] in ("hit", "attack_hits"), "drive_grades": [],
    }
    event.setdefault("attacker_uid", attacker)
    event.setdefault("target_uid", target)

"""The game's events told as sentences, from one seat's redacted log (`game.view(seat)`).

Everything here reads only what the view holds: an opponent's draw has no card in it, so it is
told as "draws a card". Kinds without a sentence of their own (plugins' events) are told
generically, so a new event never breaks the terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from vgcore.screen import Table, card_name

Event = Mapping[str, Any]
Teller = Callable[[Table, Event], str]

# Events that say nothing a person needs: the decision answers are told by their effects,
# shuffles, rests (an attack rests) and the bookkeeping around battles and turns.
QUIET = frozenset({
    "decision", "shuffle", "rest", "battle_start", "battle_end", "battle_phase_end",
    "end_phase", "turn_end", "ability_resolved", "enter_state_end", "stride_end",
})

PHASES_TOLD = frozenset({"ride", "main", "battle", "end"})
GROUPED = frozenset({"draw", "stand"})  # runs of these by one seat are told as one line


def narrate(events: Iterable[Event], table: Table) -> list[str]:
    """One line per event worth telling; runs of draws and stands are told as one line."""
    lines: list[str] = []
    run: list[Event] = []
    phase = ""  # a phase is told only once something happens in it
    for event in events:
        if run and not same_run(run[-1], event):
            lines.append(tell_run(run, table))
            run = []
        line = "" if event["kind"] in GROUPED else tell(event, table)
        if event["kind"] in ("phase", "turn_start"):
            phase = line if event["kind"] == "phase" else ""
            if event["kind"] == "phase":
                continue
        elif (line or event["kind"] in GROUPED) and phase:
            lines.append(phase)
            phase = ""
        if event["kind"] in GROUPED:
            run.append(event)
        elif line:
            lines.append(line)
    if run:
        lines.append(tell_run(run, table))
    return lines


def tell(event: Event, table: Table) -> str:
    """The sentence for one event ("" for a quiet one)."""
    kind = event["kind"]
    if kind in QUIET or (kind == "phase" and str(event.get("phase")) not in PHASES_TOLD):
        return ""
    teller = TELLERS.get(kind, tell_generic)
    return teller(table, event)


def same_run(a: Event, b: Event) -> bool:
    return a["kind"] == b["kind"] and a.get("seat") == b.get("seat")


def tell_run(run: list[Event], table: Table) -> str:
    first = run[0]
    who = table.who(first.get("seat"))
    if first["kind"] == "draw":
        cards = [card_name(table.db, e["card"]) for e in run if e.get("card")]
        count = f"{len(run)} cards" if len(run) > 1 else "a card"
        return f"{who} {table.verb(first, 'draw')} {count}" + (
            f": {'; '.join(cards)}" if cards else "")
    circles = "; ".join(f"{e['circle']} {card_name(table.db, e.get('card'))}" for e in run)
    return f"{who} {table.verb(first, 'stand')} {circles}"


# -- one sentence per kind --------------------------------------------------------------------


def _unit(table: Table, e: Event, circle_key: str = "circle") -> str:
    return f"{e.get(circle_key, '?')} {card_name(table.db, e.get('card'))}"


def _check(label: str) -> Teller:
    def tell_check(table: Table, e: Event) -> str:
        trigger = e.get("trigger")
        found = f" -- {str(trigger).upper()} TRIGGER!" if trigger else " (no trigger)"
        return (f">> {table.whose(e.get('seat'))} {label}: {card_name(table.db, e.get('card'))}"
                f", grade {e.get('grade')}{found}")

    return tell_check


def _stat(stat: str) -> Teller:
    def tell_stat(table: Table, e: Event) -> str:
        amount = e.get("amount", 0)
        sign = "+" if amount >= 0 else ""
        until = f" until end of {e['until']}" if e.get("until") in ("turn", "battle") else ""
        source = e.get("source")
        by = f" ({'trigger' if source in TRIGGER_SOURCES else card_name(table.db, source)})" \
            if source else ""
        return (f"{table.whose(e.get('seat'))} {_unit(table, e)}: {sign}{amount} {stat}"
                f"{until}{by}")

    return tell_stat


TRIGGER_SOURCES = frozenset({"critical", "draw", "heal", "stand", "front", "over", "trigger"})


def _blast(words: str) -> Teller:
    def tell_blast(table: Table, e: Event) -> str:
        return f"{table.who(e.get('seat'))}: {words} {card_name(table.db, e.get('card'))}"

    return tell_blast


def tell_ride(table: Table, e: Event) -> str:
    source = e.get("source")
    where = f" from the {str(source).replace('_', ' ')}" if source and source != "hand" else ""
    if source == "token":
        where = " (a new token)"
    return (f"{table.who(e.get('seat'))} {table.verb(e, 'ride')} "
            f"{card_name(table.db, e.get('card'))}{where}")


def tell_call(table: Table, e: Event) -> str:
    source = e.get("source")
    where = f" from the {str(source).replace('_', ' ')}" if source and source != "hand" else ""
    if source == "token":
        where = " (a new token)"
    return (f"{table.who(e.get('seat'))} {table.verb(e, 'call')} "
            f"{card_name(table.db, e.get('card'))} to {e.get('circle')}{where}")


def tell_attack(table: Table, e: Event) -> str:
    return (f"{table.who(e.get('seat'))} {table.verb(e, 'attack')} with {_unit(table, e)} "
            f"-> {table.place(e.get('target'))} {card_name(table.db, e.get('target_card'))}")


def tell_hit(table: Table, e: Event) -> str:
    return (f"   HIT: {e.get('attacker_power')} power against {e.get('target_power')} "
            f"({table.place(e.get('target'))})")


def tell_no_hit(table: Table, e: Event) -> str:
    return (f"   no hit: {e.get('attacker_power')} power against {e.get('target_power')} "
            f"({table.place(e.get('target'))})")


def tell_damage(table: Table, e: Event) -> str:
    return f"{table.who(e.get('seat'))} {table.verb(e, 'take')} 1 damage"


def tell_retire(table: Table, e: Event) -> str:
    if e.get("circle") == "GC":
        return f"{table.whose(e.get('seat'))} guardian {card_name(table.db, e.get('card'))} " \
               "goes to the drop"
    return f"{table.whose(e.get('seat'))} {_unit(table, e)} is retired"


def tell_ability(table: Table, e: Event) -> str:
    return (f"{table.who(e.get('seat'))} {table.verb(e, 'use')} ability {e.get('ability')} "
            f"of {card_name(table.db, e.get('card'))}")


def tell_fizzled(table: Table, e: Event) -> str:
    return (f"{table.whose(e.get('seat'))} ability {e.get('ability')} of "
            f"{card_name(table.db, e.get('card'))} does nothing ({e.get('reason')})")


def tell_declined(table: Table, e: Event) -> str:
    return (f"{table.who(e.get('seat'))} {table.verb(e, 'decline')} ability "
            f"{e.get('ability')} of {card_name(table.db, e.get('card'))}")


def tell_look(table: Table, e: Event) -> str:
    """Cards looked at are named only in the looker's own view (a private event)."""
    cards = e.get("cards")
    named = f": {'; '.join(card_name(table.db, c) for c in cards)}" if cards else ""
    zone = f" of the {e['zone']}" if e.get("zone") else ""
    return f"{table.who(e.get('seat'))}: look at {e.get('count', '?')} card(s){zone}{named}"


def tell_turn_start(table: Table, e: Event) -> str:
    return f"===== turn {e.get('turn')}: {table.whose(e.get('seat'))} turn ====="


def tell_phase(table: Table, e: Event) -> str:
    return f"-- {table.whose(e.get('seat'))} {e.get('phase')} phase"


def tell_game_over(table: Table, e: Event) -> str:
    if e.get("reason"):  # a draw by one of the engine's limits (vgcore.limits)
        cards = ", ".join(card_name(table.db, c) for c in e.get("cards") or ())
        return (f"***** game over: a draw by the engine's {str(e['reason']).replace('_', ' ')} "
                f"({e.get('limit')})" + (f": {cards}" if cards else ""))
    losers = e.get("losers") or {}
    why = ", ".join(f"{table.who(s)}: {str(r).replace('_', ' ')}" for s, r in losers.items())
    return f"***** game over: {e.get('result')} wins" + (f" ({why})" if why else "")


def tell_stand_up(table: Table, e: Event) -> str:
    vanguards = e.get("vanguards") or {}
    named = ", ".join(f"{table.who(s)}: {card_name(table.db, c)}" for s, c in vanguards.items())
    return f"Stand up, vanguard! {named}"


def tell_generic(table: Table, e: Event) -> str:
    """Any other event: its kind and its fields (uids are never in a redacted event)."""
    details = ", ".join(f"{k}={value_text(table, v)}" for k, v in e.items()
                        if k not in ("kind", "n", "seat", "private"))
    who = table.who(e["seat"]) + ": " if e.get("seat") else ""
    return f"{who}{str(e['kind']).replace('_', ' ')}" + (f" ({details})" if details else "")


def value_text(table: Table, value: Any) -> str:
    """An event field as text: card ids by name, lists item by item."""
    if isinstance(value, (list, tuple)):
        return "[" + "; ".join(value_text(table, v) for v in value) + "]"
    if isinstance(value, str) and value.partition("/")[0] in table.db:
        return card_name(table.db, value)
    return str(value)


def _simple(template: str) -> Teller:
    """A sentence from a template over the event's fields ({who}, {whose}, {card}, ...)."""

    def tell_simple(table: Table, e: Event) -> str:
        fields = {k: v for k, v in e.items() if isinstance(k, str)}
        fields.update(who=table.who(e.get("seat")), whose=table.whose(e.get("seat")),
                      card=card_name(table.db, e.get("card")))
        return template.format_map(_Default(fields))

    return tell_simple


class _Default(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "?"


TELLERS: dict[str, Teller] = {
    "turn_start": tell_turn_start,
    "phase": tell_phase,
    "first_player": _simple("{who} will go first"),
    "first_vanguard": _simple("{whose} first vanguard: {card}"),
    "stand_up": tell_stand_up,
    "mulligan": lambda table, e: (f"{table.who(e.get('seat'))}: redraw {e.get('count')} "
                                  "card(s)" if e.get("count") else
                                  f"{table.who(e.get('seat'))}: keep the hand"),
    "ride": tell_ride,
    "persona_ride": _simple("{who}: persona ride with {card}"),
    "alchemagic": lambda table, e: (f"{table.who(e.get('seat'))}: Alchemagic, "
                                    f"{card_name(table.db, e.get('card'))} with "
                                    f"{card_name(table.db, e.get('bound'))}"),
    "call": tell_call,
    "move": _simple("{who}: {card} moves {circle} -> {to}"),
    "attack": tell_attack,
    "boost": _simple("   boosted by {circle} {card}"),
    "guard": _simple("{who}: guard with {card}"),
    "intercept": _simple("{who}: intercept with {circle} {card}"),
    "drive_check": _check("drive check"),
    "damage_check": _check("damage check"),
    "hit": tell_hit,
    "no_hit": tell_no_hit,
    "damage": tell_damage,
    "heal": _simple("{who}: heal, {card} goes from damage to the drop"),
    "retire": tell_retire,
    "power": _stat("power"),
    "critical": _stat("critical"),
    "shield": _stat("shield"),
    "drive": _stat("drive"),
    "grade": _stat("grade"),
    "grant": _simple("{whose} {circle} {card}: {what} until end of {until}"),
    "lose": _simple("{whose} {circle} {card}: loses {what} until end of {until}"),
    "ability": tell_ability,
    "ability_fizzled": tell_fizzled,
    "ability_declined": tell_declined,
    "counter_blast": _blast("Counter Blast"),
    "soul_blast": _blast("Soul Blast"),
    "counter_charge": _blast("Counter Charge"),
    "soul_charge": _blast("Soul Charge"),
    "discard": _blast("discard"),
    "to_hand": lambda table, e: (f"{card_name(table.db, e.get('card'))} goes to "
                                 f"{table.whose(e.get('seat'), start=False)} hand"),
    "enter_state": lambda table, e: (f"{table.who(e.get('seat'))}: "
                                     f"{str(e.get('state')).replace('_', ' ')} until end of "
                                     f"{e.get('until')}"),
    "give_player": lambda table, e: (f"{table.who(e.get('seat'))}: gets an ability from "
                                     f"{card_name(table.db, e.get('source'))} until end of "
                                     f"{e.get('until')}"),
    "chose": lambda table, e: (f"{table.who(e.get('seat'))}: chose {e.get('count')} card(s)"
                               + (f": {value_text(table, e['cards'])}" if e.get("cards")
                                  else "")),
    "put": _simple("{card}: {from} -> {to}"),
    "token_ceased": _simple("{whose} {card} token ceases to exist"),
    "reveal": _simple("{who}: reveal {card}"),
    "look": tell_look,
    "arrange": lambda table, e: (f"{table.who(e.get('seat'))}: put {e.get('count')} card(s) "
                                 f"back on the {'top' if e.get('to') == 'deck_top' else 'bottom'}"
                                 " of the deck in a chosen order"),
    "game_over": tell_game_over,
}

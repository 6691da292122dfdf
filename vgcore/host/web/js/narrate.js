// The game's events told in words, from the events this seat received (already redacted by
// the host: an opponent's draw has no card). Kinds without a sentence of their own are told
// generically, so a plugin's new event never breaks the log.

import { cardName } from "./cards.js";

// Bookkeeping events that say nothing a person needs.
const QUIET = new Set(["decision", "shuffle", "rest", "battle_start", "battle_end",
  "battle_phase_end", "end_phase", "turn_end", "ability_resolved", "enter_state_end",
  "stride_end"]);
const PHASES_TOLD = new Set(["ride", "main", "battle", "end"]);
const TRIGGER_SOURCES = new Set(["critical", "draw", "heal", "stand", "front", "over", "trigger"]);

// Who is who from one chair: "You", "Opponent" (in a duel), else the seat's name.
export class Table {
  constructor(mySeat, seats) {
    this.me = mySeat; // null for a spectator
    this.seats = seats;
  }

  get duel() {
    return this.seats.length === 2;
  }

  role(seat) {
    if (this.me === null) return "player";
    if (seat === this.me) return "you";
    return seat[0] === this.me[0] ? "teammate" : "opponent";
  }

  who(seat) {
    if (seat === undefined || seat === null) return "The game";
    if (seat === this.me) return "You";
    if (this.duel && this.role(seat) === "opponent") return "Opponent";
    return seat;
  }

  whose(seat) {
    if (seat === this.me) return "Your";
    if (this.duel && this.role(seat) === "opponent") return "Opponent's";
    return `${seat}'s`;
  }

  verb(event, base) {
    return event.seat === this.me ? base : `${base}s`;
  }

  place(ref) {
    const [seat, ...rest] = String(ref).split(".");
    if (!rest.length || !this.seats.includes(seat)) return String(ref);
    return `${this.whose(seat).toLowerCase()} ${rest.join(".")}`;
  }
}

// One sentence for one event: {text, tone} ("" text for a quiet one). tone: "check",
// "trigger", "turn", "hit", "over" or "".
export function tell(event, table) {
  const kind = event.kind;
  if (QUIET.has(kind)) return { text: "", tone: "" };
  if (kind === "phase" && !PHASES_TOLD.has(String(event.phase))) return { text: "", tone: "" };
  const teller = TELLERS[kind];
  return teller ? teller(event, table) : { text: generic(event, table), tone: "" };
}

function plain(text) {
  return { text, tone: "" };
}

function unit(event, key = "circle") {
  return `${event[key] ?? "?"} ${cardName(event.card)}`;
}

function check(label) {
  return (e, t) => {
    const found = e.trigger ? ` — ${String(e.trigger).toUpperCase()} TRIGGER!` : " (no trigger)";
    return { text: `${t.whose(e.seat)} ${label}: ${cardName(e.card)}, grade ${e.grade}${found}`,
             tone: e.trigger ? "trigger" : "check" };
  };
}

function stat(name) {
  return (e, t) => {
    const amount = e.amount ?? 0;
    const until = ["turn", "battle"].includes(e.until) ? ` until end of ${e.until}` : "";
    const by = e.source ? ` (${TRIGGER_SOURCES.has(e.source) ? "trigger" : cardName(e.source)})` : "";
    return plain(`${t.whose(e.seat)} ${unit(e)}: ${amount >= 0 ? "+" : ""}${amount} ${name}${until}${by}`);
  };
}

function from(e) {
  return e.source && e.source !== "hand" ? ` from the ${String(e.source).replaceAll("_", " ")}` : "";
}

function gameOver(e, t) {
  if (e.reason) return { text: `Game over: a draw (${String(e.reason).replaceAll("_", " ")})`, tone: "over" };
  const losers = Object.entries(e.losers ?? {})
    .map(([seat, why]) => `${t.who(seat)}: ${String(why).replaceAll("_", " ")}`).join(", ");
  return { text: `Game over: ${e.result} wins${losers ? ` (${losers})` : ""}`, tone: "over" };
}

const TELLERS = {
  turn_start: (e, t) => ({ text: `Turn ${e.turn}: ${t.whose(e.seat)} turn`, tone: "turn" }),
  phase: (e, t) => plain(`${t.whose(e.seat)} ${e.phase} phase`),
  first_player: (e, t) => plain(`${t.who(e.seat)} will go first`),
  first_vanguard: (e, t) => plain(`${t.whose(e.seat)} first vanguard: ${cardName(e.card)}`),
  stand_up: (e, t) => plain("Stand up, vanguard! " + Object.entries(e.vanguards ?? {})
    .map(([seat, c]) => `${t.who(seat)}: ${cardName(c)}`).join(", ")),
  mulligan: (e, t) => plain(e.count ? `${t.who(e.seat)}: redraw ${e.count} card(s)`
    : `${t.who(e.seat)}: keep the hand`),
  draw: (e, t) => plain(`${t.who(e.seat)} ${t.verb(e, "draw")} ${e.card ? cardName(e.card) : "a card"}`),
  stand: (e, t) => plain(`${t.who(e.seat)} ${t.verb(e, "stand")} ${unit(e)}`),
  ride: (e, t) => plain(`${t.who(e.seat)} ${t.verb(e, "ride")} ${cardName(e.card)}${from(e)}`),
  persona_ride: (e, t) => plain(`${t.who(e.seat)}: persona ride with ${cardName(e.card)}`),
  stride: (e, t) => plain(`${t.who(e.seat)} ${t.verb(e, "stride")} ${cardName(e.card)}`),
  call: (e, t) => plain(`${t.who(e.seat)} ${t.verb(e, "call")} ${cardName(e.card)} to ${e.circle}${from(e)}`),
  move: (e, t) => plain(`${t.who(e.seat)}: ${cardName(e.card)} moves ${e.circle} → ${e.to}`),
  attack: (e, t) => ({ text: `${t.who(e.seat)} ${t.verb(e, "attack")} with ${unit(e)} → ` +
    `${t.place(e.target)} ${cardName(e.target_card)}`, tone: "attack" }),
  boost: (e) => plain(`   boosted by ${unit(e)}`),
  guard: (e, t) => plain(`${t.who(e.seat)}: guard with ${cardName(e.card)}`),
  intercept: (e, t) => plain(`${t.who(e.seat)}: intercept with ${unit(e)}`),
  drive_check: check("drive check"),
  damage_check: check("damage check"),
  hit: (e, t) => ({ text: `   HIT: ${e.attacker_power} power against ${e.target_power} (${t.place(e.target)})`, tone: "hit" }),
  no_hit: (e, t) => plain(`   no hit: ${e.attacker_power} power against ${e.target_power} (${t.place(e.target)})`),
  damage: (e, t) => ({ text: `${t.who(e.seat)} ${t.verb(e, "take")} 1 damage`, tone: "hit" }),
  heal: (e, t) => plain(`${t.who(e.seat)}: heal, ${cardName(e.card)} goes from damage to the drop`),
  retire: (e, t) => plain(e.circle === "GC"
    ? `${t.whose(e.seat)} guardian ${cardName(e.card)} goes to the drop`
    : `${t.whose(e.seat)} ${unit(e)} is retired`),
  power: stat("power"),
  critical: stat("critical"),
  shield: stat("shield"),
  drive: stat("drive"),
  grade: stat("grade"),
  ability: (e, t) => plain(`${t.who(e.seat)} ${t.verb(e, "use")} ability ${e.ability} of ${cardName(e.card)}`),
  ability_fizzled: (e, t) => plain(`${t.whose(e.seat)} ability ${e.ability} of ${cardName(e.card)} does nothing (${e.reason})`),
  ability_declined: (e, t) => plain(`${t.who(e.seat)} ${t.verb(e, "decline")} ability ${e.ability} of ${cardName(e.card)}`),
  counter_blast: (e, t) => plain(`${t.who(e.seat)}: Counter Blast ${cardName(e.card)}`),
  soul_blast: (e, t) => plain(`${t.who(e.seat)}: Soul Blast ${cardName(e.card)}`),
  counter_charge: (e, t) => plain(`${t.who(e.seat)}: Counter Charge ${cardName(e.card)}`),
  soul_charge: (e, t) => plain(`${t.who(e.seat)}: Soul Charge ${cardName(e.card)}`),
  discard: (e, t) => plain(`${t.who(e.seat)}: discard ${cardName(e.card)}`),
  to_hand: (e, t) => plain(`${cardName(e.card)} goes to ${t.whose(e.seat).toLowerCase()} hand`),
  look: (e, t) => plain(`${t.who(e.seat)}: look at ${e.count ?? "?"} card(s)` +
    (e.zone ? ` of the ${e.zone}` : "") + (e.cards ? `: ${e.cards.map(cardName).join("; ")}` : "")),
  reveal: (e, t) => plain(`${t.who(e.seat)}: reveal ${cardName(e.card)}`),
  game_over: gameOver,
};

function generic(event, table) {
  const details = Object.entries(event)
    .filter(([k]) => !["kind", "n", "seat", "private"].includes(k))
    .map(([k, v]) => `${k}=${valueText(v)}`).join(", ");
  const who = event.seat ? `${table.who(event.seat)}: ` : "";
  return `${who}${String(event.kind).replaceAll("_", " ")}${details ? ` (${details})` : ""}`;
}

function valueText(value) {
  if (Array.isArray(value)) return `[${value.map(valueText).join("; ")}]`;
  if (value !== null && typeof value === "object") return JSON.stringify(value);
  return typeof value === "string" && /^[A-Z][A-Za-z0-9]*-/.test(value) ? cardName(value) : String(value);
}

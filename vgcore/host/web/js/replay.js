// The replay viewer of a finished game: its public log (the events a spectator receives)
// cut into steps, one per answer, stepped forward and back. The table at each step is
// rebuilt from those public events — units on their circles (printed power), damage, the
// guardian circle — so it never needs more than a spectator may see.

import { card } from "./cards.js";
import { renderBoard } from "./board.js";
import { actionLabel } from "./decision.js";
import { el } from "./dom.js";
import { tell } from "./narrate.js";

// Steps: [{answer: event|null, events: [...]}]; a step starts at each answered decision.
export function stepsOf(events) {
  const steps = [{ answer: null, events: [] }];
  for (const event of events) {
    if (event.kind === "decision") steps.push({ answer: event, events: [] });
    else steps.at(-1).events.push(event);
  }
  return steps;
}

function unitOf(cardId) {
  const record = card(cardId) ?? {};
  return { card: cardId, face_up: true, rested: false, power: record.power ?? 0,
           critical: record.critical ?? 1, grade: record.grade ?? 0, shield: record.shield ?? 0 };
}

function emptySide(seat, finalView) {
  const circles = Object.fromEntries(Object.keys(finalView.players[seat].circles).map((c) => [c, null]));
  // Only what public events fix for sure: soul and drop move in too many ways to count here.
  return { circles, zones: { damage: { count: 0, cards: [] }, GC: { count: 0, units: [] } } };
}

// The table after the first `count` events, as far as public events tell it.
export function tableAfter(events, count, finalView) {
  const players = Object.fromEntries(Object.keys(finalView.players).map((s) => [s, emptySide(s, finalView)]));
  let turn = 0; let turnPlayer = null; let phase = "setup"; let battle = null;
  for (const e of events.slice(0, count)) {
    const side = players[e.seat];
    if (e.kind === "turn_start") { turn = e.turn; turnPlayer = e.seat; }
    if (e.kind === "phase") phase = e.phase;
    if (!side) continue;
    const zones = side.zones;
    const push = (zone, c) => { zones[zone].cards.push(c); zones[zone].count += 1; };
    switch (e.kind) {
      case "first_vanguard": case "ride": case "stride": case "persona_ride":
        if (e.card) side.circles.VC = unitOf(e.card);
        break;
      case "stand_up":
        for (const [seat, c] of Object.entries(e.vanguards ?? {})) if (players[seat]) players[seat].circles.VC = unitOf(c);
        break;
      case "call":
        if (e.circle) side.circles[e.circle] = unitOf(e.card);
        break;
      case "move":
        if (e.circle && e.to) { const moving = side.circles[e.circle]; side.circles[e.circle] = side.circles[e.to] ?? null; side.circles[e.to] = moving; }
        break;
      case "retire":
        if (e.circle === "GC") zones.GC.units = zones.GC.units.filter((u) => u.card !== e.card);
        else if (e.circle) side.circles[e.circle] = null;
        break;
      case "guard":
        zones.GC.units.push({ card: e.card, shield: card(e.card)?.shield ?? 0 });
        break;
      case "rest":
        if (side.circles[e.circle]) side.circles[e.circle].rested = true;
        break;
      case "stand":
        if (side.circles[e.circle]) side.circles[e.circle].rested = false;
        break;
      case "damage_check":
        push("damage", e.card);
        break;
      case "counter_blast": case "counter_charge": {
        const [from, to] = e.kind === "counter_blast" ? [e.card, `${e.card}/down`] : [`${e.card}/down`, e.card];
        const at = zones.damage.cards.indexOf(from);
        if (at >= 0) zones.damage.cards[at] = to;
        break;
      }
      case "heal": {
        const at = zones.damage.cards.indexOf(e.card);
        if (at >= 0) { zones.damage.cards.splice(at, 1); zones.damage.count -= 1; }
        break;
      }
      case "attack":
        battle = { attacker: `${e.seat}.${e.circle}`, target: e.target, booster: null, hit: null };
        break;
      case "battle_end":
        battle = null;
        break;
      default:
    }
  }
  return { seat: null, turn, turn_player: turnPlayer, phase, players, battle: null, lastAttack: battle };
}

function answerText(answer, table) {
  if (!answer) return "the start";
  // A private answer (a mulligan pick) reaches a spectator without its text.
  const said = answer.answer === undefined ? "(a private answer)" : `“${actionLabel(answer.answer)}”`;
  return `${table.who(answer.seat)} answered ${said}`;
}

// Draw the viewer into `root`: controls, the table at the current step, the step's words.
export function renderReplay(root, { game, events, finalView, result, table }) {
  const steps = stepsOf(events);
  const ends = [];
  let total = 0;
  for (const step of steps) { total += step.events.length + (step.answer ? 1 : 0); ends.push(total); }
  let at = steps.length - 1;
  const board = el("div", { class: "table replay-table", id: "replay-table" });
  const words = el("ol", { class: "log", id: "replay-log" });
  const where = el("span", { class: "replay-where", id: "replay-where" });
  const slider = el("input", { type: "range", min: 0, max: steps.length - 1, value: at, id: "replay-slider" });
  const go = (to) => {
    at = Math.max(0, Math.min(steps.length - 1, to));
    slider.value = at;
    const step = steps[at];
    const view = tableAfter(events, ends[at], finalView);
    renderBoard(board, view, { table, clocks: {}, check: null });
    where.textContent = `step ${at} of ${steps.length - 1} · ${answerText(step.answer, table)}`;
    words.replaceChildren(...step.events.map((e) => tell(e, table)).filter((t) => t.text)
      .map((t) => el("li", { class: t.tone ? `tone-${t.tone}` : "", text: t.text })));
  };
  slider.addEventListener("input", () => go(Number(slider.value)));
  const button = (label, id, to) => el("button", { type: "button", id, text: label, onclick: () => go(to()) });
  root.replaceChildren(
    el("div", { class: "replay-head" }, [
      el("h2", { text: `Replay of ${game}${result ? ` — ${result}` : ""}` }),
      button("« first", "replay-first", () => 0), button("◀ back", "replay-back", () => at - 1),
      button("forward ▶", "replay-forward", () => at + 1), button("last »", "replay-last", () => steps.length - 1),
      slider, where,
    ]),
    el("p", { class: "replay-note", text: "The table is rebuilt from the game's public events (units with printed power, damage, guardians)." }),
    el("div", { class: "replay-body" }, [board, el("aside", { class: "log-box" }, [el("h3", { text: "This step" }), words])]),
  );
  go(at);
}

// The pending decision, shown two ways: as a list of buttons (one per legal answer, each with
// `data-action` = the answer's action string), and on the table, where each answer acts —
// click a card in hand then a circle to call it, an attacker then its target, a guard card
// to guard. A click that starts or finishes no legal answer does nothing.

import { baseId, cardName, isCard } from "./cards.js";
import { battleOf } from "./board.js";
import { el } from "./dom.js";

const CIRCLE = /^(?:([A-Za-z][A-Za-z0-9]*)\.)?(VC|GC|RC\.[A-Za-z0-9]+)$/;
const GUARD_KINDS = new Set(["guard", "tag-guard"]);

// The table element an answer's word names: "card:<id>" (a card in hand) or
// "circle:<seat>:<circle>"; null for any other word.
function placeOf(word, mySeat, seats) {
  const base = word.split(":")[0];
  if (isCard(base)) return `card:${baseId(base)}`;
  const found = base.match(CIRCLE);
  if (!found) return null;
  const seat = found[1] && seats.includes(found[1]) ? found[1] : mySeat;
  return `circle:${seat}:${found[2]}`;
}

// [first, second] places of an answer: what to click first, and then (if anything) where.
export function placesOf(option, mySeat, seats) {
  const [verb, ...words] = option.split(/\s+/);
  const places = words.map((w) => placeOf(w, mySeat, seats)).filter(Boolean);
  if (verb === "ride" && places.length === 1) places.push(`circle:${mySeat}:VC`);
  return places.slice(0, 2);
}

// The place key of a clicked element, or null.
export function placeOfElement(node) {
  const cardNode = node.closest("[data-card]");
  if (cardNode) return `card:${cardNode.dataset.card}`;
  const circleNode = node.closest("[data-circle]");
  if (circleNode) return `circle:${circleNode.dataset.seat}:${circleNode.dataset.circle}`;
  return null;
}

// An answer as people read it: card ids by name.
export function actionLabel(option) {
  return option.split(/\s+/).map((w) => (isCard(w.split(":")[0]) ? cardName(w.split(":")[0]) : w)).join(" ");
}

export class DecisionUI {
  // panel: the element holding the prompt and the buttons; table/hand: where places live;
  // answer(action): sends the answer.
  constructor({ panel, surfaces, answer }) {
    this.panel = panel;
    this.surfaces = surfaces;
    this.answer = answer;
    this.decision = null;
    this.selected = null;
    for (const surface of surfaces) surface.addEventListener("click", (e) => this.clicked(e));
  }

  show(decision, view, mySeat) {
    if (this.decision?.id === decision.id && this.mySeat === mySeat) {
      this.view = view; // the same question (its view, then its `decision`): keep the buttons
      this.mark(); // the table was drawn again: mark it again
      return;
    }
    this.decision = decision;
    this.view = view;
    this.mySeat = mySeat;
    this.selected = null;
    const seats = Object.keys(view?.players ?? {});
    this.options = decision.options.map((text) => ({ text, places: placesOf(text, mySeat, seats) }));
    this.render();
  }

  clear(message = "") {
    this.decision = null;
    this.selected = null;
    this.options = [];
    this.panel.replaceChildren(message ? el("p", { class: "waiting", id: "waiting-for", text: message }) : "");
    this.mark();
  }

  render() {
    const d = this.decision;
    const parts = [el("p", { class: "prompt", id: "prompt", text: d.prompt })];
    if (GUARD_KINDS.has(d.kind) && this.view) parts.push(guardSummary(this.view));
    parts.push(el("div", { class: "choice", id: "choice" }));
    parts.push(el("div", { class: "actions", id: "actions" }, this.options.map((o) => this.button(o.text))));
    this.panel.replaceChildren(...parts);
    this.mark();
  }

  button(option) {
    return el("button", { type: "button", class: "action", dataset: { action: option }, title: option,
      text: actionLabel(option), onclick: () => this.choose(option) });
  }

  choose(option) {
    if (!this.decision || !this.decision.options.includes(option)) return;
    const decision = this.decision;
    this.clear("sending…");
    this.answer(decision, option);
  }

  clicked(event) {
    if (!this.decision || event.target.closest("[data-action]")) return;
    const place = placeOfElement(event.target);
    if (!place) return;
    if (this.selected) {
      const finishing = this.options.filter((o) => o.places[0] === this.selected && o.places[1] === place);
      if (finishing.length === 1) return this.choose(finishing[0].text);
      if (finishing.length > 1) return this.offer(finishing);
      this.selected = null;
    }
    const starting = this.options.filter((o) => o.places[0] === place);
    if (!starting.length) return this.mark(); // not a legal start: nothing happens
    const direct = starting.filter((o) => !o.places[1]);
    if (direct.length === starting.length) {
      if (direct.length === 1) return this.choose(direct[0].text);
      return this.offer(direct);
    }
    this.selected = place;
    this.offer(direct, "Choose where, on the table" + (direct.length ? ", or:" : "."));
  }

  // Answers that share the clicked place, offered as buttons next to the prompt.
  offer(options, title = "Which one?") {
    const choice = this.panel.querySelector("#choice");
    choice.replaceChildren(el("p", { text: title }), ...options.map((o) => this.button(o.text)));
    this.mark();
  }

  // Highlight what can be clicked now: answers' first places, or the selection's targets.
  mark() {
    for (const surface of this.surfaces) {
      for (const node of surface.querySelectorAll(".playable, .target, .selected, .guardable")) {
        node.classList.remove("playable", "target", "selected", "guardable");
      }
    }
    if (!this.decision) return;
    const guard = GUARD_KINDS.has(this.decision.kind);
    const firsts = new Set(this.options.map((o) => o.places[0]).filter(Boolean));
    const targets = new Set(this.options.filter((o) => o.places[0] === this.selected).map((o) => o.places[1]));
    for (const surface of this.surfaces) {
      for (const node of surface.querySelectorAll("[data-card], [data-circle]")) {
        const place = placeOfElement(node);
        if (this.selected && place === this.selected) node.classList.add("selected");
        else if (this.selected && targets.has(place)) node.classList.add("target");
        else if (!this.selected && firsts.has(place)) node.classList.add(guard && place.startsWith("card:") ? "guardable" : "playable");
      }
    }
  }
}

// The guard step: attacker's power against the defender's, and the shield still needed.
function guardSummary(view) {
  const b = battleOf(view);
  if (!b) return el("div");
  return el("div", { class: "guard-summary", id: "guard-summary" }, [
    el("div", {}, ["Attacker ", el("b", { text: `${cardName(b.attacker.card)} ${b.attacker.power}` }),
      b.booster ? ` (boosted by ${b.booster})` : ""]),
    el("div", {}, ["Defender ", el("b", { text: `${cardName(b.target.card)} ${b.target.power}` }),
      b.shieldOnGC ? ` (with ${b.shieldOnGC} shield on GC)` : ""]),
    el("div", { class: "needed" }, b.needed
      ? ["Shield needed: ", el("b", { id: "shield-needed", text: b.needed }), " (equal power hits)"]
      : ["No shield needed: the attack does not hit at these powers"]),
  ]);
}

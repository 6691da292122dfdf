// The replay viewer of a finished game: its log cut into steps, one per answer, stepped
// forward and back. The table at each step is the host's own view of that moment (`get view`
// with `at`: the seat this browser held, else a spectator's), drawn by board.js as in live
// play — hand and deck counts, soul and drop, power in battle — asked for once per step.

import { renderBoard, renderHand } from "./board.js";
import { actionLabel } from "./decision.js";
import { el } from "./dom.js";
import { tell } from "./narrate.js";

// Steps: [{answer: event|null, events: [...]}]; a step starts at each answer, so step k is
// the game after its first k answers (a forced decision, answered by the rules, is no step).
export function stepsOf(events) {
  const steps = [{ answer: null, events: [] }];
  for (const event of events) {
    if (event.kind === "decision" && !event.forced) steps.push({ answer: event, events: [] });
    else steps.at(-1).events.push(event);
  }
  return steps;
}

// The view after `at` answers, asked of the host once per step (a failed ask is asked again;
// `forget(at)` drops one, e.g. a spectator's view got while the seat was being joined again).
export function viewCache(ask) {
  const views = new Map();
  const viewAt = (at) => {
    if (!views.has(at)) {
      views.set(at, ask(at).catch((error) => { views.delete(at); throw error; }));
    }
    return views.get(at);
  };
  viewAt.forget = (at) => views.delete(at);
  return viewAt;
}

function answerText(answer, table) {
  if (!answer) return "the start";
  // A private answer (a mulligan pick) reaches others without its text.
  const said = answer.answer === undefined ? "(a private answer)" : `“${actionLabel(answer.answer)}”`;
  return `${table.who(answer.seat)} answered ${said}`;
}

// Draw the viewer into `root`: controls, the table at the current step, the step's words.
// viewAt(n) resolves with the view after n answers; `table` is narrate.Table of the viewer.
export function renderReplay(root, { game, events, viewAt, result, table }) {
  const steps = stepsOf(events);
  let at = steps.length - 1;
  const board = el("div", { class: "table replay-table", id: "replay-table" });
  const hand = el("div", { class: "hand replay-hand", id: "replay-hand", "aria-label": "the hand at this step" });
  const words = el("ol", { class: "log", id: "replay-log" });
  const where = el("span", { class: "replay-where", id: "replay-where" });
  const note = el("p", { class: "replay-note", id: "replay-note" });
  const slider = el("input", { type: "range", min: 0, max: steps.length - 1, value: at, id: "replay-slider" });
  const draw = async (step) => {
    let view;
    try {
      view = await viewAt(step);
    } catch (error) {
      if (step === at) note.textContent = `the host did not give step ${step}: ${error.message}`;
      return;
    }
    if (step !== at) return; // stepped on meanwhile: the newer step draws
    if ((view.seat ?? null) !== table.me && viewAt.forget) {
      viewAt.forget(step); // not this seat's view (asked while reconnecting): ask again
      setTimeout(() => step === at && draw(step), 250);
      return;
    }
    renderBoard(board, view, { table, clocks: {}, check: null });
    renderHand(hand, view, table.me);
    board.dataset.step = String(step); // which step the table shows (tests wait for it)
    note.textContent = table.me === null ? "The table as a spectator saw it at this step."
      : `The table as seat ${table.me} saw it at this step.`;
  };
  const go = (to) => {
    at = Math.max(0, Math.min(steps.length - 1, to));
    slider.value = at;
    const step = steps[at];
    where.textContent = `step ${at} of ${steps.length - 1} · ${answerText(step.answer, table)}`;
    words.replaceChildren(...step.events.map((e) => tell(e, table)).filter((t) => t.text)
      .map((t) => el("li", { class: t.tone ? `tone-${t.tone}` : "", text: t.text })));
    draw(at);
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
    note,
    el("div", { class: "replay-body" }, [el("div", {}, [board, table.me === null ? null : hand]),
      el("aside", { class: "log-box" }, [el("h3", { text: "This step" }), words])]),
  );
  go(at);
}

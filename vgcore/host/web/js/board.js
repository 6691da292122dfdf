// The table drawn from one seat's view (`view` messages): every side a 3×2 grid with the
// vanguard in the middle of the front row, the opponents' sides above and turned round, the
// guardian circle between, the piles (damage, soul, drop, deck, G zone, bind, …) beside each
// grid, and my hand below. Only what the view holds is drawn; hidden cards are counts.

import { card, cardName, cardTitle, isFaceDown, baseId } from "./cards.js";
import { el } from "./dom.js";

const OWN_GRID = [["RC.FL", "VC", "RC.FR"], ["RC.BL", "RC.BC", "RC.BR"]];
const OPPOSITE_GRID = [["RC.BR", "RC.BC", "RC.BL"], ["RC.FR", "VC", "RC.FL"]];
const GRID_CIRCLES = new Set(OWN_GRID.flat());
// Zones drawn in their own places; every other zone with cards becomes a pile.
const PLACED_ZONES = new Set(["hand", "deck", "damage", "GC", "trigger", "legion_mate"]); // legion_mate: on VC
const ZONE_LABELS = { g_zone: "G zone", ride_deck: "ride deck", order_zone: "order zone",
  crest_zone: "crest zone", gift_gone: "gifts used", removed: "removed", bind: "bind" };
const COUNTED = ["hand", "deck", "damage", "soul", "drop"]; // in each side's header
const ORDER = { opponent: 0, player: 0, teammate: 1, you: 2 };

// Draw the whole table into `root`. ctx: {table (narrate.Table), clocks, check}.
export function renderBoard(root, view, ctx) {
  const seats = Object.keys(view.players);
  ctx = { ...ctx, fighting: new Map(view.battle ? [[view.battle.attacker, "attacking"], [view.battle.target, "attacked"]] : []) };
  const viewpoint = ctx.table.me ?? seats[0]; // a spectator sits behind the first seat
  const top = seats.filter((s) => s[0] !== viewpoint[0]);
  const bottom = seats.filter((s) => s[0] === viewpoint[0])
    .sort((a, b) => ORDER[ctx.table.role(a)] - ORDER[ctx.table.role(b)]);
  root.replaceChildren(
    el("div", { class: "row-of-sides far" }, top.map((s) => side(view, s, ctx, true))),
    middle(view, ctx),
    el("div", { class: "row-of-sides near" }, bottom.map((s) => side(view, s, ctx, false))),
  );
}

function middle(view, ctx) {
  const parts = [el("span", { class: "turn", text: view.turn
    ? `Turn ${view.turn} · ${ctx.table.whose(view.turn_player)} turn · ${view.phase} phase`
    : "Setting up the game" })];
  if (view.battle) parts.push(battleLine(view, ctx));
  if (ctx.check) parts.push(el("span", { class: `check ${ctx.check.tone}`, id: "check", text: ctx.check.text }));
  return el("div", { class: "middle" }, parts);
}

// What the attack in progress is: both powers and the shield the defender still needs.
export function battleOf(view) {
  const b = view.battle;
  if (!b) return null;
  const [aSeat, ...aRest] = b.attacker.split(".");
  const [tSeat, ...tRest] = b.target.split(".");
  const attacker = view.players[aSeat]?.circles[aRest.join(".")] ?? {};
  const target = view.players[tSeat]?.circles[tRest.join(".")] ?? {};
  const guardians = view.players[tSeat]?.zones.GC?.units ?? [];
  const gap = (attacker.power ?? 0) - (target.power ?? 0);
  return { aSeat, aCircle: aRest.join("."), tSeat, tCircle: tRest.join("."), attacker, target,
           booster: b.booster, shieldOnGC: guardians.reduce((sum, u) => sum + (u.shield ?? 0), 0),
           needed: gap >= 0 ? gap + 1 : 0, hit: b.hit };
}

function battleLine(view, ctx) {
  const b = battleOf(view);
  const t = ctx.table;
  return el("span", { class: "battle", id: "battle" }, [
    `${t.whose(b.aSeat)} ${b.aCircle} ${cardName(b.attacker.card)} `,
    el("b", { text: `${b.attacker.power}` }), b.booster ? ` (boosted by ${b.booster})` : "",
    " → ", `${t.whose(b.tSeat).toLowerCase()} ${b.tCircle} ${cardName(b.target.card)} `,
    el("b", { text: `${b.target.power}` }),
    b.shieldOnGC ? ` (${b.shieldOnGC} shield on GC)` : "",
  ]);
}

function side(view, seat, ctx, far) {
  const player = view.players[seat];
  const zones = player.zones;
  const role = ctx.table.role(seat);
  const grid = far && role !== "teammate" ? OPPOSITE_GRID : OWN_GRID;
  const field = el("div", { class: "field" }, grid.flat().map((c) => circle(seat, c, player.circles[c], zones, ctx)));
  const extra = Object.keys(player.circles).filter((c) => !GRID_CIRCLES.has(c));
  const accel = extra.length
    ? el("div", { class: "extra-circles" }, extra.map((c) => circle(seat, c, player.circles[c], zones, ctx)))
    : null;
  const guardian = guardianCircle(seat, zones.GC);
  const mat = el("div", { class: "mat" }, [
    damageZone(zones.damage),
    el("div", { class: "centre" }, far ? [accel, field, guardian] : [guardian, field, accel]),
    piles(zones),
  ]);
  return el("section", { class: `side ${role}`, dataset: { seat } }, [
    far ? sideHead(seat, player, ctx) : null, mat, far ? null : sideHead(seat, player, ctx),
  ]);
}

function sideHead(seat, player, ctx) {
  const zones = player.zones;
  const clock = ctx.clocks[seat];
  const name = ctx.table.me === null ? `Seat ${seat}` : `${seat} · ${ctx.table.role(seat)}`;
  return el("div", { class: "side-head" }, [
    el("span", { class: "seat-name", text: name }),
    ...COUNTED.filter((z) => zones[z]).map((z) => counter(z, zones[z].count ?? 0, seat)),
    clock ? el("span", { class: `clock${clock.running ? " running" : ""}`, dataset: { clockSeat: seat },
      text: formatClock(clock) }) : null,
  ]);
}

function counter(label, count, seat) {
  return el("span", { class: "counter", dataset: { zone: label, seat } }, [`${label} `, el("b", { text: count })]);
}

export function formatClock(clock) {
  const elapsed = clock.running ? performance.now() - clock.at : 0;
  const ms = Math.max(0, clock.remaining - elapsed);
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function circle(seat, name, unit, zones, ctx) {
  const fight = ctx.fighting.get(`${seat}.${name}`);
  const node = el("div", { class: `circle${name === "VC" ? " vanguard" : ""}${name.startsWith("RC.X") ? " accel" : ""}${fight ? ` ${fight}` : ""}`,
    dataset: { seat, circle: name } }, [el("span", { class: "circle-label", text: name === "VC" ? "V" : name.replace("RC.", "") })]);
  if (unit && "card" in unit) node.append(unitCard(unit));
  if (unit?.legion_mate) node.append(legionMate(unit.legion_mate));
  return node;
}

function unitCard(unit) {
  const down = unit.card === null || unit.face_up === false || isFaceDown(unit.card ?? "down");
  const record = down ? null : card(unit.card);
  const classes = ["unit", unit.rested ? "rested" : "standing", down ? "face-down" : "",
    record?.trigger ? `trigger-${record.trigger}` : "", (unit.grade ?? 0) >= 4 ? "g-unit" : ""];
  const node = el("div", { class: classes.filter(Boolean).join(" "), title: down ? "face-down card" : cardTitle(unit.card),
    dataset: { cardId: down ? "" : baseId(unit.card) } });
  if (down) {
    node.append(el("span", { class: "name", text: "face down" }), el("span", { class: "state", text: unit.rested ? "rested" : "standing" }));
    return node;
  }
  node.append(
    el("span", { class: "grade", text: `G${unit.grade ?? "?"}` }),
    el("span", { class: "name", text: cardName(unit.card) }),
    el("span", { class: "stats" }, [el("b", { class: "power", text: unit.power ?? "?" }),
      el("span", { class: "critical", text: `★${unit.critical ?? "?"}` })]),
    el("span", { class: "state", text: unit.rested ? "rested" : "standing" }),
  );
  if (unit.markers?.length) {
    node.append(el("span", { class: "markers" }, unit.markers.map((m) => el("span", { class: "marker", text: m }))));
  }
  return node;
}

// A legion's mate stands beside its vanguard (the legion plugin's `circles.VC.legion_mate`).
function legionMate(mate) {
  return el("div", { class: `legion-mate${mate.rested ? " rested" : ""}`, title: cardTitle(mate.card),
    dataset: { cardId: baseId(mate.card) } }, [
    el("span", { class: "legion-label", text: "legion" }),
    el("span", { class: "name", text: cardName(mate.card) }),
    el("b", { class: "power", text: mate.power ?? "?" }),
  ]);
}

function guardianCircle(seat, gc) {
  const units = gc?.units ?? [];
  return el("div", { class: `guardian-circle${units.length ? " busy" : ""}`, dataset: { seat, circle: "GC" } }, [
    el("span", { class: "circle-label", text: "G" }),
    ...units.map((u) => el("span", { class: "guardian", title: cardTitle(u.card ?? "down") },
      [cardName(u.card), el("b", { text: ` ${u.shield ?? 0}` })])),
  ]);
}

function damageZone(damage) {
  const cards = damage?.cards ?? [];
  return el("div", { class: "damage-zone", title: "damage zone" }, [
    el("span", { class: "pile-label", text: `damage ${damage?.count ?? 0}` }),
    ...cards.map((c) => el("span", { class: `damage-card ${isFaceDown(c) ? "down" : "up"}`,
      title: isFaceDown(c) ? `${cardName(c)} (face down)` : cardTitle(c),
      text: cardName(c) })),
  ]);
}

function piles(zones) {
  const column = el("div", { class: "piles" }, [
    zones.deck ? pile("deck", zones.deck, true) : null,
    zones.trigger?.count ? pile("trigger", zones.trigger) : null,
  ]);
  for (const [name, entry] of Object.entries(zones)) {
    if (PLACED_ZONES.has(name) || name === "deck") continue;
    if (!entry?.count && !["soul", "drop"].includes(name)) continue;
    column.append(pile(name, entry));
  }
  return column;
}

function pile(name, entry, countOnly = false) {
  const cards = countOnly ? [] : entry?.cards ?? [];
  const up = cards.filter((c) => !isFaceDown(c));
  const down = cards.length - up.length;
  const label = ZONE_LABELS[name] ?? name.replaceAll("_", " ");
  const listed = up.map(cardName);
  return el("div", { class: `pile zone-${name}`, dataset: { zone: name }, title: listed.join("\n") || label }, [
    el("span", { class: "pile-label" }, [`${label} `, el("b", { text: entry?.count ?? 0 })]),
    down ? el("span", { class: "pile-note", text: `${down} face down` }) : null,
    up.length ? el("span", { class: "pile-top", text: up.length > 2 ? `${listed.at(-1)} +${up.length - 1}` : listed.join(", ") }) : null,
  ]);
}

// My hand as cards; `data-card` is the card id (what answers name).
export function renderHand(root, view, mySeat) {
  const cards = mySeat ? view.players[mySeat]?.zones.hand?.cards ?? [] : [];
  root.replaceChildren(...cards.map((c) => {
    const record = card(c) ?? {};
    return el("div", { class: `card${record.trigger ? ` trigger-${record.trigger}` : ""}`,
      dataset: { card: baseId(c) }, title: cardTitle(c), tabindex: 0 }, [
      el("span", { class: "grade", text: `G${record.grade ?? "-"}` }),
      el("span", { class: "name", text: cardName(c) }),
      el("span", { class: "stats" }, [el("b", { text: record.power ?? "" }),
        record.shield !== undefined ? el("span", { class: "shield", title: "shield", text: record.shield }) : null]),
      record.trigger ? el("span", { class: "trigger-name", text: record.trigger }) : null,
    ]);
  }));
}

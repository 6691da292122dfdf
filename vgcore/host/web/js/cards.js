// The printed data of every installed card (GET /cards.json from the host): names, grades,
// power, shield. Public and the same for every game; views carry card ids only.

let catalogue = {};

export async function loadCards() {
  const reply = await fetch("/cards.json");
  catalogue = reply.ok ? await reply.json() : {};
}

// "TD01-001", "TD01-001/down" or "TD01-001:2" -> "TD01-001"
export function baseId(ref) {
  return String(ref).split("/")[0].split(":")[0];
}

export function isCard(ref) {
  return baseId(ref) in catalogue;
}

export function card(ref) {
  return catalogue[baseId(ref)] ?? null;
}

export function cardName(ref) {
  if (ref === null || ref === undefined || ref === "down") return "a face-down card";
  const record = card(ref);
  return record ? record.name : baseId(ref);
}

export function isFaceDown(ref) {
  return ref === "down" || String(ref).endsWith("/down");
}

// A card's one-line description for a tooltip.
export function cardTitle(ref) {
  const record = card(ref);
  if (!record) return baseId(ref);
  const parts = [`${record.name} (${baseId(ref)})`, `grade ${record.grade ?? "-"}`];
  if (record.power !== undefined) parts.push(`${record.power} power`);
  if (record.shield !== undefined) parts.push(`${record.shield} shield`);
  if (record.trigger) parts.push(`${record.trigger} trigger`);
  return parts.join(" · ") + (record.text ? `\n${record.text}` : "");
}

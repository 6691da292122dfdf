// A deck list pasted or uploaded in the lobby, read into the host's inline deck
// ({name, deck: [{id, count}], ride_deck, g_deck, first_vanguard}). Accepted: JSON of that
// shape, a deck file (YAML with `- {id: X, count: N}` lines), or plain lines "4 TD01-001"
// under optional `deck:`, `ride_deck:`, `g_deck:` headers. The host checks the rules; this
// only reads the text, and returns every line it could not read. A deck file's `description`
// is skipped: the host's inline deck has no such key (it refuses unknown keys).

const SECTIONS = ["deck", "ride_deck", "g_deck"];
const COUNT_FIRST = /^(\d+)\s*x?\s+(\S+)$/i;
const COUNT_LAST = /^(\S+)\s+x?\s*(\d+)$/i;
const BLOCK_SCALAR = /^[>|][+-]?$/; // a YAML block scalar's header: its text is on the next lines
const YAML_ENTRY = /^-?\s*\{\s*id:\s*([^,\s}]+)\s*,\s*count:\s*(\d+)\s*\}$/;

export function readDeckList(text) {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    try {
      const { description, ...deck } = JSON.parse(trimmed); // eslint-disable-line no-unused-vars
      return { deck, problems: [] };
    } catch (error) {
      return { deck: null, problems: [`not valid JSON: ${error.message}`] };
    }
  }
  const deck = { name: "pasted deck", deck: [] };
  const problems = [];
  let section = "deck";
  let folded = null; // the key of a YAML block (`description: >-`) whose indented lines follow
  trimmed.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, "").trim();
    if (!line) return;
    if (folded && /^\s/.test(raw)) return; // a deck file's description: not sent
    folded = null;
    const header = line.match(/^([a-z_]+):\s*(.*)$/);
    if (header && !line.startsWith("-")) {
      const [, key, value] = header;
      if (SECTIONS.includes(key) && !value) section = key;
      else if (BLOCK_SCALAR.test(value)) folded = key;
      else if (["name", "first_vanguard", "format"].includes(key) && value) {
        deck[key] = value.replace(/^["']|["']$/g, "");
      } else if (key !== "description") problems.push(`line ${index + 1}: unknown key '${key}'`);
      return;
    }
    const entry = line.match(YAML_ENTRY) ?? line.match(COUNT_FIRST);
    const reversed = entry ? null : line.match(COUNT_LAST);
    if (!entry && !reversed) {
      problems.push(`line ${index + 1}: cannot read '${line}' (write "4 TD01-001")`);
      return;
    }
    const [id, count] = entry
      ? (line.match(YAML_ENTRY) ? [entry[1], entry[2]] : [entry[2], entry[1]])
      : [reversed[1], reversed[2]];
    (deck[section] ??= []).push({ id, count: Number(count) });
  });
  if (!deck.deck.length && !problems.length) problems.push("the list names no cards");
  return { deck, problems };
}

// The host's `bad_deck` message lists every violation of every deck, "; "-separated, each
// starting with the seat ("A (my deck): ..."): one line per violation.
export function violations(message) {
  const body = message.replace(/^illegal decks?:\s*/, "");
  return body.split(/; (?=[A-Z][A-Za-z0-9]* \()/).map((v) => v.trim()).filter(Boolean);
}

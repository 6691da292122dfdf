// The app: connects to the host, routes the page's URL (lobby, /play?…, a friend's link,
// a game to rejoin, spectate or replay), and keeps one game session — its events, view,
// decision and clocks — drawn on the table. Every message it uses is in
// docs/host-protocol.md; tokens are kept in localStorage (saved.js), never in the log or URL.

import { HostConnection } from "./connection.js";
import { loadCards } from "./cards.js";
import { renderBoard, renderHand, formatClock } from "./board.js";
import { DecisionUI } from "./decision.js";
import { violations } from "./decklist.js";
import { el } from "./dom.js";
import { renderLobby, showProblems } from "./lobby.js";
import { Table, tell } from "./narrate.js";
import { renderReplay, viewCache } from "./replay.js";
import { forgetGame, saveGame, savedGame, savedGames, updateGame } from "./saved.js";

const $ = (id) => document.getElementById(id);
const CHECKS = new Set(["drive_check", "damage_check"]);

const app = { welcome: null, session: null, conn: null, decisionUI: null, replay: null };

function setState(state) {
  document.body.dataset.state = state;
}

function showScreen(name) {
  for (const id of ["lobby", "game", "replay"]) $(id).hidden = id !== name;
  if (name !== "game") $("over").hidden = true;
}

function status(text) {
  $("status").textContent = text;
}

// -- one game ---------------------------------------------------------------------------

class Session {
  constructor({ game, seat, token, spectator, format }) {
    Object.assign(this, { game, seat: seat ?? null, token, spectator: Boolean(spectator), format });
    this.lastSeq = 0;
    this.events = [];
    this.view = null;
    this.decision = null;
    this.waitingFor = null;
    this.clocks = {};
    this.check = null;
    this.over = null;
    this.offline = false; // the socket dropped and the game is not resumed yet
    this.table = null;
  }

  // The request that (re)attaches this connection to the game, continuing after lastSeq.
  attach(conn) {
    if (this.spectator) return conn.request({ type: "spectate", game: this.game, after: this.lastSeq });
    return conn.request({ type: "resume", game: this.game, seat: this.seat, token: this.token, after: this.lastSeq });
  }
}

function onMessage(message) {
  const s = app.session;
  if (message.type === "error" && message.code === "unauthorized" && message.re === undefined) {
    status(message.message);
    return;
  }
  if (!s || (message.game !== undefined && message.game !== s.game)) return;
  switch (message.type) {
    case "event": return gotEvent(s, message.seq, message.event);
    case "view": return gotView(s, message.view);
    case "joined": return gotJoined(s, message);
    case "decision": s.decision = message.decision; s.waitingFor = null; return draw(s);
    case "waiting": s.decision = null; s.waitingFor = message; return draw(s);
    case "clock":
      s.clocks[message.seat] = { remaining: message.remaining_ms, running: message.running, at: performance.now() };
      // A seat's first clock has no place on the table yet: draw the table again.
      if (!document.querySelector(`[data-clock-seat="${message.seat}"]`)) return draw(s);
      return tickClocks();
    case "presence":
      return logLine(`${s.table?.who(message.seat) ?? message.seat} ${message.connected ? "came back" : "left the table"}`, "presence");
    case "game_over": return gotGameOver(s, message);
    default:
  }
}

function gotEvent(s, seq, event) {
  if (seq <= s.lastSeq) return;
  s.lastSeq = seq;
  s.events.push(event);
  if (!s.table) return; // events of a resume come before `joined`, which tells them
  if (CHECKS.has(event.kind) || event.kind === "turn_start") s.check = CHECKS.has(event.kind) ? tell(event, s.table) : null;
  const told = tell(event, s.table);
  if (told.text) logLine(told.text, told.tone);
  if (!s.spectator) updateGame(s.game, s.seat, { lastSeq: seq });
}

// A view holds the pending decision in full for the seat asked (only seat and kind for the
// others): it replaces whatever decision this page had, so that a decision already answered
// is never shown again between the answer and the next `decision` message.
function gotView(s, view) {
  s.view = view;
  const asked = view.decision;
  s.decision = asked && asked.seat === s.seat && asked.options ? asked : null;
  draw(s);
}

function gotJoined(s, message) {
  s.view = message.view;
  if (!s.table) {
    s.table = new Table(s.seat, Object.keys(message.view.players));
    for (const event of s.events) {
      const told = tell(event, s.table);
      if (told.text) logLine(told.text, told.tone);
    }
  }
  if (message.view.log) {
    s.events = [];
    s.lastSeq = 0;
    $("log").replaceChildren();
    message.view.log.forEach((event, i) => gotEvent(s, i + 1, event));
  }
  s.lastSeq = Math.max(s.lastSeq, message.seq);
  s.decision = message.decision;
  draw(s);
}

function gotGameOver(s, message) {
  s.over = { result: message.result, reason: message.reason };
  if (!s.spectator) updateGame(s.game, s.seat, { over: true, result: message.result });
  draw(s);
}

function logLine(text, tone = "") {
  const log = $("log");
  log.append(el("li", { class: tone ? `tone-${tone}` : "", text }));
  log.scrollTop = log.scrollHeight;
}

// Draw the whole game screen from the session.
function draw(s) {
  if (!s.view) return;
  s.table ??= new Table(s.seat, Object.keys(s.view.players));
  renderBoard($("table"), s.view, { table: s.table, clocks: s.clocks, check: s.check });
  renderHand($("hand"), s.view, s.seat);
  $("game-id").textContent = `game ${s.game}${s.spectator ? " · spectating" : ` · seat ${s.seat}`}`;
  $("hint").hidden = $("concede").hidden = s.spectator || Boolean(s.over);
  if (s.over) {
    app.decisionUI.clear("");
    showOver(s);
    return setState("over");
  }
  if (s.offline) {
    app.decisionUI.clear("Reconnecting…");
    return setState("waiting");
  }
  if (s.decision && !s.spectator && s.decision.seat === s.seat) {
    app.decisionUI.show(s.decision, s.view, s.seat);
    return setState("deciding");
  }
  const asked = s.waitingFor?.seat ?? s.view.decision?.seat;
  const kind = s.waitingFor?.kind ? ` (${s.waitingFor.kind})` : "";
  app.decisionUI.clear(asked ? `Waiting for ${asked}${kind}…` : "Waiting…");
  setState("waiting");
}

function showOver(s) {
  const { result, reason } = s.over;
  let headline = result === "draw" ? "Draw" : `${result} wins`;
  if (s.seat && result !== "draw") headline = result === s.seat[0] ? "You win!" : "You lose";
  $("over-title").textContent = headline;
  $("over-reason").textContent = `Result: ${result} · reason: ${String(reason ?? "").replaceAll("_", " ")}`;
  $("over").hidden = false;
}

function tickClocks() {
  const s = app.session;
  if (!s) return;
  for (const node of document.querySelectorAll("[data-clock-seat]")) {
    const clock = s.clocks[node.dataset.clockSeat];
    if (clock) node.textContent = formatClock(clock);
  }
}

async function answer(decision, action) {
  const s = app.session;
  s.decision = null;
  setState("waiting");
  try {
    await app.conn.request({ type: "answer", game: s.game, decision: decision.id, action });
  } catch (error) {
    status(`answer refused: ${error.message}`);
    // Still this question (unless the host has moved on, or a newer one came): ask it again
    // — once the game is resumed, if the answer never left (the socket is down).
    if (!s.decision && error.code !== "stale_decision") s.decision = decision;
    if (error.code === "closed") s.offline = true;
    draw(s);
  }
}

// -- entering a game ------------------------------------------------------------------------

// Stop watching the page's game when the page moves on — if it is a spectator's or over. A
// seat of a live game stays held (leaving would start its reconnect window, and the game is
// one click away in "My games").
function letGo() {
  const s = app.session;
  if (s && (s.spectator || s.over)) app.conn.request({ type: "leave", game: s.game }).catch(() => {});
  app.session = null;
  if (app.replay) app.conn.request({ type: "leave", game: app.replay.game }).catch(() => {});
  app.replay = null;
}

async function enter(session, first) {
  letGo();
  app.session = session;
  $("over").hidden = true;
  $("log").replaceChildren();
  $("share").replaceChildren();
  showScreen("game");
  setState("waiting");
  try {
    await (first ?? session.attach(app.conn));
  } catch (error) {
    app.session = null;
    backToLobby(`cannot open game ${session.game}: ${error.message}`);
  }
}

async function startGame(settings) {
  const format = app.welcome.formats.find((f) => f.id === settings.format);
  if (!format) return backToLobby(`no format ${settings.format} on this host`);
  const [mine, ...others] = format.seats;
  const seats = Object.fromEntries(others.map((s) => [s, settings.opponent === "friend" ? "human" : settings.opponent]));
  const create = { type: "create", format: format.id, seats };
  if (settings.deck && format.seats.length === 2) {
    create.decks = { [mine]: settings.deck, [others[0]]: settings.opponentDeck ?? format.decks[0] };
  }
  if (settings.seed !== undefined) create.seed = settings.seed;
  if (settings.clock) create.clock = { bank_ms: settings.clock * 1000, increment_ms: 5000, grace_ms: 5000 };
  let created;
  try {
    created = await app.conn.request(create);
  } catch (error) {
    if (error.code === "bad_deck") {
      if (location.pathname !== "/") history.replaceState(null, "", "/");
      showLobby();
      showProblems(error.violations ?? violations(error.message)); // older hosts: the message
      return;
    }
    return backToLobby(`the host refused the game: ${error.message}`);
  }
  saveGame({ game: created.game, seat: mine, token: created.tokens[mine], format: format.id });
  history.replaceState(null, "", `/?game=${encodeURIComponent(created.game)}&seat=${encodeURIComponent(mine)}`);
  const session = new Session({ game: created.game, seat: mine, token: created.tokens[mine], format: format.id });
  await enter(session, app.conn.request({ type: "join", game: created.game, seat: mine, token: created.tokens[mine] }));
  showShareLinks(created);
}

// The friend's link carries only the friend's seat token, in the fragment (never sent in
// an HTTP request, so no server log sees it).
function showShareLinks(created) {
  const links = Object.entries(created.tokens).filter(([seat]) => seat !== app.session.seat)
    .map(([seat, token]) => {
      const url = `${location.origin}/#join=${encodeURIComponent(created.game)}&seat=${encodeURIComponent(seat)}&token=${encodeURIComponent(token)}`;
      return el("div", { class: "share-link" }, [`Send this link to the player of seat ${seat}: `,
        el("input", { readonly: true, value: url, class: "share-url", dataset: { seat }, onclick: (e) => e.target.select() })]);
    });
  $("share").replaceChildren(...links);
}

// -- lobby and routes -------------------------------------------------------------------------

function showLobby() {
  letGo();
  showScreen("lobby");
  setState("lobby");
  renderLobby($("lobby"), app.welcome, {
    start: startGame,
    rejoin: (entry) => rejoin(entry.game, entry.seat),
    spectate: (game) => { history.replaceState(null, "", `/?spectate=${encodeURIComponent(game)}`); spectate(game); },
    replay: (game, entry) => openReplay(game, entry),
    forget: (entry) => { forgetGame(entry.game, entry.seat); showLobby(); },
  });
}

function backToLobby(message) {
  history.replaceState(null, "", "/");
  showLobby();
  if (message) status(message);
}

function rejoin(game, seat) {
  const entry = savedGame(game, seat);
  if (!entry) return backToLobby(`this browser holds no token for seat ${seat} of game ${game}`);
  history.replaceState(null, "", `/?game=${encodeURIComponent(game)}&seat=${encodeURIComponent(seat)}`);
  return enter(new Session({ game, seat, token: entry.token, format: entry.format }));
}

function spectate(game) {
  return enter(new Session({ game, spectator: true }));
}

async function openReplay(game, entry) {
  letGo();
  history.replaceState(null, "", `/?replay=${encodeURIComponent(game)}`);
  showScreen("replay");
  setState("over");
  $("replay").replaceChildren(el("p", { text: "Loading the replay…" }));
  let watched;
  try {
    watched = await watchFinished(game, entry);
  } catch (error) {
    return backToLobby(`no replay of ${game}: ${error.message}`);
  }
  const { view, over, seat } = watched;
  // Left (leave) with the replay screen; joined again after a reconnect (the seat's steps).
  app.replay = { game, entry: seat === null ? null : entry };
  if (!over) return backToLobby(`game ${game} has not ended yet: spectate it instead`);
  const viewAt = viewCache((at) => app.conn.request({ type: "get", game, what: "view", at })
    .then((reply) => reply.view));
  renderReplay($("replay"), { game, events: view.log ?? [], viewAt,
    result: `${over.result} (${over.reason})`, table: new Table(seat, Object.keys(view.players)) });
}

// Watch a finished game for its replay: as the seat this browser holds a token for (each
// step then shows that seat's view: its hand too), else as a spectator. Resolves with the
// final view (its log is the steps' events), the game_over message and the seat (or null).
async function watchFinished(game, entry) {
  const collected = { view: null, over: null };
  const previous = app.conn.onMessage;
  app.conn.onMessage = (m) => {
    if (m.game !== game) return;
    if (m.type === "joined") collected.view = m.view;
    if (m.type === "game_over") collected.over = m;
  };
  let seat = null;
  try {
    try {
      if (!entry) throw new Error("no token");
      await app.conn.request({ type: "join", game, seat: entry.seat, token: entry.token });
      seat = entry.seat;
    } catch {
      await app.conn.request({ type: "spectate", game });
    }
    if (!collected.over) await app.conn.request({ type: "ping" }); // game_over follows joined
  } finally {
    app.conn.onMessage = previous;
  }
  return { ...collected, seat };
}

async function route() {
  const query = new URLSearchParams(location.search);
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.get("join")) {
    const game = fragment.get("join");
    const seat = fragment.get("seat");
    saveGame({ game, seat, token: fragment.get("token") });
    history.replaceState(null, "", `/?game=${encodeURIComponent(game)}&seat=${encodeURIComponent(seat)}`);
    const entry = savedGame(game, seat);
    return enter(new Session({ game, seat, token: entry.token }),
      app.conn.request({ type: "join", game, seat, token: entry.token }));
  }
  if (location.pathname === "/play" && query.get("format")) {
    const seed = query.get("seed");
    return startGame({ format: query.get("format"), deck: query.get("deck"),
      opponent: query.get("opponent") ?? "agent:greedy", opponentDeck: query.get("opponent_deck"),
      clock: Number(query.get("clock")) || 0, seed: seed === null ? undefined : Number(seed) });
  }
  if (query.get("game") && query.get("seat")) return rejoin(query.get("game"), query.get("seat"));
  if (query.get("spectate")) return spectate(query.get("spectate"));
  if (query.get("replay")) {
    const game = query.get("replay"); // as the seat this browser played in it, if any
    return openReplay(game, savedGames().find((g) => g.game === game) ?? null);
  }
  return showLobby();
}

// The socket dropped: until the game is resumed, its pending decision is not offered (an
// answer could not reach the host); the page says it is reconnecting.
function lost() {
  const s = app.session;
  if (!s || s.over) return;
  s.offline = true;
  draw(s);
}

async function opened(welcome, reconnected) {
  app.welcome = welcome;
  $("engine").textContent = `vgcore ${welcome.engine_version}`;
  if (reconnected && app.replay?.entry) {
    const { game, entry } = app.replay;
    await app.conn.request({ type: "join", game, seat: entry.seat, token: entry.token })
      .catch((error) => status(`cannot watch the replay as ${entry.seat}: ${error.message}`));
    return;
  }
  if (reconnected && app.session) {
    // A dropped connection: resume the game from the last event this page has.
    app.session.offline = false;
    try {
      await app.session.attach(app.conn);
    } catch (error) {
      status(`cannot resume: ${error.message}`);
    }
    return;
  }
  if (!reconnected) await route();
}

async function boot() {
  await loadCards();
  app.decisionUI = new DecisionUI({ panel: $("decision"), surfaces: [$("table"), $("hand")], answer });
  app.conn = new HostConnection({ onMessage, onOpen: opened, onLost: lost, onStatus: status });
  $("to-lobby").addEventListener("click", () => backToLobby(""));
  $("over-lobby").addEventListener("click", () => backToLobby(""));
  $("over-replay").addEventListener("click", () => app.session && openReplay(app.session.game,
    app.session.spectator ? null : savedGame(app.session.game, app.session.seat)));
  $("concede").addEventListener("click", () => {
    const s = app.session;
    if (s && !s.spectator && !s.over && confirm("Concede this game?")) {
      app.conn.request({ type: "concede", game: s.game, seat: s.seat }).catch((e) => status(e.message));
    }
  });
  $("hint").addEventListener("click", async () => {
    const s = app.session;
    if (!s?.decision) return;
    try {
      const hint = await app.conn.request({ type: "hint", game: s.game });
      const button = document.querySelector(`#actions [data-action="${CSS.escape(hint.action)}"]`);
      button?.classList.add("hinted");
    } catch (error) {
      status(error.message);
    }
  });
  window.vgcore = { dropConnection: () => app.conn.drop() }; // for tests and the curious
  setInterval(tickClocks, 250);
  app.conn.connect();
}

boot();

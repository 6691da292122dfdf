// A minimal vgcore host client in plain Node.js: no npm packages, only the built-in WebSocket.
//
// It creates a game against the host's own agent, joins seat A with the token the host gave
// it, answers every decision sent to seat A with a random legal option, and prints the result:
//
//   node --experimental-websocket random-client.mjs ws://127.0.0.1:8765/ [--seed N]
//        [--format premium] [--deck-a NAME] [--deck-b NAME] [--agent greedy] [--verbose]
//
// (Node 22 and later have WebSocket without the flag.) Output: one line on stdout,
// `game <id>: <result> (<reason>)`, exit 0. An `error` from the host, or the connection
// ending before the game does, is printed on stderr and exits 1. The same --seed gives the
// same game: it seeds both the game (the host's shuffles and its agent) and this client's
// picks. docs/host-protocol.md is the protocol; README.md here walks through this script.

import { parseArgs } from "node:util";

const USAGE = "usage: node --experimental-websocket random-client.mjs URL [--seed N] " +
  "[--format F] [--deck-a NAME] [--deck-b NAME] [--agent NAME] [--verbose]";

// -- arguments ------------------------------------------------------------------------------

function readArguments(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      seed: { type: "string", default: "1" },
      format: { type: "string", default: "premium" },
      "deck-a": { type: "string" },
      "deck-b": { type: "string" },
      agent: { type: "string", default: "greedy" },
      verbose: { type: "boolean", default: false },
    },
  });
  if (positionals.length !== 1) fail(USAGE, 2);
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(seed) || seed < 0) fail(`--seed must be a whole number >= 0`, 2);
  return { ...values, url: positionals[0], seed };
}

function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

// -- a seeded PRNG (mulberry32): the same seed, the same picks ------------------------------

function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// -- the connection: requests with an id, replies matched by `re` ---------------------------

class HostConnection {
  constructor(url, { verbose, onMessage, onClose }) {
    this.ws = new WebSocket(url);
    this.verbose = verbose;
    this.nextId = 1;
    this.pending = new Map(); // request id -> {resolve, reject}
    this.ws.addEventListener("message", (frame) => this.deliver(frame.data, onMessage));
    this.ws.addEventListener("close", (e) => onClose(e.code, e.reason));
    this.opened = new Promise((resolve, reject) => {
      this.ws.addEventListener("open", resolve, { once: true });
      this.ws.addEventListener("error", () => reject(new Error(`cannot connect to ${url}`)),
        { once: true });
    });
  }

  // Send one request; the promise resolves with the host's reply that carries `re` = its id,
  // or rejects with the host's `error` reply to it.
  request(message) {
    const id = this.nextId++;
    const text = JSON.stringify({ v: 1, id, ...message });
    if (this.verbose) console.error(`>>> ${text}`);
    this.ws.send(text);
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  deliver(text, onMessage) {
    if (this.verbose) console.error(`<<< ${text.length > 300 ? text.slice(0, 300) + "…" : text}`);
    const message = JSON.parse(text);
    const waiting = message.re !== undefined ? this.pending.get(message.re) : undefined;
    if (waiting !== undefined) {
      this.pending.delete(message.re);
      if (message.type === "error") waiting.reject(new HostError(message));
      else waiting.resolve(message);
      return;
    }
    onMessage(message); // everything the host sends on its own: events, views, decisions, …
  }

  close() {
    this.ws.close(1000, "done");
  }
}

class HostError extends Error {
  constructor(message) {
    super(`${message.code}: ${message.message}`);
    this.reply = message;
  }
}

// -- playing seat A -------------------------------------------------------------------------

async function play(args) {
  const random = mulberry32(args.seed);
  const seat = "A";
  const answered = new Set(); // decision ids already answered: never answer one twice
  let game = null;
  let over = false;

  const host = new HostConnection(args.url, {
    verbose: args.verbose,
    onMessage(message) {
      if (message.type === "decision" && message.seat === seat) {
        answer(message.decision);
      } else if (message.type === "game_over" && message.game === game) {
        over = true;
        console.log(`game ${message.game}: ${message.result} (${message.reason ?? "no reason"})`);
        host.close();
      } else if (message.type === "error") {
        // an error not tied to a request (e.g. the seat was taken over by another connection)
        fail(`error from the host: ${message.code}: ${message.message}`);
      }
      // event, view, waiting, clock, presence: a frontend would draw them; this client only
      // needs the decisions
    },
    onClose(code, reason) {
      if (!over) fail(`the host closed the connection before the game ended (${code} ${reason})`);
      process.exit(0);
    },
  });

  function answer(decision) {
    if (answered.has(decision.id)) return;
    answered.add(decision.id);
    const options = decision.options;
    const action = options[Math.floor(random() * options.length)];
    host.request({ type: "answer", game, decision: decision.id, action })
      .catch((error) => fail(`error from the host: ${error.message}`));
  }

  await host.opened;
  const welcome = await host.request({ type: "hello", protocol: [1, 1], client: "random-client.mjs" });
  if (args.verbose) console.error(`host ${welcome.engine_version}, protocol ${welcome.protocol}`);
  const create = { type: "create", format: args.format, seed: args.seed,
                   seats: { B: `agent:${args.agent}` } };
  if (args["deck-a"] !== undefined || args["deck-b"] !== undefined) {
    const defaults = welcome.decks[args.format] ?? [];
    create.decks = { A: args["deck-a"] ?? defaults[0], B: args["deck-b"] ?? defaults[0] };
  }
  const created = await host.request(create);
  game = created.game;
  const joined = await host.request({ type: "join", game, seat, token: created.tokens[seat] });
  if (joined.decision) answer(joined.decision);
}

// -- main -----------------------------------------------------------------------------------

if (typeof globalThis.WebSocket !== "function") {
  fail(`this Node.js (${process.version}) has no built-in WebSocket: run it with ` +
       "`node --experimental-websocket` (Node 20.10 to 21), or use Node 22 or later", 2);
}
const args = readArguments(process.argv.slice(2));
play(args).catch((error) => fail(`error: ${error.message}`));

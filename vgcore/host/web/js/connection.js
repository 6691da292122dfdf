// The connection to the host: one WebSocket to the page's own origin, JSON messages, requests
// matched to their replies by `id`/`re`, batches unpacked, and a reconnect with back-off when
// the socket drops. Nothing here knows a game: main.js decides what to resume.

const RETRY_MS = [250, 500, 1000, 2000, 4000];

export class HostError extends Error {
  constructor(code, message, legal, violations) {
    super(message);
    this.code = code;
    this.legal = legal ?? null;
    this.violations = violations ?? null; // bad_deck: every problem, one string each
  }
}

export class HostConnection {
  // onMessage(message) gets every host message that is not a reply to a request;
  // onOpen(welcome, reconnected) runs after each successful hello; onLost() when the socket
  // drops (the reconnect follows); onStatus(text) says "connected", "reconnecting" ... for
  // the top bar.
  constructor({ onMessage, onOpen, onLost = () => {}, onStatus }) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/`;
    this.onMessage = onMessage;
    this.onOpen = onOpen;
    this.onLost = onLost;
    this.onStatus = onStatus;
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject}
    this.opened = 0;
    this.retries = 0;
    this.ws = null;
  }

  connect() {
    this.onStatus(this.opened ? "reconnecting…" : "connecting…");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("open", () => this.greet());
    ws.addEventListener("message", (frame) => this.deliver(JSON.parse(frame.data)));
    ws.addEventListener("close", () => this.lost(ws));
  }

  async greet() {
    let welcome;
    try {
      welcome = await this.request({ type: "hello", protocol: [1, 1], client: "vgcore web client",
                                     batch: true });
    } catch (error) {
      this.onStatus(`the host refused hello: ${error.message}`);
      return;
    }
    const reconnected = this.opened > 0;
    this.opened += 1;
    this.onStatus("connected");
    await this.onOpen(welcome, reconnected);
  }

  lost(ws) {
    if (ws !== this.ws) return;
    for (const { reject } of this.pending.values()) reject(new HostError("closed", "connection lost"));
    this.pending.clear();
    this.onStatus("connection lost: reconnecting…");
    this.onLost();
    const wait = RETRY_MS[Math.min(this.retries, RETRY_MS.length - 1)];
    this.retries += 1;
    setTimeout(() => this.connect(), wait);
  }

  // Drop the socket on purpose (tests and "reconnect" use it); the usual reconnect follows.
  drop() {
    this.ws?.close();
  }

  send(message) {
    this.ws.send(JSON.stringify({ v: 1, ...message }));
  }

  // A request: resolves with the host's reply to it, rejects with its `error` (or at once
  // when the socket is not open: the reconnect resumes the game instead).
  request(message) {
    if (this.ws?.readyState !== WebSocket.OPEN) {
      return Promise.reject(new HostError("closed", "not connected to the host"));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      try {
        this.send({ ...message, id });
      } catch (error) {
        this.pending.delete(id);
        reject(new HostError("closed", String(error)));
      }
    });
  }

  deliver(message) {
    if (message.type === "batch") {
      for (const inner of message.messages) this.deliver(inner);
      return;
    }
    if (message.type === "welcome") this.retries = 0;
    const waiter = message.re !== undefined ? this.pending.get(message.re) : undefined;
    if (waiter) {
      this.pending.delete(message.re);
      if (message.type === "error") waiter.reject(new HostError(message.code, message.message, message.legal, message.violations));
      else waiter.resolve(message);
      // A reply that is also game news (joined, game_over after concede…) is told too.
      if (message.type !== "error") this.onMessage(message, true);
      return;
    }
    this.onMessage(message, false);
  }
}

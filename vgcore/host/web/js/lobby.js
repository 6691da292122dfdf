// The lobby: a new game (format, decks, opponent, clock), my unfinished games to rejoin,
// finished ones to replay, and a game to spectate by id. It only gathers choices; main.js
// sends the requests.

import { readDeckList } from "./decklist.js";
import { el } from "./dom.js";
import { savedGames } from "./saved.js";

const CUSTOM = "(paste or upload a list)";

// handlers: start(settings), rejoin(entry), spectate(game), replay(game), forget(entry)
export function renderLobby(root, welcome, handlers) {
  const formats = welcome.formats;
  const format = el("select", { id: "format", name: "format" },
    formats.map((f) => el("option", { value: f.id, text: `${f.name} (${f.id})` })));
  const myDeck = el("select", { id: "deck", name: "deck" });
  const theirDeck = el("select", { id: "opponent-deck", name: "opponent_deck" });
  const opponent = el("select", { id: "opponent", name: "opponent" }, [
    ...welcome.agents.map((a) => el("option", { value: `agent:${a}`, text: `the host's ${a} agent` })),
    el("option", { value: "friend", text: "a friend (share a link)" }),
  ]);
  const pasted = el("textarea", { id: "deck-list", rows: 8, placeholder: "4 TD01-001\n1 TD01-012\n…\nfirst_vanguard: TD01-012" });
  const upload = el("input", { type: "file", id: "deck-file", accept: ".yaml,.yml,.txt,.json" });
  upload.addEventListener("change", async () => {
    if (upload.files[0]) pasted.value = await upload.files[0].text();
  });
  const custom = el("div", { class: "custom-deck", hidden: true }, [
    el("label", { for: "deck-list", text: "Your deck list" }), pasted, upload]);
  const clock = el("select", { id: "clock", name: "clock" }, [
    el("option", { value: "", text: "no clock" }),
    ...[5, 10, 20].map((m) => el("option", { value: m * 60, text: `${m} minutes, +5 s a decision` })),
  ]);
  const problems = el("ul", { class: "problems", id: "deck-problems" });

  const fillDecks = () => {
    const chosen = formats.find((f) => f.id === format.value);
    const decks = chosen.decks;
    myDeck.replaceChildren(...decks.map((d) => el("option", { value: d, text: d })),
      chosen.seats.length === 2 ? el("option", { value: CUSTOM, text: CUSTOM }) : null);
    theirDeck.replaceChildren(...decks.map((d) => el("option", { value: d, text: d })));
    if (decks.length > 1) theirDeck.value = decks[1];
    myDeck.disabled = theirDeck.disabled = !myDeck.options.length;
    custom.hidden = myDeck.value !== CUSTOM;
  };
  format.addEventListener("change", fillDecks);
  myDeck.addEventListener("change", () => { custom.hidden = myDeck.value !== CUSTOM; });
  fillDecks();

  const start = el("button", { type: "submit", id: "start", text: "Start the game" });
  const form = el("form", { class: "new-game", id: "new-game" }, [
    el("h2", { text: "New game" }),
    row("Format", format), row("Your deck", myDeck), custom,
    row("Opponent", opponent), row("Opponent's deck", theirDeck), row("Clock", clock),
    problems, start,
  ]);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    problems.replaceChildren();
    const settings = { format: format.value, opponent: opponent.value, clock: Number(clock.value) || 0,
      deck: myDeck.value || null, opponentDeck: theirDeck.value || null };
    if (myDeck.value === CUSTOM) {
      const read = readDeckList(pasted.value);
      if (read.problems.length) return showProblems(read.problems);
      settings.deck = read.deck;
    }
    handlers.start(settings);
  });

  const spectateId = el("input", { id: "spectate-id", placeholder: "game id" });
  const spectate = el("form", { class: "spectate", id: "spectate-form" }, [
    el("h2", { text: "Watch a game" }), spectateId,
    el("button", { type: "submit", text: "Spectate" }),
    el("button", { type: "button", text: "Replay", onclick: () => spectateId.value && handlers.replay(spectateId.value.trim()) }),
  ]);
  spectate.addEventListener("submit", (event) => {
    event.preventDefault();
    if (spectateId.value.trim()) handlers.spectate(spectateId.value.trim());
  });

  root.replaceChildren(el("div", { class: "lobby-columns" }, [form,
    el("div", {}, [myGames(handlers), spectate])]));
}

function row(label, control) {
  return el("label", { class: "row" }, [el("span", { text: label }), control]);
}

function myGames(handlers) {
  const games = savedGames();
  const list = el("ul", { class: "my-games", id: "my-games" });
  for (const entry of games) {
    list.append(el("li", { dataset: { game: entry.game } }, [
      `${entry.format ?? "game"} ${entry.game} · seat ${entry.seat}${entry.over ? ` · over (${entry.result ?? ""})` : ""} `,
      entry.over
        ? el("button", { type: "button", text: "Replay", onclick: () => handlers.replay(entry.game, entry) })
        : el("button", { type: "button", class: "rejoin", text: "Rejoin", onclick: () => handlers.rejoin(entry) }),
      el("button", { type: "button", class: "forget", text: "Forget", onclick: () => handlers.forget(entry) }),
    ]));
  }
  return el("section", { class: "my-games-box" }, [el("h2", { text: "My games" }),
    games.length ? list : el("p", { text: "No games yet in this browser." })]);
}

export function showProblems(lines) {
  const list = document.getElementById("deck-problems");
  list.replaceChildren(el("li", { class: "problems-title", text: `The deck is not legal (${lines.length} problem${lines.length > 1 ? "s" : ""}):` }),
    ...lines.map((line) => el("li", { class: "violation", text: line })));
}

// My games, kept in this browser (localStorage) so that a reload, or coming back later, finds
// them: game id, my seat, its token, and the last event seen. Tokens never leave this store
// except in the requests that need them (join, resume).

const KEY = "vgcore.games";

function readAll() {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? "[]");
  } catch {
    return [];
  }
}

function writeAll(games) {
  localStorage.setItem(KEY, JSON.stringify(games));
}

export function savedGames() {
  return readAll();
}

export function savedGame(game, seat) {
  return readAll().find((g) => g.game === game && g.seat === seat) ?? null;
}

export function saveGame(entry) {
  const games = readAll().filter((g) => !(g.game === entry.game && g.seat === entry.seat));
  games.unshift({ over: false, created: Date.now(), ...entry });
  writeAll(games.slice(0, 50));
}

export function updateGame(game, seat, changes) {
  const games = readAll();
  const entry = games.find((g) => g.game === game && g.seat === seat);
  if (!entry) return;
  Object.assign(entry, changes);
  writeAll(games);
}

export function forgetGame(game, seat) {
  writeAll(readAll().filter((g) => !(g.game === game && g.seat === seat)));
}

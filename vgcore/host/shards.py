"""A sharded host's games, one SQLite file per shard: which file holds a game, and the
stores of the shards one process plays, seen as one store.

Each worker of a sharded host (router.py) journals into files of its own: two processes
committing into one file waited for each other's write lock and threw away each other's page
cache at every commit (a quarter of a worker's time at 1,000 answers/s, half of it asleep in
SQLite's busy handler). Shard 0 is the `--db` file itself, what a one-process host has always
used; shard s > 0 is the file beside it named `<db>.shard<s>`. A game's shard is written in
its id: `<s>.<token>` for s > 0, a bare token for shard 0, so a game is found without a
lookup, by the router as by any worker.

A host of N workers starts worker k on every shard s with s % N == k — its own shard k,
where it creates its games, and any other that an earlier run with more workers left — so
the number of workers may change between runs and every game still resumes. A one-process
host plays every shard there is.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from vgcore.host.store import GameRecord, JournalEntry, Store, StoreError, read_games

SEPARATOR = "."


def shard_of(game_id: str) -> int:
    """The shard a game id names (0 for a bare token, or a prefix that is no number)."""
    head, sep, _ = game_id.partition(SEPARATOR)
    return int(head) if sep and head.isdigit() and len(head) <= 6 else 0


def game_id_in(shard: int, token: str) -> str:
    return token if shard == 0 else f"{shard}{SEPARATOR}{token}"


def shard_path(db: str | Path, shard: int) -> str:
    return str(db) if shard == 0 else f"{db}.shard{shard}"


def existing_shards(db: str | Path) -> list[int]:
    """The shards that have a file beside `db` (shard 0, `db` itself, always counts)."""
    found = {0}
    for path in Path(db).parent.glob(Path(db).name + ".shard*"):
        number = path.name.rpartition(".shard")[2]
        if number.isdigit():
            found.add(int(number))
    return sorted(found)


class ShardStores:
    """The stores of the shards one process plays, with `Store`'s methods: each call about
    a game goes to its shard's file; new games go to `home`'s; lists merge the files'."""

    def __init__(self, db: str | Path, shards: Sequence[int], home: int, *,
                 held: int | None = None) -> None:
        """`held`: the descriptor of `db` (shard 0) whose lock the router holds."""
        self.db = db
        self.home = home
        self.stores: dict[int, Store] = {}
        try:
            for shard in sorted({*shards, home}):
                given = held if shard == 0 else None
                self.stores[shard] = Store(shard_path(db, shard), held=given)
        except StoreError:
            self.close()
            raise
        self.path = self.stores[home].path

    def of(self, game_id: str) -> Store | None:
        return self.stores.get(shard_of(game_id))

    def _of(self, game_id: str) -> Store:
        store = self.of(game_id)
        if store is None:
            raise StoreError(self.path, f"game {game_id!r} is in a shard this process "
                                        "does not play")
        return store

    def create_game(self, record: GameRecord) -> None:
        self._of(record.id).create_game(record)

    def game(self, game_id: str) -> GameRecord | None:
        store = self.of(game_id)
        return store.game(game_id) if store is not None else None

    def unfinished(self) -> list[GameRecord]:
        games = [g for store in self.stores.values() for g in store.unfinished()]
        return sorted(games, key=lambda g: g.created)

    def games(self, *, status: str | None = None, limit: int = 100,
              public: bool = False) -> list[GameRecord]:
        """Every shard's games, newest first: the other workers' shards read beside them."""
        games = [g for store in self.stores.values()
                 for g in store.games(status=status, limit=limit, public=public)]
        for shard in existing_shards(self.db):
            if shard not in self.stores:
                games += read_games(shard_path(self.db, shard), status=status, limit=limit,
                                    public=public)
        return sorted(games, key=lambda g: g.created, reverse=True)[:limit]

    def finish(self, game_id: str, result: str, reason: str | None, replay: str) -> None:
        self._of(game_id).finish(game_id, result, reason, replay)

    def replay(self, game_id: str) -> str | None:
        store = self.of(game_id)
        return store.replay(game_id) if store is not None else None

    def append(self, game_id: str, entries: Sequence[JournalEntry]) -> None:
        self._of(game_id).append(game_id, entries)

    def journal(self, game_id: str, after: int = 0) -> list[JournalEntry]:
        store = self.of(game_id)
        return store.journal(game_id, after) if store is not None else []

    def save_snapshot(self, game_id: str, n: int, snapshot: str) -> None:
        self._of(game_id).save_snapshot(game_id, n, snapshot)

    def latest_snapshot(self, game_id: str) -> tuple[int, str] | None:
        store = self.of(game_id)
        return store.latest_snapshot(game_id) if store is not None else None

    def close(self) -> None:
        for store in self.stores.values():
            store.close()

    def __enter__(self) -> ShardStores:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

"""The host's SQLite store: game records, the answer journal, snapshots and finished replays.

The journal is the source of truth for a live game: every applied answer is appended (one
committed transaction) before the host acknowledges it, so a game resumes after the process is
killed by loading its latest snapshot and re-applying the journal after it. The store never
rewrites history: an entry number that exists, or one that skips ahead, is refused.

The file is checked when it is opened: another application's database, a file that is not a
database, a truncated file, or one written by a newer vgcore is refused there with a
`StoreError` naming the path, never with a crash halfway through a game.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import sqlite3
import struct
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import platformdirs

from vgcore.errors import VgError

# `PRAGMA application_id` of every vgcore host database: the bytes "VGCO".
APPLICATION_ID = 0x5647434F
# `PRAGMA user_version`: the schema this module writes. A newer file is refused, not guessed at.
SCHEMA_VERSION = 1
# Snapshots kept per game (the newest ones): the journal after the oldest kept one stays.
KEEP_SNAPSHOTS = 2
SYNC_MODES = {"normal": "NORMAL", "full": "FULL"}
STATUSES = ("live", "over")

# WAL pages after which the checkpointer copies the log into the database file (SQLite's own
# automatic checkpoint would do it every 1000 pages, inside a commit on the host's thread).
CHECKPOINT_PAGES = 1000
# Frames in the log after which the checkpointer also has it start over from its beginning:
# a PASSIVE checkpoint never lets the log restart while commits keep coming, so it would grow
# for as long as they do. A RESTART holds commits back for its moment (they wait, they do not
# fail: COMMIT_WAIT); the file keeps its size and is written again from the start, so it stays
# bounded (truncating it instead held commits for up to 55 ms: docs/performance.md, session 9).
RESTART_PAGES = 16_000
CHECKPOINT_EVERY = 0.2  # seconds between the checkpointer's looks at the log's size
COMMIT_WAIT = 10_000  # ms a commit waits for the checkpointer's restart (busy_timeout)

SQLITE_MAGIC = b"SQLite format 3\x00"
HEADER_SIZE = 100
MEMORY = ":memory:"

SCHEMA = f"""
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    format TEXT NOT NULL,
    decks TEXT NOT NULL,
    seed INTEGER NOT NULL,
    config TEXT NOT NULL,
    token_hashes TEXT NOT NULL,
    created REAL NOT NULL,
    status TEXT NOT NULL CHECK (status IN {STATUSES!r}),
    result TEXT,
    reason TEXT
);
CREATE INDEX games_by_created ON games (created);
CREATE INDEX games_by_status ON games (status, created);
CREATE TABLE journal (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n INTEGER NOT NULL CHECK (n >= 1),
    kind TEXT NOT NULL,
    seat TEXT NOT NULL,
    decision INTEGER,
    action TEXT,
    clock_ms INTEGER,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, n)
) WITHOUT ROWID;
CREATE TABLE snapshots (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n INTEGER NOT NULL CHECK (n >= 0),
    snapshot TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE replays (
    game_id TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    text TEXT NOT NULL
);
"""
TABLES = frozenset({"games", "journal", "snapshots", "replays"})

GAME_COLUMNS = "id, format, decks, seed, config, token_hashes, created, status, result, reason"
JOURNAL_COLUMNS = "n, kind, seat, decision, action, clock_ms, at"


class StoreError(VgError):
    """The database cannot be used (foreign, corrupt, newer) or refused a write; names the path."""

    def __init__(self, path: str, problem: str) -> None:
        self.path, self.problem = path, problem
        super().__init__(f"{path}: {problem}")


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What a game is made of, stored when it is created: with the journal it rebuilds it."""

    id: str
    format: str
    decks: dict[str, Any]  # seat -> deck JSON (replay.deck_to_json)
    seed: int
    config: dict[str, Any]  # seats' kinds, clock, spectators, policies
    token_hashes: dict[str, str]  # seat -> token hash (human seats only)
    created: float
    status: str  # "live" | "over"
    result: str | None = None
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class JournalEntry:
    """One thing that happened to a live game, in the order it was applied."""

    n: int  # 1, 2, 3 … per game
    kind: str  # "answer" | "timeout" | "concede" | "forfeit"
    seat: str
    decision: int | None
    action: str | None
    clock_ms: int | None  # the seat's remaining bank after it, when the game has a clock
    at: float  # wall time (not part of the engine state)


INSERT_ENTRY = (f"INSERT INTO journal (game_id, {JOURNAL_COLUMNS}) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)")


def default_db_path() -> Path:
    """The host database when none is given: in the user's data directory."""
    return Path(platformdirs.user_data_dir("vgcore")) / "host.sqlite3"


class Store:
    """One SQLite database, one connection, used from the host's one asyncio thread.

    `sync="normal"` (WAL, synchronous NORMAL) keeps every committed write when the process is
    killed; `sync="full"` also keeps it when the machine loses power, at an fsync a commit.
    """

    def __init__(self, path: str | Path, *, sync: str = "normal",
                 held: int | None = None) -> None:
        """`held`: a descriptor of this file whose lock is held already — a sharded host's
        router locks the database for the host's whole life and hands the descriptor to its
        workers (router.py); the store then takes no lock of its own."""
        if sync not in SYNC_MODES:
            raise ValueError(f"sync must be one of {', '.join(SYNC_MODES)}, not {sync!r}")
        self.path = str(path)
        # Where each live game's journal ends, once known: this process holds the file alone
        # (`_lock`), so nobody else appends and the figure stays true.
        self._last: dict[str, int] = {}
        self._held: int | None = None  # the file's descriptor this process's lock is on
        self._checkpoints: Checkpointer | None = None
        self._given = held
        if self.path != MEMORY:
            _check_file(Path(path))
        self._db = self._connect()
        try:
            self._open_schema()
            self._db.execute(f"PRAGMA synchronous = {SYNC_MODES[sync]}")
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            # SQLite's complaint can quote the damaged bytes, which may not even decode.
            self._release()
            raise StoreError(self.path, _unusable(exc)) from exc
        except StoreError:
            self._release()
            raise
        if self._held is not None:
            self._checkpoints = Checkpointer(self.path, SYNC_MODES[sync])
            self._checkpoints.start()

    # -- games -----------------------------------------------------------------------------

    def create_game(self, record: GameRecord) -> None:
        """Store a new game's record; an id that exists is refused."""
        with self._transaction():
            try:
                self._db.execute(
                    f"INSERT INTO games ({GAME_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    _game_row(record),
                )
            except sqlite3.IntegrityError as exc:
                if self._status(record.id) is not None:
                    raise StoreError(self.path, f"game {record.id!r} already exists") from exc
                raise StoreError(self.path, f"game {record.id!r} refused: {exc}") from exc

    def game(self, game_id: str) -> GameRecord | None:
        """The record of one game, or None when there is no such game."""
        rows = self._query(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _game_record(self.path, rows[0]) if rows else None

    def unfinished(self) -> list[GameRecord]:
        """Every live game, oldest first: what the host resumes when it starts."""
        rows = self._query(f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'live' "
                           "ORDER BY created, rowid")
        return [_game_record(self.path, row) for row in rows]

    def games(self, *, status: str | None = None, limit: int = 100,
              public: bool = False) -> list[GameRecord]:
        """The newest games first, all or of one status ("live" | "over"), at most `limit`;
        `public`: only games that allow spectators (config spectators.allowed not false)."""
        sql, args = games_query(status=status, limit=limit, public=public)
        return [_game_record(self.path, row) for row in self._query(sql, args)]

    def finish(self, game_id: str, result: str, reason: str | None, replay: str) -> None:
        """Mark a live game over with its result and store its replay, in one transaction."""
        self._last.pop(game_id, None)
        with self._transaction():
            self._require_live(game_id)
            self._db.execute("UPDATE games SET status = 'over', result = ?, reason = ? "
                             "WHERE id = ?", (result, reason, game_id))
            self._db.execute("INSERT INTO replays (game_id, text) VALUES (?, ?)",
                             (game_id, replay))

    def replay(self, game_id: str) -> str | None:
        """The replay of a finished game, or None (no such game, or not over yet)."""
        rows = self._query("SELECT text FROM replays WHERE game_id = ?", (game_id,))
        return str(rows[0][0]) if rows else None

    # -- journal and snapshots -------------------------------------------------------------

    def append(self, game_id: str, entries: Sequence[JournalEntry]) -> None:
        """Journal entries of a live game; committed when this returns ("journal before
        acknowledge"). They must continue the journal: n = last + 1, last + 2, …"""
        if not entries:
            return
        last = self._last.get(game_id)
        if last is None:  # the first append since opening: read where the journal ends
            last = self._require_live(game_id)
        for expected, entry in enumerate(entries, start=last + 1):
            if entry.n != expected:
                raise StoreError(self.path, _out_of_order(game_id, entry.n, expected, last))
        rows = [(game_id, e.n, e.kind, e.seat, e.decision, e.action, e.clock_ms, e.at)
                for e in entries]
        if len(rows) == 1:  # one INSERT is a transaction of its own: one statement, not four
            try:
                self._db.execute(INSERT_ENTRY, rows[0])
            except sqlite3.DatabaseError as exc:
                raise StoreError(self.path, f"write failed: {exc}") from exc
        else:
            with self._transaction():
                self._db.executemany(INSERT_ENTRY, rows)
        self._last[game_id] = entries[-1].n

    def journal(self, game_id: str, after: int = 0) -> list[JournalEntry]:
        """The entries of a game numbered above `after`, in order (empty for an unknown game)."""
        rows = self._query(f"SELECT {JOURNAL_COLUMNS} FROM journal "
                           "WHERE game_id = ? AND n > ? ORDER BY n", (game_id, after))
        return [JournalEntry(*row) for row in rows]

    def save_snapshot(self, game_id: str, n: int, snapshot: str) -> None:
        """Store the game's state after journal entry `n` (0: before any); keeps the newest few.

        Entry `n` must already be journaled: a snapshot ahead of the journal would resume a
        game whose replay is missing answers.
        """
        with self._transaction():
            last = self._require_game(game_id)[1]
            if not 0 <= n <= last:
                raise StoreError(self.path, f"game {game_id!r}: snapshot after entry {n}, but "
                                            f"the journal ends at entry {last}")
            self._db.execute("INSERT OR REPLACE INTO snapshots (game_id, n, snapshot) "
                             "VALUES (?, ?, ?)", (game_id, n, snapshot))
            self._db.execute("DELETE FROM snapshots WHERE game_id = ? AND n NOT IN "
                             "(SELECT n FROM snapshots WHERE game_id = ? ORDER BY n DESC LIMIT ?)",
                             (game_id, game_id, KEEP_SNAPSHOTS))

    def latest_snapshot(self, game_id: str) -> tuple[int, str] | None:
        """The newest snapshot of a game and the entry it follows, or None."""
        rows = self._query("SELECT n, snapshot FROM snapshots WHERE game_id = ? "
                           "ORDER BY n DESC LIMIT 1", (game_id,))
        return (int(rows[0][0]), str(rows[0][1])) if rows else None

    # -- lifetime --------------------------------------------------------------------------

    def close(self) -> None:
        """Close the connection (SQLite checkpoints the WAL into the file); safe to repeat."""
        if self._checkpoints is not None:
            self._checkpoints.stop()
            self._checkpoints = None
        self._release()

    def _release(self) -> None:
        self._db.close()
        if self._held is not None:
            os.close(self._held)  # the lock goes with it
            self._held = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- private helpers -------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        """The one connection; autocommit mode, so every transaction is an explicit BEGIN."""
        try:
            # No waiting for a lock: another host holding the file is an error at once.
            db = sqlite3.connect(self.path, isolation_level=None, timeout=0.2)
        except sqlite3.Error as exc:
            raise StoreError(self.path, f"cannot open the database: {exc}") from exc
        return db

    def _open_schema(self) -> None:
        """Refuse a file that is not ours or not readable; create the schema in an empty one.

        Nothing is written before the file is known to be ours (or empty): a foreign
        database is left exactly as it was.
        """
        app_id = self._db.execute("PRAGMA application_id").fetchone()[0]
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in self._db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if app_id == 0 and not tables:
            self._create_schema()
        elif app_id != APPLICATION_ID:
            raise StoreError(self.path, _foreign(app_id, tables))
        elif version > SCHEMA_VERSION:
            raise StoreError(self.path, f"written by a newer vgcore (schema version {version}; "
                                        f"this vgcore reads up to {SCHEMA_VERSION})")
        elif version < SCHEMA_VERSION or not TABLES.issubset(tables):
            missing = ", ".join(sorted(TABLES - tables)) or "none"
            raise StoreError(self.path, f"incomplete vgcore database (schema version "
                                        f"{version}, missing tables: {missing})")
        else:
            self._check_integrity()
        self._db.execute("PRAGMA foreign_keys = ON")
        # A ":memory:" database answers "memory": it has no file to keep a WAL beside.
        mode = self._db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if mode not in ("wal", "memory"):
            raise StoreError(self.path, f"cannot use a write-ahead log here (journal mode "
                                        f"stays {mode!r}; a network file system?)")
        if self.path != MEMORY:
            self._lock()

    def _lock(self) -> None:
        """Hold the file for this process alone: two hosts on one database would both play
        its games and journal over each other. The lock goes with the process, even a killed
        one, so a restarted host gets it at once.

        Where the system has `flock` (an advisory lock on the whole file, apart from SQLite's
        own byte-range locks), it is that lock: SQLite stays in its normal locking mode, so
        the checkpointer's own connection can copy the log into the file off the host's
        thread. Elsewhere it is SQLite's exclusive locking mode, and SQLite checkpoints
        inside commits."""
        if importlib.util.find_spec("fcntl") is None:  # Windows
            self._lock_exclusive()
            return
        if self._given is not None:
            held = self._given
        else:
            held = lock_file(self.path)
        self._held = held
        self._db.execute("PRAGMA wal_autocheckpoint = 0")  # the Checkpointer's work
        self._db.execute(f"PRAGMA busy_timeout = {COMMIT_WAIT}")  # only it locks the file

    def _lock_exclusive(self) -> None:
        self._db.execute("PRAGMA locking_mode = EXCLUSIVE")
        self._db.execute("BEGIN EXCLUSIVE")  # taking the lock now, not at the first write
        self._db.execute("COMMIT")

    def _check_integrity(self) -> None:
        """Refuse a damaged file now rather than halfway through a game.

        `quick_check` walks every page (about 0.1 s for 100 MB); it cannot see a flipped
        byte inside a stored text, which a read then reports as a StoreError.
        """
        problems = [row[0] for row in self._db.execute("PRAGMA quick_check(3)")]
        if problems != ["ok"]:
            # SQLite's report spans lines ("*** in database main ***\nPage 5: …"): one line here
            report = "; ".join(problems).replace("*** in database main ***", "")
            raise StoreError(self.path, "corrupt: " + " ".join(report.split()))

    def _create_schema(self) -> None:
        with self._transaction():
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    self._db.execute(statement)
            self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """The rows of a read; a failing read (a file damaged since it was opened, a lost
        disk) is a StoreError like a failing write."""
        try:
            return self._db.execute(sql, params).fetchall()
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            raise StoreError(self.path, f"read failed: {exc}") from exc

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """BEGIN IMMEDIATE … COMMIT; rolled back on any error, SQLite's own as StoreError."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.DatabaseError as exc:  # locked by another process past the timeout
            raise StoreError(self.path, f"cannot write: {exc}") from exc
        try:
            yield
        except BaseException as exc:
            if self._db.in_transaction:  # SQLite ends some failed transactions itself
                self._db.execute("ROLLBACK")
            if isinstance(exc, sqlite3.DatabaseError):
                raise StoreError(self.path, f"write failed: {exc}") from exc
            raise
        try:
            self._db.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise StoreError(self.path, f"commit failed: {exc}") from exc

    def _status(self, game_id: str) -> str | None:
        row = self._db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else str(row[0])

    def _require_game(self, game_id: str) -> tuple[str, int]:
        """The game's status and its last journal entry number (0: none); unknown: refused."""
        row = self._db.execute(
            "SELECT status, (SELECT coalesce(max(n), 0) FROM journal WHERE game_id = games.id) "
            "FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(self.path, f"no game {game_id!r}")
        return str(row[0]), int(row[1])

    def _require_live(self, game_id: str) -> int:
        """The last journal entry number of a live game; unknown or over: refused."""
        status, last = self._require_game(game_id)
        if status != "live":
            raise StoreError(self.path, f"game {game_id!r} is over; its journal is closed")
        return last


def games_query(*, status: str | None, limit: int, public: bool) -> tuple[str, list[Any]]:
    """The SELECT of `Store.games` and its parameters."""
    where: list[str] = []
    args: list[Any] = []
    if status is not None:
        where.append("status = ?")
        args.append(status)
    if public:
        where.append("coalesce(json_extract(config, '$.spectators.allowed'), 1) != 0")
    clause = f"WHERE {' AND '.join(where)} " if where else ""
    return (f"SELECT {GAME_COLUMNS} FROM games {clause}ORDER BY created DESC, rowid DESC "
            "LIMIT ?", [*args, limit])


def read_games(path: str, *, status: str | None, limit: int,
               public: bool) -> list[GameRecord]:
    """`Store.games` of a file another process holds (a sharded host's other shards): a
    read-only connection of its own, which SQLite lets read beside the writer."""
    sql, args = games_query(status=status, limit=limit, public=public)
    try:
        with contextlib.closing(sqlite3.connect(f"file:{quote(path)}?mode=ro", uri=True,
                                                timeout=1.0)) as db:
            return [_game_record(path, row) for row in db.execute(sql, args).fetchall()]
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        raise StoreError(path, f"read failed: {exc}") from exc


def _check_file(path: Path) -> None:
    """Refuse what SQLite would only fail on later: a directory, a non-database, a cut file.

    Creates the parent directory when it is missing (the default path's first use).
    """
    where = str(path)
    if path.is_dir():
        raise StoreError(where, "is a directory, not a database file")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(where, f"cannot create its directory: {exc.strerror or exc}") from exc
    if not path.exists():
        return
    try:
        with path.open("rb") as file:
            header = file.read(HEADER_SIZE)
        size = path.stat().st_size
    except OSError as exc:
        raise StoreError(where, f"cannot read the file: {exc.strerror or exc}") from exc
    problem = _header_problem(header, size, wal=_has_wal(path))
    if problem:
        raise StoreError(where, problem)


def _header_problem(header: bytes, size: int, *, wal: bool) -> str | None:
    """What is wrong with an SQLite file's first 100 bytes and size, or None (fine or empty).

    The size check uses the header's page count, which SQLite keeps valid when the change
    counter (offset 24) equals the version-valid-for number (offset 92). With a WAL beside
    the file the WAL may hold the newest pages, so the size is not checked then.
    """
    if size == 0:
        return None  # SQLite's own empty database: the schema is created in it
    if not (header.startswith(SQLITE_MAGIC) or SQLITE_MAGIC.startswith(header)):
        return "not an SQLite database (it does not start with the SQLite header)"
    if len(header) < HEADER_SIZE:
        return f"truncated: {size} bytes, shorter than an SQLite header"
    (page_size,) = struct.unpack_from(">H", header, 16)
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        return f"corrupt SQLite header (page size {page_size})"
    counter, pages = struct.unpack_from(">II", header, 24)
    (valid_for,) = struct.unpack_from(">I", header, 92)
    if not wal and counter == valid_for and pages and size < pages * page_size:
        return f"truncated: {size} bytes, but its header counts {pages} pages of {page_size}"
    if not wal and size % page_size:
        return f"truncated: {size} bytes is not a whole number of {page_size}-byte pages"
    return None


def _has_wal(path: Path) -> bool:
    wal = path.with_name(path.name + "-wal")
    return wal.exists() and wal.stat().st_size > 0


def _foreign(app_id: int, tables: set[str]) -> str:
    if app_id:
        return (f"not a vgcore database (application_id 0x{app_id & 0xFFFFFFFF:08X}, "
                f"vgcore's is 0x{APPLICATION_ID:08X})")
    names = ", ".join(sorted(tables)[:5]) + (", …" if len(tables) > 5 else "")
    return f"not a vgcore database (another application's tables: {names})"


IN_USE = "in use by another process (is a host already running on it?)"


def lock_file(path: str) -> int:
    """A descriptor of `path` holding its exclusive `flock` (the host's lock: `_lock`);
    StoreError IN_USE if another process holds it."""
    import fcntl

    held = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(held)
        raise StoreError(path, IN_USE) from None
    return held


class Checkpointer(threading.Thread):
    """Copies the write-ahead log into the database file, on a connection and a thread of
    its own, whenever the log has grown `CHECKPOINT_PAGES` pages.

    SQLite's automatic checkpoint runs inside the commit that crosses 1000 pages, on the
    host's one thread: its writes and fsyncs stopped every game for 10-30 ms on a quiet disk
    and over 600 ms on a busy one (docs/performance.md, "session 9"). A PASSIVE checkpoint
    never blocks the host's commits (a WAL writer and a checkpointer run side by side), and
    durability is unchanged: a commit is in the log before the host acknowledges anything,
    and the checkpoint syncs as the host's own connection would (the same `synchronous`).
    """

    def __init__(self, path: str, synchronous: str, *, pages: int = CHECKPOINT_PAGES,
                 restart_pages: int = RESTART_PAGES, every: float = CHECKPOINT_EVERY) -> None:
        super().__init__(name="vgcore-checkpoints", daemon=True)
        self.path, self.synchronous, self.pages, self.every = path, synchronous, pages, every
        self.restart_pages = restart_pages
        self.wal = Path(path + "-wal")
        self.done = threading.Event()
        self.runs = 0  # checkpoints made
        self.failures = 0  # checkpoints SQLite refused (logged by nobody: the next one retries)

    def run(self) -> None:
        db = self.connect()
        try:
            while not self.done.wait(self.every):
                self.step(db)
        finally:
            db.close()

    def connect(self) -> sqlite3.Connection:
        """The checkpointer's own connection (made on the thread that uses it)."""
        db = sqlite3.connect(self.path, isolation_level=None, timeout=1.0)
        db.execute(f"PRAGMA synchronous = {self.synchronous}")
        return db

    def step(self, db: sqlite3.Connection) -> None:
        """Checkpoint if the log file is long enough for it; have the log start over once it
        holds `restart_pages` frames. Right after the PASSIVE checkpoint, the RESTART has
        only the last moment's frames to copy and few pages to sync: commits wait for that
        alone."""
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        if self.wal_size() < self.pages * page_size:
            return
        frames = self.checkpoint(db, "PASSIVE")
        if frames >= self.restart_pages:
            self.checkpoint(db, "RESTART")

    def wal_size(self) -> int:
        try:
            return self.wal.stat().st_size
        except OSError:
            return 0

    def checkpoint(self, db: sqlite3.Connection, mode: str) -> int:
        """PASSIVE copies what it can and blocks nobody; RESTART (the log is long) waits for
        the commit in progress, copies the rest, and the next commit writes the log from its
        beginning. Returns the frames in the log (0 if SQLite refused)."""
        try:
            row = db.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
        except sqlite3.Error:
            self.failures += 1
            return 0
        self.runs += 1
        return int(row[1]) if row and row[1] is not None and row[1] > 0 else 0

    def stop(self) -> None:
        self.done.set()
        self.join()


def _unusable(exc: sqlite3.DatabaseError | UnicodeDecodeError) -> str:
    """SQLite's own complaint at open, said as what is wrong with the file."""
    if isinstance(exc, UnicodeDecodeError):
        text = exc.object.decode("utf-8", "replace") if isinstance(exc.object, bytes) else ""
    else:
        text = str(exc)
    if "not a database" in text or "malformed" in text:
        return f"corrupt or not an SQLite database ({text})"
    if "locked" in text:
        return IN_USE
    return f"cannot use the database: {text}"


def _out_of_order(game_id: str, n: int, expected: int, last: int) -> str:
    if n <= last:
        return f"game {game_id!r}: journal entry {n} already exists (the journal has 1..{last})"
    return f"game {game_id!r}: journal entry {n} out of order (the next is {expected})"


def _game_row(record: GameRecord) -> tuple[Any, ...]:
    return (record.id, record.format, _dump(record.decks), record.seed, _dump(record.config),
            _dump(record.token_hashes), record.created, record.status, record.result,
            record.reason)


def _game_record(path: str, row: Sequence[Any]) -> GameRecord:
    gid, fmt, decks, seed, config, hashes, created, status, result, reason = row
    try:
        return GameRecord(id=gid, format=fmt, decks=json.loads(decks), seed=seed,
                          config=json.loads(config), token_hashes=json.loads(hashes),
                          created=created, status=status, result=result, reason=reason)
    except (TypeError, ValueError) as exc:  # only a damaged file: the store wrote valid JSON
        raise StoreError(path, f"corrupt record of game {gid!r}: {exc}") from exc


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

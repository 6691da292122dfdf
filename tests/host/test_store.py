"""The host's SQLite store on real files: round trips, durability across SIGKILL, refusals."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import platformdirs
import pytest

from vgcore.errors import VgError
from vgcore.host.store import (
    APPLICATION_ID,
    KEEP_SNAPSHOTS,
    SCHEMA_VERSION,
    Checkpointer,
    GameRecord,
    JournalEntry,
    Store,
    StoreError,
    default_db_path,
)


def record(game_id: str = "g1", created: float = 1000.0, **changes: Any) -> GameRecord:
    base = GameRecord(
        id=game_id, format="standard",
        decks={"p1": {"name": "TD01", "main": ["A"] * 4}, "p2": {"name": "TD02", "main": []}},
        seed=42, config={"seats": {"p1": "human", "p2": "agent:random"}, "clock": None},
        token_hashes={"p1": "ab" * 32}, created=created, status="live",
    )
    return replace(base, **changes)


def entry(n: int, kind: str = "answer", seat: str = "p1") -> JournalEntry:
    return JournalEntry(n=n, kind=kind, seat=seat, decision=n * 10, action=f"pick {n}",
                        clock_ms=60_000 - n, at=1000.0 + n)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "host.sqlite3"


@pytest.fixture
def store(path: Path) -> Iterator[Store]:
    with Store(path) as opened:
        yield opened


def refusal(path: Path) -> str:
    """The one-line message a file is refused with at open."""
    with pytest.raises(StoreError) as caught:
        Store(path)
    message = str(caught.value)
    assert str(path) in message and "\n" not in message
    return message


# -- round trips ---------------------------------------------------------------------------


def test_store_error_is_a_vgcore_error() -> None:
    assert issubclass(StoreError, VgError)


def test_game_record_round_trips(store: Store) -> None:
    store.create_game(record())
    assert store.game("g1") == record()
    assert store.game("nope") is None


def test_journal_round_trips_in_order(store: Store) -> None:
    store.create_game(record())
    store.append("g1", [entry(1), entry(2, kind="timeout", seat="p2")])
    store.append("g1", [entry(3, kind="concede")])
    assert store.journal("g1") == [entry(1), entry(2, kind="timeout", seat="p2"),
                                   entry(3, kind="concede")]
    assert store.journal("g1", after=2) == [entry(3, kind="concede")]
    assert store.journal("other") == []


def test_journal_keeps_absent_fields_as_none(store: Store) -> None:
    store.create_game(record())
    forfeit = JournalEntry(n=1, kind="forfeit", seat="p2", decision=None, action=None,
                           clock_ms=None, at=5.5)
    store.append("g1", [forfeit])
    assert store.journal("g1") == [forfeit]


def test_snapshot_latest_is_returned_and_only_the_newest_kept(store: Store) -> None:
    store.create_game(record())
    assert store.latest_snapshot("g1") is None
    store.save_snapshot("g1", 0, '{"state": 0}')
    store.append("g1", [entry(n) for n in range(1, 6)])
    for n in range(1, 6):
        store.save_snapshot("g1", n, f'{{"state": {n}}}')
    assert store.latest_snapshot("g1") == (5, '{"state": 5}')
    kept = store._db.execute("SELECT n FROM snapshots ORDER BY n").fetchall()
    assert [n for (n,) in kept] == list(range(6 - KEEP_SNAPSHOTS, 6))


def test_snapshot_ahead_of_the_journal_is_refused(store: Store) -> None:
    store.create_game(record())
    store.append("g1", [entry(1)])
    with pytest.raises(StoreError, match="snapshot after entry 2"):
        store.save_snapshot("g1", 2, "{}")
    with pytest.raises(StoreError, match="no game 'nope'"):
        store.save_snapshot("nope", 0, "{}")
    assert store.latest_snapshot("g1") is None


def test_finish_sets_the_result_and_stores_the_replay(store: Store) -> None:
    store.create_game(record())
    store.append("g1", [entry(1)])
    assert store.replay("g1") is None
    store.finish("g1", "p1", "damage", '{"replay": true}')
    assert store.game("g1") == record(status="over", result="p1", reason="damage")
    assert store.replay("g1") == '{"replay": true}'
    assert store.unfinished() == []


def test_finished_game_refuses_more_entries_and_a_second_finish(store: Store) -> None:
    store.create_game(record())
    store.finish("g1", "draw", None, "replay")
    with pytest.raises(StoreError, match="is over"):
        store.append("g1", [entry(1)])
    with pytest.raises(StoreError, match="is over"):
        store.finish("g1", "p2", "deck out", "other replay")
    assert store.replay("g1") == "replay"
    assert store.game("g1") == record(status="over", result="draw")


def test_reopening_the_file_gives_the_same_data(path: Path) -> None:
    with Store(path) as first:
        first.create_game(record())
        first.append("g1", [entry(1), entry(2)])
        first.save_snapshot("g1", 2, "snap")
        first.create_game(record("g2", created=2000.0))
        first.finish("g2", "p2", "damage", "replay 2")
    with Store(path) as again:
        assert again.game("g1") == record()
        assert again.journal("g1") == [entry(1), entry(2)]
        assert again.latest_snapshot("g1") == (2, "snap")
        assert again.replay("g2") == "replay 2"
        assert [g.id for g in again.unfinished()] == ["g1"]
        again.append("g1", [entry(3)])
        assert again.journal("g1", after=2) == [entry(3)]


def test_the_checkpointer_keeps_the_log_short_while_commits_go_on(path: Path) -> None:
    """Checkpoints come from the checkpointer's own connection between the store's commits:
    every entry is kept, SQLite's automatic checkpoint (inside commits) is off, and the log
    starts over once long, so it stays bounded under a steady stream of commits."""
    store = Store(path)
    assert store._checkpoints is not None  # its thread runs too, at its own sizes
    assert store._db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
    small = Checkpointer(str(path), "NORMAL", pages=20, restart_pages=80)
    db = small.connect()
    page = db.execute("PRAGMA page_size").fetchone()[0]
    store.create_game(record())
    entries = [entry(n) for n in range(1, 1001)]
    longest = 0
    for one in entries:
        store.append("g1", [one])
        small.step(db)
        longest = max(longest, small.wal_size())
    db.close()
    assert small.runs > 0 and small.failures == 0
    assert longest <= 81 * page + 4096  # restarted at 80 frames: bounded, not 1,000 commits
    store.close()
    with Store(path) as again:
        assert again.journal("g1") == entries


def test_a_second_store_on_a_file_in_use_is_refused_at_once(path: Path) -> None:
    with Store(path):
        assert "in use by another process" in refusal(path)
    Store(path).close()  # the lock went with the first store


def test_file_uses_wal_foreign_keys_and_vgcore_ids(store: Store) -> None:
    pragma = lambda name: store._db.execute(f"PRAGMA {name}").fetchone()[0]  # noqa: E731
    assert pragma("journal_mode") == "wal"
    assert pragma("synchronous") == 1  # NORMAL
    assert pragma("foreign_keys") == 1
    assert pragma("application_id") == APPLICATION_ID
    assert pragma("user_version") == SCHEMA_VERSION


def test_sync_full_is_selectable_and_others_are_refused(path: Path) -> None:
    with Store(path, sync="full") as store:
        assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2
    with pytest.raises(ValueError, match="normal, full"):
        Store(path, sync="off")


def test_memory_database_works(tmp_path: Path) -> None:
    with Store(":memory:") as store:
        store.create_game(record())
        store.append("g1", [entry(1)])
        assert store.journal("g1") == [entry(1)]
    assert list(tmp_path.iterdir()) == []


def test_missing_parent_directories_are_created(tmp_path: Path) -> None:
    deep = tmp_path / "a" / "b" / "host.sqlite3"
    with Store(deep) as store:
        store.create_game(record())
    assert deep.is_file()


def test_default_path_is_in_the_user_data_directory(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # read by platformdirs on Linux
    expected = Path(platformdirs.user_data_dir("vgcore")) / "host.sqlite3"
    assert default_db_path() == expected
    with Store(default_db_path()) as store:  # the first use creates the directory
        store.create_game(record())
    assert expected.is_file()


# -- the journal is never rewritten --------------------------------------------------------


def test_duplicate_entry_number_is_refused_and_nothing_overwritten(store: Store) -> None:
    store.create_game(record())
    store.append("g1", [entry(1), entry(2)])
    with pytest.raises(StoreError, match="entry 2 already exists"):
        store.append("g1", [JournalEntry(2, "concede", "p2", None, None, None, 9.0)])
    assert store.journal("g1") == [entry(1), entry(2)]


def test_skipping_an_entry_number_is_refused(store: Store) -> None:
    store.create_game(record())
    store.append("g1", [entry(1)])
    with pytest.raises(StoreError, match="entry 3 out of order"):
        store.append("g1", [entry(3)])
    with pytest.raises(StoreError, match="entry 4 out of order"):
        store.append("g1", [entry(2), entry(4)])
    assert store.journal("g1") == [entry(1)]  # the failed batch left nothing behind


def test_entries_for_an_unknown_game_are_refused(store: Store) -> None:
    with pytest.raises(StoreError, match="no game 'ghost'"):
        store.append("ghost", [entry(1)])


def test_duplicate_game_id_is_refused(store: Store) -> None:
    store.create_game(record())
    with pytest.raises(StoreError, match="game 'g1' already exists"):
        store.create_game(record(seed=7))
    assert store.game("g1") == record()


# -- listing -------------------------------------------------------------------------------


def test_unfinished_lists_live_games_oldest_first(store: Store) -> None:
    for game_id, created in [("late", 3000.0), ("early", 1000.0), ("middle", 2000.0)]:
        store.create_game(record(game_id, created=created))
    store.create_game(record("done", created=500.0))
    store.finish("done", "p1", "damage", "r")
    assert [g.id for g in store.unfinished()] == ["early", "middle", "late"]


def test_games_lists_newest_first_by_status_and_limit(store: Store) -> None:
    for i in range(5):
        store.create_game(record(f"g{i}", created=1000.0 + i))
    store.finish("g1", "p1", "damage", "r")
    store.finish("g3", "p2", "damage", "r")
    assert [g.id for g in store.games()] == ["g4", "g3", "g2", "g1", "g0"]
    assert [g.id for g in store.games(status="over")] == ["g3", "g1"]
    assert [g.id for g in store.games(status="live", limit=2)] == ["g4", "g2"]


def test_games_created_in_the_same_instant_keep_insertion_order(store: Store) -> None:
    for game_id in ["x", "y", "z"]:
        store.create_game(record(game_id, created=1000.0))
    assert [g.id for g in store.unfinished()] == ["x", "y", "z"]
    assert [g.id for g in store.games()] == ["z", "y", "x"]


# -- durability ----------------------------------------------------------------------------

CHILD = textwrap.dedent("""
    import sys, time
    from vgcore.host.store import GameRecord, JournalEntry, Store
    store = Store(sys.argv[1], sync=sys.argv[2])
    store.create_game(GameRecord("g1", "standard", {}, 1, {}, {}, 1.0, "live"))
    for n in range(1, 4):
        store.append("g1", [JournalEntry(n, "answer", "p1", n, "pass", None, float(n))])
    print("appended", flush=True)
    time.sleep(60)
""")


@pytest.mark.parametrize("sync", ["normal", "full"])
def test_appended_entries_survive_sigkill(path: Path, sync: str) -> None:
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(path), sync],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "appended"
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait() == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        if child.stdout is not None:
            child.stdout.close()
    with Store(path) as store:
        assert [e.n for e in store.journal("g1")] == [1, 2, 3]
        assert [g.id for g in store.unfinished()] == ["g1"]


# -- files refused at open -----------------------------------------------------------------


def test_foreign_sqlite_database_is_refused_and_left_untouched(path: Path) -> None:
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE songs (title TEXT)")
    other.commit()
    other.close()
    before = path.read_bytes()
    assert "another application's tables: songs" in refusal(path)
    assert path.read_bytes() == before


def test_database_with_another_application_id_is_refused(path: Path) -> None:
    other = sqlite3.connect(path)
    other.execute("PRAGMA application_id = 1234")
    other.commit()
    other.close()
    assert "application_id 0x000004D2" in refusal(path)


def test_random_bytes_file_is_refused(path: Path) -> None:
    path.write_bytes(os.urandom(4096))
    assert "not an SQLite database" in refusal(path)


def test_text_file_is_refused(path: Path) -> None:
    path.write_text("these are my notes, not a database\n")
    assert "not an SQLite database" in refusal(path)


def test_truncated_database_is_refused(path: Path) -> None:
    with Store(path) as store:
        store.create_game(record())
        store.append("g1", [entry(n) for n in range(1, 200)])
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    assert "truncated" in refusal(path)


def test_database_cut_inside_its_header_is_refused(path: Path) -> None:
    Store(path).close()
    path.write_bytes(path.read_bytes()[:40])
    assert "truncated" in refusal(path)


def test_corrupt_page_size_is_refused(path: Path) -> None:
    Store(path).close()
    data = bytearray(path.read_bytes())
    data[16:18] = (1000).to_bytes(2, "big")
    path.write_bytes(bytes(data))
    assert "corrupt SQLite header" in refusal(path)


def test_database_with_a_garbled_schema_page_is_refused(path: Path) -> None:
    with Store(path) as store:
        store.create_game(record())
    data = bytearray(path.read_bytes())
    data[100:1000] = os.urandom(900)  # page 1 after the header: the table of tables
    path.write_bytes(bytes(data))
    assert "corrupt" in refusal(path)


def test_database_with_a_damaged_page_is_refused_at_open(path: Path) -> None:
    with Store(path) as store:
        store.create_game(record())
    with sqlite3.connect(path) as look:
        (page,) = look.execute("SELECT rootpage FROM sqlite_master "
                               "WHERE name = 'games_by_created'").fetchone()
        (page_size,) = look.execute("PRAGMA page_size").fetchone()
    look.close()
    data = bytearray(path.read_bytes())
    data[(page - 1) * page_size] = 0  # the page's type byte: no longer a b-tree page
    path.write_bytes(bytes(data))
    message = refusal(path)
    assert f"corrupt: Page {page}:" in message


def test_newer_schema_version_is_refused(path: Path) -> None:
    Store(path).close()
    newer = sqlite3.connect(path)
    newer.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    newer.commit()
    newer.close()
    message = refusal(path)
    assert "newer vgcore" in message and f"schema version {SCHEMA_VERSION + 1}" in message


def test_vgcore_database_missing_a_table_is_refused(path: Path) -> None:
    Store(path).close()
    broken = sqlite3.connect(path)
    broken.execute("DROP TABLE replays")
    broken.commit()
    broken.close()
    assert "missing tables: replays" in refusal(path)


def test_directory_as_path_is_refused(tmp_path: Path) -> None:
    assert "is a directory" in refusal(tmp_path)


def test_parent_that_is_a_file_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert "cannot create its directory" in refusal(blocker / "host.sqlite3")


def test_empty_file_becomes_a_new_database(path: Path) -> None:
    path.touch()
    with Store(path) as store:
        store.create_game(record())
    with Store(path) as store:
        assert store.game("g1") == record()

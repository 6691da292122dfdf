"""A sharded host's files (vgcore/host/shards.py): a game's shard is read from its id, each
shard is a file beside the `--db` file, and a process that plays several shards sees them
as one store — lists merged newest first, other workers' shards read beside them."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from vgcore.host.shards import (
    ShardStores,
    existing_shards,
    game_id_in,
    shard_of,
    shard_path,
)
from vgcore.host.store import GameRecord, JournalEntry, Store, StoreError


def record(game_id: str, created: float, status: str = "live") -> GameRecord:
    return GameRecord(id=game_id, format="premium", decks={}, seed=1, config={},
                      token_hashes={}, created=created, status=status)


def test_a_game_id_names_its_shard() -> None:
    assert shard_of("Abc-_12xyzQW") == 0  # a one-process host's ids are bare tokens
    assert shard_of(game_id_in(0, "tok")) == 0 and game_id_in(0, "tok") == "tok"
    assert shard_of(game_id_in(3, "tok")) == 3 and game_id_in(3, "tok") == "3.tok"
    for hostile in ("x.tok", ".tok", "-1.tok", "1234567.tok", "", "."):
        assert shard_of(hostile) == 0, hostile


def test_the_shards_are_files_beside_the_database(tmp_path: Path) -> None:
    db = tmp_path / "host.sqlite3"
    assert shard_path(db, 0) == str(db)
    Store(db).close()
    assert existing_shards(db) == [0]
    Store(shard_path(db, 2)).close()
    Store(shard_path(db, 1)).close()
    (tmp_path / "host.sqlite3.shardx").write_text("not a shard")
    assert existing_shards(db) == [0, 1, 2]


def test_a_process_plays_its_shards_as_one_store(tmp_path: Path) -> None:
    db = tmp_path / "host.sqlite3"
    with ShardStores(db, [0, 2], home=0) as mine, Store(shard_path(db, 1)) as theirs:
        mine.create_game(record("old", 1.0))
        mine.create_game(record("2.new", 3.0))
        theirs.create_game(record("1.mid", 2.0))  # another worker's shard
        assert Path(shard_path(db, 2)).exists()
        mine.append("2.new", [JournalEntry(n=1, kind="answer", seat="A", decision=0,
                                           action="keep", clock_ms=None, at=time.time())])
        assert [e.action for e in mine.journal("2.new")] == ["keep"]
        assert mine.journal("old") == [] and mine.game("1.mid") is None  # not played here
        with pytest.raises(StoreError, match="does not play"):
            mine.append("1.mid", [])
        assert [g.id for g in mine.unfinished()] == ["old", "2.new"]
        # `list` sees every shard, the one another process holds too, newest first
        assert [g.id for g in mine.games(limit=10)] == ["2.new", "1.mid", "old"]
        assert [g.id for g in mine.games(limit=2)] == ["2.new", "1.mid"]

"""The deep snapshot fuzz: longer than the suite's (tests/hostile/test_snapshots.py), run by
hand before trusting a change to snapshots or the engine's frames.

Every format in turn: a real game played by a random agent to a random point, its snapshot
mutated ten times (tests/hostile/mutations.py), each mutation loaded and — when it loads —
played on for up to 300 decisions, every view built along the way. A tampered snapshot must
be refused by vgcore's own error (`SnapshotError` at load, or a `VgError` later); anything
else is a finding, printed with its traceback. A watchdog dumps the stack and stops the run
if one mutation takes over 20 s (a hang is a finding too).

    python -m tests.hostile.deep_fuzz --seconds 600 [--seed N]
"""

from __future__ import annotations

import argparse
import faulthandler
import json
import random
import time
import traceback
from typing import Any

from tests.hostile.mutations import mutate
from vgcore import Game, Registry
from vgcore.errors import VgError

MUTATIONS_PER_SNAPSHOT = 10
PLAY_ON = 300
WATCHDOG_SECONDS = 20


def play_on(game: Game, rnd: random.Random) -> None:
    for step in range(PLAY_ON):
        if game.result is not None:
            return
        game.apply(rnd.choice(game.legal_actions()))
        if step % 50 == 0:
            for seat in game.state.seats:
                game.view(seat)
            game.spectator_view()


def one_snapshot(registry: Registry, format_id: str, rnd: random.Random,
                 stats: dict[str, int], findings: list[str]) -> None:
    game = registry.new_game(format_id, seed=rnd.randrange(1 << 30))
    for _ in range(rnd.randrange(5, 200)):
        if game.result is not None:
            return
        game.apply(rnd.choice(game.legal_actions()))
    data = json.loads(json.dumps(game.to_json()))
    for _ in range(MUTATIONS_PER_SNAPSHOT):
        what, out = mutate(data, rnd)
        faulthandler.dump_traceback_later(WATCHDOG_SECONDS, exit=True)
        stage = "load"
        try:
            loaded = registry.load(out if isinstance(out, str) else json.dumps(out))
            stage = "play"
            play_on(loaded, rnd)
            stats["played"] += 1
        except VgError:
            stats["refused"] += 1
        except Exception:
            stats["findings"] += 1
            findings.append(f"{format_id}: {what} ({stage})\n{traceback.format_exc()}")
        finally:
            faulthandler.cancel_dump_traceback_later()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--seed", type=int, default=12345)
    args = parser.parse_args(argv)
    registry = Registry()
    formats = sorted(registry.formats)
    rnd = random.Random(args.seed)
    stats: dict[str, Any] = {"refused": 0, "played": 0, "findings": 0}
    findings: list[str] = []
    started, games = time.monotonic(), 0
    while time.monotonic() - started < args.seconds:
        one_snapshot(registry, formats[games % len(formats)], rnd, stats, findings)
        games += 1
    print(json.dumps({**stats, "games": games, "seconds": round(time.monotonic() - started)}))
    for finding in findings:
        print("----", finding)
    return 1 if findings else 0


if __name__ == "__main__":
    raise SystemExit(main())

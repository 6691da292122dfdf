"""Golden transcript: one whole game, checked in, replayed and compared event by event.

A change that alters any rule outcome, event or state hash of this game shows up here. When
a change is intended, regenerate with `VGCORE_REGEN_GOLDEN=1 python3 -m pytest
tests/test_golden.py` and review the diff of the transcript like any other change.
"""

from __future__ import annotations

import os
from pathlib import Path

from vgcore import replay as replays
from vgcore.agents import GreedyAgent
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.views import redact

HERE = Path(__file__).parent / "golden"
REPLAY = HERE / "premium-greedy-seed3.replay.json"
TRANSCRIPT = HERE / "premium-greedy-seed3.transcript.txt"


def transcript(game: Game) -> str:
    lines = []
    for event in game.state.log:
        shown = redact(event, event.get("private", ""))  # everything but uids
        fields = " ".join(f"{k}={shown[k]}" for k in sorted(shown) if k not in ("kind", "n"))
        lines.append(f"{shown['n']:04d} {shown['kind']} {fields}".rstrip())
    return "\n".join(lines) + "\n"


def record(registry: Registry) -> replays.Replay:
    agents = {"A": GreedyAgent(1), "B": GreedyAgent(2)}
    # The vanilla decks, named (not the format's defaults): the golden game checks the rules,
    # and stays the same when the default decks or their card scripts change.
    decks = [registry.deck(name)
             for name in ("vanilla-premium-royal-paladin", "vanilla-premium-kagero")]

    def choose(game: Game) -> str:
        d = game.decision
        assert d is not None
        return str(agents[d.seat].choose(game, d.options))

    return replays.record(registry, "premium", decks, 3, choose)


def test_golden_game_replays_identically(registry: Registry) -> None:
    if os.environ.get("VGCORE_REGEN_GOLDEN"):
        rep = record(registry)
        rep.engine_version = ""
        rep.save(REPLAY)
        TRANSCRIPT.write_text(transcript(replays.run(registry, rep)))
    rep = replays.Replay.load(REPLAY)
    game = replays.run(registry, rep, verify=True)
    assert game.state.result == rep.result
    assert transcript(game) == TRANSCRIPT.read_text()


def test_recording_again_gives_the_golden_answers(registry: Registry) -> None:
    assert record(registry).answers == replays.Replay.load(REPLAY).answers

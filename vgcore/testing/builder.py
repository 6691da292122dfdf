"""Scenarios written in Python: the same board, steps and expectations as a scenario file.

A builder is immutable; each call returns a new one, so a base board can be shared by several
tests. It produces the same `Scenario` a file does and runs through the same code, so a key
or a step means the same thing in both:

    base = scenario("premium", start={"turn": 3, "phase": "battle"}).board(
        A={"vanguard": "VAN-RP-009", "deck": ["VAN-RP-002", "VAN-RP-003"]},
        B={"vanguard": "VAN-RP-010", "deck": ["VAN-RP-005"]},
    )
    game = base.game()                       # the board, before any step
    game.apply("attack VC -> B.VC")
    expect(game, {"B.damage.count": 0})      # AssertionError: expected vs actual

    base.steps({"A": "attack VC -> B.VC"}, {"B": "done"}).expect({"B.damage.count": 1}).run()
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.testing.scenario import Scenario, build_game, run_scenario, scenario_from_mapping


@dataclass(frozen=True)
class ScenarioBuilder:
    """A scenario under construction, kept as the mapping a scenario file would hold."""

    data: Mapping[str, Any] = field(default_factory=dict)

    def board(self, **sides: Mapping[str, Any]) -> ScenarioBuilder:
        """Set seats' sides (`A={...}`), keys as in a file's `board:`; other seats stay."""
        return self._with(board={**self.data.get("board", {}), **sides})

    def cards(self, records: Sequence[Mapping[str, Any]]) -> ScenarioBuilder:
        """Add card records (card-YAML schema) to the pool of this scenario only."""
        return self._with(cards=[*self.data.get("cards", []), *records])

    def steps(self, *steps: Mapping[str, Any]) -> ScenarioBuilder:
        """Append steps written as in a file: `{"A": "battle"}`, `{"check": {...}}`, …"""
        return self._with(steps=[*self.data.get("steps", []), *steps])

    def expect(self, expectations: Mapping[str, Any]) -> ScenarioBuilder:
        """Add expectations checked after the last step (keys as in a file's `expect:`)."""
        return self._with(expect={**self.data.get("expect", {}), **expectations})

    def build(self) -> Scenario:
        """The `Scenario`, its shape checked exactly as a file's would be."""
        return scenario_from_mapping(dict(self.data))

    def game(self, registry: Registry | None = None) -> Game:
        """The game at the start of the board, before any step is played."""
        return build_game(self.build(), registry)

    def run(self, registry: Registry | None = None) -> Game:
        """Play the steps strictly and check the expectations; the finished game."""
        return run_scenario(self.build(), registry)

    def _with(self, **changes: Any) -> ScenarioBuilder:
        return ScenarioBuilder({**self.data, **changes})


def scenario(format: str, *, start: Mapping[str, Any] | None = None, seed: int = 0,
             name: str = "python scenario", rule: str | None = None) -> ScenarioBuilder:
    """Begin a scenario of `format`; `start` is `{turn, player, phase}` (default 1, A, main)."""
    data: dict[str, Any] = {"name": name, "format": format, "seed": seed}
    if start is not None:
        data["start"] = dict(start)
    if rule is not None:
        data["rule"] = rule
    return ScenarioBuilder(data)

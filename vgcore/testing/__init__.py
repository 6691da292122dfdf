"""Testing helpers: scenario files, a Python scenario builder and vgcore's pytest plugin.

The pytest plugin (`vgcore.testing.pytest_plugin`) is loaded by pytest through its `pytest11`
entry point and is not re-exported here, so this package imports without pytest.
"""

from vgcore.testing.board import BoardError, game_from_board
from vgcore.testing.builder import ScenarioBuilder, scenario
from vgcore.testing.expectations import Mismatch, ScenarioFailure, expect, mismatches
from vgcore.testing.scenario import (
    Scenario,
    ScenarioFileError,
    Start,
    Step,
    build_game,
    load_scenarios,
    play,
    run_files,
    run_scenario,
    scenario_from_mapping,
)

__all__ = [
    "BoardError", "Mismatch", "Scenario", "ScenarioBuilder", "ScenarioFailure",
    "ScenarioFileError", "Start", "Step", "build_game", "expect", "game_from_board",
    "load_scenarios", "mismatches", "play", "run_files", "run_scenario", "scenario",
    "scenario_from_mapping",
]

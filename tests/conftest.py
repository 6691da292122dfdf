"""Shared fixtures: one registry of the installed plugins for the whole session."""

from __future__ import annotations

from pathlib import Path

import pytest

from vgcore.plugins import Registry

SKILL_CARDS = Path(__file__).parent / "cards" / "skills"


@pytest.fixture(scope="session")
def registry() -> Registry:
    return Registry(card_dirs=[SKILL_CARDS], strict=True)


# Designer-mistake fixtures: their scenario files fail on purpose (tests/test_designer_errors.py).
collect_ignore = ["cards/errors"]

"""Shared fixtures: one registry of the installed plugins for the whole session."""

from __future__ import annotations

import pytest

from vgcore.plugins import Registry


@pytest.fixture(scope="session")
def registry() -> Registry:
    return Registry()

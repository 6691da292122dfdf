"""Shared fixtures: one registry of the installed plugins for the whole session."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from vgcore.cardcache import ENV as CARD_CACHE_ENV
from vgcore.plugins import Registry

# The card cache of this test run (and of the commands it starts) is its own: a run neither
# reads a cache left by another checkout nor leaves one in the user's home.
if CARD_CACHE_ENV not in os.environ:
    _cache = tempfile.mkdtemp(prefix="vgcore-test-cache-")
    os.environ[CARD_CACHE_ENV] = _cache
    atexit.register(shutil.rmtree, _cache, ignore_errors=True)

SKILL_CARDS = Path(__file__).parent / "cards" / "skills"


@pytest.fixture(scope="session")
def registry() -> Registry:
    return Registry(card_dirs=[SKILL_CARDS], strict=True)


# Designer-mistake fixtures: their scenario files fail on purpose (tests/test_designer_errors.py).
collect_ignore = ["cards/errors"]

"""Lets this folder's tests import the core test helpers (`tests.invariants`) when they run
on their own, not only as part of the whole suite."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[3])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

"""The harness itself measures what it claims: a child's own peak memory, a hang, a traceback."""

from __future__ import annotations

import pytest

from tests.hostile.harness import assert_bounded, assert_clean_refusal, run_bounded

pytestmark = pytest.mark.hostile


def test_a_clean_refusal_passes_and_reports_the_childs_peak() -> None:
    outcome = run_bounded(["validate", "--cards", "/nonexistent/cards"])
    assert_clean_refusal(outcome, "/nonexistent/cards")
    assert 20 < outcome.peak_mib < 400


def test_a_child_that_eats_memory_is_seen() -> None:
    outcome = run_bounded([], code="block = b'x' * (300 << 20)")
    with pytest.raises(AssertionError, match="peak"):
        assert_bounded(outcome, peak_mib=200)


def test_a_large_test_process_is_not_counted_as_its_childs_peak() -> None:
    """Linux carries `ru_maxrss` over from the forked parent; the harness reads the child's
    own high-water mark, so a test worker that grew large does not fail a small child."""
    parent_ballast = b"x" * (300 << 20)
    outcome = run_bounded([], code="pass")
    assert len(parent_ballast) and 0 < outcome.peak_mib < 100


def test_a_traceback_and_a_hang_fail() -> None:
    with pytest.raises(AssertionError, match="Traceback"):
        assert_bounded(run_bounded([], code="raise ValueError('boom')"))
    with pytest.raises(AssertionError, match="still running"):
        run_bounded([], code="import time; time.sleep(60)", seconds=2)

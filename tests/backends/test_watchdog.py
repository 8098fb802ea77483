"""A deadline on each call into a backend, and no call beside one that missed it (watchdog.py)."""

from __future__ import annotations

import threading

import pytest

from claimaudit.backends.watchdog import Watch
from claimaudit.errors import InvalidSettingsError, JudgeError, SourceError
from claimaudit.judges.deadline import DeadlineExceeded
from tests.stuck import HOLD

TINY = 0.2


def wait_until_free(watch: Watch) -> None:
    """Until the overdue call has returned (a wait, not a timing assertion)."""
    done = threading.Event()
    for _ in range(500):
        if not watch.stuck:
            return
        done.wait(0.02)
    raise AssertionError("the released call never returned")


def test_a_call_in_time_gives_its_result_or_its_own_error() -> None:
    watch = Watch("judge", "mine", 30, JudgeError)
    assert watch.call(lambda: 7) == 7

    def fail() -> int:
        raise ValueError("boom")

    with pytest.raises(ValueError, match="boom"):
        watch.call(fail)
    assert not watch.stuck


def test_a_call_that_never_returns_is_given_up_at_the_deadline(gate: threading.Event) -> None:
    watch = Watch("judge", "mine", TINY, JudgeError)
    with pytest.raises(JudgeError) as raised:
        watch.call(lambda: gate.wait(HOLD))
    assert str(raised.value) == "judge 'mine' did not answer within 0.2 s"
    assert watch.stuck


def test_no_call_starts_beside_one_past_its_deadline_until_it_returns(
    gate: threading.Event,
) -> None:
    watch = Watch("source", "mine", TINY, SourceError)
    with pytest.raises(SourceError):
        watch.call(lambda: gate.wait(HOLD))
    calls: list[str] = []
    with pytest.raises(SourceError) as raised:
        watch.call(lambda: calls.append("second"))
    assert calls == []  # not called at all: the first may still be running
    assert str(raised.value) == (
        "source 'mine' was not asked: an earlier call did not answer within 0.2 s and may "
        "still be running"
    )
    with pytest.raises(SourceError, match=r"^source 'mine' was not closed: "):
        watch.call(lambda: calls.append("close"), refused="closed")
    gate.set()  # the stuck call returns: the backend may be called again
    wait_until_free(watch)
    assert watch.call(lambda: "again") == "again"


def test_the_backends_own_deadline_error_is_its_own() -> None:
    # Raised in time by the backend, it is the backend's failure, not the watch's deadline.
    def own() -> None:
        raise DeadlineExceeded

    watch = Watch("judge", "mine", 30, JudgeError)
    with pytest.raises(DeadlineExceeded):
        watch.call(own)
    assert not watch.stuck


@pytest.mark.parametrize("seconds", [0, -1, float("nan"), 1e10])
def test_a_deadline_out_of_range_is_refused(seconds: float) -> None:
    with pytest.raises(InvalidSettingsError, match="timeout must be a number of seconds"):
        Watch("judge", "mine", seconds, JudgeError)

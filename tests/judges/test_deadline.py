"""The per-attempt deadline and reply cap the remote judges share (judges/deadline.py)."""

from __future__ import annotations

import threading

import pytest

from claimaudit.errors import InvalidSettingsError
from claimaudit.judges.deadline import (
    Deadline,
    DeadlineExceeded,
    ReplyTooLargeError,
    check_timeout,
    guard,
    within,
)


def test_within_returns_the_result_or_raises_the_error() -> None:
    assert within(Deadline(30), lambda: 7) == 7
    assert within(Deadline(30), lambda: None) is None

    def fail() -> int:
        raise ValueError("boom")

    with pytest.raises(ValueError, match="boom"):
        within(Deadline(30), fail)


def test_within_gives_up_at_the_deadline_and_discards_the_late_result() -> None:
    release, discarded = threading.Event(), threading.Event()
    late: list[str] = []

    def slow() -> str:
        release.wait(30)  # blocks until the test lets it finish, after the caller gave up
        return "late reply"

    def discard(result: str) -> None:
        late.append(result)
        discarded.set()

    with pytest.raises(DeadlineExceeded):
        within(Deadline(0.05), slow, discard)
    release.set()
    assert discarded.wait(30)
    assert late == ["late reply"]


def test_guard_passes_chunks_up_to_the_limit() -> None:
    chunks = [b"ab", b"cd", b"e"]
    assert list(guard(chunks, Deadline(30), limit=5)) == chunks
    with pytest.raises(ReplyTooLargeError, match=r"^a reply larger than 4 bytes$"):
        list(guard(chunks, Deadline(30), limit=4))


def test_guard_stops_once_the_deadline_passed() -> None:
    with pytest.raises(DeadlineExceeded):
        list(guard([b"a"], Deadline(0)))


def test_the_size_is_said_in_mib() -> None:
    assert str(ReplyTooLargeError(8 * 2**20)) == "a reply larger than 8 MiB"


@pytest.mark.parametrize("seconds", [0.1, 1, 86_400])
def test_check_timeout_takes_the_command_lines_range(seconds: float) -> None:
    assert check_timeout(seconds, "openai") == seconds


@pytest.mark.parametrize("seconds", [0.05, 0.0999, 0, 86_400.5])
def test_check_timeout_refuses_what_the_command_line_refuses(seconds: float) -> None:
    # --timeout runs from 0.1 (README): Python and the remote judges took 0.05 anyway.
    with pytest.raises(InvalidSettingsError, match=r"from 0\.1 up to 86400 \(a day\)"):
        check_timeout(seconds, "openai")

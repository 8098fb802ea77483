"""The per-attempt deadline and reply cap the remote judges share (judges/deadline.py)."""

from __future__ import annotations

import threading

import pytest

from claimaudit.judges.deadline import (
    Deadline,
    DeadlineExceeded,
    ReplyTooLargeError,
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

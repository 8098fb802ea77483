"""Helpers shared by the tests of the remote judges (Jev and openai)."""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import TypeVar

import pytest

from claimaudit.errors import JudgeError
from claimaudit.judges.protocol import Decision, Judge, JudgeSettings
from claimaudit.plugins import Registry
from tests.judges.faultserver import TEST_KEY

J = TypeVar("J")

# A short timeout (and, in each judge's tests, retries off), so failure paths are fast.
FAST_TIMEOUT = 2.0


def registered_judge(
    register: Callable[[Registry], None], name: str, kind: type[J], settings: JudgeSettings
) -> J:
    """The judge ``name`` as its plugin registers it (as the CLI gets it), of type ``kind``."""
    registry = Registry()
    registry.load(name, lambda: register)  # as a built-in, the way default plugins load
    assert not registry.broken, registry.broken
    judge = registry.make_judge(name, settings)
    assert isinstance(judge, kind)
    return judge


def assert_secret_free(error: BaseException) -> None:
    """The key must not leak through the message, the repr, or a printed traceback."""
    shown = [str(error), repr(error), "".join(traceback.format_exception(error))]
    for text in shown:
        assert TEST_KEY not in text
    # Nothing chained either: an SDK's exception text quotes the server's error body.
    assert error.__cause__ is None
    assert error.__context__ is None


def judge_error(judge: Judge, decision: Decision) -> JudgeError:
    """The JudgeError ``judge`` raises on ``decision``, checked to be free of the key."""
    with pytest.raises(JudgeError) as caught:
        judge.decide(decision)
    assert_secret_free(caught.value)
    return caught.value

"""The deadline on loading a plugin and building its backend (``claimaudit.backends.plugin_wait``):
a call that never returns is given up, and its key stays overdue until it does return."""

from __future__ import annotations

import threading

import pytest

from claimaudit.backends.plugin_wait import (
    DEFAULT_PLUGIN_TIMEOUT,
    PLUGIN_TIMEOUT_ENV,
    Missed,
    Overdue,
    plugin_timeout,
)
from claimaudit.errors import InvalidSettingsError
from claimaudit.judges.deadline import DeadlineExceeded


def test_the_plugin_timeout_is_the_environment_s_else_30_s(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(PLUGIN_TIMEOUT_ENV, raising=False)
    assert plugin_timeout() == DEFAULT_PLUGIN_TIMEOUT == 30.0
    monkeypatch.setenv(PLUGIN_TIMEOUT_ENV, " 2.5 ")
    assert plugin_timeout() == 2.5
    monkeypatch.setenv(PLUGIN_TIMEOUT_ENV, "")
    assert plugin_timeout() == 30.0
    monkeypatch.setenv(PLUGIN_TIMEOUT_ENV, "inf")
    with pytest.raises(InvalidSettingsError, match="CLAIMAUDIT_PLUGIN_TIMEOUT must be a number"):
        plugin_timeout()


def test_a_call_in_time_gives_its_result_or_its_own_error() -> None:
    overdue = Overdue()
    assert overdue.call("k", lambda: 42, 60.0, name="t") == 42

    def own() -> None:
        raise DeadlineExceeded  # the plugin's own, not the deadline

    with pytest.raises(DeadlineExceeded):
        overdue.call("k", own, 60.0, name="t")
    assert "k" not in overdue


def test_a_call_given_up_is_overdue_until_it_returns_and_its_late_result_discarded() -> None:
    overdue = Overdue()
    let_go, returned = threading.Event(), threading.Event()
    discarded: list[str] = []

    def stuck() -> str:
        let_go.wait(120.0)
        return "late"

    def discard(result: str) -> None:
        discarded.append(result)
        returned.set()

    with pytest.raises(Missed):
        overdue.call("k", stuck, 0.1, name="t", discard=discard)
    assert "k" in overdue
    let_go.set()
    assert returned.wait(120.0)
    assert discarded == ["late"]
    for _ in range(12000):  # the key is let go just after the result is handed over
        if "k" not in overdue:
            break
        threading.Event().wait(0.01)
    assert "k" not in overdue

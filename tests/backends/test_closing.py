"""Closing backends: one whose close() fails is a masked one-line warning, and the others are
still closed."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pytest

from claimaudit.backends.closing import close_all
from claimaudit.identity import PaperRef
from claimaudit.sources.protocol import Source, SourcePaper
from tests.fakes import MemorySource, ScriptedJudge, pick

KEY = "sk-closing-test-0123456789"


@dataclass
class BadCloseJudge(ScriptedJudge):
    error: BaseException | None = None

    def close(self) -> None:
        if self.error is not None:
            raise self.error


@dataclass
class CountingSource(MemorySource):
    closed: int = 0

    def close(self) -> None:
        self.closed += 1


@pytest.mark.parametrize(
    ("error", "said"),
    [
        (
            RuntimeError(f"close failed {KEY}\nsecond line"),
            "RuntimeError: close failed *** second line",
        ),
        (SystemExit(3), "SystemExit: 3"),
    ],
)
def test_a_backend_that_fails_to_close_is_a_masked_warning_and_the_rest_are_closed(
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    error: BaseException,
    said: str,
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    source = CountingSource()
    with caplog.at_level(logging.DEBUG, logger="claimaudit.backends.closing"):
        close_all([BadCloseJudge(pick("supports", "P001"), error=error), source])
    assert source.closed == 1
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings == [f"warning: closing judge 'scripted' failed (results are kept): {said}"]
    [debug] = [r for r in caplog.records if r.levelno == logging.DEBUG]
    assert debug.exc_info is not None  # the traceback, for --debug


def test_ctrl_c_while_closing_still_stops() -> None:
    with pytest.raises(KeyboardInterrupt):
        close_all([BadCloseJudge(pick("supports", "P001"), error=KeyboardInterrupt())])


class BrokenEverywhere(Source):
    @property
    def name(self) -> str:  # type: ignore[override]
        raise RuntimeError("no name either")

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        raise NotImplementedError

    def close(self) -> None:
        raise RuntimeError("close failed")


def test_a_backend_whose_name_fails_too_is_named_by_its_class(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="claimaudit.backends.closing"):
        close_all([BrokenEverywhere()])
    assert [r.getMessage() for r in caplog.records] == [
        "warning: closing source 'BrokenEverywhere' failed (results are kept): "
        "RuntimeError: close failed"
    ]

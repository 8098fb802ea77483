"""What a source (a plugin, say) returns is vetted before it is judged or recorded."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import pytest

from claimaudit.checker import Checker
from claimaudit.identity import parse_ref
from claimaudit.records import CheckedRecord, NotCheckedRecord, Record
from tests.fakes import MemorySource, ScriptedJudge, pick

CLAIM = "Aspirin lowers fever."


def checked_with(**change: object) -> Record:
    """The record of a paper whose source changes what it returns by ``change``."""

    class Odd(MemorySource):
        def fetch(self, ref, query):  # type: ignore[no-untyped-def]
            return replace(super().fetch(ref, query), **change)

    src = Odd()
    src.add(parse_ref("scifact:1"), "T", ["Aspirin lowers fever."])
    [record] = Checker(src, ScriptedJudge(pick("supports", "P001"))).check(CLAIM, ["scifact:1"])
    return record


@pytest.mark.parametrize(
    "url", ["javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,x", "ftp://x/y", "//x"]
)
def test_a_paper_url_that_is_not_http_is_dropped(url: str) -> None:
    record = checked_with(url=url)
    assert isinstance(record, CheckedRecord) and record.paper_url is None


def test_an_http_paper_url_is_kept() -> None:
    record = checked_with(url="https://arxiv.org/abs/1706.03762")
    assert isinstance(record, CheckedRecord)
    assert record.paper_url == "https://arxiv.org/abs/1706.03762"


@pytest.mark.parametrize("title", [None, 12])
def test_a_title_that_is_not_text_is_not_checked_and_says_so(title: object) -> None:
    record = checked_with(title=title)
    assert isinstance(record, NotCheckedRecord)
    assert record.error == (
        f"source 'memory' returned a title of type {type(title).__name__}, not a string"
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"title": 7}, "source 'memory' returned a title of type int, not a string"),
        ({"ref": parse_ref("scifact:2")}, "source 'memory' returned scifact:2, not the requested"),
        ({"calls": -1}, "source 'memory' reported -1 requests, not a count"),
        ({"retrieved_at": datetime(2020, 1, 1)}, "source 'memory' gave a retrieval time without"),
    ],
)
def test_what_a_source_got_wrong_names_the_source(change: dict[str, object], message: str) -> None:
    # Several sources (plugins among them) may serve one run: the line says which one erred.
    record = checked_with(**change)
    assert isinstance(record, NotCheckedRecord) and record.error.startswith(message)

"""An empty draft is refused in one set of words on every surface (``review.empty_draft``):
Python's ``review_report`` and ``review_latex`` here, the command line in
``tests/cli/test_review_files_cli.py``, the API and the MCP tools in ``tests/server``."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.checker import Checker
from claimaudit.errors import DraftError
from claimaudit.review import review_latex, review_report
from claimaudit.review.empty_draft import refuse_empty_draft
from tests.fakes import MemorySource, ScriptedJudge, pick

BLANKS = ["", " ", "\n\n", " \t\r\n ", "\ufeff", "\ufeff \n"]


def _checker() -> Checker:
    return Checker(MemorySource(), ScriptedJudge(pick("supports", "P001")))


@pytest.mark.parametrize("text", BLANKS)
def test_review_report_refuses_an_empty_draft(text: str) -> None:
    # It gave a result of "0 cited sentences": a gate on an emptied file passed.
    with pytest.raises(DraftError) as refused:
        review_report(text, checker=_checker())
    assert str(refused.value) == "the draft is empty: there is no Markdown text to review"
    assert refused.value.code == "invalid_draft"


@pytest.mark.parametrize("text", BLANKS)
def test_review_latex_refuses_an_empty_draft(tmp_path: Path, text: str) -> None:
    path = tmp_path / "paper.tex"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DraftError, match=r"^the draft is empty: there is no LaTeX text to review$"):
        review_latex(path, checker=_checker())


@pytest.mark.parametrize(
    "text", ["A sentence.", "% a comment only\n", "<!-- a note -->", "\ufeffx"]
)
def test_a_draft_with_any_text_is_not_empty(text: str) -> None:
    refuse_empty_draft(text, "Markdown")  # nothing cited in it is the review's to say

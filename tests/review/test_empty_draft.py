"""An empty draft is refused in one set of words on every surface (``review.empty_draft``):
Python's ``review_report`` and ``review_latex`` here, the command line in
``tests/cli/test_review_files_cli.py``, the API and the MCP tools in ``tests/server``."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.errors import DraftError
from claimaudit.review import review_latex, review_report
from claimaudit.review.empty_draft import refuse_empty_draft
from tests.fakes import MemorySource, ScriptedJudge, pick

BLANKS = ["", " ", "\n\n", " \t\r\n ", "\ufeff", "\ufeff \n"]


def _checker() -> Checker:
    return Checker(MemorySource(), ScriptedJudge(pick("supports", "P001")))


def _refused_as_empty_latex(folder: Path, text: str) -> None:
    """``text`` as a LaTeX draft is refused as empty, in the words a person reads."""
    path = folder / "paper.tex"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DraftError, match=r"^the draft is empty: there is no LaTeX text to review$"):
        review_latex(path, checker=_checker())


@pytest.mark.parametrize("text", BLANKS)
def test_review_report_refuses_an_empty_draft(text: str) -> None:
    # It gave a result of "0 cited sentences": a gate on an emptied file passed.
    with pytest.raises(DraftError) as refused:
        review_report(text, checker=_checker())
    assert str(refused.value) == "the draft is empty: there is no Markdown text to review"
    assert refused.value.code == "invalid_draft"


@pytest.mark.parametrize("text", BLANKS)
def test_review_latex_refuses_an_empty_draft(tmp_path: Path, text: str) -> None:
    _refused_as_empty_latex(tmp_path, text)


@pytest.mark.parametrize(
    "text",
    [
        "A sentence.",
        "% not a comment in Markdown\n",
        "<!-- a note --> and a word",
        "<!-- never closed, so text",
        "\ufeffx",
    ],
)
def test_a_draft_with_any_text_is_not_empty(text: str) -> None:
    refuse_empty_draft(text, "Markdown")  # nothing cited in it is the review's to say


# QA: each was reviewed to "0 of 0 pairs", exit 0: a gate on a file emptied this way passed.
@pytest.mark.parametrize(
    "text",
    [
        "\ufeff\u200b\n",  # a BOM and a zero-width space
        "\u2060 \u200d\n\u200c",
        "<!-- everything commented out [@conv] -->\n",
        "<!-->\n<!--->\n<!-- a -->  <!--\nb\n-->\n",
        "---\nbibliography: refs.bib\ntitle: A draft\n---\n\n",  # front matter only
        "\ufeff---\ntitle: A draft\n---\n<!-- to write -->\n",
    ],
)
def test_a_markdown_draft_of_invisible_characters_or_comments_is_empty(text: str) -> None:
    with pytest.raises(DraftError, match=r"^the draft is empty: there is no Markdown text"):
        review_report(text, checker=_checker())


@pytest.mark.parametrize(
    "text",
    [
        "% all commented out\n% Transposed convolutions \\cite{conv}\n",
        "\\documentclass{article}\n\\begin{document}\n\\end{document}\n",
        "\\documentclass{article}\n\\begin{document}\n% \\cite{conv}\n\u200b\n\\end{document}\n",
    ],
)
def test_a_latex_draft_of_comments_or_an_empty_document_is_empty(tmp_path: Path, text: str) -> None:
    _refused_as_empty_latex(tmp_path, text)


@pytest.mark.parametrize(
    "text",
    [
        "\\documentclass{article}\n\\begin{document}\n\\maketitle\n\\end{document}\n",
        "A 50\\% gain.\n",  # an escaped percent sign is text
        "\\section{An included part}\n",  # no document environment: read whole
    ],
)
def test_a_latex_draft_with_anything_printed_is_not_empty(text: str) -> None:
    refuse_empty_draft(text, "LaTeX")

"""A bare \\cite under natbib's author-year mode prints its works' names in a draft's claims,
as the library's reader prints them in a paper's passages."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.library.extract import extract
from claimaudit.review.latex.claims import extract_latex_claims
from tests.articles import write_article

_BIB = "@article{a, author={Smith, John and Lee, Ann}, title={A}, doi={10.1/a}}\n"
_BODY = "Padding helps \\cite{a}.\n\n\\cite{a} show that X holds."


def _library(path: Path) -> list[str]:
    return [" ".join(block.text.split()) for block in extract(path).blocks]


@pytest.mark.parametrize(
    "preamble",
    [
        "\\usepackage[authoryear]{natbib}",
        "\\usepackage{natbib}\n\\bibliographystyle{plainnat}",
    ],
)
def test_a_bare_cite_in_author_year_mode_prints_names_as_in_the_library(
    tmp_path: Path, preamble: str
) -> None:
    # QA: the review read "Padding helps." and "The authors show that X holds." where the PDF
    # (and the library's reader) prints "Smith and Lee".
    path = write_article(tmp_path, _BODY, f"{preamble}\n", bib=_BIB)
    claims = [c.text for c in extract_latex_claims(path).claims]
    assert claims == ["Padding helps Smith and Lee.", "Smith and Lee show that X holds."]
    assert _library(path) == claims


@pytest.mark.parametrize(
    "preamble",
    [
        "\\usepackage[numbers]{natbib}",
        "\\usepackage{natbib}\n\\bibliographystyle{plain}",
        "\\usepackage{cite}",
    ],
)
def test_a_bare_cite_in_numeric_mode_is_a_mark(tmp_path: Path, preamble: str) -> None:
    path = write_article(tmp_path, _BODY, f"{preamble}\n", bib=_BIB)
    claims = [c.text for c in extract_latex_claims(path).claims]
    assert claims == ["Padding helps.", "The authors show that X holds."]


def test_a_numeric_compiled_bibliography_makes_a_bare_cite_a_mark(tmp_path: Path) -> None:
    # natbib falls back to numbers when the .bbl has no author-year labels, as the library reads.
    path = write_article(tmp_path, _BODY, "\\usepackage{natbib}\n", bib=_BIB)
    (tmp_path / f"{path.stem}.bbl").write_text(
        "\\begin{thebibliography}{1}\n\\bibitem{a} J. Smith and A. Lee. A.\n"
        "\\end{thebibliography}\n",
        encoding="utf-8",
    )
    claims = [c.text for c in extract_latex_claims(path).claims]
    assert claims == ["Padding helps.", "The authors show that X holds."]

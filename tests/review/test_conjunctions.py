"""A conjunction whose clause was a citation alone: the citation backs what follows it."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.review.claims import extract_claims
from claimaudit.review.latex.claims import extract_latex_claims
from tests.articles import write_article

_REFERENCES = "\n\n## References\n\n1. Smith. arXiv:2001.00001\n2. Lee. arXiv:2001.00002\n"


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        ("While [1], Y holds.", "Y holds."),
        ("Whereas [1] and [2], Y holds.", "Y holds."),
        ("Although [1], y holds in mice.", "Y holds in mice."),
        ("Even though [1], Y holds.", "Y holds."),
        # Inside the sentence the conjunction stays, the citation's comma goes.
        ("X holds, while [1], Y holds [2].", "X holds, while Y holds."),
        ("X holds; whereas [1], Y holds.", "X holds; whereas Y holds."),
        # A clause of its own is left as it was.
        ("While [1] shows X, Y holds [2].", "While the cited work shows X, Y holds."),
        ("Thus [1], Y holds.", "Thus, Y holds."),
    ],
)
def test_a_conjunction_before_a_citation_alone_leaves_no_empty_clause(
    sentence: str, claim: str
) -> None:
    # QA: "While [1], Y holds." was judged as "While, Y holds.", a clause opened and never said.
    claims, _ = extract_claims(f"Intro.\n\n{sentence}{_REFERENCES}")
    assert [c.text for c in claims] == [claim]


def test_a_latex_conjunction_before_a_citation_alone_leaves_no_empty_clause(
    tmp_path: Path,
) -> None:
    bib = "@article{a, title={A}}\n@article{b, title={B}}\n"
    body = "While~\\cite{a}, Y holds.\n\nX holds, whereas \\citep{a,b}, Y holds."
    found = extract_latex_claims(write_article(tmp_path, body, bib=bib))
    assert [c.text for c in found.claims] == ["Y holds.", "X holds, whereas Y holds."]

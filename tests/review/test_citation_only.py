"""Whether a sentence (of a footnote or of the body) says anything besides its citations."""

from __future__ import annotations

import pytest

from claimaudit.review.citation_only import only_citations
from claimaudit.review.citations import find_citations


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("See [@a].", True),
        ("Cf. [@a], pp. 4-5, and references therein.", True),
        ("[@a, p. xiv]; see also doi:10.1234/b.", True),
        ("Smith showed it [@a].", False),
        ("Smith 2020 [@a].", False),
        ("", True),
    ],
)
def test_only_citations(text: str, expected: bool) -> None:
    assert only_citations(text, find_citations(text)) is expected


def test_the_cited_works_authors_say_nothing_more() -> None:
    text = "Smith and van der Walt (2020) [@smith2020]."
    assert only_citations(text, find_citations(text)) is False
    named = {"smith2020": ("Smith", "van der Walt")}
    assert only_citations(text, find_citations(text), lambda c: named.get(c.key, ())) is True
    other = "Jones (2020) [@smith2020]."
    assert only_citations(other, find_citations(other), lambda c: named.get(c.key, ())) is False

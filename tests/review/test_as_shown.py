"""A French or German "as [1] showed" pointer in the perfect goes whole, or keeps its place
before a German verb, the work named (``claimaudit.review.as_shown``, ``german``)."""

from __future__ import annotations

import pytest

from claimaudit.review.claims import extract_claims

_REFERENCES = "\n\n## References\n\n1. Smith. arXiv:2001.00001\n2. Lee. arXiv:2001.00002\n"


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        # QA: read "Comme l'a montré, X tient." and "Wie gezeigt hat, gilt X.".
        ("Comme [1] l\u2019a montré, X tient.", "X tient."),
        ("Comme [1] et [2] l'ont montré, X tient.", "X tient."),
        ("X tient, comme [1] l\u2019a montré.", "X tient."),
        ("X gilt, wie [1] gezeigt hat.", "X gilt."),
        ("Wie [1] gezeigt hat, X gilt.", "X gilt."),
        ("Wie [1] gezeigt hat, gilt X.", "Wie die zitierte Arbeit gezeigt hat, gilt X."),
        (
            "Wie [1] und [2] gezeigt haben, gilt X.",
            "Wie die zitierten Arbeiten gezeigt haben, gilt X.",
        ),
        # As before: the present tense.
        ("Como [1] mostró, X es cierto.", "X es cierto."),
        ("Wie [1] zeigt, gilt X.", "Wie die zitierte Arbeit zeigt, gilt X."),
    ],
)
def test_an_as_shown_pointer_in_the_perfect_goes_or_names_the_work(
    sentence: str, claim: str
) -> None:
    claims, _ = extract_claims(f"Intro.\n\n{sentence}{_REFERENCES}")
    assert [c.text for c in claims] == [claim]

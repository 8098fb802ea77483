"""Who a removed citation was, where it stood for its authors' names with their fellows."""

from __future__ import annotations

import pytest

from claimaudit.review.leftovers import REMOVED, tidy


@pytest.mark.parametrize(
    ("text", "tidied"),
    [
        (f"{REMOVED} et al. showed X.", "The authors showed X."),
        (f"{REMOVED} and colleagues showed X.", "The authors showed X."),
        (f"{REMOVED} and co-workers showed X.", "The authors showed X."),
        (f"However, {REMOVED} and their colleagues showed X.", "However, the authors showed X."),
        (f"We follow {REMOVED} and colleagues.", "We follow the authors."),
        (f"This was shown by {REMOVED} et al.", "This was shown by the authors."),
        (f"{REMOVED} et al.'s method is fast.", "The authors' method is fast."),
        # Another list's "and" stays: "[1] and others" may be other works.
        (f"{REMOVED} and others showed X.", "The authors and others showed X."),
    ],
)
def test_a_citation_with_its_authors_fellows_reads_as_the_authors(text: str, tidied: str) -> None:
    # QA: "[1] and colleagues showed X." read "The authors and colleagues showed X.", and
    # "[1] et al. showed X." "The authors et al. showed X.".
    assert tidy(text, marked=True) == tidied

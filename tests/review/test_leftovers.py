"""What removed citations leave in a claim's text, tidied away."""

from __future__ import annotations

import pytest

from claimaudit.review.leftovers import tidy


@pytest.mark.parametrize(
    ("text", "tidied"),
    [
        ("SciPy is widely used (ref. ).", "SciPy is widely used."),
        ("SciPy is widely used (Refs. ; ).", "SciPy is widely used."),
        ("Arrays and images , .", "Arrays and images."),
        ("Arrays, ; and images.", "Arrays, and images."),
        ("Described by Virtanen et al..", "Described by Virtanen et al."),
        ("It holds, see .", "It holds."),
        ("SciPy is used widely (see, for details).", "SciPy is used widely (for details)."),
        ("It is used [cf. ; p. 3].", "It is used [p. 3]."),
        # What is no leftover stays.
        ("It is the mean (i.e., the average).", "It is the mean (i.e., the average)."),
        ("It waits... and then (really) holds.", "It waits... and then (really) holds."),
        ("It is 1, 2, or 3.", "It is 1, 2, or 3."),
    ],
)
def test_tidy(text: str, tidied: str) -> None:
    assert tidy(text) == tidied

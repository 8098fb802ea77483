"""Direction and comparison words read as whole words, both ways round."""

from __future__ import annotations

import pytest

from claimaudit.judges.local.directions import conflicts, plain_sense


@pytest.mark.parametrize(
    ("claim", "evidence", "expected"),
    [
        ("Smoking raises risk.", "Smoking decreases risk.", ("raises", "decreases")),
        ("Smoking increases risk.", "Smoking diminishes risk.", ("increases", "diminishes")),
        ("The gene was up-regulated.", "It was down-regulated.", ("upregulated", "downregulated")),
        ("A is superior to B.", "A is inferior to B.", ("superior", "inferior")),
        ("A outperforms B.", "A underperforms B.", ("outperforms", "underperforms")),
        ("The dose was at least 5 mg.", "It was at most 5 mg.", ("at least", "at most")),
        ("The drug is safe.", "The drug is unsafe.", ("safe", "unsafe")),
        ("Results were consistent.", "Results were inconsistent.", ("consistent", "inconsistent")),
        ("Mortality rose after 2010.", "Mortality declined after 2010.", ("rose", "declined")),
        ("Sales increased.", "Sales dropped sharply.", ("increased", "dropped")),
        ("Uptake is declining.", "Uptake is increasing.", ("declining", "increasing")),
        ("Prices dropped.", "Prices rose.", ("dropped", "rose")),
        ("The approach is possible.", "It is impossible.", ("possible", "impossible")),
        ("The temperature fell.", "The temperature rose.", ("fell", "rose")),
        ("This method improves accuracy.", "It degrades accuracy.", ("improves", "degrades")),
    ],
)
def test_opposite_words_are_a_conflict(
    claim: str, evidence: str, expected: tuple[str, str]
) -> None:
    assert conflicts(claim, evidence) == (expected,)


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("There are more users of SciPy.", "Lessons learned from SciPy users are described."),
        ("Moreover, SciPy is used in astronomy.", "SciPy is used in astronomy, with less code."),
        ("SciPy provides benefits to researchers.", "SciPy provides harmonic analysis tools."),
        ("The algorithm runs at higher speed.", "It runs fast with lowercase identifiers."),
        ("SciPy gains speed from compiled code.", "Compiled code and lossless compression."),
        ("SciPy was developed after NumPy.", "SciPy developers met afterwards at NumPy sprints."),
        ("More than 100 packages depend on it.", "No fewer than 100 packages depend on it."),
        ("The drug was ineffective.", "The drug was not effective."),
    ],
)
def test_words_that_only_begin_like_a_direction_word_are_none(claim: str, evidence: str) -> None:
    assert conflicts(plain_sense(claim), plain_sense(evidence)) == ()


def test_a_negated_word_reads_as_its_opposite() -> None:
    assert plain_sense("The drug was not effective.") == "The drug was ineffective."
    assert plain_sense("No fewer than 100 packages.") == "at least 100 packages."
    assert plain_sense("not more than 3") == "at most 3"

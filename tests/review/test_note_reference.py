"""Telling a note-style reference from a prose note by its shape."""

from __future__ import annotations

import pytest

from claimaudit.review.note_reference import reads_as_reference


@pytest.mark.parametrize(
    "note",
    [
        "Smith J. 2020. Title of the paper. doi:10.1234/a",
        "Smith, J., *Title of the paper*, Journal 3:4, https://doi.org/10.1234/a.",
        "Smith JA, Jones B. Title. Nature. 2020;5:3.",
        "J. Smith, Title, Nature 5(2):100-110.",
        "Smith, John. 2020. Title. https://arxiv.org/abs/1907.10121",
        "World Health Organization. Coffee report (2020). doi:10.1234/a",
        "Lee, Title of a book, pp. 4-9, doi:10.1234/a",
    ],
)
def test_a_bibliography_entry_reads_as_a_reference(note: str) -> None:
    assert reads_as_reference(note)


@pytest.mark.parametrize(
    "note",
    [
        "Evening coffee reduces sleep by forty minutes (doi:10.1000/xyz).",
        "Deep networks predict protein structures, as shown in https://arxiv.org/abs/2001.00001.",
        "In 2020, coffee use rose by a third (doi:10.1000/xyz).",
        "Indeed, A study found this, see doi:10.1000/xyz.",
        "doi:10.1000/xyz",
    ],
)
def test_a_statement_reads_as_prose(note: str) -> None:
    assert not reads_as_reference(note)

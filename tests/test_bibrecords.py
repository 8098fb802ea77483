"""The year a record reads from its ``year`` or ``date``, as both formats read it."""

from __future__ import annotations

import pytest

from claimaudit.bibfile import parse_bib


@pytest.mark.parametrize(
    ("written", "year", "unread"),
    [
        ("2020a", 2020, None),  # a letter telling two works of one year apart
        ("2020b", 2020, None),
        ("c2020", 2020, None),
        ("2020-03-04", 2020, None),
        ("12020", None, "12020"),  # no year within a longer number
        ("in   press", None, "in press"),
        # A range is no one year: it was read as its first, and compared as that.
        ("2010--2017", None, "2010--2017"),
        ("2017/2018", None, "2017/2018"),
        ("2017--2017", 2017, None),
        ("2010--17", None, "2010--17"),  # its end in two digits
        ("1998\u201399", None, "1998\u201399"),
        ("2020-03", 2020, None),  # a year and its month
    ],
)
def test_a_bibtex_year_with_a_letter_is_read(written: str, year: int | None, unread: str) -> None:
    (record,) = parse_bib(f"@article{{k, title = {{T}}, year = {{{written}}}}}\n").records
    assert (record.year, record.unread_year) == (year, unread)

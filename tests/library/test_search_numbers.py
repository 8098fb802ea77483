"""A decimal number searched for matches the number, not its digits apart (``search_numbers``)."""

from __future__ import annotations

import pytest

from claimaudit.library.search_numbers import number_pattern


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("Dose of 2.5 mg.", True),
        ("(2.5)", True),
        ("was 2.5.", True),
        ("2.5, then 3", True),
        ("i_2 = 5", False),
        ("12.5", False),
        ("2.55", False),
        ("1.2.5", False),
        ("2.5.1", False),
        ("1,2.5", False),
        ("2,5", False),
    ],
)
def test_a_number_is_held_only_as_itself(text: str, held: bool) -> None:
    assert (number_pattern(["2.5"]).search(text) is not None) is held


def test_any_of_several_numbers_is_held() -> None:
    pattern = number_pattern(["2.5", "1,000"])
    assert pattern.search("about 1,000 cells")
    assert not pattern.search("about 1,0000 cells")

"""A decimal number searched for matches the number, not its digits apart (``search_numbers``)."""

from __future__ import annotations

import pytest

from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.search_numbers import number_pattern
from claimaudit.library.store import Library
from claimaudit.passage import Passage


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


def test_a_number_is_found_in_arabic_indic_digits_and_before_a_note_mark(library: Library) -> None:
    # QA: "2.5" found no 2.5 in Arabic-Indic digits (with the Arabic decimal separator or the
    # ASCII point), nor "2.5¹" (a note mark): the text was read as NFKC alone to tell the
    # number from "i_2 = 5", where the index reads each as 2.5.
    texts = [
        "\u0627\u0644\u062c\u0631\u0639\u0629 \u0662\u066b\u0665 \u0645\u063a",
        "\u062c\u0631\u0639\u0629 \u06f2.\u06f5",
        "a dose of 2.5\u00b9 mg",
        "\u0661\u066c\u0660\u0660\u0660 cells",
        "i_2 = 5",
    ]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:n"), "T", passages, "local:n"))
    assert {h.passage_id for h in library.search("2.5")} == {"P001", "P002", "P003"}
    assert {h.passage_id for h in library.search("1,000")} == {"P004"}
    # Typed with the Arabic decimal separator, the query is the number 2.5, not 2 and 5 apart.
    arabic = library.search("\u0662\u066b\u0665")
    assert {h.passage_id for h in arabic} == {"P001", "P002", "P003"}

"""A letter's exponent or index found raised ("x²", "x₂") or written with "^" or "_"."""

from __future__ import annotations

import pytest

from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.search_raised import digit_ended_forms, joined_forms, raised_forms
from claimaudit.library.search_words import search_words
from claimaudit.library.store import Library
from claimaudit.passage import Passage

TEXTS = [
    "The loss grows as x^2 here.",
    "The loss grows as x\u00b2 there.",
    "Emissions of CO_2 rose.",
    "Emissions of CO\u2082 fell.",
    "An error of 10^-3 was seen.",
    "An error of 10\u207b\u00b3 was seen too.",
    "The weather is fine.",
]


@pytest.mark.parametrize(
    ("queries", "expected"),
    [
        (("x^2", "x\u00b2", "x_{2}"), {"P001", "P002"}),
        (("CO_2", "CO\u2082"), {"P003", "P004"}),
        (("10^-3", "10\u207b\u00b3"), {"P005", "P006"}),
    ],
    ids=["square", "index", "number"],
)
def test_an_exponent_or_index_is_found_raised_or_marked(
    library: Library, queries: tuple[str, ...], expected: set[str]
) -> None:
    # QA: "x^2" found no "x²", nor "x²" "x^2"; "CO_2" no "CO₂": NFKC made the raised digit
    # part of the word ("x2"), while "^" and "_" are word breaks ("x", "2").
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(TEXTS, start=1)]
    library.add_paper(NewPaper(parse_ref("local:m"), "T", passages, "local:m"))
    for query in queries:
        found = {h.passage_id for h in library.search(query, limit=20)}
        assert expected <= found, ascii(query)
        assert "P007" not in found


def test_the_other_spelling_of_a_raised_or_marked_word() -> None:
    assert raised_forms("x\u00b2 and H\u2082O") == [("x\u00b2", ["x 2"]), ("H\u2082O", ["h 2o"])]
    assert raised_forms("x^2, x_{2} and H_2O") == [
        ("x^2", ["x2"]),
        ("x_{2}", ["x2"]),
        ("H_2O", ["h2o"]),
    ]
    # Numbers are read alike already; an identifier's underscore is no index.
    assert raised_forms("10^5 10\u2075 snake_case a_b") == []


def test_a_query_without_them_is_searched_for_as_before() -> None:
    assert search_words("p53 s100 x2").match == '"p53 s100" OR "s100 x2" OR "p53" OR "s100" OR "x2"'


def test_a_formula_or_a_word_and_its_number_apart_are_found_as_papers_write_them(
    library: Library,
) -> None:
    # QA: "H2O" found no "H_2O" (LaTeX, indexed "h" and "2o") nor "H$_2$O" (Markdown, "h",
    # "2", "o"), and "CO 2" no "CO2" (one word to the index), nor "COVID-19" "COVID19".
    texts = [
        "The H_2O content rose.",
        "As did H$_2$O vapour.",
        "Water H_{2}O again.",
        "Plain H2O here.",
        "We measured CO2 emissions.",
        "Cases of COVID19 rose.",
        "Some H_2SO_4 was added.",
        "The weather is fine.",
    ]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:f"), "T", passages, "local:f"))

    def found(query: str) -> set[str]:
        return {h.passage_id for h in library.search(query, limit=20)}

    assert found("H2O") == found("h2o") == found("H\u2082O") == {"P001", "P002", "P003", "P004"}
    # Each of "co" and "2" is searched for too, so other passages holding "2" are found.
    assert "P005" in found("CO 2")
    assert "P006" in found("COVID-19")
    assert found("H2SO4") == {"P007"}


def test_a_plain_word_ending_in_digits_finds_them_written_apart(library: Library) -> None:
    # QA: "co2" found "CO2" and "CO₂" but no "CO_2", nor "covid19" any "COVID-19": the index
    # reads "_" and "-" as word breaks, so those are the words "co" and "2". A lone letter's
    # digits stay one word: "p 53" is every page reference "p. 53".
    texts = [
        "Emissions of CO_2 rose.",
        "Emissions of CO\u2082 fell.",
        "Emissions of CO2 held.",
        "Cases of COVID-19 rose.",
        "The p53 protein.",
        "As shown on p. 53 of the report.",
    ]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:d"), "T", passages, "local:d"))

    def found(query: str) -> set[str]:
        return {h.passage_id for h in library.search(query, limit=20)}

    assert found("co2") == found("CO2") == {"P001", "P002", "P003"}
    assert found("covid19") == {"P004"}
    assert found("p53") == {"P005"}


def test_which_words_ending_in_digits_are_also_searched_apart() -> None:
    assert digit_ended_forms("co2 CH4 covid19") == [
        ("co2", ["co 2"]),
        ("CH4", ["ch 4"]),
        ("covid19", ["covid 19"]),
    ]
    # A formula: its pieces apart after each letter ("H_2O") and between all ("H$_2$O").
    assert digit_ended_forms("H2O h2so4") == [
        ("H2O", ["h 2o", "h 2 o"]),
        ("h2so4", ["h 2so 4", "h 2 so 4"]),
    ]
    assert digit_ended_forms("p53 x2 s100 x^2 CO_2 2024 3d") == []


def test_which_words_and_numbers_typed_apart_are_also_searched_as_one() -> None:
    assert joined_forms("CO 2 and COVID-19") == [("CO 2", ["co2"]), ("COVID-19", ["covid19"])]
    # One letter ("p 53"), a decimal, an exponent or index: not joined.
    assert joined_forms("p 53, CO 2.5, x^2 3, CO_2 4") == []


def test_a_word_and_its_number_joined_by_a_typographic_hyphen_find_the_word(
    library: Library,
) -> None:
    # QA: "COVID-19" found "COVID19", but "COVID\u201019" (the hyphen a PDF holds) and
    # "COVID\u201319" (an en dash) did not: only "-" and blanks joined a word and its number.
    passages = [Passage("P001", "Cases of COVID19 rose.", "Intro")]
    library.add_paper(NewPaper(parse_ref("local:h"), "T", passages, "local:h"))
    for typed in ("COVID\u201019", "COVID\u201119", "COVID\u201319"):
        assert [h.passage_id for h in library.search(typed)] == ["P001"], ascii(typed)
    assert joined_forms("COVID\u201019") == [("COVID\u201019", ["covid19"])]

from __future__ import annotations

import pytest

from claimaudit.review.claims import extract_claims, read_draft

REFERENCES = (
    "\n\n## References\n\n1. Smith J. A paper. doi:10.1000/a1\n"
    "2. Lee K. B paper. doi:10.1000/b2\n3. Wu L. C paper. doi:10.1000/c3\n"
)


def _cited(draft: str) -> list[tuple[str, list[str]]]:
    claims, _ = extract_claims(draft + REFERENCES)
    return [(c.text, [label for t in c.targets for label in t.citations]) for c in claims]


@pytest.mark.parametrize(
    ("sentence", "cited"),
    [
        ("X holds (1).", [("X holds.", ["[1]"])]),
        ("X holds (1, 3).", [("X holds.", ["[1]", "[3]"])]),
        ("X holds (1-3), and Y too.", [("X holds, and Y too.", ["[1]", "[2]", "[3]"])]),
        ("X holds (ref. 2).", [("X holds.", ["[2]"])]),
        ("X holds (refs. 1, 2).", [("X holds.", ["[1]", "[2]"])]),
        ("X holds (see ref. 3).", [("X holds.", ["[3]"])]),
        ("X holds (Reference 2).", [("X holds.", ["[2]"])]),
        # Several joined, as a list or a range: one citation, no joining word or dash left.
        ("X holds (1), (3).", [("X holds.", ["[1]", "[3]"])]),
        ("X holds (1) and (3).", [("X holds.", ["[1]", "[3]"])]),
        ("X holds (1)\u2013(3).", [("X holds.", ["[1]", "[2]", "[3]"])]),
        ("X holds (1)--(3), and Y too.", [("X holds, and Y too.", ["[1]", "[2]", "[3]"])]),
        ("Smith et al. (1) showed X.", [("Smith et al. showed X.", ["[1]"])]),
    ],
)
def test_a_numbered_citation_in_round_brackets_cites(
    sentence: str, cited: list[tuple[str, list[str]]]
) -> None:
    # QA: "(1)", "(ref. 1)" and "(refs. 1, 2)" were no citations in a Vancouver-style draft:
    # the sentence was uncited, never checked.
    assert _cited(sentence) == cited


@pytest.mark.parametrize(
    "sentence",
    [
        "We (1) fit X and (2) test it.",  # a list's items
        "(1) We fit X.",
        "See Eq. (1) for the fit.",  # an equation's number
        "It follows from Eqs. (1) and (2).",
        "Under condition (2), X holds.",
        "The value f(1) is small.",  # glued to a word
        "It was seen in 2020 (4).",  # a number the reference list lacks
        "It holds in (0, 1).",
        "See Eqs. (1)\u2013(3).",
        "X holds (3)\u2013(1).",  # a range written backwards
    ],
)
def test_a_number_in_round_brackets_placed_as_no_citation_cites_nothing(sentence: str) -> None:
    assert _cited(sentence) == []


@pytest.mark.parametrize(
    ("sentence", "cited"),
    [
        ("X holds (1) and Y holds (2).", [("X holds and Y holds.", ["[1]", "[2]"])]),
        ("We fit X (1) and test it (2).", [("We fit X and test it.", ["[1]", "[2]"])]),
        (
            "X holds (1) but Y fails (2), in mice.",
            [("X holds but Y fails, in mice.", ["[1]", "[2]"])],
        ),
        (
            "X holds (1) and Y (2) and Z hold (3).",
            [("X holds and Y and Z hold.", ["[1]", "[2]", "[3]"])],
        ),
        # No bracket placed as a citation after it in its sentence: an item's or the author's.
        ("X holds (1) and Y holds. Z holds (2).", [("Z holds.", ["[2]"])]),
        ("We (1) fit X and (2) test it.", []),
        ("Combining (1) and the bound gives X.", []),
        (
            "It follows from Eqs. (1) and Y holds (2).",
            [("It follows from Eqs. (1) and Y holds.", ["[2]"])],
        ),
    ],
)
def test_a_bare_number_before_a_clause_s_conjunction_cites_as_a_later_one_does(
    sentence: str, cited: list[tuple[str, list[str]]]
) -> None:
    # QA: "X holds (1) and Y holds (2)." read "X holds (1) and Y holds.", judged against
    # paper 2 alone: "(1)" closes no clause (no stop or comma after it), so it stayed text.
    assert _cited(sentence) == cited


def test_a_bare_number_in_round_brackets_cites_nothing_where_the_draft_cites_otherwise() -> None:
    # "[1]" is the draft's way: "(2)" is an equation's or an item's, "(ref. 2)" still cites.
    draft = "X holds [1]. Y holds (2). Z holds (ref. 3)."
    assert _cited(draft) == [("X holds.", ["[1]"]), ("Z holds.", ["[3]"])]


def test_a_number_in_round_brackets_cites_nothing_without_a_reference_list() -> None:
    claims, uncited = extract_claims("X holds (1). Y holds (ref. 2).\n")
    assert claims == []
    assert [s.text for s in uncited] == ["X holds (1).", "Y holds (ref. 2)."]


@pytest.mark.parametrize(
    ("sentence", "said"),
    [
        ("X holds (3)\u2013(1).", "the citation (3)\u2013(1) is a range written backwards"),
        ("X holds (3)--(1), in mice.", "the citation (3)--(1) is a range written backwards"),
        ("X holds (refs. 3-1).", "the citation (refs. 3-1) is a range written backwards"),
        ("X holds (ref. 0).", "the citation (ref. 0) holds the number 0"),
    ],
)
def test_a_numbered_citation_in_round_brackets_that_cites_nothing_is_warned_of(
    sentence: str, said: str
) -> None:
    # QA: "X holds (3)\u2013(1)." left its sentence uncited with no word of why, where "X
    # holds [3]-[1]." is warned of by line.
    read = read_draft(sentence + REFERENCES)
    assert read.claims == []
    assert len(read.warnings) == 1
    assert read.warnings[0].startswith(f"line 1: {said}, so it cites nothing")


@pytest.mark.parametrize(
    "sentence",
    [
        "See Eqs. (3)\u2013(1).",  # an equation's numbers
        "X holds (3)\u2013(9).",  # 9 is no reference: the author's own
        "X holds [1]. Y holds (3)\u2013(1).",  # "[1]" is the draft's way: bare ones are text
        "X holds (1)\u2013(3).",
    ],
)
def test_numbers_in_round_brackets_read_as_no_citation_are_not_warned_of(sentence: str) -> None:
    assert read_draft(sentence + REFERENCES).warnings == ()

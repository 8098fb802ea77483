"""A range written backwards ("[3-1]", "[3]-[1]") cites nothing, and review says so by line."""

from __future__ import annotations

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.review import review_report
from claimaudit.review.citations import find_citations
from claimaudit.review.claims import extract_claims, read_draft
from claimaudit.review.numbered import backwards_ranges
from tests.fakes import MemorySource, ScriptedJudge, pick

_REFERENCES = "\n\n# References\n\n" + "".join(
    f"{n}. Author {n}. doi:10.1234/r{n}\n" for n in range(1, 5)
)


@pytest.mark.parametrize("written", ["[3-1]", "[3\u20131]", "[1, 4-2]", "[3]-[1]", "[1]-[3]-[2]"])
def test_a_range_written_backwards_cites_nothing_and_is_found(written: str) -> None:
    text = f"X holds {written}."
    assert find_citations(text, numbered=True) == []
    assert backwards_ranges(text) == [written]


def test_what_is_no_citation_is_no_backwards_range() -> None:
    # Indexing, code, a link's text and a forward range are not said.
    text = "Take x[3-1] and `a[3-1]`, [3-1][ref] and [1-3]."
    assert backwards_ranges(text, links={"REF"}) == []


def test_review_warns_of_a_backwards_range_naming_its_line() -> None:
    # QA: "X holds [3-1]." was listed as uncited, with no word of why.
    draft = "# Draft\n\nX holds [3-1]. Y holds [2].\n\nZ holds [4]\u2013[1]." + _REFERENCES
    claims, uncited = extract_claims(draft)
    assert [c.text for c in claims] == ["Y holds."]
    assert [s.text for s in uncited] == ["X holds [3-1].", "Z holds [4]\u2013[1]."]
    checker = Checker(MemorySource(), ScriptedJudge(pick("supports", "P001", strength=0.7)))
    result = review_report(draft, checker=checker)
    assert result.warnings == (
        "line 3: the citation [3-1] is a range written backwards, so it cites nothing (write "
        "its lower number first)",
        "line 5: the citation [4]\u2013[1] is a range written backwards, so it cites nothing "
        "(write its lower number first)",
    )
    assert result.to_dict()["warnings"] == list(result.warnings)


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("[0]", "holds the number 0, so it cites nothing (works are numbered from 1)"),
        ("[0]-[2]", "holds the number 0, so it cites nothing (works are numbered from 1)"),
        (
            "[1-200]",
            "is a range of more than 101 works, so it cites nothing (cite the works it means, "
            "or shorter ranges)",
        ),
        (
            "[1]\u2013[200]",
            "is a range of more than 101 works, so it cites nothing (cite the works it means, "
            "or shorter ranges)",
        ),
        (
            "[1, 4-2]",
            "holds a range written backwards (4-2), so it cites nothing, not even its other "
            "numbers (write its lower number first)",
        ),
        (
            "[2, 0]",
            "holds the number 0, so it cites nothing, not even its other numbers (works are "
            "numbered from 1)",
        ),
        (
            "[1234567]",
            "holds a number of more than 6 digits, so it cites nothing (no reference is "
            "numbered so)",
        ),
    ],
)
def test_every_numbered_citation_that_cites_nothing_is_said(written: str, said: str) -> None:
    # QA: "[0]", "[1-200]" and "[2, 0]" left their sentence uncited with no word of why, and
    # "[1]-[200]" and "[0]-[2]" were read bracket by bracket ("[200]" cited, "-." left).
    draft = f"# Draft\n\nX holds {written}. Y holds [2].\n" + _REFERENCES
    read = read_draft(draft)
    assert [(c.text, [t.name for t in c.targets]) for c in read.claims] == [
        ("Y holds.", ["doi:10.1234/r2"])
    ]
    assert [s.text for s in read.uncited] == [f"X holds {written}."]
    assert read.warnings == (f"line 3: the citation {written} {said}",)


def test_an_interval_from_0_is_the_author_s_not_a_citation_said() -> None:
    draft = "# Draft\n\nScores lie in [0, 1]. Y holds [2].\n" + _REFERENCES
    read = read_draft(draft)
    assert [s.text for s in read.uncited] == ["Scores lie in [0, 1]."]
    assert read.warnings == ()


def test_a_backwards_range_with_a_pointer_is_said_too() -> None:
    assert backwards_ranges("X holds [see 3-1, p. 4].") == ["[see 3-1, p. 4]"]


@pytest.mark.parametrize(
    "sentence",
    [
        # QA: was no citation, and the sentence no claim at all.
        "X holds [1, and references therein].",
        "X holds [see 1, p. 3, and the references cited therein].",
        "X holds [1 & refs. therein].",
    ],
)
def test_a_group_pointing_at_the_references_therein_cites_its_numbers(sentence: str) -> None:
    claims, _ = extract_claims(sentence + "\n\n## References\n\n1. A. arXiv:2101.00001\n")
    assert [(c.text, [t.citations for t in c.targets]) for c in claims] == [
        ("X holds.", [("[1]",)])
    ]

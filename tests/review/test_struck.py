"""Struck spans of a Markdown text: deleted text, whose citations cite nothing."""

from __future__ import annotations

import pytest

from claimaudit.review.citations import find_citations
from claimaudit.review.claims import extract_claims
from claimaudit.review.struck import struck_spans


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("X ~~old~~ y", [(2, 9)]),
        ("a ~~ b ~~ c", []),  # no non-blank after the opener: text, as CommonMark reads it
        ("H~2~O", []),  # one tilde is Pandoc's subscript
        ("`~~code~~` ~~x~~", [(11, 16)]),
        ("~~open only", []),
    ],
)
def test_struck_spans(text: str, spans: list[tuple[int, int]]) -> None:
    code = [(0, 10)] if text.startswith("`") else []
    assert struck_spans(text, code) == spans


def test_a_struck_citation_cites_nothing() -> None:
    # QA: "X holds ~~[1]~~ [2]." checked paper 1 too, a citation the author struck out.
    found = find_citations("X holds ~~[1]~~ [2].", numbered=True)
    assert [c.label for c in found] == ["[2]"]
    assert find_citations("X holds ~~[@a]~~.", in_text=lambda _: None) == []


_REFS = "\n\n## References\n\n1. Foo. arXiv:1907.10121\n2. Bar. arXiv:2105.14372\n"


@pytest.mark.parametrize(
    ("draft", "claims", "uncited"),
    [
        ("~~X holds for all Y.~~", [], []),
        ("Padding is fine. ~~X holds.~~ Z holds.", [], ["Padding is fine.", "Z holds."]),
        ("~~X holds [1]. Y holds.~~", [], []),
        ("~~X holds~~.", [], []),
        # Its citation-only neighbour's citations go to the sentence that says something.
        ("X holds [1]. ~~Y holds.~~ See [2].", ["X holds."], []),
        # Struck in part, the sentence stays, as does a struck mark in code.
        ("~~X~~ Y holds.", [], ["~~X~~ Y holds."]),
        ("`~~X~~` holds.", [], ["`~~X~~` holds."]),
    ],
)
def test_a_sentence_struck_out_whole_is_no_claim_nor_uncited(
    draft: str, claims: list[str], uncited: list[str]
) -> None:
    # QA: "~~X holds for all Y.~~" was listed as an uncited sentence, its "~~" marks shown,
    # and "X holds [1]. ~~Y holds.~~ See [2]." gave an empty claim citing paper 2.
    found, left = extract_claims(draft + _REFS)
    assert [c.text for c in found] == claims
    assert [s.text for s in left] == uncited


def test_a_struck_sentence_passes_citations_it_is_given_on() -> None:
    [claim] = extract_claims("X holds [1]. ~~Y holds.~~ See [2]." + _REFS)[0]
    assert [t.citations for t in claim.targets] == [("[1]",), ("[2]",)]

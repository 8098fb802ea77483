"""HTML comments in a Markdown draft are no part of its prose: no claim, no uncited sentence,
whether a block of their own, inside a paragraph or over several lines; the text around them
keeps its exact offsets."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.identity import parse_ref
from claimaudit.review import comments, render_html, review_report
from claimaudit.review.annotate import SEPARATOR
from claimaudit.review.bibliography import parse_bibliography
from claimaudit.review.claims import extract_claims
from claimaudit.review.comments import _CLOSE
from tests.fakes import MemorySource, ScriptedJudge, pick

BIB = parse_bibliography(
    "@article{virtanen2020, author={Virtanen, Pauli}, eprint={1907.10121}, "
    "archivePrefix={arXiv}}\n@article{wilson2017, author={Wilson, Greg and Bryan, Jennifer}}\n"
)

DRAFT = """---
bibliography: refs.bib
---

<!-- SciPy is great for computing [@virtanen2020]. -->

Para before.
<!-- @wilson2017 says nothing here. -->

Text <!-- hidden [@wilson2017] --> more [@virtanen2020].

<!--
SciPy is hidden [@virtanen2020].

Still hidden [@wilson2017].
-->

<!-- a --> <!-- b --> Visible after comments [@virtanen2020].

> Quoted <!-- over
> two lines [@wilson2017] --> claim [@virtanen2020].

- <!-- x --> Listed [@virtanen2020]. <!-- y -->

## References <!-- to do -->

<!-- unclosed, so text [@wilson2017].
"""


def test_comments_give_no_claim_and_no_uncited_sentence() -> None:
    claims, uncited = extract_claims(DRAFT, BIB)
    assert [c.text for c in claims] == [
        "Text more.",
        "Visible after comments.",
        "Quoted claim.",
        "Listed.",
    ]
    assert [[x.label for x in c.citations] for c in claims] == [["@virtanen2020"]] * 4
    assert [s.text for s in uncited] == ["Para before."]
    # The sentence keeps its place in the draft, comment and all in between.
    spans = [DRAFT[c.sentence.start : c.sentence.end] for c in claims]
    assert spans == [
        "Text <!-- hidden [@wilson2017] --> more [@virtanen2020].",
        "Visible after comments [@virtanen2020].",
        "Quoted <!-- over\n> two lines [@wilson2017] --> claim [@virtanen2020].",
        "Listed [@virtanen2020].",
    ]
    first = claims[0].sentence
    assert (first.line, first.column) == (10, 1)


def test_an_unclosed_comment_is_text_and_a_heading_comment_is_no_title() -> None:
    # "## References <!-- to do -->" is still the References heading: what follows it is a
    # reference entry, not prose, even the unclosed "<!--" (read as text, nothing lost).
    report = DRAFT.replace("## References <!-- to do -->", "## Notes")
    claims, _ = extract_claims(report, BIB)
    assert claims[-1].text == "<!-- unclosed, so text."
    assert [c.text for c in extract_claims(DRAFT, BIB)[0]][-1] == "Listed."


def _result():  # type: ignore[no-untyped-def]
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy", ["SciPy computes things."])
    checker = Checker(source, ScriptedJudge(pick("supports", "P001", strength=0.7)))
    return review_report(DRAFT, bibliography=BIB, checker=checker)


def test_annotated_copy_and_html_page_leave_comments_alone() -> None:
    result = _result()
    body = result.annotated_markdown.partition(SEPARATOR)[0]
    assert "Text <!-- hidden [@wilson2017] --> more [@virtanen2020].[^claimaudit-1]" in body
    assert "<!-- SciPy is great for computing [@virtanen2020]. -->\n" in body
    assert "claim [@virtanen2020].[^claimaudit-3]" in body
    page = render_html(result, title="draft.md")
    document = page[page.index('<main id="document">') : page.index("</main>")]
    # The page shows the draft as it renders: no comment, as markup or as text (the unclosed
    # "<!--" is text, and shown as such).
    shown = document.replace('aria-hidden="true"', "")  # the marker's flag is markup, not text
    assert "hidden" not in shown and "SciPy is great" not in document
    assert "<!--" not in document and document.count("&lt;!--") == 1
    assert '<span class="claim v-supports needs-review" data-claim="1">Text </span>' in document
    assert 'data-claim="4">Listed [@virtanen2020].</span>' in document


def test_many_comments_or_unclosed_openings_parse_in_linear_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A server reviews drafts from anyone: a comment's end is never searched for again and
    # again. Counted, not timed: the characters searched for "-->" stay a small multiple of the
    # draft's length however many comments it holds (a search per comment would be quadratic).
    searches: list[int] = []

    class Counting:
        def finditer(self, text: str) -> Iterator[re.Match[str]]:
            searches.append(len(text))
            return _CLOSE.finditer(text)

    monkeypatch.setattr(comments, "_CLOSE", Counting())
    for report in (
        "<!-- a\n" * 20000 + "--> then text [@virtanen2020].\n",
        "Text " + "<!-- " * 50000,
        "- <!-- a\n" * 20000,
    ):
        searches.clear()
        extract_claims(report, BIB)
        assert searches and sum(searches) <= 10 * len(report), (len(searches), sum(searches))
    claims, _ = extract_claims("<!-- a\n" * 2000 + "--> then text [@virtanen2020].\n", BIB)
    assert [c.text for c in claims] == ["then text."]

"""An annotated copy reviewed again: claimaudit's own notes are no notes of the draft."""

from __future__ import annotations

from claimaudit.checker.pipeline import Checker
from claimaudit.identity import parse_ref
from claimaudit.review import review_report
from claimaudit.review.bibliography import parse_bibliography
from claimaudit.review.claims import extract_claims
from claimaudit.review.own_notes import is_own_label, label_prefix
from claimaudit.review.result import ReviewResult
from tests.fakes import MemorySource, ScriptedJudge, pick

BIB = parse_bibliography(
    "@article{smith2020, author={Smith, John}, title={SciPy}, eprint={2001.00001}, "
    "archivePrefix={arXiv}}\n"
    "@article{jones2019, author={Jones, Ann}, title={Coffee}, doi={10.1000/xyz}}\n"
)

DRAFT = """Coffee reduces sleep [@jones2019].[^1] Tea is calm. Models matter.^[Cf. @smith2020.]

Sleep matters a lot.[^2] Nothing cites this.

[^1]: See also [@smith2020].

[^2]: Jones showed that coffee matters [@jones2019]. Nothing here either.
"""


def _review(draft: str) -> ReviewResult:
    source = MemorySource()
    source.add(parse_ref("2001.00001"), "SciPy", ["SciPy computes things."])
    source.add(parse_ref("10.1000/xyz"), "Coffee", ["Coffee reduces sleep."])
    checker = Checker(source, ScriptedJudge(pick("supports", "P001", strength=0.9)))
    return review_report(draft, bibliography=BIB, checker=checker)


def _read(result: ReviewResult) -> tuple[list[tuple[str, str | None, tuple[str, ...]]], list[str]]:
    records = [(r.record.claim, r.record.paper_ref, r.citations) for r in result.records]
    uncited = [s.text for s in result.uncited]  # no marker shown, the copy's included
    return records, uncited


def test_reviewing_the_annotated_copy_gives_the_review_of_the_original() -> None:
    first = _review(DRAFT)
    again = _review(first.annotated_markdown)
    assert "[^claimaudit-1]" in first.annotated_markdown
    assert _read(again) == _read(first)
    # And once more: the copy's new notes replace its earlier ones (``earlier_notes``).
    assert again.annotated_markdown == first.annotated_markdown
    assert _read(_review(again.annotated_markdown)) == _read(first)


def test_the_annotated_copy_has_the_original_claims_and_citations() -> None:
    annotated = _review(DRAFT).annotated_markdown
    original, original_uncited = extract_claims(DRAFT, BIB)
    claims, uncited = extract_claims(annotated, BIB)
    assert [(c.text, [t.name for t in c.targets]) for c in claims] == [
        (c.text, [t.name for t in c.targets]) for c in original
    ]
    assert [[c.label for c in (*c.citations, *c.noted)] for c in claims] == [
        [c.label for c in (*c.citations, *c.noted)] for c in original
    ]
    assert [s.text for s in uncited] == [s.text for s in original_uncited]


def test_an_uncited_sentence_shows_no_marker_of_the_draft_or_of_the_copy() -> None:
    # The marker of its note (a prose note, with claims of its own) and, in the annotated copy,
    # the marker claimaudit put after it for that note's claim.
    draft = "Coffee is popular[^b].\n\n[^b]: Jones showed that coffee matters [@jones2019].\n"
    first = _review(draft)
    assert "popular[^b][^claimaudit-1]." in first.annotated_markdown
    again = _review(first.annotated_markdown)
    assert [s.text for s in first.uncited] == ["Coffee is popular."]
    assert [s.text for s in again.uncited] == ["Coffee is popular."]


def test_a_drafts_own_note_with_such_a_label_is_read() -> None:
    # No separator: the label is the writer's, and the note cites as any other.
    draft = "Coffee matters.[^claimaudit-1]\n\n[^claimaudit-1]: See [@jones2019].\n"
    [claim], _ = extract_claims(draft, BIB)
    assert [t.name for t in claim.targets] == ["doi:10.1000/xyz"]


def test_own_labels_are_those_the_annotation_makes() -> None:
    assert label_prefix("plain") == "claimaudit"
    assert label_prefix("x[^claimaudit-1] y[^claimaudit2-4]") == "claimaudit3"
    assert [is_own_label(f"{label_prefix(t)}-12") for t in ("", "[^claimaudit-1]")] == [True, True]
    assert not any(is_own_label(x) for x in ("claimaudit", "claimaudit-", "claimaudit1-2", "x-1"))

"""The annotated Markdown: the report byte for byte, a footnote marker after each cited sentence,
and the footnotes (verdict, confidence, the reference check with --verify-refs, verbatim evidence
with its passage id) appended at the end. A sentence inside one of the draft's footnotes is
marked after that footnote's first marker in the text (Pandoc reads no footnote inside a
footnote), and its footnote opens with the sentence it is about. A report that is itself an
annotated copy has its earlier notes replaced by the new ones (``earlier_notes``).

Quotes and titles are backslash-escaped where Markdown or Pandoc would read them as syntax
(``*``, ``[``, ``@``, ...), so the rendered footnote shows the passage exactly as stored.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from claimaudit.identity import edition_read
from claimaudit.passage import location
from claimaudit.records import CheckedRecord
from claimaudit.refcheck.models import ReferenceStatus
from claimaudit.review.document import BOM, markdown_parser
from claimaudit.review.earlier_notes import markdown_spans, rewrite
from claimaudit.review.own_notes import SEPARATOR, label_prefix
from claimaudit.review.result import ClaimReview, ReviewedRecord

_SPECIAL = re.compile(r"([\\`*_\[\]<>|~$@&^{}#])")
_LINE_END = re.compile(r"\r\n|\n|\r")


def escape(text: str) -> str:
    """Plain text that renders as itself in CommonMark and Pandoc Markdown, on one line."""
    return _SPECIAL.sub(r"\\\1", " ".join(text.split()))


def _reference(item: ReviewedRecord) -> str:
    """The reference check (with --verify-refs), as the LaTeX comment line says it."""
    check = item.reference
    if check is None:
        return ""
    status = check.status.value
    reason = "" if check.status is ReferenceStatus.OK else f" ({check.reason})"
    return escape(f"; reference {status}{reason}")


def _paper_line(item: ReviewedRecord) -> str:
    record = item.record
    paper = escape(record.paper_ref or ", ".join(item.citations))
    reference = _reference(item)
    if not isinstance(record, CheckedRecord):
        return f"{paper}: **not checked**: {escape(record.error)}{reference}"
    review = ", needs review" if record.needs_review else ""
    # No probabilities (a judge that gave its choice alone): nothing to show, nothing made up.
    confidence = "n/a" if record.confidence is None else f"{record.confidence:.2f}"
    edition = edition_read(record.paper_ref, record.matched_ref)
    read_as = f", read as {escape(edition)}" if edition else ""
    head = (
        f"{paper} ({escape(record.paper_title)}{read_as}): "
        f"**{record.verdict.replace('_', ' ')}**, "
        f"confidence {confidence}{review}{reference}."
    )
    notes = "".join(f" Review: {escape(note)}." for note in record.review_notes)
    if record.evidence_passage_id is None or record.evidence is None:
        return f"{head} No evidence passage selected.{notes}"
    where = location(record.evidence_pages, record.evidence_section)
    section = f" ({escape(where)})" if where else ""
    return (
        f"{head} Evidence {escape(record.evidence_passage_id)}{section}: "
        f"\u201c{escape(record.evidence)}\u201d{notes}"
    )


def _footnote(label: str, claim: ClaimReview, newline: str) -> str:
    lines = [_paper_line(item) for item in claim.records]
    if claim.claim.anchor is not None:
        lines.insert(0, f"In the footnote: \u201c{escape(claim.claim.text)}\u201d")
    # Later paragraphs of a footnote are indented by four spaces.
    return f"[^{label}]: " + f"{newline}{newline}    ".join(lines)


def _place(claim: ClaimReview) -> int:
    """Where the claim's marker goes: after its sentence, or a footnote's sentence's anchor."""
    anchor = claim.claim.anchor
    return claim.claim.sentence.end if anchor is None else anchor


def line_ending(report: str) -> str:
    """The line ending of the report's first line (CRLF, LF or CR; LF when it has one line),
    for the lines added to it: an annotated copy never mixes two conventions."""
    match = _LINE_END.search(report)
    return match.group(0) if match else "\n"


def annotate(report: str, claims: Sequence[ClaimReview]) -> str:
    # A report that is an annotated copy: its earlier notes give way to the new ones.
    earlier = markdown_spans(report)
    if not claims:
        return rewrite(report, earlier, [])
    prefix = label_prefix(rewrite(report, earlier, []))
    labels = [f"{prefix}-{n}" for n in range(1, len(claims) + 1)]
    # At one place, a sentence's own marker before those of its footnote's sentences.
    order = sorted(
        zip(claims, labels, strict=True),
        key=lambda pair: (_place(pair[0]), pair[0].claim.anchor is not None),
    )
    body = rewrite(report, earlier, [(_place(claim), f"[^{label}]") for claim, label in order])
    nl = line_ending(report)
    notes = (nl + nl).join(
        _footnote(label, claim, nl) for claim, label in zip(claims, labels, strict=True)
    )
    closing = "" if body.endswith(("\n", "\r")) else nl
    fence = open_fence(body)
    if fence is not None:
        # A code block the draft never closed would swallow the notes: close it where it ended.
        closing += f"{fence}{nl}"
    return f"{body}{closing}{nl}{SEPARATOR}{nl}{nl}{notes}{nl}"


def open_fence(markdown: str) -> str | None:
    """The marker of the fenced code block ``markdown`` leaves open at its end (outside lists
    and quotes, whose end closes it), or None."""
    # The blocks alone: the inline phase, most of a parse's cost, places no fence.
    parsed = markdown_parser().disable("inline").parse(markdown.removeprefix(BOM))
    blocks = [t for t in parsed if t.map is not None and t.level == 0]
    if not blocks or blocks[-1].type != "fence":
        return None
    fence = blocks[-1]
    start, end = fence.map or (0, 0)
    lines = [line.strip() for line in markdown.splitlines()[start + 1 : end] if line.strip()]
    marker = fence.markup
    closed = bool(lines) and set(lines[-1]) == {marker[0]} and len(lines[-1]) >= len(marker)
    return None if closed else marker

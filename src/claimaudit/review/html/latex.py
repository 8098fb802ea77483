"""The document part of the HTML report of a LaTeX draft: its paragraphs and footnotes as the
review read them (plain text, from the same LaTeX-to-text path as ingestion), each section's
heading, each cited sentence coloured by its worst verdict with its marker, and the evidence
panels under the paragraph. The file a paragraph comes from is named where it changes.
"""

from __future__ import annotations

from html import escape

from claimaudit.review.html.parts import marker, panel, verdict_class
from claimaudit.review.latex.claims import Paragraph
from claimaudit.review.result import ClaimReview, ReviewResult


def _paragraph(paragraph: Paragraph, claims: tuple[ClaimReview, ...]) -> tuple[str, list[int]]:
    text = paragraph.block.text
    pieces: list[str] = []
    placed: list[int] = []
    position = 0
    for span in paragraph.sentences:
        if span.claim is None:
            continue
        claim = claims[span.claim]
        review = " needs-review" if claim.needs_review else ""
        pieces.append(escape(text[position : span.start]))
        pieces.append(
            f'<span class="claim {verdict_class(claim.worst)}{review}" '
            # The sentence as the review shows it (no "()" left by a citation), not as read.
            f'data-claim="{span.claim + 1}">{escape(claim.claim.sentence.text)}</span>'
            f"{marker(span.claim, claim)}"
        )
        placed.append(span.claim)
        position = span.end
    pieces.append(escape(text[position:]))
    kind = paragraph.block.kind
    # Each paragraph in its own direction (dir="auto"): a right-to-left one reads so (parts.py).
    return f'<p class="latex-paragraph {kind}" dir="auto">{"".join(pieces)}</p>\n', placed


def latex_body(result: ReviewResult) -> str:
    found = result.latex
    if found is None:
        raise ValueError("not the review of a LaTeX draft")
    out: list[str] = []
    section: str | None = None
    file: str | None = found.draft.main
    for paragraph in found.paragraphs:
        block = paragraph.block
        if block.section != section and block.section:
            # Below the report's own h1 and h2 (Summary, References).
            out.append(f'<h3 dir="auto">{escape(block.section)}</h3>\n')
        section = block.section
        if block.file != file:
            out.append(f'<p class="file">{escape(block.file)}</p>\n')
            file = block.file
        html, placed = _paragraph(paragraph, result.claims)
        out.append(html)
        out.extend(panel(n, result.claims[n]) for n in placed)
    return "".join(out)

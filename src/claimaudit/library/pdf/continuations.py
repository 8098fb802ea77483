"""A PDF's classified paragraphs in reading order made the paper's: each given its section
(headings consumed, a box's heading for its box only), the references and code left out, and
each paragraph that a column or page end, a float or a displayed formula interrupted joined
back to its start. Apart from classifying them (``pdf_kinds``): here is when two pieces are
one paragraph."""

from __future__ import annotations

import re

from claimaudit.library.pdf.box_headings import heads_a_box, in_box
from claimaudit.library.pdf.kinds import RawBlock
from claimaudit.library.pdf.layout import Line
from claimaudit.library.pdf.page_ends import PageEnds
from claimaudit.library.pdf.paragraphs import hanging
from claimaudit.library.pdf.patterns import CAPTION, TERMINAL
from claimaudit.library.reference_headings import is_references_heading

# Back matter after the references that is prose again.
_AFTER_REFERENCES = re.compile(
    r"^(?:appendix|appendices|supplementary|supporting|box|acknowledge?ments?|author "
    r"contributions|competing|conflicts? of interest|funding|data availability|code "
    r"availability|additional information|[A-Z]\.?\s)",
    re.IGNORECASE,
)
_CHAPTER = re.compile(r"^(?:chapter|part|appendix)\s+\w+$", re.IGNORECASE)


def join_continuations(blocks: list[RawBlock]) -> list[RawBlock]:
    """Sections assigned, references and code dropped, and each paragraph that a column or
    page end, a float or a displayed formula interrupted joined to its start."""
    out: list[RawBlock] = []
    section: str | None = None
    open_block: RawBlock | None = None
    in_references = False
    previous_heading: str | None = None
    # The heading of the box being read, and the section the box is set in (``pdf_box_headings``).
    box: Line | None = None
    outer: str | None = None
    ends = PageEnds(blocks)
    for index, block in enumerate(blocks):
        text = " ".join(line.text for line in block.lines).strip()
        if block.kind == "heading" and open_block is not None and _bold_run_on(open_block, block):
            block.kind = "text"
        if block.kind == "heading":
            heading = " ".join(text.split())
            # "Chapter 1" over "Introduction": one heading, "Chapter 1 Introduction".
            if previous_heading is not None and _CHAPTER.match(previous_heading):
                heading = f"{previous_heading} {heading}"
            if is_references_heading(heading):
                in_references = True
            elif in_references and _AFTER_REFERENCES.match(heading):
                in_references = False
            if _heads_a_box(block, blocks[index + 1 : index + 2]):
                outer = section if box is None else outer
                box = block.lines[0]
            else:
                box = None
            section = heading
            open_block = None
            previous_heading = heading
            continue
        previous_heading = None
        if in_references or block.kind == "code":
            continue
        if box is not None and block.kind in ("text", "list") and not in_box(box, block.lines):
            # Past the box: its text is the enclosing section's, and never runs on from it.
            section, box, open_block = outer, None, None
        block.section = section
        if (
            block.kind in ("text", "list")
            and open_block is not None
            and _continues(open_block, block, ends)
        ):
            open_block.parts.append(block.lines)
            continue
        block.parts = [block.lines]
        out.append(block)
        if block.kind in ("text", "list"):
            open_block = block
    return out


def _heads_a_box(heading: RawBlock, after: list[RawBlock]) -> bool:
    return (
        bool(after)
        and after[0].kind in ("text", "list")
        and heads_a_box(heading.lines, after[0].lines)
    )


def _continues(open_block: RawBlock, block: RawBlock, ends: PageEnds) -> bool:
    last = open_block.parts[-1][-1]
    first = block.lines[0]
    # Only captions, footnotes and the like lie between (see the caller): any number of pages
    # of figures may.
    if abs(last.size - first.size) > 0.6 or (last.box is None) != (first.box is None):
        return False  # other type, or out of a drawn box (or into one)
    if last.box != first.box and last.page == first.page:
        return False  # from one box into another beside it: cards side by side
    start = first.text.strip()
    if block.kind == "list" or last.bold != first.bold:
        return False  # a list item, or bold names before plain affiliations
    if open_block.kind == "list" and hanging(open_block.parts[0]):
        # A description list's item goes on under its hanging indent, never back at its name.
        hang = min(line.x0 for line in open_block.parts[0][1:])
        return abs(first.x0 - hang) < 0.3 * first.size
    if CAPTION.match(start + " "):
        return False  # a caption given back its label (``hang_captions``) starts afresh
    end = last.text.strip()
    if not TERMINAL.search(end):
        return True
    if first.page != last.page and ends.ends_early(last):
        return False  # a chapter's end, the rest of its page blank: nothing cut it
    # After a sentence's end, an indented first line opens a paragraph, even one that begins
    # with a name in lower case ("scikit-image is also applied ...").
    if first.x0 > first.left + 0.3 * first.size:
        return False
    # Nor does a line that opens with a bold name: a description item's ("Branches A branch
    # is ...") or a run-in heading's, though a page or column end came between.
    if first.opens_bold and not last.bold:
        return False
    if start[:1].islower():
        return True
    # A new column or page that opens flush left, not indented, carries on the paragraph.
    new_flow = (first.page, first.piece) != (last.page, last.piece)
    return new_flow and open_block.kind == "text"


def _bold_run_on(open_block: RawBlock, block: RawBlock) -> bool:
    """Whether a short bold block taken for a heading carries on a bold paragraph that a
    column or page end cut mid-sentence (a list of names in bold, its last line overleaf)."""
    last = open_block.parts[-1][-1]
    first = block.lines[0]
    return (
        open_block.kind == "text"
        and last.bold
        and all(line.bold for line in block.lines)
        and abs(last.size - first.size) <= 0.6
        and not TERMINAL.search(last.text.strip())
        and (first.page, first.piece) != (last.page, last.piece)
        and first.x0 <= first.left + 0.3 * first.size
    )

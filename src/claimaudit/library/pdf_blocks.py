"""From a PDF's lines in reading order to the paper's blocks: paragraphs with their pages and
section, captions and footnotes apart; the title and authors from the first page's type.

Paragraphs come from layout: a new one starts after a wider vertical gap, at an indented
first line, at a list label, or where the type changes. A paragraph broken by a column or page
end, a float or a displayed formula is joined again. Headings are short lines in larger or
bold type; what follows a References heading is left out, as are tables of contents, code
listings and the stray labels of drawings.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from claimaudit.library.pdf_front import clean_authors, reads_as_prose, title_and_authors
from claimaudit.library.pdf_layout import Line
from claimaudit.library.pdf_paragraphs import hanging, pitches, sentence_formula, split_lines
from claimaudit.library.pdf_patterns import (
    BULLETS,
    CAPTION,
    CITATION_TAGS,
    LABEL,
    TERMINAL,
    WORD,
    is_heading_text,
)
from claimaudit.library.pdf_words import join_lines, vocabulary

# The label a list item's passage drops, as the LaTeX and Markdown sources never print it: a
# bullet or dash, or an enumerator ("1.", "(a)", "b)", "iv."); "A." may begin a name, so stays.
_ITEM_LABEL = re.compile(
    rf"^(?:[{BULLETS}]\s*|[\u2013\u2014*-]\s+|\(?(?:\d{{1,2}}|[a-z]|[ivx]{{1,4}})[.)]\s+|\(?[A-Z]\)\s+)"
)
_REFERENCES = re.compile(
    r"^(?:[\dIVX]+\.?\s+)?(?:references|bibliography|literature cited|works cited|"
    r"reference list|citations)$",
    re.IGNORECASE,
)
# Back matter after the references that is prose again.
_AFTER_REFERENCES = re.compile(
    r"^(?:appendix|appendices|supplementary|supporting|box|acknowledge?ments?|author "
    r"contributions|competing|conflicts? of interest|funding|data availability|code "
    r"availability|additional information|[A-Z]\.?\s)",
    re.IGNORECASE,
)
_SUBLABEL = re.compile(r"^\([a-z]\)\s")
_CHAPTER = re.compile(r"^(?:chapter|part|appendix)\s+\w+$", re.IGNORECASE)
_KEYWORDS = re.compile(r"^(?:key\s?words|index terms)\s*[:.\u2014-]", re.IGNORECASE)
_CONTENTS = re.compile(r"^(?:table of contents|contents|list of (?:figures|tables))$", re.I)
_LEADER = re.compile(r"(?:\.\s?){4,}\s*\d+\s*$")
_LEADER_TAIL = 120
# A paragraph before the first heading this long, in sentences, is text, not front matter.
_OPENING_WORDS = 20


@dataclass
class PdfBlock:
    text: str
    kind: str  # "text", "list", "caption", "footnote"
    section: str | None
    first_page: int
    last_page: int


@dataclass
class PdfLayout:
    blocks: list[PdfBlock]
    title: str | None
    authors: str | None


@dataclass
class _Raw:
    lines: list[Line]
    kind: str = "text"
    section: str | None = None
    parts: list[list[Line]] = field(default_factory=list)  # joined continuations


def build_blocks(lines: list[Line], hyphenated: bool = True) -> PdfLayout:
    """The page lines as paragraphs, captions, lists and footnotes, with the title and the
    authors; ``hyphenated``: whether the typesetter broke words at line ends
    (``pdf_words.breaks_words``)."""
    if not lines:
        return PdfLayout([], None, None)
    body = _body_size(lines)
    pitch = pitches(lines)
    lines = [line for line in _without_contents(lines) if not _is_drawing_label(line, body)]
    title_lines, author_lines = title_and_authors(lines, body)
    taken = {id(line) for line in (*title_lines, *author_lines)}
    lines = [line for line in lines if id(line) not in taken]
    known = vocabulary(lines)
    raw = _hang_captions(
        _subcaptions(_classify([_Raw(group) for group in split_lines(lines, pitch)], body, pitch))
    )
    raw = _drop_front_matter(raw)
    blocks = list(_assemble(_join_continuations(raw), known, hyphenated))
    title = join_lines(title_lines, known, hyphenated) if title_lines else None
    authors = clean_authors(join_lines(author_lines, known, hyphenated)) if author_lines else None
    return PdfLayout(blocks, title, authors)


def _body_size(lines: list[Line]) -> float:
    weights: Counter[float] = Counter()
    for line in lines:
        weights[round(line.size, 1)] += len(line.text)
    return weights.most_common(1)[0][0]


def _without_contents(lines: list[Line]) -> Iterator[Line]:
    """Lines less tables of contents: a Contents heading and what follows on its page, and
    any line ending in a dot leader and a page number."""
    skip_page: int | None = None
    for line in lines:
        if _CONTENTS.match(line.text.strip()):
            skip_page = line.page
        # A leader ends its line: its tail is enough, and a hostile line stays cheap.
        if line.page == skip_page or _LEADER.search(line.text[-_LEADER_TAIL:]):
            continue
        yield line


def _is_drawing_label(line: Line, body: float) -> bool:
    """Tiny type with no word in it: the numbers and letters of a figure's drawing."""
    return line.size <= 0.7 * body and not WORD.search(line.text)


def _classify(blocks: list[_Raw], body: float, pitch: dict[float, float]) -> list[_Raw]:
    previous: _Raw | None = None
    for block in blocks:
        first = block.lines[0]
        text = " ".join(line.text for line in block.lines).strip()
        size = first.size
        short = len(block.lines) <= 3 and is_heading_text(text)
        if LABEL.match(text) and _same_list(previous, block):
            # A list in small type runs on into the foot of its page: still a list, not notes.
            block.kind = "list"
        elif _low_on_page(block) and (
            (size <= 0.92 * body and _last_in_piece(block, blocks, body))
            or (first.marked and _a_note(text) and _notes_below(block, blocks, body))
        ):
            block.kind = "footnote"
        elif _ends_a_sentence(block, previous, body):
            pass  # a displayed formula a sentence runs into: text, joined to that sentence
        elif (
            all(line.mono for line in block.lines)
            or _is_table(block.lines)
            or not WORD.search(text)  # symbols and numbers only: a drawing's marks
        ):
            block.kind = "code"  # code and tables are not prose a claim could cite
        elif short and (size >= 1.3 * body or (size >= 1.12 * body and first.bold)):
            # Large type heads a section (or a box: "Box 1: Summary"); merely larger type,
            # as on a title page, only when bold.
            block.kind = "heading"
        elif CAPTION.match(text):
            block.kind = "caption"
        elif (
            short
            and all(line.bold for line in block.lines)
            and size >= 0.85 * body
            and not LABEL.match(text)
        ):
            block.kind = "heading"
        elif LABEL.match(text) or hanging(block.lines):
            block.kind = "list"
        previous = block
    return blocks


def _ends_a_sentence(block: _Raw, previous: _Raw | None, body: float) -> bool:
    if previous is None or previous.kind != "text":
        return False
    before = [previous.lines[-1], *block.lines[:-1]]
    return all(sentence_formula(line, b, body) for line, b in zip(block.lines, before, strict=True))


def _subcaptions(blocks: list[_Raw]) -> list[_Raw]:
    """Sub-figures' captions ("(a) The kernel ...") set just above their figure's caption
    on its page are captions too, not notes at the page's foot nor list items."""
    for index, block in enumerate(blocks):
        if block.kind != "caption" or not CAPTION.match(block.lines[0].text.strip() + " "):
            continue
        page = block.lines[0].page
        for before in reversed(blocks[:index]):
            first = before.lines[0]
            if first.page != page or not _SUBLABEL.match(first.text):
                break
            before.kind = "caption"
    return blocks


def _hang_captions(blocks: list[_Raw]) -> list[_Raw]:
    """A caption whose label is set apart by a wide space ("Figure 3:", then the text) can be
    read in two column pieces, the label first and the figure's drawn words (a legend) between:
    give the label its text back, and drop the drawn words above the caption, which would
    otherwise run on into the caption as if they began its paragraph. The text stays a
    paragraph, so that the rest of the caption, which the float's layout may cut into further
    pieces, joins it."""
    out: list[_Raw] = []
    taken: set[int] = set()
    for index, block in enumerate(blocks):
        if id(block) in taken:
            continue
        label = block.lines[0]
        at = None
        if (
            block.kind == "caption"
            and len(block.lines) == 1
            and CAPTION.fullmatch(label.text.strip() + " ")
        ):
            at = _text_beside(blocks, index, label)
        if at is not None:
            text = blocks[at]
            text.lines = [*block.lines, *text.lines]
            for drawn in blocks[index + 1 : at]:
                if _drawn_above(drawn, label):
                    drawn.kind = "code"
            taken.add(id(text))
            out.append(text)
            continue
        out.append(block)
    return out


def _drawn_above(block: _Raw, label: Line) -> bool:
    """A short line or two without a sentence end, above a figure's caption on its page."""
    last = block.lines[-1]
    return (
        len(block.lines) <= 2
        and last.page == label.page
        and last.baseline < label.baseline
        and not TERMINAL.search(last.text.strip())
    )


def _text_beside(blocks: list[_Raw], index: int, label: Line) -> int | None:
    """The first block after ``index`` that opens beside the label, looking on its page only."""
    for at in range(index + 1, len(blocks)):
        if blocks[at].lines[0].page != label.page:
            return None
        if _beside(label, blocks[at]):
            return at
    return None


def _beside(label: Line, block: _Raw) -> bool:
    """Whether ``block`` (on the label's page) opens on the label's baseline, to its right, in
    another column piece."""
    first = block.lines[0]
    return (
        block.kind == "text"
        and first.piece != label.piece
        and abs(first.baseline - label.baseline) <= 0.3 * label.size
        and first.x0 > label.x1
    )


def _is_table(lines: list[Line]) -> bool:
    """Rows of cells: most lines broken into three or more pieces by wide gaps. A line of its
    own so broken is a drawing's legend or axis labels, as prose is never set that way."""
    return sum(line.cells >= 3 for line in lines) >= 0.6 * len(lines)


def _same_list(previous: _Raw | None, block: _Raw) -> bool:
    """Whether ``block`` is the next item of the list ``previous`` belongs to: same page, same
    type."""
    if previous is None or previous.kind != "list":
        return False
    last, first = previous.lines[-1], block.lines[0]
    return last.page == first.page and abs(last.size - first.size) < 0.3


def _last_in_piece(block: _Raw, blocks: list[_Raw], body: float) -> bool:
    """Nothing in body type follows on the same page and column: a footnote's place (its mark,
    raised, was dropped with the other superscript marks)."""
    first = block.lines[0]
    return not any(
        line.size > 0.92 * body and line.baseline > first.baseline
        for other in blocks
        for line in other.lines
        if (line.page, line.piece) == (first.page, first.piece)
    )


def _a_note(text: str) -> bool:
    """Sentences, or one that ends as a sentence does ("The node-and-arc kind."), where an
    affiliation ends with a country or a comma."""
    return reads_as_prose(text) or (text[:1].isupper() and TERMINAL.search(text) is not None)


def _notes_below(block: _Raw, blocks: list[_Raw], body: float) -> bool:
    """Below a block that opens with a raised mark, on its page and column, only more such
    blocks or small type: footnotes set in body type (a word processor's default style), each
    opening with its number."""
    first = block.lines[0]
    return not any(
        other.lines[0].baseline > first.baseline
        and not other.lines[0].marked
        and any(line.size > 0.92 * body for line in other.lines)
        for other in blocks
        if (other.lines[0].page, other.lines[0].piece) == (first.page, first.piece)
    )


def _low_on_page(block: _Raw) -> bool:
    # Footnotes sit in the bottom part of the page, below every body line of their column.
    first = block.lines[0]
    return first.baseline > 0.6 * first.page_height


def _drop_front_matter(blocks: list[_Raw]) -> list[_Raw]:
    """Affiliations, addresses and dates before the first heading of the opening pages, and
    keyword lines. A paragraph of prose there is the paper's opening text (an abstract set
    without a heading, or a printed page's first paragraphs under its title) and stays."""
    blocks = [b for b in blocks if not _KEYWORDS.match(b.lines[0].text.strip())]
    for index, block in enumerate(blocks):
        if block.kind == "heading":
            if block.lines[0].page > 3:
                return blocks
            return [b for b in blocks[:index] if _opening_text(b)] + blocks[index:]
    return blocks


def _opening_text(block: _Raw) -> bool:
    text = " ".join(line.text for line in block.lines).strip()
    return block.kind == "text" and len(text.split()) >= _OPENING_WORDS and reads_as_prose(text)


def _join_continuations(blocks: list[_Raw]) -> list[_Raw]:
    """Sections assigned, references and code dropped, and each paragraph that a column or
    page end, a float or a displayed formula interrupted joined to its start."""
    out: list[_Raw] = []
    section: str | None = None
    open_block: _Raw | None = None
    in_references = False
    previous_heading: str | None = None
    for block in blocks:
        text = " ".join(line.text for line in block.lines).strip()
        if block.kind == "heading" and open_block is not None and _bold_run_on(open_block, block):
            block.kind = "text"
        if block.kind == "heading":
            heading = " ".join(text.split())
            # "Chapter 1" over "Introduction": one heading, "Chapter 1 Introduction".
            if previous_heading is not None and _CHAPTER.match(previous_heading):
                heading = f"{previous_heading} {heading}"
            if _REFERENCES.match(heading):
                in_references = True
            elif in_references and _AFTER_REFERENCES.match(heading):
                in_references = False
            section = heading
            open_block = None
            previous_heading = heading
            continue
        previous_heading = None
        if in_references or block.kind == "code":
            continue
        block.section = section
        if (
            block.kind in ("text", "list")
            and open_block is not None
            and _continues(open_block, block)
        ):
            open_block.parts.append(block.lines)
            continue
        block.parts = [block.lines]
        out.append(block)
        if block.kind in ("text", "list"):
            open_block = block
    return out


def _continues(open_block: _Raw, block: _Raw) -> bool:
    last = open_block.parts[-1][-1]
    first = block.lines[0]
    # Only captions, footnotes and the like lie between (see the caller): any number of pages
    # of figures may.
    if abs(last.size - first.size) > 0.6 or (last.box is None) != (first.box is None):
        return False  # other type, or out of a drawn box (or into one)
    start = first.text.strip()
    if block.kind == "list" or last.bold != first.bold:
        return False  # a list item, or bold names before plain affiliations
    if open_block.kind == "list" and hanging(open_block.parts[0]):
        # A description list's item goes on under its hanging indent, never back at its name.
        hang = min(line.x0 for line in open_block.parts[0][1:])
        return abs(first.x0 - hang) < 0.3 * first.size
    if CAPTION.match(start + " "):
        return False  # a caption given back its label (``_hang_captions``) starts afresh
    end = last.text.strip()
    if not TERMINAL.search(end):
        return True
    # After a sentence's end, an indented first line opens a paragraph, even one that begins
    # with a name in lower case ("scikit-image is also applied ...").
    if first.x0 > first.left + 0.3 * first.size:
        return False
    if start[:1].islower():
        return True
    # A new column or page that opens flush left, not indented, carries on the paragraph.
    new_flow = (first.page, first.piece) != (last.page, last.piece)
    return new_flow and open_block.kind == "text"


def _bold_run_on(open_block: _Raw, block: _Raw) -> bool:
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


def _assemble(blocks: list[_Raw], vocabulary: set[str], hyphenated: bool) -> Iterator[PdfBlock]:
    for block in blocks:
        lines = [line for part in block.parts for line in part]
        text = CITATION_TAGS.sub("", join_lines(lines, vocabulary, hyphenated))
        if block.kind == "list":
            text = _ITEM_LABEL.sub("", text, count=1)
        if text:
            yield PdfBlock(
                text,
                block.kind,
                block.section,
                lines[0].page,
                max(line.page for line in lines),
            )

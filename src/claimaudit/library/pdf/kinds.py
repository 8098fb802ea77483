"""What each of a PDF's paragraphs is, from its type and place: text, a heading, a list item, a
caption (sub-figures' too, and one whose label a wide space set apart), a footnote, or code
(code, tables, a drawing's marks: no prose a claim could cite). ``pdf_blocks`` builds on it;
a new way a paper sets one of these apart is taught here."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from claimaudit.library.pdf.front import reads_as_prose
from claimaudit.library.pdf.layout import Line
from claimaudit.library.pdf.paragraphs import hanging, sentence_formula, text_type_heading
from claimaudit.library.pdf.patterns import CAPTION, LABEL, TERMINAL, WORD, is_heading_text

_SUBLABEL = re.compile(r"^\([a-z]\)\s")
# The name of a module, class or function, and a few words beside it ("scipy.sparse",
# "cKDTree", "The ndimage module"): no operator, bracket or sentence end of a line of code.
_CODE_NAME = re.compile(r"[^\W\d](?:[\w.:-]*\w)?(?: [\w.:-]*\w){0,3}")


@dataclass
class RawBlock:
    lines: list[Line]
    kind: str = "text"
    section: str | None = None
    parts: list[list[Line]] = field(default_factory=list)  # joined continuations


def classify(blocks: list[RawBlock], body: float, pitch: dict[float, float]) -> list[RawBlock]:
    previous: RawBlock | None = None
    headed = False  # a heading came before: the paper's body has begun
    for index, block in enumerate(blocks):
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
            # Under the rule over the notes, in whatever type (a caption below is a float's).
            or (first.noted and not CAPTION.match(text))
        ):
            block.kind = "footnote"
        elif _ends_a_sentence(block, previous, body):
            pass  # a displayed formula a sentence runs into: text, joined to that sentence
        elif _names_code(block, blocks[index + 1 : index + 2], body):
            block.kind = "heading"  # set in typewriter type: "cKDTree"
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
        elif headed and len(block.lines) == 1 and _text_type_heading(blocks, index, pitch):
            # In italics or centred at the text's size ("Related work"), once the body has
            # begun: on a title page such a line is an affiliation, left out with the front
            # matter.
            block.kind = "heading"
        elif LABEL.match(text) or hanging(block.lines) or _one_line_item(blocks, index):
            block.kind = "list"
        headed = headed or block.kind == "heading"
        previous = block
    return blocks


def _text_type_heading(blocks: list[RawBlock], index: int, pitch: dict[float, float]) -> bool:
    before = blocks[index - 1].lines[-1] if index else None
    after = blocks[index + 1].lines[0] if index + 1 < len(blocks) else None
    return text_type_heading(before, blocks[index].lines[0], after, pitch)


def _one_line_item(blocks: list[RawBlock], index: int) -> bool:
    """A description list's item of one line ("odr Orthogonal distance regression ..."),
    which has no lines to hang: its name opens in bold where a neighbouring item's, on its page
    and column, hanging, opens."""
    block = blocks[index]
    first = block.lines[0]
    if len(block.lines) != 1 or not first.opens_bold:
        return False
    neighbours = blocks[max(index - 1, 0) : index] + blocks[index + 1 : index + 2]
    return any(
        hanging(other.lines)
        and (other.lines[0].page, other.lines[0].piece) == (first.page, first.piece)
        and abs(other.lines[0].x0 - first.x0) < 0.3 * first.size
        for other in neighbours
    )


def _names_code(block: RawBlock, after: list[RawBlock], body: float) -> bool:
    """A heading set in typewriter type that names code (``\\subsubsection*{\\texttt{cKDTree}}``):
    alone on its line, in a heading's size or weight as any heading, a name rather than a
    statement, over a paragraph of prose. A line of code is not all that, so stays code."""
    if len(block.lines) != 1 or not after:
        return False
    line = block.lines[0]
    heading_type = line.size >= 1.3 * body or (line.bold and line.size >= 0.85 * body)
    prose_after = not all(below.mono for below in after[0].lines) and reads_as_prose(
        " ".join(below.text for below in after[0].lines)
    )
    return (
        line.mono
        and line.cells == 1
        and heading_type
        and _CODE_NAME.fullmatch(line.text.strip()) is not None
        and prose_after
    )


def _ends_a_sentence(block: RawBlock, previous: RawBlock | None, body: float) -> bool:
    if previous is None or previous.kind != "text":
        return False
    before = [previous.lines[-1], *block.lines[:-1]]
    return all(sentence_formula(line, b, body) for line, b in zip(block.lines, before, strict=True))


def subcaptions(blocks: list[RawBlock]) -> list[RawBlock]:
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


def hang_captions(blocks: list[RawBlock]) -> list[RawBlock]:
    """A caption whose label is set apart by a wide space ("Figure 3:", then the text) can be
    read in two column pieces, the label first and the figure's drawn words (a legend) between:
    give the label its text back, and drop the drawn words above the caption, which would
    otherwise run on into the caption as if they began its paragraph. The text stays a
    paragraph, so that the rest of the caption, which the float's layout may cut into further
    pieces, joins it."""
    out: list[RawBlock] = []
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


def _drawn_above(block: RawBlock, label: Line) -> bool:
    """A short line or two without a sentence end, above a figure's caption on its page."""
    last = block.lines[-1]
    return (
        len(block.lines) <= 2
        and last.page == label.page
        and last.baseline < label.baseline
        and not TERMINAL.search(last.text.strip())
    )


def _text_beside(blocks: list[RawBlock], index: int, label: Line) -> int | None:
    """The first block after ``index`` that opens beside the label, looking on its page only."""
    for at in range(index + 1, len(blocks)):
        if blocks[at].lines[0].page != label.page:
            return None
        if _beside(label, blocks[at]):
            return at
    return None


def _beside(label: Line, block: RawBlock) -> bool:
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


def _same_list(previous: RawBlock | None, block: RawBlock) -> bool:
    """Whether ``block`` is the next item of the list ``previous`` belongs to: same page, same
    type."""
    if previous is None or previous.kind != "list":
        return False
    last, first = previous.lines[-1], block.lines[0]
    return last.page == first.page and abs(last.size - first.size) < 0.3


def _last_in_piece(block: RawBlock, blocks: list[RawBlock], body: float) -> bool:
    """Nothing in body type follows on the same page and column: a footnote's place (its mark,
    raised, was dropped with the other superscript marks). A float LaTeX sets at the page's
    foot goes below its footnotes: from its caption down, and its drawing's words above the
    caption (no prose), what follows is the float's."""
    first = block.lines[0]
    below = [
        other
        for other in blocks
        if other is not block
        and (other.lines[0].page, other.lines[0].piece) == (first.page, first.piece)
        and other.lines[0].baseline > first.baseline
    ]
    captions = [
        other.lines[0].baseline
        for other in below
        if CAPTION.match(" ".join(line.text for line in other.lines).strip())
    ]
    float_top = min(captions, default=None)

    def floated(other: RawBlock, line: Line) -> bool:
        if float_top is None:
            return False
        if line.baseline >= float_top:
            return True
        return not reads_as_prose(" ".join(line.text for line in other.lines))

    return not any(
        line.size > 0.92 * body and line.baseline > first.baseline and not floated(other, line)
        for other in blocks
        for line in other.lines
        if (line.page, line.piece) == (first.page, first.piece)
    )


def _a_note(text: str) -> bool:
    """Sentences, or one that ends as a sentence does ("The node-and-arc kind."), where an
    affiliation ends with a country or a comma."""
    return reads_as_prose(text) or (text[:1].isupper() and TERMINAL.search(text) is not None)


def _notes_below(block: RawBlock, blocks: list[RawBlock], body: float) -> bool:
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


def _low_on_page(block: RawBlock) -> bool:
    # Footnotes sit in the bottom part of the page, below every body line of their column.
    first = block.lines[0]
    return first.baseline > 0.6 * first.page_height

"""A figure's drawn title: a short line or two in the text's type that the drawing holds
("Training Loss" over its plot), just above the figure's caption. It is the figure's, not a
paragraph's: read as text, the paragraph after the figure would open with it ("Training Loss
Earlier studies ..."), as nothing ends it."""

from __future__ import annotations

import re

from claimaudit.library.pdf.kinds import RawBlock
from claimaudit.library.pdf.patterns import TERMINAL, is_heading_text

# A figure's caption, not a table's: the words over a table are the text's (its lead-in).
_FIGURE = re.compile(r"^(?:Fig(?:ure|\.)?|Supplementary Figure|Chart|Scheme)\s*[A-Z]?\d")
# The most lines of drawn words taken above one caption: a title, or a title and a legend.
_MOST = 2


def drop_drawn_titles(blocks: list[RawBlock]) -> list[RawBlock]:
    """Each figure caption's drawn words above it, on its page and column, made ``code`` (not
    prose, left out): short text blocks that end no sentence and start none in lower case,
    with finished text (or none) above them on that page and column."""
    for index, block in enumerate(blocks):
        if block.kind != "caption" or not _FIGURE.match(block.lines[0].text.strip()):
            continue
        taken: list[RawBlock] = []
        at = index - 1
        while at >= 0 and _drawn(blocks[at], block):
            if sum(len(drawn.lines) for drawn in taken) + len(blocks[at].lines) > _MOST:
                break
            taken.append(blocks[at])
            at -= 1
        if taken and _finished(blocks[at] if at >= 0 else None, block):
            for drawn in taken:
                drawn.kind = "code"
    return blocks


def _drawn(block: RawBlock, caption: RawBlock) -> bool:
    label = caption.lines[0]
    text = " ".join(line.text for line in block.lines).strip()
    return (
        block.kind == "text"
        and len(block.lines) <= _MOST
        and all((line.page, line.piece) == (label.page, label.piece) for line in block.lines)
        and all(line.baseline < label.baseline for line in block.lines)
        # Shorter than the column: a paragraph's first line fills it.
        and all(line.x1 < line.right - 2 * line.size for line in block.lines)
        and is_heading_text(text)
        and not TERMINAL.search(text)
    )


def _finished(before: RawBlock | None, caption: RawBlock) -> bool:
    """Whether the block above the drawn words leaves nothing for them to carry on: none on
    the caption's page and column, or one that ends a sentence."""
    label = caption.lines[0]
    if before is None:
        return True
    last = before.lines[-1]
    if (last.page, last.piece) != (label.page, label.piece) or before.kind != "text":
        return True
    return TERMINAL.search(last.text.strip()) is not None

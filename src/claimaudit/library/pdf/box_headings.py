"""A box's heading heads the box only: the paragraphs after the box are the enclosing section's.

A box is set apart either by a drawn frame (``pdf_boxes``) or, as LaTeX's ``quote`` sets one,
by an indent on its left: good-enough-practices prints "Tab Completion" in bold at body size,
indented, over a paragraph indented as far, then goes on with its list at the list's margin.
The heading is the box's heading when the paragraph under it opens at its indent (or in the
same drawn box), and the box ends at the first paragraph left of that indent (or outside any
drawn box). A heading at the margin, or one centred over text at the margin, is no box's.
"""

from __future__ import annotations

from claimaudit.library.pdf.layout import Line

# A box's indent, in ems: LaTeX's quote indents 2.5 em; a list's text stands 1.3 em right of
# its label, which a column's left edge may be.
_MIN_INDENT_EMS = 1.5
# How far, in ems, the box's text may stand left of its heading and still be inside it.
_SLACK_EMS = 1.0
# A box's heading is set in about the box's type (a larger one heads a section).
_SIZE_SLACK_PT = 0.6


def heads_a_box(heading: list[Line], after: list[Line]) -> bool:
    """Whether the heading's lines head a box whose first paragraph is ``after``."""
    first, opening = heading[0], after[0]
    if abs(first.size - opening.size) > _SIZE_SLACK_PT:
        return False
    if first.box is not None:
        return opening.box == first.box and opening.page == first.page
    return (
        _indent(first) >= _MIN_INDENT_EMS * first.size
        and all(_indent(line) >= _MIN_INDENT_EMS * line.size for line in heading)
        and _at_indent(first, after)
        and abs(_left(first, after) - _place(first, opening)) <= _SLACK_EMS * first.size
    )


def in_box(heading: Line, paragraph: list[Line]) -> bool:
    """Whether ``paragraph`` lies in the box ``heading`` heads (see ``heads_a_box``)."""
    if heading.box is not None:
        return paragraph[0].box is not None
    return _at_indent(heading, paragraph)


def _at_indent(heading: Line, paragraph: list[Line]) -> bool:
    return _left(heading, paragraph) >= _place(heading, paragraph[0]) - _SLACK_EMS * heading.size


def _left(heading: Line, paragraph: list[Line]) -> float:
    """Where ``paragraph``'s lines in its first column piece start, at the least: on the
    heading's column piece as printed, elsewhere as an indent from that piece's left edge."""
    first = paragraph[0]
    lines = [line for line in paragraph if (line.page, line.piece) == (first.page, first.piece)]
    left = min(line.x0 for line in lines)
    return left if _same_flow(heading, first) else left - first.left


def _place(heading: Line, line: Line) -> float:
    """The heading's left edge as ``_left`` measures ``line``'s."""
    return heading.x0 if _same_flow(heading, line) else _indent(heading)


def _same_flow(a: Line, b: Line) -> bool:
    return (a.page, a.piece) == (b.page, b.piece)


def _indent(line: Line) -> float:
    return line.x0 - line.left

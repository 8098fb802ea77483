"""A page's own footer, known without a second page to repeat it: the journal's or the
preprint's line at the page's foot that carries the page's number ("Journal of Open Research
Software 12(3), 2024" and "1" on one baseline, or the number just under it).

Running lines are otherwise known by recurring on many pages (``pdf_layout``), which a
one-page paper (an abstract, a short communication, a poster's text) cannot show: its footer
was read as the paper's last paragraph. A footer row here is the last row of the page, or the
one just above a lone page number there; it is in the page's bottom band, set apart from the
text above it (more than a line's pitch), in type no larger than that text's, and either holds
the page's own number as a piece of its own at one end or sits right over that number. A
paragraph's last line ending in "... 1" is one piece, and a footnote lies a footskip above
the number, so neither is taken.

A one-page paper's footer may carry no number at all: a conference's name, a copyright line.
It is known by its place and type alone (``unnumbered_footer``): the last line or two of the
page, in the page's bottom margin (closer to the edge than a text area ends), in type smaller
than the page's text, set apart from the lines above. A footnote is set over that margin, at
the foot of the text area, opens with its raised mark or lies under the rule drawn over the
notes; text in the page's own type, however low, stays.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from claimaudit.library.pdf.note_rules import NoteRule, under_rule
from claimaudit.library.pdf.segments import Segment

_NUMBER = re.compile(r"^(?:page\s+)?(\d{1,4})(?:\s*(?:/|of)\s*\d{1,4})?$", re.IGNORECASE)
# The footer's row lies this share of the page's height from its bottom edge at most.
_BAND = 0.12
# Set apart from the text above: its baseline this many of its ems below that text's.
_APART_EMS = 1.8
# A page number just under the footer's line: within this many ems, baseline to baseline.
_UNDER_EMS = 2.0
# A footer without a number lies in the page's bottom margin: this share of its height from
# the bottom edge at most (a text area ends an inch or more above it; a footer half an inch).
_MARGIN = 0.08
# Its type is at most this share of the page's text's, its lines at most this many of its ems
# apart, and at most this many of them.
_SMALLER = 0.9
_LINE_EMS = 1.5
_MAX_LINES = 2


def numbered_footer(rows: list[list[Segment]], page: int, height: float) -> list[Segment]:
    """The segments of the footer row of a page (rows top to bottom, each left to right), or
    none."""
    if len(rows) < 2:
        return []
    last = rows[-1]
    if _is_number(last, page) and len(rows) >= 3:
        footer, above = rows[-2], rows[-3]
        if last[0].baseline - footer[0].baseline > _UNDER_EMS * footer[0].size:
            return []
    else:
        footer, above = last, rows[-2]
        if len(footer) < 2 or not (_number(footer[0], page) or _number(footer[-1], page)):
            return []
    size = max(s.size for s in footer)
    if height - footer[0].baseline > _BAND * height:
        return []
    if size > max(s.size for s in above) + 0.1:
        return []
    if footer[0].baseline - above[0].baseline < _APART_EMS * size:
        return []
    return footer


def _is_number(row: list[Segment], page: int) -> bool:
    return len(row) == 1 and _number(row[0], page)


def _number(segment: Segment, page: int) -> bool:
    match = _NUMBER.match(segment.text.strip())
    return match is not None and int(match.group(1)) == page


def unnumbered_footer(
    rows: list[list[Segment]], height: float, rules: Sequence[NoteRule] = ()
) -> list[Segment]:
    """The segments of the footer rows of a one-page paper that carry no page number (rows top
    to bottom, each left to right; ``rules``: the page's footnote rules), or none."""
    body = _body_size(rows)
    footer: list[list[Segment]] = []
    for row in reversed(rows[1:]):
        size = max(s.size for s in row)
        if height - row[0].baseline > _MARGIN * height or size > _SMALLER * body:
            break
        if footer and footer[0][0].baseline - row[0].baseline > _LINE_EMS * size:
            break
        footer.insert(0, row)
    footer = footer[-_MAX_LINES:]
    if not footer:
        return []
    above = rows[len(rows) - len(footer) - 1]
    size = max(s.size for row in footer for s in row)
    if footer[0][0].baseline - above[0].baseline < _APART_EMS * size:
        return []  # the last lines of a note or a paragraph in small type
    if any(row[0].marked or under_rule(row[0].x0, row[0].baseline, size, rules) for row in footer):
        return []  # a footnote's
    return [s for row in footer for s in row]


def _body_size(rows: list[list[Segment]]) -> float:
    """The size most of the page's characters are set in."""
    weights: Counter[float] = Counter()
    for row in rows:
        for segment in row:
            weights[round(segment.size, 1)] += len(segment.text)
    return weights.most_common(1)[0][0] if weights else 0.0

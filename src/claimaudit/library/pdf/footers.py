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
"""

from __future__ import annotations

import re

from claimaudit.library.pdf.segments import Segment

_NUMBER = re.compile(r"^(?:page\s+)?(\d{1,4})(?:\s*(?:/|of)\s*\d{1,4})?$", re.IGNORECASE)
# The footer's row lies this share of the page's height from its bottom edge at most.
_BAND = 0.12
# Set apart from the text above: its baseline this many of its ems below that text's.
_APART_EMS = 1.8
# A page number just under the footer's line: within this many ems, baseline to baseline.
_UNDER_EMS = 2.0


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

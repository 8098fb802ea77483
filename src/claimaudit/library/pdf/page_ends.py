"""Where a page's text ends: at the foot of its text area, or early, the rest of the page left
blank (a chapter's end, the page before a full-page figure).

A paragraph that a page end cut carries on overleaf even after a sentence's end, as a page
break falls between any two lines. A page whose text stops well short of where the paper's
pages usually end was not cut by its end: what follows overleaf starts afresh, even flush
left (``pdf_continuations``). Each column is measured on its own: below a right column that
stops early, the left one may run on to the foot.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from claimaudit.library.pdf.kinds import RawBlock
from claimaudit.library.pdf.layout import Line

# The text stops this many of its ems above the usual foot, or more: about three lines of
# text left blank. A page LaTeX sets a line or two short (widow control, \raggedbottom) is
# still a full page.
_EARLY_EMS = 4.0
# A sentence's end, not a colon's or a semicolon's: "as follows:" before a full-page figure
# carries on overleaf.
_SENTENCE_END = re.compile(r"[.!?\u2026][\"'\u201d\u2019)\]]*$")


class PageEnds:
    """The blocks of a paper's pages (every kind: text, captions, notes), to tell a page that
    ends early from a full one."""

    def __init__(self, blocks: Iterable[RawBlock]) -> None:
        self._by_page: dict[int, list[tuple[Line, str]]] = {}
        for block in blocks:
            for line in block.lines:
                self._by_page.setdefault(line.page, []).append((line, block.kind))
        lowest = sorted(max(line.baseline for line, _ in page) for page in self._by_page.values())
        # The usual foot: most pages' text reaches it (a paper's last page, a chapter's end
        # and a page of floats stop short of it).
        self._foot = lowest[3 * len(lowest) // 4] if lowest else 0.0

    def ends_early(self, last: Line) -> bool:
        """Whether ``last``, the last line of a paragraph before a page end, ends a sentence
        on a page whose column (what lies below it too: a note, a float) stops well above the
        usual foot."""
        if not _SENTENCE_END.search(last.text.strip()):
            return False
        column = [
            (line.baseline, kind)
            for line, kind in self._by_page.get(last.page, [])
            if line.x1 > last.left and line.x0 < last.right
        ]
        bottom, kind = max(column, default=(last.baseline, "text"))
        # A caption lowest in its column may head a table set under it, which was left out
        # (``pdf_tables``): the page may be full.
        return kind != "caption" and self._foot - bottom > _EARLY_EMS * last.size

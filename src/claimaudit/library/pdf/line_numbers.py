"""Line-number gutters: a column of number-only segments aligned on one edge beside the text,
rising down the page, as the ``lineno`` package prints them. Removed before layout, so that
a number neither joins its line's words nor makes each line a two-cell table row.

``lineno`` numbers every line (1, 2, 3; a display skips one or two), every n-th line only
(``modulolinenumbers``: 5, 10, 15) or counts by n. A gutter is found on a page that holds
five of its numbers, or across the document where each page holds fewer (numbers on every
tenth line of a short page), at the same place on every page, where each page's numbers
rise too: a stray number at that place (a date's "09" in a footnote) is text.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable

from claimaudit.library.pdf.read import PageText
from claimaudit.library.pdf.segments import Segment

_NUMBER = re.compile(r"^\d{1,5}$")
_MIN_NUMBERS = 5
# A gutter's steps are steady: this share of them is its step or a small multiple of it.
_STEADY = 0.75
# Across pages, most of a gutter's numbers lie on pages that hold two or more of them: a
# page number, one a page at the same place, is no gutter (it goes with the running lines).
_SHARED_PAGES = 0.75

_Range = tuple[float, float]
_EDGES: tuple[Callable[[Segment], float], ...] = (lambda s: s.x0, lambda s: s.x1)


def drop_line_numbers(pages: list[PageText]) -> int:
    """Remove line-number gutters from ``pages``; returns how many segments were removed."""
    numbers = {page.number: _numbers(page) for page in pages}
    across = _document_gutters(pages, numbers)
    removed = 0
    for page in pages:
        gutters = _page_gutters(numbers[page.number]) + across.get(page.number, [])
        doomed = {
            id(s)
            for s in numbers[page.number]
            if any(left <= s.x0 and s.x1 <= right for left, right in gutters)
        }
        page.segments = [s for s in page.segments if id(s) not in doomed]
        removed += len(doomed)
    return removed


def _numbers(page: PageText) -> list[Segment]:
    return [s for s in page.segments if _NUMBER.match(s.text.replace(" ", ""))]


def _page_gutters(numbers: list[Segment]) -> list[_Range]:
    gutters: list[_Range] = []
    for edge in _EDGES:
        for group in _aligned(numbers, edge).values():
            if len(group) >= _MIN_NUMBERS and counts_up([_values(group)]):
                gutters.append(_span(group))
    return gutters


def _document_gutters(
    pages: list[PageText], numbers: dict[int, list[Segment]]
) -> dict[int, list[_Range]]:
    """Gutters of too few numbers a page, by page: the numbers at one place on every page
    rise together, and a page's own rise (or its one number carries on the last page's)."""
    gutters: dict[int, list[_Range]] = {}
    for edge in _EDGES:
        groups: dict[int, list[tuple[int, list[Segment]]]] = {}
        for page in pages:
            for key, group in _aligned(numbers[page.number], edge).items():
                groups.setdefault(key, []).append((page.number, group))
        for per_page in groups.values():
            total = sum(len(group) for _, group in per_page)
            shared = sum(len(group) for _, group in per_page if len(group) >= 2)
            # Steps within each page: numbering may start again on each page.
            runs = [_values(group) for _, group in per_page]
            if total < _MIN_NUMBERS or shared < _SHARED_PAGES * total or not counts_up(runs):
                continue
            last = 0
            for (number, group), values in zip(per_page, runs, strict=True):
                rises = counts_up([values]) if len(values) >= 2 else values[0] > last
                if rises:
                    gutters.setdefault(number, []).append(_span(group))
                    last = values[-1]
    return gutters


def _aligned(numbers: list[Segment], edge: Callable[[Segment], float]) -> dict[int, list[Segment]]:
    groups: dict[int, list[Segment]] = {}
    for segment in numbers:
        groups.setdefault(round(edge(segment) / 2), []).append(segment)
    return groups


def _values(group: list[Segment]) -> list[int]:
    return [int(s.text.replace(" ", "")) for s in sorted(group, key=lambda s: s.baseline)]


def _span(group: list[Segment]) -> _Range:
    return min(s.x0 for s in group) - 1, max(s.x1 for s in group) + 1


def counts_up(runs: list[list[int]]) -> bool:
    """The numbers of each run rise by a steady step: 1, with a line skipped here and there
    (2 or 3), or n and a multiple of it up to 3n (numbers every n-th line, or counting by n)."""
    steps = [b - a for values in runs for a, b in itertools.pairwise(values)]
    rising = Counter(step for step in steps if step > 0)
    if not rising:
        return False
    unit = rising.most_common(1)[0][0]
    steady = sum(1 <= step <= 3 or (step % unit == 0 and 0 < step <= 3 * unit) for step in steps)
    return steady >= _STEADY * len(steps)

"""Ranges of citation commands, "\\cite{a}--\\cite{c}", which a numeric style prints "[1]-[3]":
every work from the first to the last, as the bibliography numbers them.

That order is known where the draft lists its works itself, in a ``thebibliography``: the keys
between the two ends there are cited too, in its order. Where a ``.bib`` file gives them, the
bibliography style numbers them (in order of citation, by author, ...), which the reader does
not run: the range cites its two ends alone, and a warning says so. So does one whose ends the
list does not hold, or holds in the reverse order ("\\cite{c}--\\cite{a}").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from claimaudit.review.latex.cites import CitationCommand

# The dash between the two commands as the reader leaves it ("--" prints an en dash), unspaced:
# a spaced one, or an em dash, opens a clause ("X holds \\cite{a} --- \\cite{b} showed Y.").
_DASH = re.compile(r"[-\u2010-\u2013\u2212]{1,2}")


def between(
    text: str, commands: Sequence[tuple[int, CitationCommand]], order: Sequence[str]
) -> tuple[dict[int, tuple[str, ...]], list[CitationCommand]]:
    """For each range of two citation ``commands`` (position in ``text``, command) joined by a
    dash: the keys between its ends that ``order`` (the ``thebibliography``'s keys) lists, by
    the index in ``commands`` of the range's last command; and the ranges' last commands whose
    works between cannot be known (``said``)."""
    index = {key: place for place, key in enumerate(order)}
    found: dict[int, tuple[str, ...]] = {}
    unknown: list[CitationCommand] = []
    for at in range(1, len(commands)):
        (start, first), (end, last) = commands[at - 1], commands[at]
        if not (first.is_claim_citation and last.is_claim_citation):
            continue
        if not first.keys or not last.keys or not _DASH.fullmatch(text, start, end):
            continue
        low, high = index.get(first.keys[-1]), index.get(last.keys[0])
        if low is None or high is None or high < low:
            unknown.append(last)
            continue
        found[at] = tuple(order[low + 1 : high])
    return found, unknown


def said(command: CitationCommand, order: Sequence[str]) -> str:
    """The warning for a range whose works between its ends are not known (``order``: the
    ``thebibliography``'s keys, none when the draft has none)."""
    why = (
        "the thebibliography does not list its ends in this order (write it from its first "
        "work to its last, or cite each)"
        if order
        else "the works between them are numbered by the bibliography style, not known here "
        "(list them in the draft's thebibliography, or cite each)"
    )
    shown = f"\\{command.command}{{{','.join(command.keys)}}}"
    where = f"{command.file}:{command.line}"
    return f"{where}: the range of citations ending in {shown} cites its two ends alone: {why}"

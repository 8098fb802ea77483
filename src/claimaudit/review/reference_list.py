"""A draft's own list of references: the numbered entries of its References section, and
Manubot's citation tags (``[@tag:name]: doi:10...``)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from claimaudit.review.document import Block
from claimaudit.review.entry import Entry
from claimaudit.review.entry_ids import paper_refs

_TAG_DEFINITION = re.compile(r"^\[@tag:(?P<tag>[^\]\s]+)\]:[ \t]*(?P<target>\S+)[ \t]*$", re.M)
# At most six digits, as a citation's number (``numbered.MAX_NUMBER_DIGITS``): a label of
# thousands was a traceback (int() refuses more than 4300 digits), and no entry's number.
_ENTRY_NUMBER = re.compile(r"^\s*(?:\[(\d{1,6})\]|(\d{1,6})[.)])\s")


def _labelled_lines(block: Block) -> list[tuple[int | None, str]]:
    """A References block as (entry number, text) parts: each line starting with a label of
    its first line's kind ("[n]", or "n." / "n)" numbering on from the entry before) begins an
    entry of its own, as an entry list written one per line with no blank line between reads
    as one paragraph; other lines continue the entry before. A block whose first line has no
    label (an ordered list item: ``block.number``) is one entry."""
    lines = block.text.split("\n")
    first = _ENTRY_NUMBER.match(lines[0])
    if first is None:
        return [(block.number, block.text)]
    bracketed = first.group(1) is not None
    parts: list[tuple[int | None, str]] = []
    for line in lines:
        match = _ENTRY_NUMBER.match(line)
        number = int(match.group(1) or match.group(2)) if match else None
        # A wrapped line may start "2017. doi:...": numbered, it is taken as the next entry
        # only when it is the next number; a bracketed label is no such accident.
        same_kind = match is not None and (match.group(1) is not None) == bracketed
        previous = parts[-1][0] if parts else None
        if same_kind and (bracketed or not parts or number == (previous or 0) + 1):
            parts.append((number, line))
        elif parts:
            parts[-1] = (parts[-1][0], f"{parts[-1][1]}\n{line}")
    return parts


def reference_entries(blocks: Sequence[Block]) -> dict[int, Entry]:
    """Numbered entries of a References section: "1. ...", "[1] ..." or an ordered list item,
    one per paragraph or one per line (``_labelled_lines``)."""
    numbered: dict[int, Entry] = {}
    for block in blocks:
        for number, text in _labelled_lines(block):
            if number is None:
                continue
            refs = paper_refs([("text", text)])
            if number in numbered:  # a second paragraph of the same entry
                refs = tuple(dict.fromkeys((*numbered[number].refs, *refs)))
                text = f"{numbered[number].text} {text}"
            numbered[number] = Entry(f"[{number}]", refs, text=" ".join(text.split()))
    return numbered


def citation_tags(report: str) -> dict[str, str]:
    """Manubot citation tags: ``[@tag:name]: doi:10...`` lines."""
    return {m.group("tag"): m.group("target") for m in _TAG_DEFINITION.finditer(report)}

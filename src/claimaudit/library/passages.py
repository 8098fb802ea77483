"""Size extracted text into passages: whole paragraphs where possible, never huge or tiny."""

from __future__ import annotations

from collections.abc import Iterable

from claimaudit.library.models import TextBlock
from claimaudit.passage import Passage, passage_id
from claimaudit.text import normalise, split_long

TARGET_CHARS = 1200
# A fragment shorter than this (a stray line, a lone formula) reads better joined to a neighbour.
MIN_CHARS = 200


def make_passages(blocks: Iterable[TextBlock], target: int = TARGET_CHARS) -> list[Passage]:
    """Number sized passages ``P001``, ``P002``... in document order, keeping each block's
    section. Tiny fragments merge with a neighbour in the same section; long paragraphs split
    at sentence boundaries."""
    sized: list[TextBlock] = []
    for block in blocks:
        for piece in split_long(normalise(block.text), target):
            last = sized[-1] if sized else None
            if (
                last is not None
                and last.section == block.section
                and (len(last.text) < MIN_CHARS or len(piece) < MIN_CHARS)
                and len(last.text) + 1 + len(piece) <= target
            ):
                sized[-1] = TextBlock(f"{last.text} {piece}", last.section)
            else:
                sized.append(TextBlock(piece, block.section))
    return [
        Passage(passage_id=passage_id(i), text=b.text, section=b.section)
        for i, b in enumerate(sized)
    ]


def one_per_item(texts: Iterable[str], section: str | None = None) -> list[Passage]:
    """One passage per given text, unsized: for corpora whose sentence numbering must hold
    (SciFact evidence indices refer to sentence ``i`` as passage ``P{i+1}``)."""
    return [
        Passage(passage_id=passage_id(i), text=normalise(t), section=section)
        for i, t in enumerate(texts)
    ]

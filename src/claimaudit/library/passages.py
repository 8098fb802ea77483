"""Size extracted text into passages: whole paragraphs where possible, never huge or tiny."""

from __future__ import annotations

import re
from collections.abc import Iterable

from claimaudit.library.models import StoredPassage, TextBlock

TARGET_CHARS = 1200
# A fragment shorter than this (a stray line, a lone formula) reads better joined to a neighbour.
MIN_CHARS = 200

_SENTENCE_END = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][\"')\]]))\s+(?=[\"'(\[]?[A-Z0-9])")
_WHITESPACE = re.compile(r"\s+")


def passage_id(index: int) -> str:
    """``P001`` for the first passage; ids grow wider past 999 rather than wrap."""
    return f"P{index + 1:03d}"


def normalise(text: str) -> str:
    return _WHITESPACE.sub(" ", text).strip()


def make_passages(blocks: Iterable[TextBlock], target: int = TARGET_CHARS) -> list[StoredPassage]:
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
        StoredPassage(passage_id=passage_id(i), text=b.text, section=b.section)
        for i, b in enumerate(sized)
    ]


def one_per_item(texts: Iterable[str], section: str | None = None) -> list[StoredPassage]:
    """One passage per given text, unsized: for corpora whose sentence numbering must hold
    (SciFact evidence indices refer to sentence ``i`` as passage ``P{i+1}``)."""
    return [
        StoredPassage(passage_id=passage_id(i), text=normalise(t), section=section)
        for i, t in enumerate(texts)
    ]


def split_long(text: str, target: int = TARGET_CHARS) -> list[str]:
    """Split ``text`` into pieces of at most ``target`` chars, at sentence ends where possible."""
    if not text:
        return []
    if len(text) <= target:
        return [text]
    pieces: list[str] = []
    current = ""
    for sentence in _sentences(text, target):
        if current and len(current) + 1 + len(sentence) > target:
            pieces.append(current)
            current = sentence
        else:
            current = f"{current} {sentence}" if current else sentence
    if current:
        pieces.append(current)
    return pieces


def _sentences(text: str, target: int) -> Iterable[str]:
    for sentence in _SENTENCE_END.split(text):
        sentence = sentence.strip()
        # A "sentence" longer than a passage (a table, a run-on list) is cut at spaces.
        while len(sentence) > target:
            cut = sentence.rfind(" ", 0, target)
            cut = cut if cut > target // 2 else target
            yield sentence[:cut].strip()
            sentence = sentence[cut:].strip()
        if sentence:
            yield sentence

"""Plain-text helpers shared by ingestion and judges: whitespace and sentence-bounded pieces."""

from __future__ import annotations

import re
from collections.abc import Iterator

_SENTENCE_END = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][\"')\]]))\s+(?=[\"'(\[]?[A-Z0-9])")
_WHITESPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    return _WHITESPACE.sub(" ", text).strip()


def split_long(text: str, target: int) -> list[str]:
    """Split ``text`` into pieces of at most ``target`` chars, at sentence ends where possible."""
    if not text:
        return []
    if len(text) <= target:
        return [text]
    pieces: list[str] = []
    current = ""
    for sentence in sentences(text, target):
        if current and len(current) + 1 + len(sentence) > target:
            pieces.append(current)
            current = sentence
        else:
            current = f"{current} {sentence}" if current else sentence
    if current:
        pieces.append(current)
    return pieces


def sentences(text: str, max_chars: int) -> Iterator[str]:
    """Sentences of ``text``; one longer than ``max_chars`` (a table, a run-on list) is cut at
    spaces."""
    for sentence in _SENTENCE_END.split(text):
        sentence = sentence.strip()
        while len(sentence) > max_chars:
            cut = sentence.rfind(" ", 0, max_chars)
            cut = cut if cut > max_chars // 2 else max_chars
            yield sentence[:cut].strip()
            sentence = sentence[cut:].strip()
        if sentence:
            yield sentence

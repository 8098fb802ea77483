"""Plain-text helpers shared by ingestion, judges and reference checks: whitespace,
sentence-bounded pieces, and markup (LaTeX, HTML) reduced to its text."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

_SENTENCE_END = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][\"')\]]))\s+(?=[\"'(\[]?[A-Z0-9])")
_WHITESPACE = re.compile(r"\s+")
_TAG = re.compile(r"<[^<>]{0,200}>")
_LINK = re.compile(r"(?:https?://|www\.)\S+|\b[Aa]ccessed:?\s+[\d\-/.]+|\b[Aa]ccessed\b")
_WORD = re.compile(r"[^\W\d_]{2,}")


def normalise(text: str) -> str:
    return _WHITESPACE.sub(" ", text).strip()


def capped(text: str, limit: int) -> str:
    """``text``, or its first ``limit - 1`` characters and an ellipsis when it is longer."""
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def is_link_only(text: str) -> bool:
    """A note that is only web addresses (and when they were accessed): a footnote such as
    "https://www.ohloh.net/p/scikit-image, Accessed 2014-05-15" says where, not what."""
    return bool(_LINK.search(text)) and not _WORD.search(_LINK.sub(" ", text))


def split_long(text: str, target: int) -> list[str]:
    """Split ``text`` into pieces of at most ``target`` chars, at sentence ends where possible."""
    if not text:
        return []
    if len(text) <= target:
        return [text]
    return pack(sentences(text, target), target)


def pack(sentences: Iterable[str], target: int) -> list[str]:
    """Consecutive ``sentences`` joined by spaces into pieces of at most ``target`` characters;
    a longer sentence is a piece of its own."""
    pieces: list[str] = []
    current = ""
    for sentence in sentences:
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


# Text-mode symbols pylatexenc knows no text for, and dropped: "p \\textless 0.05" read
# "p 0.05". Its brackets come out as private-use marks, made brackets again after markup tags
# are removed: an escaped bracket is text, never half of a tag ("p < 0.05 and q > 1").
_LESS_MARK, _GREATER_MARK = "\ue0f0", "\ue0f1"
_SYMBOLS = {
    "textless": _LESS_MARK,
    "textgreater": _GREATER_MARK,
    "textbar": "|",
    "textunderscore": "_",
    "textbraceleft": "{",
    "textbraceright": "}",
    "textquotedbl": '"',
    "textminus": "\u2212",
}
_MARKS_BACK = str.maketrans({_LESS_MARK: "<", _GREATER_MARK: ">"})


@cache
def _latex_converter() -> Any:
    from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db

    context = get_default_latex_context_db()
    symbols = [MacroTextSpec(name, simplify_repl=text) for name, text in _SYMBOLS.items()]
    context.add_context_category("claimaudit-symbols", macros=symbols, prepend=True)
    return LatexNodes2Text(math_mode="text", latex_context=context)


def plain_text(markup: str) -> str:
    """LaTeX or HTML markup reduced to its text ("Sch{\\"o}nberger" reads "Schönberger"),
    whitespace normalised: titles and names from a bibliography or a catalogue."""
    text = markup
    if "\\" in text or "{" in text:
        try:
            text = str(_latex_converter().latex_to_text(text))
        except Exception:  # pylatexenc raises assorted errors on broken markup
            text = text.replace("{", "").replace("}", "")
    return normalise(html.unescape(_TAG.sub(" ", text)).translate(_MARKS_BACK))

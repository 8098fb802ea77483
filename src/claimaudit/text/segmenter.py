"""Sentence boundaries from Wikimedia's ``sentencex``, in time linear in the text's length.

A web address is shown to sentencex as a run of ``_`` of its length too: it split one at a "?"
or "!" inside it ("https://groups.google.com/forum/?&fromgroups"), and no address ends a
sentence but by the punctuation after it, which stays.

Each ``<`` and ``>`` is shown to it as ``_`` (and the ``!`` of ``<!--``): sentencex reads them
as brackets, and any opener of ``(<{[`` as closed by any later ``)>}]``, so "p < 0.05 ... x >
3" or "p < 0.05 ... (n = 3)" was one sentence however many full stops lay between. In papers
and drafts they are relations and arrows ("A -> B"), never brackets around a sentence. Quote
marks stay: they are quotations.

sentencex is quadratic on some paragraphs no paper or draft holds: a long run of quote marks
or backticks (80,000 backticks: about 2 s), or many terminators inside one long word, or many
openers that never close (``!-`` or ``“a `` repeated: each one scans the rest of its word or
paragraph). Python waits for it holding the GIL, so a 1 MiB request would stall every server
thread for minutes. Two bounds keep it linear without changing its answer on ordinary text:

- a run of ``_LONG_RUN`` or more identical quote marks is shown to it as a run of ``_`` of the
  same length (so every offset holds): no sentence's text holds such a run;
- a text longer than ``_WINDOW`` characters (ordinary paragraphs are far shorter: 6,000 at
  most in the papers measured) is segmented a window at a time. A window's last piece may be
  cut short by the window's end, so the next window starts where that piece does. A piece
  that started in the window's first half (a sentence longer than half a window) is instead
  carried on by the next window from its last blanks in this one, and ends where that
  window's first piece ends.
"""

from __future__ import annotations

import re

import sentencex

_LANGUAGE = "en"
_WINDOW = 8_000
_LONG_RUN = 50
# Quote marks and backticks sentencex pairs (ASCII, curly, guillemets, CJK corner brackets).
_QUOTE_RUN = re.compile(
    r"([`'\"\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u00ab\u00bb\u2039\u203a"
    r"\u300c\u300d\u300e\u300f\u300a\u300b])\1{" + str(_LONG_RUN - 1) + ",}"
)
_BLANK = re.compile(r"\s")
# Relations and arrows, which sentencex would pair as brackets (see the module doc); the "!"
# of an HTML comment's or declaration's "<!" ends no sentence either.
_NOT_BRACKETS = re.compile(r"<!?|>")
# A web address, less the punctuation after it ("see https://x.org/a."), which may end a
# sentence. A run of non-blanks is read once: it has no blank to backtrack over.
_URL = re.compile(
    r"(?<![\w/])(?:(?:https?|ftp)://|www\.)[^\s<>\"]*[^\s<>\".,;:!?)\]'\u2019\u201d]",
    re.IGNORECASE,
)


def _neutralised(text: str) -> str:
    """``text`` with each long run of one quote mark, each web address, each ``<`` and each
    ``>`` replaced by as many ``_``."""
    text = _QUOTE_RUN.sub(lambda run: "_" * len(run.group()), text)
    # Addresses first: one in "<...>" is found by the "<" before it, no word character.
    text = _URL.sub(lambda url: "_" * len(url.group()), text)
    return _NOT_BRACKETS.sub(lambda mark: "_" * len(mark.group()), text)


def _pieces(text: str) -> list[tuple[int, int]]:
    return [
        (int(boundary["start_index"]), int(boundary["end_index"]))
        for boundary in sentencex.get_sentence_boundaries(_LANGUAGE, text)
    ]


def _resume_at(shown: str, half: int, end: int) -> int:
    """Where the next window goes on with a long sentence: at the start of the last run of
    blanks in ``[half, end)`` (never before ``half``), else at ``end`` (one long word)."""
    cut = max((blank.start() for blank in _BLANK.finditer(shown, half, end)), default=None)
    if cut is None:
        return end
    while cut > half and shown[cut - 1].isspace():
        cut -= 1
    return cut


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """[start, end) of each of sentencex's pieces of ``text`` (sentences and the blank lines
    between paragraphs), in order and covering it; see the module doc for the bounds."""
    shown = _neutralised(text)
    if len(shown) <= _WINDOW:
        return _pieces(shown)
    found: list[tuple[int, int]] = []
    start = 0
    # Where a sentence longer than half a window began: the next window goes on with it.
    pending: int | None = None
    while True:
        end = min(start + _WINDOW, len(shown))
        pieces = [(start + a, start + b) for a, b in _pieces(shown[start:end]) if b > a]
        pieces = pieces or [(start, end)]
        if pending is not None:
            pieces[0] = (pending, pieces[0][1])
            pending = None
        if end == len(shown):
            return found + pieces
        found += pieces[:-1]
        last_start = pieces[-1][0]
        if last_start >= start + _WINDOW // 2:
            start = last_start
        else:
            pending = last_start
            start = _resume_at(shown, start + _WINDOW // 2, end)

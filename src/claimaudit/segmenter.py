"""Sentence boundaries from Wikimedia's ``sentencex``, in time linear in the text's length.

sentencex is quadratic on some paragraphs no paper or draft holds: a long run of quote marks
or backticks (80,000 backticks: about 2 s), or many terminators inside one long word, or many
openers that never close (``!-`` or ``“a `` repeated: each one scans the rest of the
paragraph). Python waits for it holding the GIL, so a 1 MiB request would stall every server
thread for minutes. Two bounds keep it linear without changing its answer on ordinary text:

- a run of ``_LONG_RUN`` or more identical quote marks is shown to it as a run of ``_`` of the
  same length (so every offset holds): no sentence's text holds such a run;
- a text longer than ``_WINDOW`` characters (ordinary paragraphs are far shorter: 6,000 at
  most in the papers measured) is segmented a window at a time. A window's last piece may be
  cut short by the window's end, so the next window starts where that piece does; a piece
  longer than half a window (no sentence is) is cut at its last blank in the window.
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


def _neutralised(text: str) -> str:
    """``text`` with each long run of one quote mark replaced by as many ``_``."""
    return _QUOTE_RUN.sub(lambda run: "_" * len(run.group()), text)


def _pieces(text: str) -> list[tuple[int, int]]:
    return [
        (int(boundary["start_index"]), int(boundary["end_index"]))
        for boundary in sentencex.get_sentence_boundaries(_LANGUAGE, text)
    ]


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """[start, end) of each of sentencex's pieces of ``text`` (sentences and the blank lines
    between paragraphs), in order and covering it; see the module doc for the bounds."""
    shown = _neutralised(text)
    if len(shown) <= _WINDOW:
        return _pieces(shown)
    found: list[tuple[int, int]] = []
    start = 0
    while start < len(shown):
        end = min(start + _WINDOW, len(shown))
        pieces = [(start + a, start + b) for a, b in _pieces(shown[start:end]) if b > a]
        if end == len(shown):
            return found + pieces
        last_start = pieces[-1][0] if pieces else start
        found += pieces[:-1]
        if last_start - start >= _WINDOW // 2:
            start = last_start
            continue
        # One piece over half a window long: cut it at its last blank in the window.
        half = start + _WINDOW // 2
        blank = max((m.start() for m in _BLANK.finditer(shown, half, end)), default=end - 1)
        found.append((last_start, blank + 1))
        start = blank + 1
    return found

"""Where a Markdown draft's footnote markers stand, for the review's notes.

mdit_py_plugins' footnote rules (``[^label]`` markers and Pandoc's inline notes ``^[...]``)
record no position; ``track_note_markers`` wraps them so each ``footnote_ref`` token keeps its
``[start, end)`` in the inline text it was parsed from (``meta[MARKER_SPAN]``). An inline note's
own text is parsed apart (its tokens live in the parse's env), so its markers and comments are
placed relative to the note's text.

A marker is no word of the sentence it stands in: ``blank_markers`` hides them (length kept, so
positions hold) where citations are looked for and sentences split, so "[@key][^1]" cites @key
and "works.[^1] [@key] Next" ends after the citation.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from mdit_py_plugins.footnote.index import footnote_inline, footnote_ref

MARKER_SPAN = "claimaudit_marker_span"  # a footnote_ref token's [start, end) in its inline text
# What ends a marker's label: its "]", or a blank (then no marker starts there).
_LABEL_END = re.compile(r"[\]\s]")

# What follows a word with no blank between ("depth." "depth)"), where a note was cut out.
AFTER_WORD = frozenset(".,;:!?)]}\u2019\u201d")

_InlineRule = Callable[[StateInline, bool], bool]


def _spanned(rule: _InlineRule) -> _InlineRule:
    def tracked(state: StateInline, silent: bool) -> bool:
        start, count = state.pos, len(state.tokens)
        if not rule(state, silent):
            return False
        if not silent and len(state.tokens) > count:
            state.tokens[-1].meta[MARKER_SPAN] = (start, state.pos)
        return True

    return tracked


def track_note_markers(md: MarkdownIt) -> None:
    """Make the footnote plugin's marker tokens (already registered on ``md``) keep their span."""
    md.inline.ruler.at("footnote_inline", _spanned(footnote_inline))
    md.inline.ruler.at("footnote_ref", _spanned(partial(footnote_ref, always_match=False)))


def note_markers(children: list[Token]) -> list[tuple[int, int, int, bool]]:
    """``(start, end, note id, inline)`` of each footnote marker among an inline's tokens;
    ``inline`` for a Pandoc inline note ``^[...]``, whose text is ``[start + 2, end - 1)``."""
    found: list[tuple[int, int, int, bool]] = []
    for child in children:
        span = child.meta.get(MARKER_SPAN) if child.type == "footnote_ref" else None
        if span is not None:
            found.append((span[0], span[1], int(child.meta["id"]), "label" not in child.meta))
    return found


def inline_note_tokens(env: Any, note: int) -> list[Token]:
    """The tokens of the inline note ``note`` (parsed from its own text)."""
    found = env.get("footnotes", {}).get("list", {}).get(note, {})
    return list(found.get("tokens") or [])


def marker_spans(text: str) -> list[tuple[int, int]]:
    """The ``[start, end)`` of each "[^label]" marker as written (a label: no blank, no "]").

    Scanned by hand, in linear time: the pattern ``\\[\\^[^\\]\\s]+\\]`` reads every "[^" of a long
    run of them to the run's end ("[^" * 20,000 took 10 s). Here the end of the label that a
    "[^" starts is looked for once and kept for every "[^" before it.
    """
    spans: list[tuple[int, int]] = []
    label_end = -1  # the first "]" or blank at or after the last place looked from
    position = 0
    while (start := text.find("[^", position)) >= 0:
        if label_end < start + 2:
            found = _LABEL_END.search(text, start + 2)
            if found is None:
                break
            label_end = found.start()
        if text[label_end] == "]" and label_end > start + 2:
            spans.append((start, label_end + 1))
            position = label_end + 1
        else:
            position = start + 1
    return spans


def blank_markers(text: str) -> str:
    """``text`` with each "[^label]" marker turned to spaces, its length kept."""
    return _replace_markers(text, blank=True)


def drop_markers(text: str) -> str:
    """``text`` without its "[^label]" markers, nor the blanks before one where a stop, a blank
    or the end follows it ("in depth [^1]." reads "in depth.")."""
    return _replace_markers(text, blank=False)


def _replace_markers(text: str, *, blank: bool) -> str:
    pieces: list[str] = []
    position = 0
    for start, end in marker_spans(text):
        before = text[position:start]
        after = text[end : end + 1]
        if not blank and (not after or after.isspace() or after in AFTER_WORD):
            before = before.rstrip()
            while not before and pieces:  # markers side by side: the blanks before the first
                before = pieces.pop().rstrip()
        pieces += [before, " " * (end - start) if blank else ""]
        position = end
    pieces.append(text[position:])
    return "".join(pieces)

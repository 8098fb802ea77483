"""Markdown footnotes put where they are cited, as the LaTeX reader puts a ``\\footnote``: each
note's passages follow the paragraph that cites it, in that paragraph's section.

Pandoc writes every definition ("[^1]: ...") at the end of the file, after the references or
an appendix; read in place, a note was left out with the references or filed under the last
section. Pandoc's inline notes ("text^[The note.] more") are notes too, taken out of their
paragraph before its lines are read. A note cited nowhere stays where it is defined (and is
left out there in the references, as their text is).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from claimaudit.library.models import TextBlock

# A mark citing a note ("[^1]"); its label holds no blank or bracket (markdown-it's rule), so a
# run of "[^" with no "]" is read once, not once from each "[^".
FOOTNOTE_REF = re.compile(r"\[\^([^\s\[\]]+)\]")
# A definition's label, at the start of its first line.
NOTE_LABEL = re.compile(r"^\[\^([^\s\[\]]+)\]:")
# An inline note's own label: no file's label holds a NUL (the reader refuses binary files).
_INLINE_LABEL = "\x00"
# Tokens for matching an inline note's brackets in one pass: an escaped character, a note's
# opening, a bracket, a backtick (brackets in code are code), a blank line (no note crosses a
# paragraph) and a line end (a code span ends with its line, as ``markdown_inline`` reads it).
_TOKEN = re.compile(r"\\.|\^\[|[\[\]`]|(?P<blank>\n[ \t]*(?=\n))|\n")


@dataclass(frozen=True)
class Entry:
    """A block as read, with the notes it cites or the note it belongs to."""

    block: TextBlock
    note: str | None = None  # the label of the note this block is (part of)
    cites: tuple[str, ...] = ()
    dropped: bool = False  # read in the references: left out unless a note cited elsewhere


def take_inline_notes(text: str) -> tuple[str, dict[str, str]]:
    """``text`` with each inline note replaced by a mark citing it, and the notes' text by
    label."""
    notes: dict[str, str] = {}
    parts: list[str] = []
    position = 0
    for start, end in _inline_notes(text):
        if start < position:
            continue  # a note inside a note is part of its text
        label = f"{_INLINE_LABEL}{len(notes) + 1}"
        notes[label] = " ".join(text[start + 2 : end].split())
        parts += [text[position:start], f"[^{label}]"]
        position = end + 1
    parts.append(text[position:])
    return "".join(parts), notes


def _inline_notes(text: str) -> list[tuple[int, int]]:
    """Where each inline note opens ("^[") and closes ("]"), in order of opening."""
    found: list[tuple[int, int]] = []
    open_at: list[tuple[int, bool]] = []  # each open bracket: where, and whether a note's
    in_code = False
    for token in _TOKEN.finditer(text):
        mark = token.group(0)
        if mark.startswith("\n"):
            in_code = False
            if token.group("blank") is not None:
                open_at.clear()
        elif mark == "`":
            in_code = not in_code
        elif in_code or mark.startswith("\\"):
            continue
        elif mark == "]":
            if open_at:
                start, note = open_at.pop()
                if note:
                    found.append((start, token.start()))
        else:
            open_at.append((token.start(), mark == "^["))
    return sorted(found)


def place_notes(entries: Iterable[Entry]) -> list[TextBlock]:
    """The blocks in reading order, each note's after the first block that cites it."""
    entries = list(entries)
    notes: dict[str, list[TextBlock]] = {}
    for entry in entries:
        if entry.note is not None:
            notes.setdefault(entry.note, []).append(entry.block)
    cited = {
        label
        for entry in entries
        if entry.note is None and not entry.dropped
        for label in entry.cites
        if label in notes
    }
    out: list[TextBlock] = []
    placed: set[str] = set()
    for entry in entries:
        if entry.note in cited or entry.dropped:
            continue  # placed after its citation, or in the references
        out.append(entry.block)
        if entry.note is not None:
            continue
        for label in entry.cites:
            if label in cited and label not in placed:
                placed.add(label)
                out.extend(replace(note, section=entry.block.section) for note in notes[label])
    return out

"""Plain text of a LaTeX draft's paragraphs with every character traced to its file offset.

The text is assembled piece by piece as the draft's nodes are converted (each piece knows the
source span it came from: exact for plain characters, spread evenly over a macro's span for
what a macro prints). ``finish`` then normalises spaces as a reader sees them (runs of
whitespace to one space, a tie (``~``, ``\\ ``) kept as a no-break space, none before closing
punctuation, where a dropped citation mark left one, but one the author typed before ``:``,
``;``, ``!`` or ``?``) and keeps the offsets and citation
positions in step.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from claimaudit.library.latex.context import BLANK_KEPT
from claimaudit.library.latex.quotes import closed_single_quotes
from claimaudit.review.latex.cites import CitationCommand
from claimaudit.text.removed_marks import (
    CLOSING_QUOTES,
    GUILLEMETS,
    OTHER_SCRIPTS_PUNCTUATION,
)

# A blank before these is the gap a dropped citation (or a tie to one) left, closed; unless
# the author typed it before high punctuation (French "résultat : 5", "vrai~;"), which the
# walker marks with ``BLANK_KEPT`` (as the paper reader does).
# Other scripts' punctuation too: "情绪 \\cite{a}。" read "情绪 。".
_CLOSING = frozenset(",.;:)!?" + OTHER_SCRIPTS_PUNCTUATION)
_HIGH_PUNCTUATION = frozenset(";:!?")
# A closing quote closes it too ("``Y holds \\cite{a}''" read "“Y holds ”"; German closes
# with "“"), but only where no word follows it: a quote opening a quotation is followed by
# its first word, as Swedish "”Y”" opens with the same "”" that closes it.
_CLOSING_QUOTES = frozenset(CLOSING_QUOTES)
# What "~" and "\\ " print: a space that never ends a sentence ("Sect.~2", "et al.\\ showed"),
# kept as the one character it is by ``finish`` (``sentences.split_block`` reads it).
NO_BREAK = "\u00a0"


@dataclass(frozen=True)
class LatexBlock:
    """A paragraph (or a footnote's text) of the draft: ``offsets[i]`` is the offset in
    ``file`` of ``text[i]``; ``citations`` are (position in ``text``, command) pairs."""

    file: str
    text: str
    offsets: tuple[int, ...]
    section: str | None
    kind: str  # "paragraph" or "footnote"
    citations: tuple[tuple[int, CitationCommand], ...] = ()
    note: int | None = None  # a footnote's number
    marks: tuple[tuple[int, int], ...] = ()  # (position in ``text``, number) of its footnotes
    boxed: bool = False  # set in a minipage, where no margin note can go
    # A note whose mark stands in what is no claim (a table, a heading): its citation-only
    # sentences give their citations to no sentence, as that text's own citations go to none.
    aside: bool = False
    # Where a citation printed nothing (no textual citation's names): the hole a pointer
    # opening the sentence may have had for its object ("In \\cite{a} the authors ...").
    holes: tuple[int, ...] = ()


@dataclass
class BlockBuilder:
    file: str
    section: str | None
    kind: str = "paragraph"
    chars: list[str] = field(default_factory=list)
    offsets: list[int] = field(default_factory=list)
    citations: list[tuple[int, CitationCommand]] = field(default_factory=list)
    note: int | None = None
    marks: list[tuple[int, int]] = field(default_factory=list)
    boxed: bool = False
    aside: bool = False
    holes: list[int] = field(default_factory=list)

    def add(self, text: str, start: int, end: int, *, exact: bool = False) -> None:
        """``text`` printed by the source span [start, end): character by character when
        ``exact`` (the text is the source), else spread evenly over the span."""
        if not text:
            return
        span = max(end - start, 1)
        typed = 0  # the source's characters so far (a ``BLANK_KEPT`` is none of them)
        for index, char in enumerate(text):
            self.chars.append(char)
            self.offsets.append(start + typed if exact else start + index * span // len(text))
            typed += char != BLANK_KEPT

    def cite(self, command: CitationCommand, *, printed: bool = False) -> None:
        """``command`` stands here, after what it ``printed`` (a textual citation's names)."""
        self.citations.append((len(self.chars), command))
        if not printed:
            self.holes.append(len(self.chars))

    def mark(self, note: int) -> None:
        """Footnote ``note``'s mark stands here."""
        self.marks.append((len(self.chars), note))

    @property
    def empty(self) -> bool:
        return not "".join(self.chars).strip() and not self.citations

    def finish(self) -> LatexBlock | None:
        kept_chars: list[str] = []
        kept_offsets: list[int] = []
        position_map: list[int] = []  # old index -> new index
        kept_blank = False  # the blank last kept was typed before high punctuation
        # Where a citation printed nothing right before: a guillemet there closes its gap
        # (``GUILLEMETS``: French's blank inside them is the author's).
        cited = {index for index, _ in self.citations}
        for index, (char, offset) in enumerate(zip(self.chars, self.offsets, strict=True)):
            position_map.append(len(kept_chars))
            if char == BLANK_KEPT:
                kept_blank = bool(kept_chars) and kept_chars[-1] in (" ", NO_BREAK)
                continue
            if char == NO_BREAK:
                if kept_chars and kept_chars[-1] == " ":  # "Sect. ~2": the tie wins
                    kept_chars.pop()
                    kept_offsets.pop()
                    position_map[-1] = len(kept_chars)
                if kept_chars and kept_chars[-1] != NO_BREAK:
                    kept_chars.append(NO_BREAK)
                    kept_offsets.append(offset)
                continue
            if char.isspace():
                if kept_chars and kept_chars[-1] == NO_BREAK:
                    # A tie before a space ("images.~\\cite{x} Next"): it tied the citation,
                    # which prints nothing here, not the words.
                    kept_chars[-1] = " "
                elif kept_chars and kept_chars[-1] != " ":
                    kept_chars.append(" ")
                    kept_offsets.append(offset)
                continue
            closes = char in _CLOSING and not (kept_blank and char in _HIGH_PUNCTUATION)
            if char in _CLOSING_QUOTES or (char in GUILLEMETS and index in cited):
                closes = not self.chars[index + 1 : index + 2] or not _is_word(
                    self.chars[index + 1]
                )
            if closes and kept_chars and kept_chars[-1] in (" ", NO_BREAK):
                kept_chars.pop()
                kept_offsets.pop()
                position_map[-1] = len(kept_chars)
            kept_chars.append(char)
            kept_offsets.append(offset)
            kept_blank = False
        position_map.append(len(kept_chars))
        while kept_chars and kept_chars[-1] in (" ", NO_BREAK):
            kept_chars.pop()
            kept_offsets.pop()
        # "`Y holds \\cite{a}'" closes with "\u2019", as the library's reader prints it: the
        # same length, so the offsets still hold.
        text = closed_single_quotes("".join(kept_chars))
        if not text.strip():
            return None
        citations = tuple(
            (min(position_map[index], len(text)), command) for index, command in self.citations
        )
        marks = tuple((min(position_map[index], len(text)), n) for index, n in self.marks)
        holes = tuple(min(position_map[index], len(text)) for index in self.holes)
        return LatexBlock(
            self.file,
            text,
            tuple(kept_offsets),
            self.section,
            self.kind,
            citations,
            self.note,
            marks,
            self.boxed,
            self.aside,
            holes,
        )


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"


_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")


def paragraph_breaks(text: str) -> list[tuple[int, int]]:
    """[start, end) of each blank-line run in ``text``."""
    return [(m.start(), m.end()) for m in _PARAGRAPH_BREAK.finditer(text)]

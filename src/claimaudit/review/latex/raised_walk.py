"""A LaTeX draft's raised marks as the reader (``claimaudit.review.latex.walk``) reads them:
a number typed raised ("works¹", ``\\textsuperscript{1}``, ``$^{1}$``) cites the
thebibliography's item of that number where it stands as a mark (``latex_raised``), a power
stays a power, and a byline's marks (an affiliation's) cite nothing."""

from __future__ import annotations

from collections.abc import Mapping

from pylatexenc.latexwalker import LatexMacroNode, LatexMathNode

from claimaudit.library.latex.context import with_kept_blanks
from claimaudit.review.latex.cites import CitationCommand, CiteKind
from claimaudit.review.latex.files import DraftFiles
from claimaudit.review.latex.notes import NoteWalker
from claimaudit.review.latex.raised import (
    RAISED_COMMAND,
    byline_marks,
    raised_body,
    raised_keys,
    typed_marks,
)


class RaisedWalker(NoteWalker):
    """The raised marks' side of the draft reader: which of them cite, and their citations."""

    def __init__(self, draft_files: DraftFiles, numbered: Mapping[int, str] | None) -> None:
        super().__init__(draft_files)
        # The thebibliography's numbers -> keys, which a raised mark may cite (``latex_raised``).
        self.numbered = numbered or {}

    def emit_exact(self, text: str, start: int) -> None:
        """``text``, typed at ``start``, into the paragraph being read (the reader's)."""
        raise NotImplementedError

    def emit_typed(self, text: str, start: int, context: str) -> None:
        """``text``, typed at ``start``, its Unicode raised marks ("works¹") placed as
        citations of the thebibliography's items (``typed_marks``). A blank typed before high
        punctuation is the author's (``BLANK_KEPT``), never closed up as a dropped citation's
        gap is."""
        marks: list[tuple[int, int, tuple[str, ...]]] = []
        if self.numbered and context in ("prose", "footnote"):
            before = "".join(self.builder.chars[-128:]) if self.builder is not None else ""
            marks = typed_marks(text, before, self.numbered)
        position = 0
        for mark_start, mark_end, keys in marks:
            self.emit_exact(with_kept_blanks(text[position:mark_start]), start + position)
            self.cite_raised(keys, start + mark_start, start + mark_end, context)
            position = mark_end
        self.emit_exact(with_kept_blanks(text[position:]), start + position)

    def raised(self, node: LatexMacroNode | LatexMathNode, context: str) -> bool:
        """Place ``\\textsuperscript{1}`` (or ``$^{1}$``) as a citation of the
        thebibliography's item 1 where it stands as a mark (``latex_raised``); False for any
        other superscript (a power)."""
        body = raised_body(node)
        if not self.numbered or context not in ("prose", "footnote") or body is None:
            return False
        # What a mark is set against is the few characters before it (a bounded window).
        before = "".join(self.builder.chars[-128:]) if self.builder is not None else ""
        keys = raised_keys(body, before, self.numbered)
        if keys is None:
            return False
        self.cite_raised(keys, *self.span(node), context)
        return True

    def cite_raised(self, keys: tuple[str, ...], start: int, end: int, context: str) -> None:
        """A raised mark citing ``keys``, typed at [start, end) of the file read."""
        command = CitationCommand(
            RAISED_COMMAND,
            CiteKind.PARENTHETICAL,
            keys,
            self.file,
            start,
            end,
            self.line(start),
            context,
        )
        self.commands.append(command)
        if self.builder is None:
            self.builder = self.new_block()
        self.builder.cite(command)

    def unraise(self) -> None:
        """The paragraph being read no longer cites by its byline's raised marks
        (``byline_marks``): a mark printing nothing, as a footnote's does."""
        if self.builder is None:
            return
        for at, command in byline_marks(self.builder):
            self.builder.citations.remove((at, command))
            self.builder.holes.remove(at)
            self.commands.remove(command)

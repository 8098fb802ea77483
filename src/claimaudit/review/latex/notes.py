"""A LaTeX draft's footnotes as the reader (``claimaudit.review.latex.walk``) reads them: each
``\\footnote`` a block of its own with its mark placed in its paragraph, a ``\\footnotetext``
the note of the ``\\footnotemark`` LaTeX's counter pairs it with, and the notes of marks in
what is no claim (a table, a heading) read as a Markdown draft's are."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pylatexenc.latexwalker import LatexMacroNode, LatexNode

from claimaudit.review.latex.arguments import delimited_arguments, explicit_number
from claimaudit.review.latex.collect import DraftCollector, node_args
from claimaudit.review.latex.counters import footnote_counter
from claimaudit.review.latex.files import DraftFiles
from claimaudit.review.latex.kinds import NOTES_READ_IN
from claimaudit.review.latex.text import BlockBuilder, LatexBlock


class NoteWalker(DraftCollector):
    """The footnote side of the draft reader: LaTeX's footnote counter, the marks waiting for
    their text, and each note's block (``notes``, given after its paragraph)."""

    def __init__(self, draft_files: DraftFiles) -> None:
        super().__init__(draft_files)
        self.notes: list[LatexBlock] = []
        self.footnotes = 0  # LaTeX's footnote counter: the last numbered note's number
        self.note_ids = 0  # each note's own id (its mark's and its block's), never reused
        # \footnotemark's not yet paired with a \footnotetext: its number -> the note's id,
        # or the context of what is no claim that the mark stands in ("table").
        self.unpaired: dict[int, int | str] = {}
        # The include chain of what is no claim being collected, whose notes may be read.
        self.aside_chain: tuple[Path, ...] = ()
        self.aside_notes: set[int] = set()  # the notes of \footnotemark's in such text
        # The note being read (its id, and whether its mark is aside), whose paragraphs so
        # far are ``note_parts``: a note may hold several (\par, a blank line, a list).
        self.reading: tuple[int, bool] | None = None
        self.note_parts: list[LatexBlock] = []

    def walk(self, nodes: Sequence[LatexNode], chain: tuple[Path, ...], context: str) -> None:
        """A note's text read as prose (the reader's walk)."""
        raise NotImplementedError

    def footnote(self, node: LatexMacroNode, chain: tuple[Path, ...]) -> None:
        arguments = node_args(node)
        if not arguments:
            return
        if explicit_number(node) is None:  # \footnote[7]{...} leaves the counter alone
            self.footnotes += 1
        self.note(self.place_mark(), arguments[-1], chain)

    def place_mark(self) -> int:
        """A new note's mark, placed where the reader is; its id. Its note's citations may be
        its mark's sentence's (``latex_sentences``)."""
        if self.builder is None:
            self.builder = self.new_block()
        self.note_ids += 1
        self.builder.mark(self.note_ids)
        return self.note_ids

    def footnote_mark(self, node: LatexMacroNode) -> None:
        """``\\footnotemark``: a mark whose note a later ``\\footnotetext`` gives. Without a
        number it steps the counter, as LaTeX does; ``\\footnotemark[3]`` does not."""
        number = explicit_number(node)
        if number is None:
            self.footnotes += 1
            number = self.footnotes
        self.unpaired[number] = self.place_mark()

    def footnote_text(self, node: LatexMacroNode, chain: tuple[Path, ...]) -> None:
        """``\\footnotetext``: the note of the unpaired mark of its number (LaTeX's: the
        counter's, unless given), else a note with no mark read."""
        arguments = delimited_arguments(node, "{")
        if not arguments:
            return
        number = explicit_number(node)
        paired = self.unpaired.pop(self.footnotes if number is None else number, None)
        if isinstance(paired, str):  # the note of a table's mark is the table's: no claim
            self.collect(arguments, paired)
            return
        if paired is None:
            self.note_ids += 1
            paired = self.note_ids
        self.note(paired, arguments[-1], chain, aside=paired in self.aside_notes)

    def mark_aside(self, node: LatexMacroNode, context: str) -> bool:
        """A mark in what is no claim still steps LaTeX's counter. Its note (a
        ``\\footnote``'s text, or a ``\\footnotemark``'s given later by a ``\\footnotetext``)
        is read, with no mark in prose, in a table or a heading (``NOTES_READ_IN``); elsewhere
        (a caption) it is no claim either. True where the note was read here."""
        number = explicit_number(node)
        if number is None:
            self.footnotes += 1
            number = self.footnotes
        read = context in NOTES_READ_IN and not self.captions
        if node.macroname == "footnotemark":
            # In prose the reader does not walk (an unknown macro's argument), a mark still.
            prose = context in ("prose", "footnote")
            if prose:
                self.unpaired[number] = self.place_mark()
            elif read:
                self.note_ids += 1
                self.unpaired[number] = self.note_ids
                self.aside_notes.add(self.note_ids)
            else:
                self.unpaired[number] = context
            return False
        arguments = node_args(node)
        if not read or not arguments:
            return False
        self.note_ids += 1
        self.note(self.note_ids, arguments[-1], self.aside_chain, aside=True)
        return True

    def unraise(self) -> None:
        """Drop a byline's raised marks from the paragraph being read; the walker does."""

    def counter(self, node: LatexMacroNode) -> None:
        """``\\addtocounter{footnote}{-1}`` and the like move LaTeX's footnote counter, which
        pairs the next ``\\footnotetext`` with its mark."""
        self.footnotes = footnote_counter(node, self.footnotes)

    def new_block(self) -> BlockBuilder:
        if self.reading is None:
            return super().new_block()
        note_id, aside = self.reading
        return BlockBuilder(self.file, self.section, kind="footnote", note=note_id, aside=aside)

    def note_paragraph(self) -> None:
        """A paragraph break inside the note being read: the paragraph so far one of the
        note's blocks, never a paragraph of the text its mark stands in."""
        if self.builder is not None:
            self.unraise()
            block = self.builder.finish()
            if block is not None:
                self.note_parts.append(block)
        self.builder = None

    def note(
        self, note_id: int, text: LatexNode, chain: tuple[Path, ...], *, aside: bool = False
    ) -> None:
        """A footnote's text walked into blocks of its own (one a paragraph), given after the
        paragraph; ``aside``: its mark stands in what is no claim (``LatexBlock.aside``)."""
        outer = self.builder, self.reading, self.note_parts
        self.reading, self.note_parts = (note_id, aside), []
        self.builder = self.new_block()
        self.walk([text], chain, "footnote")
        self.note_paragraph()
        parts = self.note_parts
        self.builder, self.reading, self.note_parts = outer
        # A note inside this one came before it (``latex_sentences`` reads them in order).
        self.notes.extend(parts)

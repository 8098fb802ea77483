"""The walk over a LaTeX draft's parsed nodes that makes its paragraphs: prose text kept with
its offsets, citation marks placed in the sentence, headings setting the section, footnotes
made blocks of their own (``claimaudit.review.latex.notes``), simple user macros
expanded in place, includes walked in their place; what is no claim (comments, headings,
floats, mathematics, code, the bibliography) left out, its citations still collected
(``claimaudit.review.latex.collect``). Raised marks citing a thebibliography's items are
read by the layer below (``claimaudit.review.latex.raised_walk``), as footnotes are by the one
below it (``notes``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from pylatexenc.latexwalker import (
    LatexCharsNode,
    LatexCommentNode,
    LatexEnvironmentNode,
    LatexGroupNode,
    LatexMacroNode,
    LatexMathNode,
    LatexNode,
    LatexSpecialsNode,
)

from claimaudit.library.latex.context import (
    SECTIONING_MACROS,
    kept_after,
    space_before,
    with_kept_blanks,
)
from claimaudit.library.latex.inputs import INCLUDE_COMMANDS, MissingIncludeWarning
from claimaudit.library.latex.quotes import opening_quotes
from claimaudit.library.latex.refs import run_in_headings
from claimaudit.library.latex.shapes import RUN_IN_ALWAYS
from claimaudit.review.latex.arguments import (
    holds_placed,
    text_argument,
)
from claimaudit.review.latex.cites import (
    CITE_COMMANDS,
    CITE_FIELDS,
    CITE_TEXT,
    CiteKind,
    prints_all_authors,
)
from claimaudit.review.latex.collect import NOTES_TO_SELF, holds_citation, node_args
from claimaudit.review.latex.counters import COUNTER_COMMANDS
from claimaudit.review.latex.draft import CitedFields, TextualNames, UnknownCall
from claimaudit.review.latex.files import DraftFiles, document_body, document_node
from claimaudit.review.latex.include import group_text
from claimaudit.review.latex.kinds import (
    BIBLIOGRAPHY_MACROS,
    BOX_ENVIRONMENTS,
    BOX_MACROS,
    NON_CLAIM_ENVIRONMENTS,
    TRANSPARENT_MACROS,
)
from claimaudit.review.latex.quoted import QUOTE_MACROS, after_quote, quote_pair
from claimaudit.review.latex.raised import RAISED_COMMAND
from claimaudit.review.latex.raised_walk import RaisedWalker
from claimaudit.review.latex.text import NO_BREAK, LatexBlock, paragraph_breaks


class DraftWalker(RaisedWalker):
    """Walks the main file's nodes (``document``), and each included file's in its place,
    into ``blocks``; notes the bibliography files named and each include's main-file line."""

    def __init__(
        self,
        draft_files: DraftFiles,
        names: TextualNames,
        fields: CitedFields,
        numbered: Mapping[int, str] | None = None,
    ) -> None:
        super().__init__(draft_files, numbered)
        self.folder = draft_files.folder
        self.base = self.folder  # where the current file's includes are looked for
        self.names = names
        self.fields = fields
        self.blocks: list[LatexBlock] = []
        self.bibliographies: list[str] = []
        self.include_lines: dict[str, int] = {}
        self.boxes = 0  # how many minipages the reader is in
        self.top_line: int | None = None
        self.unknown_calls: list[UnknownCall] = []
        self.warnings: list[str] = []  # what the reader found but could not place
        self.run_in = RUN_IN_ALWAYS  # the heading macros run into their paragraph

    # -- includes -------------------------------------------------------------------------

    def include(
        self, node: LatexMacroNode, chain: tuple[Path, ...], *, preamble: bool = False
    ) -> None:
        if self.draft_files.left_out(node):
            return
        try:
            target, inner = self.draft_files.target(node, self.file, chain, self.base)
        except MissingIncludeWarning:
            # LaTeX warns of it and goes on, as ingestion does.
            self.warnings.append(
                f"{self.file}:{self.line(node.pos)}: {node.latex_verbatim()} refers to a "
                "missing file; LaTeX leaves it out, and so does the reader"
            )
            return
        self.flush()
        outer_file, outer_line, outer_base = self.file, self.top_line, self.base
        if len(chain) == 1:
            self.top_line = self.line(node.pos)
        nodes = document_body(self.draft_files.read(target, (*chain, target), inner))
        self.file = self.draft_files.name(target)
        self.base = inner
        self.include_lines.setdefault(self.file, self.top_line or 1)
        if preamble:
            self.preamble(nodes, (*chain, target))
        else:
            self.walk(nodes, (*chain, target), "prose")
        self.flush()
        self.file, self.top_line, self.base = outer_file, outer_line, outer_base

    # -- text -----------------------------------------------------------------------------

    def emit(self, text: str, node: LatexNode, *, exact: bool = False) -> None:
        if self.builder is None:
            self.builder = self.new_block()
        start, end = self.span(node)
        self.builder.add(text, start, end, exact=exact and self.override is None)

    def emit_exact(self, text: str, start: int) -> None:
        if not text:
            return
        if self.builder is None:
            self.builder = self.new_block()
        self.builder.add(text, start, start + len(text), exact=True)

    def flush(self) -> None:
        if self.reading is not None:  # a paragraph break inside a footnote: still the note
            self.note_paragraph()
            return
        if self.builder is not None:
            self.builder.boxed = self.builder.boxed or self.boxes > 0
            self.unraise()
            block = self.builder.finish()
            if block is not None:
                self.blocks.append(block)
            self.builder = None
        self.blocks.extend(self.notes)
        self.notes = []

    # -- the walk -------------------------------------------------------------------------

    def walk(self, nodes: Sequence[LatexNode], chain: tuple[Path, ...], context: str) -> None:
        called: LatexMacroNode | None = None  # an unknown macro the groups after it follow
        for node in nodes:
            if isinstance(node, LatexGroupNode) and called is not None:
                at = self.override[0] if self.override is not None else node.pos
                self.unknown_calls.append(
                    UnknownCall(called.macroname, group_text(node), self.file, self.line(at))
                )
            else:
                called = node if self.unknown(node) else None
            self.node(node, chain, context)

    def unknown(self, node: LatexNode) -> bool:
        """Whether ``node`` is a macro the reader knows nothing of (its arguments unparsed)."""
        return (
            isinstance(node, LatexMacroNode)
            and not node_args(node)
            and self.draft_files.context.get_macro_spec(node.macroname) is None
        )

    def node(self, node: LatexNode, chain: tuple[Path, ...], context: str) -> None:
        if isinstance(node, LatexCommentNode):
            return
        if isinstance(node, LatexCharsNode):
            self.chars(node, context)
        elif isinstance(node, LatexGroupNode):
            self.walk(node.nodelist, chain, context)
        elif isinstance(node, LatexMacroNode):
            self.macro(node, chain, context)
        elif isinstance(node, LatexEnvironmentNode):
            self.environment(node, chain, context)
        elif isinstance(node, LatexSpecialsNode) and node.specials_chars == "~":
            # The author's "no sentence ends here" (and blank before "vrai~;", kept).
            self.emit(NO_BREAK + kept_after(node), node)
        elif isinstance(node, LatexMathNode) and self.raised(node, context):
            return  # "works$^{1}$": a citation of item 1, as "works\textsuperscript{1}"
        else:  # math and specials: what they print
            self.collect([node], "math")
            self.emit(self.formula_text(node), node)

    def chars(self, node: LatexCharsNode, context: str) -> None:
        # A backtick prints an opening quote, as in the library's reader (``latex_quotes``).
        text = opening_quotes(node.chars)
        if self.override is not None:
            self.emit(with_kept_blanks(text), node)
            return
        position = 0
        for start, end in paragraph_breaks(text):
            self.emit_typed(text[position:start], node.pos + position, context)
            self.flush()
            position = end
        self.emit_typed(text[position:], node.pos + position, context)

    def macro(self, node: LatexMacroNode, chain: tuple[Path, ...], context: str) -> None:
        name = node.macroname
        if name in CITE_COMMANDS:
            command = self.citation(node, context)
            if command.kind is CiteKind.NOCITE:
                return
            if not command.keys:  # LaTeX warns of it too: the sentence cites nothing
                self.warnings.append(
                    f"{self.file}:{command.line}: \\{command.command}{{}} names no key, so "
                    "its sentence cites nothing"
                )
            if self.builder is None:
                self.builder = self.new_block()
            before = len(self.builder.chars)
            if command.kind is CiteKind.TEXTUAL:
                shown = self.names(command.keys, prints_all_authors(command.command))
                # \Citet, \Textcite: the capitalised form begins a sentence ("The authors").
                self.emit(shown[:1].upper() + shown[1:] if name[:1].isupper() else shown, node)
            elif name in CITE_FIELDS:
                self.emit(self.fields(CITE_FIELDS[name], command.keys), node)
            self.builder.cite(command, printed=len(self.builder.chars) > before)
        elif name == CITE_TEXT and not holds_citation(node_args(node)):
            # \citetext{priv.\ comm.}: free text natbib prints in parentheses, no mark.
            written = " ".join(self.text_of(node_args(node)).split())
            self.emit(f"({written})" if written else "", node)
        elif name == CITE_TEXT:
            self.cite_text(node_args(node), context)
        elif name in INCLUDE_COMMANDS:
            self.include(node, chain)
        elif name in BIBLIOGRAPHY_MACROS:
            written = group_text(node_args(node)[-1]) if node_args(node) else ""
            self.bibliographies.extend(p.strip() for p in written.split(",") if p.strip())
        elif name in SECTIONING_MACROS:
            self.flush()
            self.aside_chain = chain
            self.collect(node_args(node), "heading")
            if name not in self.run_in:  # a run-in title opens its paragraph, in its section
                title = " ".join(self.text_of(node_args(node)[-1:]).split())
                self.section = (title if node_args(node) else "") or None
        elif name == "footnote":
            self.footnote(node, chain)
        elif name == "footnotemark":
            self.footnote_mark(node)
        elif name == "footnotetext":
            self.footnote_text(node, chain)
        elif name in COUNTER_COMMANDS:  # prints nothing
            self.counter(node)
        elif name == " ":  # "\\ ", as "~": "et al.\\ showed" goes on
            self.emit(NO_BREAK + kept_after(node), node)
        elif name in ("item", "par"):
            self.flush()
            if name == "item" and node_args(node):
                self.emit(" ".join(self.text_of(node_args(node)).split()) + " ", node)
        elif name in NOTES_TO_SELF:
            return  # its text and citations are no part of the paper
        elif name == RAISED_COMMAND and self.raised(node, context):
            return  # "works\textsuperscript{1}": a citation of item 1, printing nothing
        elif name in ("caption", "marginpar"):
            self.collect(node_args(node), name)
        elif name in ("captionof", "subcaption"):  # a caption outside a float: no claim
            self.collect(node_args(node), "caption")
        elif name in TRANSPARENT_MACROS and node_args(node):
            self.in_box(name)
            self.walk([node_args(node)[-1]], chain, context)
        elif self.draft_files.expands(name):
            self.expand(node, chain, context)
        elif (printed := text_argument(node)) is not None and holds_placed(
            node_args(node), self.draft_files.expands
        ):
            # A box, colour or link around cited text (\textcolor{blue}{... \citep{a}}): its
            # text walked as prose, so the citations and notes there are placed in it.
            self.in_box(name)
            if name in QUOTE_MACROS:
                self.quotation(node, printed, chain, context)
                return
            self.walk([printed], chain, context)
            self.aside_arguments(node, [a for a in node_args(node) if a is not printed], context)
        else:
            self.collect(node_args(node), context)
            printed = self.text_of([node])
            # A thin space typed before high punctuation ("vrai\\,!") is the author's.
            self.emit(printed + kept_after(node) if printed.isspace() else printed, node)

    def in_box(self, name: str) -> None:
        """The paragraph being read has text in a box (``\\parbox``), where no margin note
        can go."""
        if name in BOX_MACROS:
            if self.builder is None:
                self.builder = self.new_block()
            self.builder.boxed = True

    def quotation(
        self, node: LatexMacroNode, printed: LatexNode, chain: tuple[Path, ...], context: str
    ) -> None:
        """csquotes' quotation around cited text, in its marks, its punctuation and citation
        arguments after them (``latex_quoted``): "\\textquote[\\citep{a}]{X}" reads as
        "X" cited, not its citation in no sentence and its marks lost."""
        # Marks around a citation inside would keep its gap ("“Y holds ” in mice"), which the
        # reader closes before punctuation only: those are read without them, as before.
        opening, closing = ("", "") if holds_citation([printed]) else quote_pair(node)
        self.emit(opening, node)
        self.walk([printed], chain, context)
        self.emit(closing, node)
        punctuation, citation = after_quote(node)
        if punctuation is not None:
            self.walk([punctuation], chain, context)
        if citation is not None:
            self.emit(" ", node)
            # csquotes sets it in brackets (``\\mkcitation``): a bare \cite there is a mark.
            textual, self.cite_textual = self.cite_textual, None
            self.walk([citation], chain, context)
            self.cite_textual = textual

    def aside_arguments(self, node: LatexMacroNode, rest: list[LatexNode], context: str) -> None:
        """A macro's arguments that print no prose (a colour, a width): their citations are
        found but placed in no sentence, which the review says."""
        before = len(self.commands)
        self.collect(rest, context)
        if len(self.commands) > before:
            self.warnings.append(
                f"{self.file}:{self.line(node.pos)}: a citation in an argument of "
                f"\\{node.macroname} that prints no text is in no sentence, so it is not checked"
            )

    def expand(self, node: LatexMacroNode, chain: tuple[Path, ...], context: str) -> None:
        """A simple user macro: its body, with the arguments put in, walked in its place."""

        def walk(body: list[LatexNode]) -> None:
            self.walk(body, chain, context)
            last = next((n for n in reversed(body) if not _blank(n)), None)
            source = self.draft_files.files[self.file]
            if isinstance(last, LatexMacroNode) and last.macroname == "xspace":
                # A space, unless punctuation follows the call (only the file shows what does).
                self.emit(space_before(source, node.pos + node.len), node)
            elif (call := self.draft_files.calls.get((self.file, node.pos))) is not None:
                # "\eg. boosting": the blank after a delimited call is text, which the
                # parser took as the blanks after a command's name.
                self.emit(" " if source[call[1] : call[1] + 1].isspace() else "", node)

        if self.override is not None or not self.with_expansion(node, walk):
            self.collect(node_args(node), context)
            self.emit(self.text_of([node]), node)

    def environment(
        self, node: LatexEnvironmentNode, chain: tuple[Path, ...], context: str
    ) -> None:
        name = node.environmentname
        if name == "thebibliography":
            self.flush()
            self.bibliography(node)
        elif name in NON_CLAIM_ENVIRONMENTS:
            self.aside_chain = chain
            self.collect(node.nodelist, name)
        elif name in BOX_ENVIRONMENTS:  # paragraphs of their own, in a box
            self.flush()
            self.boxes += 1
            self.walk(node.nodelist, chain, context)
            self.flush()
            self.boxes -= 1
        elif name == "abstract":
            self.flush()
            self.section = "Abstract"
            self.walk(node.nodelist, chain, context)
            self.flush()
        else:
            if name in ("itemize", "enumerate", "description", "quote", "quotation"):
                self.flush()
            self.walk(node.nodelist, chain, context)
            if name in ("itemize", "enumerate", "description", "quote", "quotation"):
                self.flush()

    def document(self, nodes: list[LatexNode]) -> None:
        # The class's run-in headings (``\\paragraph``, llncs's ``\\subsubsection``) name no
        # section, as the library's reader reads them.
        self.run_in = run_in_headings(self.draft_files.outer)
        body = document_node(nodes)
        chain = (self.folder / self.draft_files.main,)
        if body is None:
            self.walk(nodes, chain, "prose")
        else:
            self.preamble([n for n in nodes if n is not body], chain)
            self.walk(body.nodelist, chain, "prose")
        self.flush()

    def preamble(self, nodes: Sequence[LatexNode], chain: tuple[Path, ...]) -> None:
        """Before ``\\begin{document}``: no claims, but the bibliography files, the abstract
        (some templates put it here) and any citation, in included files too."""
        for node in nodes:
            if isinstance(node, LatexMacroNode) and node.macroname in BIBLIOGRAPHY_MACROS:
                self.macro(node, chain, "preamble")
            elif isinstance(node, LatexMacroNode) and node.macroname in INCLUDE_COMMANDS:
                self.include(node, chain, preamble=True)
            elif isinstance(node, LatexEnvironmentNode) and node.environmentname == "abstract":
                self.environment(node, chain, "prose")
            else:
                self.collect([node], "preamble")


def _blank(node: LatexNode) -> bool:
    return isinstance(node, LatexCharsNode) and node.chars.isspace()

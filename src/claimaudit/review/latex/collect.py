"""The citation commands and ``thebibliography`` items under a LaTeX draft's nodes, wherever
they stand (prose, a heading, a caption, mathematics, the bibliography), each traced to its
file, offset and line, with the reader's position that tracing needs: the current file, and
the one span every piece of an expanded user macro maps to. The walker
(``claimaudit.review.latex.walk``) builds on this; how citations are found changes here."""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence

from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec
from pylatexenc.latexwalker import (
    LatexEnvironmentNode,
    LatexGroupNode,
    LatexMacroNode,
    LatexMathNode,
    LatexNode,
    LatexWalker,
)

from claimaudit.library.latex.context import text_converter, to_text
from claimaudit.library.latex.macros import expand_call, expand_known
from claimaudit.review.crossrefs import CROSS_REFERENCE
from claimaudit.review.latex.cites import (
    CITE_COMMANDS,
    CITE_TEXT,
    CitationCommand,
    CiteKind,
    citation_keys,
    command_name,
)
from claimaudit.review.latex.counters import COUNTER_COMMANDS
from claimaudit.review.latex.draft import BibItem, line_starts
from claimaudit.review.latex.files import DraftFiles
from claimaudit.review.latex.include import group_text
from claimaudit.review.latex.text import BlockBuilder

_DEFINITIONS = frozenset(
    {"newcommand", "renewcommand", "providecommand", "def", "DeclareRobustCommand"}
)


_CAPTIONS = frozenset({"caption", "captionof", "subcaption"})
# An author's note to self (todonotes' ``\todo``): no part of the paper, so no sentence in it
# is a claim and no citation in it the draft's: its keys are neither listed nor fetched, and
# a draft cited only there cites nothing.
NOTES_TO_SELF = frozenset({"todo"})


def node_args(node: LatexMacroNode | LatexEnvironmentNode) -> list[LatexNode]:
    return [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]


def holds_citation(nodes: Sequence[LatexNode | None]) -> bool:
    """Whether ``nodes`` hold a citation command, at any depth (as ``cite_text`` reads them)."""
    for node in nodes:
        if isinstance(node, LatexMacroNode):
            if node.macroname in CITE_COMMANDS or holds_citation(node_args(node)):
                return True
        elif isinstance(node, LatexGroupNode | LatexEnvironmentNode) and holds_citation(
            node.nodelist
        ):
            return True
    return False


# The most a formula may grow to as its macros are expanded.
_MAX_FORMULA = 20_000


class DraftCollector:
    """Citation commands and bibliography items, in the order met, and where the reader is."""

    def __init__(self, draft_files: DraftFiles) -> None:
        self.draft_files = draft_files
        self.commands: list[CitationCommand] = []
        self.bibitems: list[BibItem] = []
        self.section: str | None = None
        self.builder: BlockBuilder | None = None
        self.converter = _converter()
        # Where the current file's text goes: its name, and (inside an expanded macro) the
        # one span every piece maps to.
        self.file = draft_files.main
        self.override: tuple[int, int] | None = None
        self.captions = 0  # how many captions the collector is in
        # Whether a bare ``\\cite`` of these keys prints its works' names (``bare_cite``).
        self.cite_textual: Callable[[tuple[str, ...]], bool] | None = None

    def new_block(self) -> BlockBuilder:
        """The builder of a block starting where the reader is (``NoteWalker``: inside a
        note, another paragraph of that note)."""
        return BlockBuilder(self.file, self.section)

    def line(self, offset: int) -> int:
        return bisect.bisect_right(line_starts(self.draft_files.files[self.file]), offset)

    def span(self, node: LatexNode) -> tuple[int, int]:
        return self.override or (node.pos, node.pos + node.len)

    def text_of(self, nodes: Sequence[LatexNode]) -> str:
        return to_text(self.converter, nodes)

    def formula_text(self, node: LatexNode) -> str:
        """What a formula (or a special) prints, the draft's own macros in it expanded as
        ingestion expands them: ``$\\argmax$`` "arg max", where it had printed nothing."""
        if not isinstance(node, LatexMathNode) or not self.draft_files.macros:
            return self.text_of([node])
        written: str = node.latex_verbatim()
        files = self.draft_files
        expanded = expand_known(written, files.macros, files.defaults, _MAX_FORMULA)
        if expanded == written:
            return self.text_of([node])
        walker = LatexWalker(expanded, latex_context=files.context, tolerant_parsing=True)
        nodes, _, _ = walker.get_latex_nodes()
        return self.text_of(list(nodes))

    def citation(self, node: LatexMacroNode, context: str) -> CitationCommand:
        start, end = self.span(node)
        kind = CITE_COMMANDS[node.macroname]
        textual = self.cite_textual
        if node.macroname == "cite" and textual is not None and textual(citation_keys(node)):
            kind = CiteKind.TEXTUAL  # natbib's author-year "\\cite{a}" prints "Smith et al."
        command = CitationCommand(
            command=command_name(node),
            kind=kind,
            keys=citation_keys(node),
            file=self.file,
            start=start,
            end=end,
            line=self.line(start),
            context="nocite" if kind is CiteKind.NOCITE else context,
        )
        self.commands.append(command)
        return command

    def collect(self, nodes: Sequence[LatexNode | None], context: str) -> None:
        """Every citation command under ``nodes``, none of them a claim's (a simple user macro
        expanded first; a definition's body is no citation)."""
        for node in nodes:
            if node is None:
                continue
            if isinstance(node, LatexMacroNode):
                if node.macroname in CITE_COMMANDS:
                    self.citation(node, context)
                elif node.macroname in NOTES_TO_SELF:
                    continue
                elif self.draft_files.expands(node.macroname) and self.override is None:
                    self.with_expansion(node, lambda body: self.collect(body, context))
                elif node.macroname not in _DEFINITIONS:
                    if node.macroname in ("footnote", "footnotemark"):
                        if self.mark_aside(node, context):
                            continue  # its note was read, its citations with it
                    elif node.macroname in COUNTER_COMMANDS:
                        self.counter(node)
                    arguments = node.nodeargd.argnlist if node.nodeargd else []
                    if node.macroname in _CAPTIONS:
                        # A float's caption, whose notes are not read as its table's.
                        outer, self.captions = self.captions, self.captions + 1
                        self.collect(arguments, context)
                        self.captions = outer
                    else:
                        self.collect(arguments, context)
            elif isinstance(node, LatexEnvironmentNode | LatexGroupNode | LatexMathNode):
                self.collect(node.nodelist, context)

    def mark_aside(self, node: LatexMacroNode, context: str) -> bool:
        """A footnote's mark in what is no claim (a table, a caption); the walker counts it,
        and says True where it read the note itself."""
        return False

    def counter(self, node: LatexMacroNode) -> None:
        """A counter command (``\\stepcounter{footnote}``); the walker moves its counter."""

    def cite_text(self, nodes: Sequence[LatexNode | None], context: str) -> None:
        """The citations inside ``\\citetext{see \\citealp{a}}``: the sentence's, though the
        whole is a parenthetical mark, so none of its text (a textual one's names neither)
        goes into the sentence."""
        for node in nodes:
            if isinstance(node, LatexMacroNode) and node.macroname in CITE_COMMANDS:
                command = self.citation(node, context)
                if command.kind is not CiteKind.NOCITE:
                    if self.builder is None:
                        self.builder = self.new_block()
                    self.builder.cite(command)
            elif isinstance(node, LatexMacroNode):
                self.cite_text(node_args(node), context)
            elif isinstance(node, LatexGroupNode | LatexEnvironmentNode):
                self.cite_text(node.nodelist, context)

    def with_expansion(self, node: LatexMacroNode, then: Callable[[list[LatexNode]], None]) -> bool:
        """Parse the macro's expansion and hand it to ``then``, every piece of it mapped to the
        call's span (one level: a body's calls of other macros were expanded into it beforehand,
        ``inline_nested``; what is left prints as pylatexenc reads it). A
        citation alias (``\\let\\lcite\\cite``) reads as the citation command it copies."""
        expanded = self._expansion(node)
        if expanded is None:
            return False
        walker = LatexWalker(
            expanded, latex_context=self.draft_files.context, tolerant_parsing=True
        )
        nodes, _, _ = walker.get_latex_nodes()
        self.override = (node.pos, node.pos + node.len)
        try:
            then(list(nodes))
        finally:
            self.override = None
        return True

    def _expansion(self, node: LatexMacroNode) -> str | None:
        """The call's text after one expansion; None when its arguments are not all given."""
        files = self.draft_files
        if node.macroname in files.aliases:
            written: str = node.latex_verbatim()
            return "\\" + files.aliases[node.macroname] + written[len(node.macroname) + 1 :]
        if node.macroname in files.delimited:
            # Its arguments were matched in the file as written (``latex.delimited``); an
            # expansion's own calls are not expanded again.
            call = files.calls.get((self.file, node.pos)) if self.override is None else None
            body = files.delimited[node.macroname].body
            return None if call is None else expand_call(body, call[0])
        count, body = files.macros[node.macroname]
        given = list(node.nodeargd.argnlist) if node.nodeargd else []
        arguments: list[str] = []
        for index, argument in enumerate(given[:count]):
            if argument is not None:
                arguments.append(argument.latex_verbatim()[1:-1])
            elif index == 0 and node.macroname in files.defaults:
                arguments.append(files.defaults[node.macroname])
            else:
                return None
        if len(arguments) < count:
            return None
        return expand_call(body, arguments)

    def bibliography(self, node: LatexEnvironmentNode) -> None:
        """A ``thebibliography``: its citations, and each item's key and text (where a
        numbered style's arXiv id or DOI is)."""
        current: tuple[str, int, list[LatexNode], str | None] | None = None

        def close() -> None:
            if current is not None:
                key, line, nodes, label = current
                text = " ".join(self.text_of(nodes).split())
                self.bibitems.append(BibItem(key, text, self.file, line, label))

        self.collect(node.nodelist, "thebibliography")
        for child in node.nodelist:
            if isinstance(child, LatexMacroNode) and child.macroname == "bibitem":
                close()
                arguments = node_args(child)
                key = group_text(arguments[-1]) if arguments else ""
                # "\bibitem[Smith(2020)]{key}": the label printed in place of its number.
                label = group_text(arguments[0]) if len(arguments) > 1 else None
                current = (key, self.line(child.pos), [], label)
            elif current is not None:
                current[2].append(child)
        close()


# A cross-reference to the draft's own figure, section or equation prints a placeholder
# (``crossrefs.CROSS_REFERENCE``, as in a Markdown draft): its number is the draft's, no cited
# paper's, and the review does not count it, reading each included file apart. The sentence
# stays whole: "given in Fig. 1 of".
_NAMED_REFERENCES = ("cref", "Cref", "cpageref", "Cpageref", "pageref", "vref", "Vref")


def _cross_reference(style: str, _label: str) -> str:
    return f"({CROSS_REFERENCE})" if style == "eqref" else CROSS_REFERENCE


def _named_reference(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
    return CROSS_REFERENCE


def _converter() -> LatexNodes2Text:
    """Ingestion's text converter, with citation commands printing nothing (the walker puts
    in what a citation prints) and cross-references a placeholder (``CROSS_REFERENCE``)."""
    converter = text_converter(references=_cross_reference)
    converter.latex_context.add_context_category(
        "claimaudit-draft",
        macros=[
            *(MacroTextSpec(name, discard=True) for name in [*CITE_COMMANDS, CITE_TEXT]),
            *(MacroTextSpec(name, simplify_repl=_named_reference) for name in _NAMED_REFERENCES),
        ],
        prepend=True,
    )
    return converter

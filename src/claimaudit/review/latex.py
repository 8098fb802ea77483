"""A LaTeX draft read for review: its paragraphs as plain text traced to file and offset, and
every citation command with the keys it names.

The draft is parsed as ingestion parses a LaTeX paper (``claimaudit.library.extract_latex``:
the same argument shapes, the same text converter, the same environments left out), with its
citation commands added, and each file on its own so that every sentence keeps its file, line
and column. What is not a claim: comments, headings, math environments, figures, tables,
code and verbatim environments, the bibliography. Citations there are still found (their
``context`` says where), so a count of the draft's citation commands is complete. What TeX
never prints (``\\iffalse`` branches, ``comment`` environments, a file's rest after
``\\endinput``: ``latex_unprinted``) is read as a comment is: no text, no citations.

``\\input``/``\\include``, ``\\subfile`` and ``\\import`` and its kin are followed inside the
draft's folder only (after symlinks, as
ingestion does); ``\\bibliography{...}`` and ``\\addbibresource{...}`` are noted for the caller
to load; ``thebibliography`` items are kept with their text, which is where a numbered style's
arXiv id or DOI is.
"""

from __future__ import annotations

import bisect
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec
from pylatexenc.latexwalker import (
    LatexCharsNode,
    LatexCommentNode,
    LatexEnvironmentNode,
    LatexGroupNode,
    LatexMacroNode,
    LatexMathNode,
    LatexNode,
    LatexWalker,
)
from pylatexenc.macrospec import MacroSpec

from claimaudit.errors import InputError, NestingError
from claimaudit.library.extract_text import read_bytes
from claimaudit.library.latex_context import (
    SECTION_MACROS,
    SKIPPED_ENVIRONMENTS,
    text_converter,
    to_text,
    walker_context,
)
from claimaudit.library.latex_inputs import (
    INCLUDE_COMMANDS,
    MAX_INCLUDE_DEPTH,
    MAX_SOURCE_CHARS,
    IncludeOutsideError,
    locate,
)
from claimaudit.library.latex_macros import draft_macros, expand_call
from claimaudit.library.latex_unprinted import blank_unprinted, excluded_environments
from claimaudit.review.latex_cites import (
    CITE_COMMANDS,
    CITE_SPECS,
    CITE_TEXT,
    CitationCommand,
    CiteKind,
    citation_keys,
    command_name,
)
from claimaudit.review.latex_include import INCLUDE_SPECS, group_text, include_of
from claimaudit.review.latex_text import BlockBuilder, LatexBlock, paragraph_breaks
from claimaudit.untrusted import MAX_LATEX_DEPTH, check_latex_depth

# Environments whose text is no claim: ingestion's, plus floats and mathematics.
NON_CLAIM_ENVIRONMENTS = SKIPPED_ENVIRONMENTS | frozenset(
    "figure figure* table table* wrapfigure subfigure longtable tabular* equation equation* "
    "align align* alignat alignat* gather gather* multline multline* eqnarray eqnarray* "
    "displaymath math flalign flalign* algorithm algorithmic algorithm2e comment "
    "verbatim* lstlisting* filecontents filecontents*".split()
)
_TRANSPARENT_MACROS = frozenset(
    "emph textbf textit textsl textsc textup textmd textrm textsf texttt textnormal underline "
    "mbox uline".split()
)
_BIBLIOGRAPHY_MACROS = frozenset({"bibliography", "addbibresource", "addglobalbib"})
_DEFINITIONS = frozenset(
    {"newcommand", "renewcommand", "providecommand", "def", "DeclareRobustCommand"}
)
_DRAFT_SPECS = [
    *CITE_SPECS,
    *INCLUDE_SPECS,
    MacroSpec("bibliography", "{"),
    MacroSpec("addbibresource", "[{"),
    MacroSpec("addglobalbib", "[{"),
    MacroSpec("bibitem", "[{"),
    MacroSpec("caption", "*[{"),
    MacroSpec("todo", "[{"),
]
TextualNames = Callable[[tuple[str, ...]], str]


@dataclass(frozen=True)
class BibItem:
    key: str
    text: str
    file: str
    line: int


@dataclass(frozen=True)
class LatexDraft:
    """A LaTeX draft: ``files`` maps each file read (relative to ``folder``, main file first)
    to its exact text."""

    main: str
    folder: Path
    files: dict[str, str]
    blocks: tuple[LatexBlock, ...]
    commands: tuple[CitationCommand, ...]
    bibliographies: tuple[str, ...]  # as written: "refs", "refs.bib"
    bibitems: tuple[BibItem, ...]
    # An included file -> the main file's line holding the include that pulled it in.
    include_lines: dict[str, int] = field(default_factory=dict)

    def line_column(self, file: str, offset: int) -> tuple[int, int]:
        starts = _line_starts(self.files[file])
        line = bisect.bisect_right(starts, offset) - 1
        return line + 1, offset - starts[line] + 1


def _blank(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """``text`` with ``spans`` read as spaces: the same length, so offsets hold."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def _document(nodes: Sequence[LatexNode]) -> LatexEnvironmentNode | None:
    for node in nodes:
        if isinstance(node, LatexEnvironmentNode) and node.environmentname == "document":
            return node
    return None


def _document_body(nodes: list[LatexNode]) -> list[LatexNode]:
    """An included file's nodes without its own preamble and ``document`` wrapper (a subfile
    set alone is a document of its own), as ingestion reads it."""
    body = _document(nodes)
    return list(body.nodelist) if body is not None else nodes


def _line_starts(text: str) -> list[int]:
    return [0, *(m.end() for m in re.finditer("\n", text))]


def _args(node: LatexMacroNode | LatexEnvironmentNode) -> list[LatexNode]:
    return [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]


class _Reader:
    def __init__(self, main: Path, names: TextualNames, *, includes: bool = True) -> None:
        self.folder = main.parent.resolve()
        self.includes = includes
        self.base = self.folder  # where the current file's includes are looked for
        self.main = main.name
        self.names = names
        self.files: dict[str, str] = {}
        self.blocks: list[LatexBlock] = []
        self.commands: list[CitationCommand] = []
        self.bibliographies: list[str] = []
        self.bibitems: list[BibItem] = []
        self.include_lines: dict[str, int] = {}
        self.total = 0
        self.macros: dict[str, tuple[int, str]] = {}
        self.context = walker_context(_DRAFT_SPECS)
        self.section: str | None = None
        self.builder: BlockBuilder | None = None
        self.notes: list[LatexBlock] = []
        self.converter = self._converter()
        # Where the current file's text goes: its name, and (inside an expanded macro) the
        # one span every piece maps to.
        self.file = self.main
        self.override: tuple[int, int] | None = None
        self.top_line: int | None = None
        self.excluded: set[str] = set()  # \excludecomment environments (the main file's)

    def _converter(self) -> LatexNodes2Text:
        converter = text_converter()
        converter.latex_context.add_context_category(
            "claimaudit-draft",
            macros=[MacroTextSpec(name, discard=True) for name in [*CITE_COMMANDS, CITE_TEXT]],
            prepend=True,
        )
        return converter

    # -- files ----------------------------------------------------------------------------

    def read(self, path: Path, chain: tuple[Path, ...]) -> list[LatexNode]:
        name = Path(os.path.relpath(path, self.folder)).as_posix()
        data = read_bytes(path)
        if b"\x00" in data[:8192]:
            raise InputError(f"{name}: looks like a binary file, not LaTeX")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise InputError(
                f"{name}: not UTF-8 text (invalid byte at offset {error.start}); convert it "
                "to UTF-8 first"
            ) from None
        self.total += len(text)
        if self.total > MAX_SOURCE_CHARS:
            raise InputError(
                f"{self.main}: the LaTeX draft, with its included files, is over "
                f"{MAX_SOURCE_CHARS:,} characters"
            )
        try:
            check_latex_depth(text)
        except NestingError as error:
            raise InputError(f"{name}: LaTeX {error}") from None
        self.files[name] = text
        # TeX never prints \iffalse branches, comment environments or a file's rest after
        # \endinput: parsed as spaces, so every offset still points into the file as written.
        self.excluded.update(excluded_environments(text))
        printed = blank_unprinted(text, self.excluded)
        if len(chain) == 1:
            macros = draft_macros(printed)
            self.macros = {n: m for n, m in macros.macros.items() if n not in CITE_COMMANDS}
            printed = _blank(printed, macros.blanked)
            specs = [MacroSpec(n, "{" * a) for n, (a, _) in self.macros.items()]
            self.context = walker_context([*_DRAFT_SPECS, *specs])
        walker = LatexWalker(printed, latex_context=self.context, tolerant_parsing=True)
        nodes, _, _ = walker.get_latex_nodes()
        return list(nodes)

    def include(
        self, node: LatexMacroNode, chain: tuple[Path, ...], *, preamble: bool = False
    ) -> None:
        written = node.latex_verbatim()
        shown = self.file
        if not self.includes:
            raise InputError(
                f"{shown}: {written} refused: a draft sent as text is read on its own; put "
                "the included file's text in its place"
            )
        try:
            target, inner = locate(include_of(node), self.base, self.folder, self.folder)
        except IncludeOutsideError:
            raise InputError(
                f"{shown}: {written} refused: it points outside the draft's folder"
            ) from None
        except FileNotFoundError:
            raise InputError(f"{shown}: {written} refers to a missing file") from None
        if target in chain:
            raise InputError(f"{shown}: {written} includes itself")
        if len(chain) > MAX_INCLUDE_DEPTH:
            raise InputError(
                f"{shown}: {written} exceeds the include depth limit "
                f"({MAX_INCLUDE_DEPTH} nested includes)"
            )
        self.flush()
        outer_file, outer_line, outer_base = self.file, self.top_line, self.base
        if len(chain) == 1:
            self.top_line = self._line(node.pos)
        nodes = _document_body(self.read(target, (*chain, target)))
        self.file = Path(os.path.relpath(target, self.folder)).as_posix()
        self.base = inner
        self.include_lines.setdefault(self.file, self.top_line or 1)
        if preamble:
            self.preamble(nodes, (*chain, target))
        else:
            self.walk(nodes, (*chain, target), "prose")
        self.flush()
        self.file, self.top_line, self.base = outer_file, outer_line, outer_base

    def _line(self, offset: int) -> int:
        return bisect.bisect_right(_line_starts(self.files[self.file]), offset)

    # -- text -----------------------------------------------------------------------------

    def span(self, node: LatexNode) -> tuple[int, int]:
        return self.override or (node.pos, node.pos + node.len)

    def emit(self, text: str, node: LatexNode, *, exact: bool = False) -> None:
        if self.builder is None:
            self.builder = BlockBuilder(self.file, self.section)
        start, end = self.span(node)
        self.builder.add(text, start, end, exact=exact and self.override is None)

    def flush(self) -> None:
        if self.builder is not None:
            block = self.builder.finish()
            if block is not None:
                self.blocks.append(block)
            self.builder = None
        self.blocks.extend(self.notes)
        self.notes = []

    def text_of(self, nodes: Sequence[LatexNode]) -> str:
        return to_text(self.converter, nodes)

    # -- citations ------------------------------------------------------------------------

    def citation(self, node: LatexMacroNode, context: str) -> CitationCommand:
        start, end = self.span(node)
        kind = CITE_COMMANDS[node.macroname]
        command = CitationCommand(
            command=command_name(node),
            kind=kind,
            keys=citation_keys(node),
            file=self.file,
            start=start,
            end=end,
            line=self._line(start),
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
                elif node.macroname in self.macros and self.override is None:
                    self.with_expansion(node, lambda body: self.collect(body, context))
                elif node.macroname not in _DEFINITIONS:
                    self.collect(node.nodeargd.argnlist if node.nodeargd else [], context)
            elif isinstance(node, LatexEnvironmentNode | LatexGroupNode | LatexMathNode):
                self.collect(node.nodelist, context)

    # -- the walk -------------------------------------------------------------------------

    def walk(self, nodes: Sequence[LatexNode], chain: tuple[Path, ...], context: str) -> None:
        for node in nodes:
            self.node(node, chain, context)

    def node(self, node: LatexNode, chain: tuple[Path, ...], context: str) -> None:
        if isinstance(node, LatexCommentNode):
            return
        if isinstance(node, LatexCharsNode):
            self.chars(node)
        elif isinstance(node, LatexGroupNode):
            self.walk(node.nodelist, chain, context)
        elif isinstance(node, LatexMacroNode):
            self.macro(node, chain, context)
        elif isinstance(node, LatexEnvironmentNode):
            self.environment(node, chain, context)
        else:  # math and specials: what they print
            self.collect([node], "math")
            self.emit(self.text_of([node]), node)

    def chars(self, node: LatexCharsNode) -> None:
        text = node.chars
        if self.override is not None:
            self.emit(text, node)
            return
        position = 0
        for start, end in paragraph_breaks(text):
            self.emit_exact(text[position:start], node.pos + position)
            self.flush()
            position = end
        self.emit_exact(text[position:], node.pos + position)

    def emit_exact(self, text: str, start: int) -> None:
        if not text:
            return
        if self.builder is None:
            self.builder = BlockBuilder(self.file, self.section)
        self.builder.add(text, start, start + len(text), exact=True)

    def macro(self, node: LatexMacroNode, chain: tuple[Path, ...], context: str) -> None:
        name = node.macroname
        if name in CITE_COMMANDS:
            command = self.citation(node, context)
            if command.kind is CiteKind.NOCITE:
                return
            if self.builder is None:
                self.builder = BlockBuilder(self.file, self.section)
            if command.kind is CiteKind.TEXTUAL:
                self.emit(self.names(command.keys), node)
            self.builder.cite(command)
        elif name == CITE_TEXT:
            self.cite_text(_args(node), context)
        elif name in INCLUDE_COMMANDS:
            self.include(node, chain)
        elif name in _BIBLIOGRAPHY_MACROS:
            written = group_text(_args(node)[-1]) if _args(node) else ""
            self.bibliographies.extend(p.strip() for p in written.split(",") if p.strip())
        elif name in SECTION_MACROS or name in {"part", "paragraph", "subparagraph"}:
            self.flush()
            self.collect(_args(node), "heading")
            title = " ".join(self.text_of(_args(node)[-1:]).split()) if _args(node) else ""
            self.section = title or None
        elif name == "footnote":
            self.footnote(node, chain)
        elif name in ("item", "par"):
            self.flush()
            if name == "item" and _args(node):
                self.emit(" ".join(self.text_of(_args(node)).split()) + " ", node)
        elif name in ("caption", "todo", "marginpar"):
            self.collect(_args(node), name)
        elif name in _TRANSPARENT_MACROS and _args(node):
            self.walk([_args(node)[-1]], chain, context)
        elif name in self.macros:
            self.expand(node, chain, context)
        else:
            self.collect(_args(node), context)
            self.emit(self.text_of([node]), node)

    def cite_text(self, nodes: Sequence[LatexNode | None], context: str) -> None:
        """The citations inside ``\\citetext{see \\citealp{a}}``: the sentence's, though the
        whole is a parenthetical mark, so none of its text (a textual one's names neither)
        goes into the sentence."""
        for node in nodes:
            if isinstance(node, LatexMacroNode) and node.macroname in CITE_COMMANDS:
                command = self.citation(node, context)
                if command.kind is not CiteKind.NOCITE:
                    if self.builder is None:
                        self.builder = BlockBuilder(self.file, self.section)
                    self.builder.cite(command)
            elif isinstance(node, LatexMacroNode):
                self.cite_text(_args(node), context)
            elif isinstance(node, LatexGroupNode | LatexEnvironmentNode):
                self.cite_text(node.nodelist, context)

    def footnote(self, node: LatexMacroNode, chain: tuple[Path, ...]) -> None:
        arguments = _args(node)
        if not arguments:
            return
        outer = self.builder
        self.builder = BlockBuilder(self.file, self.section, kind="footnote")
        self.walk([arguments[-1]], chain, "footnote")
        note = self.builder.finish()
        self.builder = outer
        if note is not None:
            self.notes.append(note)

    def expand(self, node: LatexMacroNode, chain: tuple[Path, ...], context: str) -> None:
        """A simple user macro: its body, with the arguments put in, walked in its place."""
        if self.override is not None or not self.with_expansion(
            node, lambda body: self.walk(body, chain, context)
        ):
            self.collect(_args(node), context)
            self.emit(self.text_of([node]), node)

    def with_expansion(self, node: LatexMacroNode, then: Callable[[list[LatexNode]], None]) -> bool:
        """Parse the macro's expansion and hand it to ``then``, every piece of it mapped to the
        call's span (one level: a macro inside an expansion prints as pylatexenc reads it)."""
        count, body = self.macros[node.macroname]
        arguments = [a.latex_verbatim()[1:-1] for a in _args(node)[:count]]
        if len(arguments) < count:
            return False
        expanded = expand_call(body, arguments)
        walker = LatexWalker(expanded, latex_context=self.context, tolerant_parsing=True)
        nodes, _, _ = walker.get_latex_nodes()
        self.override = (node.pos, node.pos + node.len)
        try:
            then(list(nodes))
        finally:
            self.override = None
        return True

    def environment(
        self, node: LatexEnvironmentNode, chain: tuple[Path, ...], context: str
    ) -> None:
        name = node.environmentname
        if name == "thebibliography":
            self.flush()
            self.bibliography(node)
        elif name in NON_CLAIM_ENVIRONMENTS:
            self.collect(node.nodelist, name)
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

    def bibliography(self, node: LatexEnvironmentNode) -> None:
        current: tuple[str, int, list[LatexNode]] | None = None

        def close() -> None:
            if current is not None:
                text = " ".join(self.text_of(current[2]).split())
                self.bibitems.append(BibItem(current[0], text, self.file, current[1]))

        self.collect(node.nodelist, "thebibliography")
        for child in node.nodelist:
            if isinstance(child, LatexMacroNode) and child.macroname == "bibitem":
                close()
                key = group_text(_args(child)[-1]) if _args(child) else ""
                current = (key, self._line(child.pos), [])
            elif current is not None:
                current[2].append(child)
        close()

    def document(self, nodes: list[LatexNode]) -> None:
        body = _document(nodes)
        chain = (self.folder / self.main,)
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
            if isinstance(node, LatexMacroNode) and node.macroname in _BIBLIOGRAPHY_MACROS:
                self.macro(node, chain, "preamble")
            elif isinstance(node, LatexMacroNode) and node.macroname in INCLUDE_COMMANDS:
                self.include(node, chain, preamble=True)
            elif isinstance(node, LatexEnvironmentNode) and node.environmentname == "abstract":
                self.environment(node, chain, "prose")
            else:
                self.collect([node], "preamble")


def read_latex_draft(
    path: Path, names: TextualNames | None = None, *, includes: bool = True
) -> LatexDraft:
    """Read the draft at ``path`` with the files it includes; InputError when it cannot be
    read (not UTF-8, too large or deep, an include that is missing or leaves the folder).

    ``names(keys)`` gives what a textual citation prints (the authors), default the keys.
    ``includes=False`` refuses every ``\\input``: a draft that arrived as one text has
    nothing beside it that belongs to it."""
    reader = _Reader(path, names or (lambda keys: ", ".join(keys)), includes=includes)
    nodes = reader.read(reader.folder / path.name, (reader.folder / path.name,))
    try:
        reader.document(nodes)
    except RecursionError:
        raise InputError(
            f"{path}: the LaTeX draft is nested too deeply to read (the limit is "
            f"{MAX_LATEX_DEPTH} levels of groups and environments)"
        ) from None
    return LatexDraft(
        main=reader.main,
        folder=reader.folder,
        files=reader.files,
        blocks=tuple(reader.blocks),
        commands=tuple(reader.commands),
        bibliographies=tuple(dict.fromkeys(reader.bibliographies)),
        bibitems=tuple(reader.bibitems),
        include_lines=reader.include_lines,
    )

"""LaTeX papers: includes resolved (``latex_inputs``), comments dropped, text via pylatexenc.

Passages keep the heading of the ``\\section``/``\\subsection``/``\\subsubsection`` they sit
under. pylatexenc does not expand user macros, so one common idiom is recognised explicitly:
a ``\\newcommand`` whose body starts with ``\\section{#1}`` becomes a section heading too.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.latexwalker import (
    LatexEnvironmentNode,
    LatexGroupNode,
    LatexMacroNode,
    LatexNode,
)
from pylatexenc.macrospec import MacroSpec

from claimaudit.errors import InputError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.untrusted import MAX_LATEX_DEPTH
from claimaudit.guards.userfiles import UnreadableFileError, read_regular
from claimaudit.library.extract_text import SourceHasher, decode_text, paragraphs, read_bytes
from claimaudit.library.latex.babel import uses_german_shorthands
from claimaudit.library.latex.captions import CaptionStyle, caption_style
from claimaudit.library.latex.citations import (
    BARE_CITE,
    TEXTUAL_COMMAND,
    CitedWorks,
    bibliography_files,
    citation_aliases,
    read_names,
)
from claimaudit.library.latex.cite_style import (
    biblatex_useprefix,
    citation_name_limit,
    cite_prints_names,
    numeric_bibliography,
)
from claimaudit.library.latex.cleveref import CrefNames, cref_names
from claimaudit.library.latex.conditionals import decide_conditionals
from claimaudit.library.latex.counter_formats import CounterFormats, counter_formats
from claimaudit.library.latex.definitions import drop_defs
from claimaudit.library.latex.front import front_nodes, is_title_block, latex_authors
from claimaudit.library.latex.gaps import closed_gaps
from claimaudit.library.latex.inputs import MAX_SOURCE_CHARS, expand_inputs
from claimaudit.library.latex.macro_text import SKIPPED_ENVIRONMENTS, macro_args
from claimaudit.library.latex.macros import expand_macros
from claimaudit.library.latex.numbering import document_class, numbering
from claimaudit.library.latex.packages import read_packages, with_declarations
from claimaudit.library.latex.paper_text import (
    ITEM_MARK,
    LABEL_END,
    PARAGRAPH_MARK,
    to_text,
)
from claimaudit.library.latex.refs import (
    autoref_names,
    numbered_converter,
    run_in_headings,
)
from claimaudit.library.latex.shapes import (
    ABSTRACT_NAME,
    BOX_HEADING,
    SECTION_MACROS,
    walker_context,
)
from claimaudit.library.latex.theorems import proof_name
from claimaudit.library.latex.unclosed import (
    drop_open_definitions,
    unclosed_argument,
    unclosed_environment,
    unclosed_environment_problem,
)
from claimaudit.library.latex.walker import RunsWalker
from claimaudit.library.models import ExtractedDocument, TextBlock
from claimaudit.library.reference_headings import is_references_heading

# A box's own heading: a bold line that opens a line and ends with a forced break
# ("\\noindent \\textbf{What Not To Do} \\\\ We recommend..."). A PDF prints it as a heading
# line; read as text, it would open the paragraph ("What Not To Do We recommend against...").
# It is rewritten to the private heading macro ``BOX_HEADING`` before parsing.
_BOX_HEADING_LINE = re.compile(
    r"^([ \t]*)(?:\\noindent\s*)?\\textbf\{((?:[^{}\n]|\{[^{}\n]{0,20}\}){1,80})\}"
    r"[ \t]*\n?[ \t]*\\\\(?![a-zA-Z])",
    re.MULTILINE,
)
# A renamed abstract ("\\renewcommand{\\abstractname}{Acknowledgements}" before the next
# ``abstract`` environment) heads its paragraphs as the PDF prints it.
_ABSTRACT_NAME = re.compile(
    r"\\renewcommand\*?\s{0,40}(?:\{\s{0,40}\\abstractname\s{0,40}\}|\\abstractname(?![A-Za-z@]))"
    r"\s{0,40}\{([^{}\n]{1,120})\}"
)
_FLOATS = frozenset(
    {"figure", "figure*", "table", "table*", "wrapfigure", "sidewaysfigure", "sidewaystable"}
)
# The document's end. A file without it (after its ``\\begin{document}``) was most likely cut
# short: TeX stops with "no legal \\end found", and the reader reads it all the same.
_END_DOCUMENT = re.compile(r"\\end\s*\{document\}")

# An item's label and the spaces typed after it: "Branches: A branch", one space.
_LABEL_END = re.compile(LABEL_END + r"\s*")


def extract_latex(
    path: Path, *, root: Path | None = None, includes: bool = True, math_mode: str = "text"
) -> ExtractedDocument:
    """A LaTeX paper; ``root`` and ``includes`` bound what it may pull in (``expand_inputs``).

    ``math_mode`` is pylatexenc's: formulas as text (the default), or ``"verbatim"`` as written
    (the fidelity benchmark uses it to tell sentences with mathematics)."""
    hasher = SourceHasher()
    skipped: list[str] = []  # \include of missing files, left out as LaTeX leaves them
    source = expand_inputs(path, hasher, root=root, includes=includes, warnings=skipped)
    source = _ABSTRACT_NAME.sub(rf"\\{ABSTRACT_NAME}{{\1}}", source)
    # The paper's own packages define macros too (``\\let\\mycite\\citet``), and theorems,
    # which are counted as the preamble's are; an upload arrives without them.
    packages = read_packages(path, source, hasher, root) if includes else []
    source = with_declarations(source, packages, path.parent)
    # Before expansion, which drops the definitions they read (``\\figurename``, ...).
    names = autoref_names(source)
    crefs = cref_names(source)
    source, formats = counter_formats(source)
    captions = caption_style(source, document_class(source))
    # The bibliography is read only for what a textual citation prints.
    bare = cite_prints_names(source, packages) and BARE_CITE.search(source) is not None
    textual = includes and (
        bare or any(TEXTUAL_COMMAND.search(text) for text in [source, *packages])
    )
    files = _bibliography(path, source, hasher, root) if textual else []
    names_printed, full_names, entries = read_names(
        files, citation_name_limit(source, packages), biblatex_useprefix(source, packages)
    )
    cited = CitedWorks(
        names_printed,
        bare and not numeric_bibliography(files),
        full=full_names,
        aliases=citation_aliases(source),
        entries=entries,
    )
    # Before expansion: ``\\ifdefined\\x`` asks of \\x, not of what it expands to.
    source = decide_conditionals(source)
    proof = proof_name(source)  # before expansion drops a \\renewcommand{\\proofname}
    source = expand_macros(source, MAX_SOURCE_CHARS, packages)
    try:
        document = _extract(
            path, source, hasher, math_mode, names, captions, cited, crefs, formats, proof
        )
        return replace(document, warnings=(*skipped, *document.warnings))
    except RecursionError:
        # The per-file depth check stops this; nesting that only adds up across files ends here.
        raise InputError(
            f"{shown_name(path)}: the LaTeX source is nested too deeply to read (the limit is "
            f"{MAX_LATEX_DEPTH} levels of groups and environments)"
        ) from None


def _bibliography(
    path: Path, source: str, hasher: SourceHasher, root: Path | None
) -> list[tuple[Path, bytes]]:
    """The paper's bibliography files beside it, which give the names its textual citations
    print (``latex_citations``). Each file is read as an include is (inside the paper's folder)
    and hashed with the source, since it changes the text; one that is missing, outside the
    folder or unreadable is passed over: its citations print nothing, as a citation did before.
    One that is a FIFO or a device is InputError, never opened (a FIFO would block), as such
    an ``\\input`` is."""
    folder = path.parent.resolve()
    boundary = (root or path.parent).resolve()
    read: list[tuple[Path, bytes]] = []
    for name in bibliography_files(source, path):
        try:
            target = (folder / name).resolve()
            if not target.is_relative_to(boundary):
                continue
            if not target.is_file():
                if target.exists() and not target.is_dir():
                    raise InputError(f"{shown_name(path)}: {name} is not a regular file")
                continue
            data = read_regular(target)
        except (OSError, RuntimeError, UnreadableFileError):
            continue
        hasher.add(Path(os.path.relpath(target, folder)).as_posix(), data)
        read.append((target, data))
    return read


def _extract(
    path: Path,
    source: str,
    hasher: SourceHasher,
    math_mode: str,
    names: dict[str, str],
    captions: CaptionStyle | None,
    cited: CitedWorks,
    crefs: CrefNames,
    formats: CounterFormats,
    proof: str,
) -> ExtractedDocument:
    source, opened_by_macros = drop_open_definitions(source)
    # The \def definitions left (TeX code, or inside a body just expanded) print nothing.
    source = drop_defs(source)
    source = _BOX_HEADING_LINE.sub(rf"\1\\{BOX_HEADING}{{\2}}", source)
    nodes = _parse(source, {})
    aliases = _section_aliases(nodes)
    if aliases:
        # Re-parse knowing how many arguments each alias takes, so its heading is an argument.
        nodes = _parse(source, aliases)
    unclosed = unclosed_argument(nodes)
    if unclosed is not None:
        raise InputError(f"{shown_name(path)}: {unclosed}; close it and add the paper again")
    environment = unclosed_environment(nodes, opened_by_macros)
    if environment is not None:
        problem = unclosed_environment_problem(environment, _main_text(path))
        raise InputError(f"{shown_name(path)}: {problem}; close it and add the paper again")
    notes: list[str] = []
    document = _find_env(nodes, "document")
    numbers = numbering(
        source, document.nodelist if document is not None else nodes, formats, proof
    )
    # A class whose \\subsubsection is a run-in heading (llncs's bold "Setting." opening its
    # paragraph) prints it as ``\\paragraph`` is printed: the paragraph's first words.
    run_in = run_in_headings(source)
    converter = numbered_converter(
        numbers, names, captions, math_mode, notes, cited, crefs, run_in=run_in
    )
    title = _find_title(nodes, converter)
    authors = latex_authors(nodes, converter)
    blocks: list[TextBlock] = []
    abstract_name = "Abstract"
    if document is not None:
        # Some templates put the abstract in the preamble (SciPy 1.0 does).
        for node in nodes:
            if isinstance(node, LatexMacroNode) and node.macroname == ABSTRACT_NAME:
                abstract_name = _abstract_name(converter, node)
            elif isinstance(node, LatexEnvironmentNode) and node.environmentname == "abstract":
                text = closed_gaps(to_text(converter, node.nodelist, paragraphs=True))
                blocks.extend(paragraphs(text, abstract_name, PARAGRAPH_MARK))
    body = document.nodelist if document is not None else nodes
    notes.clear()  # footnotes of the title and abstract are not the paper's text
    blocks.extend(_Walker(converter, aliases, notes, abstract_name, run_in).blocks(body))
    if not blocks:
        raise InputError(f"{shown_name(path)}: no text found in the LaTeX source")
    warnings: tuple[str, ...] = ()
    if document is not None and not _END_DOCUMENT.search(source, document.pos):
        warnings = (f"{path.name} has no \\end{{document}}: it may be cut short",)
    return ExtractedDocument(
        blocks,
        hasher.hexdigest(),
        hasher.size,
        title=title,
        authors=authors,
        source_format="latex",
        warnings=warnings,
    )


def _main_text(path: Path) -> str | None:
    """The main file's text, for the line a refusal names (None if it cannot be read now)."""
    try:
        return decode_text(path, read_bytes(path))
    except InputError:
        return None


def _abstract_name(converter: LatexNodes2Text, node: LatexMacroNode) -> str:
    args = macro_args(node)
    return " ".join(to_text(converter, args[-1:]).split()) or "Abstract"


def _parse(source: str, aliases: dict[str, int]) -> list[LatexNode]:
    specs = [MacroSpec(name, "{" * nargs) for name, nargs in aliases.items()]
    context = walker_context(specs, german=uses_german_shorthands(source))
    walker = RunsWalker(source, latex_context=context, tolerant_parsing=True)
    nodes, _, _ = walker.get_latex_nodes()
    return list(nodes)


def _section_aliases(nodes: Sequence[LatexNode]) -> dict[str, int]:
    """``\\newcommand{\\name}[n]{\\section{#1}...}`` -> {"name": n}."""
    aliases: dict[str, int] = {}
    for node in nodes:
        if not (isinstance(node, LatexMacroNode) and node.macroname == "newcommand"):
            continue
        # pylatexenc parses \newcommand as ``*{[[{``: star, name, nargs, default, body.
        args = node.nodeargd.argnlist if node.nodeargd else []
        if len(args) < 5 or args[1] is None or args[4] is None:
            continue
        name_nodes = getattr(args[1], "nodelist", [])
        body = getattr(args[4], "nodelist", [])
        nargs_text = args[2].latex_verbatim().strip("[]") if args[2] is not None else "0"
        if (
            name_nodes
            and isinstance(name_nodes[0], LatexMacroNode)
            and body
            and isinstance(body[0], LatexMacroNode)
            and body[0].macroname in SECTION_MACROS
            # isdecimal, not isdigit: "²" is a digit int() refuses (a traceback); LaTeX takes
            # one to nine arguments, and int() no number of more than 4300 digits.
            and nargs_text.isdecimal()
            and len(nargs_text) < 7
            and 1 <= int(nargs_text) <= 9
        ):
            aliases[name_nodes[0].macroname] = int(nargs_text)
    return aliases


def _find_env(nodes: Sequence[LatexNode], name: str) -> LatexEnvironmentNode | None:
    for node in nodes:
        if isinstance(node, LatexEnvironmentNode) and node.environmentname == name:
            return node
    return None


def _find_title(nodes: Sequence[LatexNode], converter: LatexNodes2Text) -> str | None:
    for node in front_nodes(nodes):
        if isinstance(node, LatexMacroNode) and node.macroname == "title" and macro_args(node):
            text = " ".join(to_text(converter, [macro_args(node)[-1]]).split())
            return text or None
    return None


class _Walker:
    """Collects paragraphs of the document body, tracking the current section heading."""

    def __init__(
        self,
        converter: LatexNodes2Text,
        aliases: dict[str, int],
        notes: list[str],
        abstract_name: str,
        run_in: frozenset[str] = frozenset(),
    ) -> None:
        self._converter = converter
        self._notes = notes
        self._headings = (SECTION_MACROS - run_in) | set(aliases) | {BOX_HEADING}
        self._aliases = aliases
        self._section: str | None = None
        self._in_box = False  # the section is a box's own heading
        self._abstract_name = abstract_name  # ``\\abstractname`` as last renamed
        self._pending: list[LatexNode] = []
        self._out: list[TextBlock] = []
        self._headed = False  # a heading (or the abstract) has been met

    def blocks(self, nodes: Sequence[LatexNode]) -> list[TextBlock]:
        self._walk(nodes)
        self._flush()
        return self._out

    def _walk(self, nodes: Sequence[LatexNode]) -> None:
        for node in nodes:
            if isinstance(node, LatexMacroNode) and node.macroname in self._headings:
                self._flush()
                self._headed = True
                self._section = self._heading(node)
                self._in_box = node.macroname == BOX_HEADING
            elif (
                isinstance(node, LatexEnvironmentNode)
                and node.environmentname in SKIPPED_ENVIRONMENTS
            ) or (not self._headed and is_title_block(node)):
                continue
            elif isinstance(node, LatexMacroNode) and node.macroname == ABSTRACT_NAME:
                self._abstract_name = _abstract_name(self._converter, node)
            elif isinstance(node, LatexEnvironmentNode) and node.environmentname in _FLOATS:
                # A float's text is its captions, apart from the paragraph it is set in (as a
                # PDF prints it): a sentence broken by a figure carries on past it.
                self._flush()
                self._pending = [node]
                self._flush("caption")
            elif isinstance(node, LatexEnvironmentNode) and node.environmentname == "abstract":
                self._flush()
                self._headed = True
                self._section = self._abstract_name
                self._walk(node.nodelist)
                self._flush()
            elif isinstance(node, (LatexGroupNode, LatexEnvironmentNode)) and self._has_heading(
                node.nodelist
            ):
                outside = self._section
                self._walk(node.nodelist)
                if self._in_box:  # a box's heading ends with its box
                    self._flush()
                    self._section, self._in_box = outside, False
            else:
                self._pending.append(node)

    def _heading(self, node: LatexMacroNode) -> str | None:
        args = macro_args(node)
        if not args:
            return None
        # Section macros take the title last (after ``*`` and ``[short]``); aliases take it first.
        arg = args[0] if node.macroname in self._aliases else args[-1]
        return " ".join(to_text(self._converter, [arg]).split()) or None

    def _has_heading(self, nodes: Sequence[LatexNode]) -> bool:
        """Whether a heading lies anywhere inside (a box's heading may sit in a list item), or
        an abstract (elsarticle's sits in its ``frontmatter``)."""
        for node in nodes:
            if (isinstance(node, LatexMacroNode) and node.macroname in self._headings) or (
                isinstance(node, LatexEnvironmentNode) and node.environmentname == "abstract"
            ):
                return True
            inside = isinstance(node, LatexGroupNode) or (
                isinstance(node, LatexEnvironmentNode)
                and node.environmentname not in SKIPPED_ENVIRONMENTS
            )
            if inside and self._has_heading(node.nodelist):
                return True
        return False

    def _flush(self, kind_of_text: str = "text") -> None:
        if self._section is not None and is_references_heading(self._section):
            # Hand-typed references (``\\section*{References}``): a list of works, not
            # evidence, as ``thebibliography`` is not.
            self._pending = []
            self._notes.clear()
            return
        if self._pending:
            text = to_text(self._converter, self._pending, paragraphs=True)
            text = closed_gaps(text)
            for block in paragraphs(text, self._section, PARAGRAPH_MARK):
                kind = "list" if block.text.startswith(ITEM_MARK) else kind_of_text
                clean = _LABEL_END.sub(" ", block.text.replace(ITEM_MARK, "")).strip()
                if clean:
                    self._out.append(replace(block, text=clean, kind=kind))
            self._pending = []
        notes = (closed_gaps(note).strip() for note in self._notes)
        self._out.extend(TextBlock(note, self._section, kind="footnote") for note in notes if note)
        self._notes.clear()

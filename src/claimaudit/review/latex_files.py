"""A LaTeX draft's files as the review reader takes them in: each read (UTF-8, within the size
and nesting limits), what TeX never prints blanked to spaces, the main file's simple macros
noted, and parsed; an include followed only inside the draft's folder (after symlinks, as
ingestion does: ``claimaudit.library.latex_inputs``). Every offset stays an offset into the
file as written, so each sentence keeps its file, line and column."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from pylatexenc.latexwalker import LatexEnvironmentNode, LatexMacroNode, LatexNode, LatexWalker
from pylatexenc.macrospec import MacroSpec

from claimaudit.errors import InputError, NestingError
from claimaudit.library.extract_text import read_bytes
from claimaudit.library.latex_context import walker_context
from claimaudit.library.latex_inputs import MAX_SOURCE_CHARS, follow_include
from claimaudit.library.latex_macros import draft_macros
from claimaudit.library.latex_unprinted import blank_unprinted, excluded_environments
from claimaudit.review.latex_cites import CITE_COMMANDS, CITE_SPECS
from claimaudit.review.latex_include import INCLUDE_SPECS, include_of
from claimaudit.untrusted import check_latex_depth

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
_TEXT_ALONE = "a draft sent as text is read on its own; put the included file's text in its place"


class DraftFiles:
    """The files read so far (``files``: name relative to ``folder`` -> exact text) and what
    parsing the next one needs: the main file's simple macros and the walker context."""

    def __init__(self, main: Path, *, includes: bool = True) -> None:
        self.folder = main.parent.resolve()
        self.main = main.name
        self.includes = includes
        self.files: dict[str, str] = {}
        self.total = 0
        self.macros: dict[str, tuple[int, str]] = {}
        self.context = walker_context(_DRAFT_SPECS)
        self.excluded: set[str] = set()  # \excludecomment environments (the main file's)

    def name(self, path: Path) -> str:
        return Path(os.path.relpath(path, self.folder)).as_posix()

    def read(self, path: Path, chain: tuple[Path, ...]) -> list[LatexNode]:
        name = self.name(path)
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

    def target(
        self, node: LatexMacroNode, shown: str, chain: tuple[Path, ...], base: Path
    ) -> tuple[Path, Path]:
        """The file an include in ``shown`` pulls in and the folder its own includes resolve
        against; InputError when it is refused, missing, circular or too deep."""
        return follow_include(
            include_of(node),
            node.latex_verbatim(),
            shown,
            chain,
            base=base,
            main_folder=self.folder,
            boundary=self.folder,
            refusal=None if self.includes else _TEXT_ALONE,
            container="the draft's folder",
        )


def _blank(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """``text`` with ``spans`` read as spaces: the same length, so offsets hold."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def document_node(nodes: Sequence[LatexNode]) -> LatexEnvironmentNode | None:
    for node in nodes:
        if isinstance(node, LatexEnvironmentNode) and node.environmentname == "document":
            return node
    return None


def document_body(nodes: list[LatexNode]) -> list[LatexNode]:
    """An included file's nodes without its own preamble and ``document`` wrapper (a subfile
    set alone is a document of its own), as ingestion reads it."""
    body = document_node(nodes)
    return list(body.nodelist) if body is not None else nodes

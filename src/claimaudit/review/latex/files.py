"""A LaTeX draft's files as the review reader takes them in: each read (UTF-8, within the size
and nesting limits), what TeX never prints blanked to spaces, definitions and ``\\let``s
blanked too (never text, never a call), the simple macros of the main file and of what its
preamble pulls in (``\\input`` files, package files beside it) noted, and parsed; an include
followed only inside the draft's folder (after symlinks, as ingestion does:
``claimaudit.library.latex.inputs``). Every offset stays an offset into the file as written, so
each sentence keeps its file, line and column."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

from pylatexenc.latexwalker import LatexEnvironmentNode, LatexMacroNode, LatexNode
from pylatexenc.macrospec import MacroSpec

from claimaudit.errors import InputError, NestingError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.untrusted import check_latex_depth
from claimaudit.guards.userfiles import UnreadableFileError, read_regular
from claimaudit.guards.usertext import NotUtf8Error, decode_utf8
from claimaudit.library.extract_text import read_bytes
from claimaudit.library.latex.babel import uses_german_shorthands
from claimaudit.library.latex.comments import strip_comments
from claimaudit.library.latex.conditionals import conditional_spans
from claimaudit.library.latex.context import walker_context
from claimaudit.library.latex.definitions import Macro
from claimaudit.library.latex.file_tests import blank_spans, file_test_spans
from claimaudit.library.latex.inputs import (
    BEGIN_DOCUMENT,
    MAX_SOURCE_CHARS,
    IncludeNotRegularError,
    file_exists_in,
    follow_include,
    include_only,
    left_out,
)
from claimaudit.library.latex.macros import DraftMacros, draft_macros, inline_nested
from claimaudit.library.latex.packages import local_packages
from claimaudit.library.latex.unprinted import (
    blank_unprinted,
    environment_shapes,
    excluded_environments,
    whole_lines,
)
from claimaudit.library.latex.walker import RunsWalker
from claimaudit.review.latex.cites import CITE_COMMANDS, CITE_SPECS
from claimaudit.review.latex.counters import COUNTER_SPECS
from claimaudit.review.latex.delimited import rewrite_calls
from claimaudit.review.latex.include import INCLUDE_SPECS, include_of

_DRAFT_SPECS = [
    *CITE_SPECS,
    *INCLUDE_SPECS,
    *COUNTER_SPECS,
    MacroSpec("bibliography", "{"),
    MacroSpec("addbibresource", "[{"),
    MacroSpec("addglobalbib", "[{"),
    MacroSpec("bibitem", "[{"),
    MacroSpec("caption", "*[{"),
    MacroSpec("todo", "[{"),
    MacroSpec("footnotemark", "["),
    MacroSpec("footnotetext", "[{"),
    # The headings' shapes are the paper reader's (``walker_context``: ``SECTIONING_MACROS``).
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
        self.defaults: dict[str, str] = {}  # an optional first argument's default
        self.aliases: dict[str, str] = {}  # \\let\\lcite\\cite: alias -> citation command
        # \\def\\see#1.{...}: its calls are matched apart (``latex.delimited``), each call's
        # arguments kept by (file, offset).
        self.delimited: dict[str, Macro] = {}
        self.outer = ""  # the main file as read before its conditionals are decided
        self.calls: dict[tuple[str, int], tuple[list[str], int]] = {}
        self.german = False
        self.environments: dict[str, str] = {}  # the main file's, with arguments: name -> shape
        self.context = walker_context(_DRAFT_SPECS)
        self.excluded: set[str] = set()  # \excludecomment environments (the main file's)
        self.only: frozenset[str] | None = None  # what \includeonly lets \include read
        # Each file read: its name, text, text parsed and nodes (``latex_unclosed`` checks them).
        self.parsed: list[tuple[str, str, str, list[LatexNode]]] = []
        # The texts of the package files beside it the main file loads (comments dropped): their
        # biblatex options count as the draft's own (``citation_name_limit``), as ingestion's.
        self.packages: list[str] = []

    def name(self, path: Path) -> str:
        return Path(os.path.relpath(path, self.folder)).as_posix()

    def read(
        self, path: Path, chain: tuple[Path, ...], base: Path | None = None
    ) -> list[LatexNode]:
        """The nodes of the file ``path`` (reached through ``chain``), whose includes resolve
        against ``base`` (default: the draft's folder)."""
        name = self.name(path)
        data = read_bytes(path)
        binary = b"\x00" in data[:8192]
        try:
            # UTF-16 is said first: its NUL bytes would call it a binary file.
            text = decode_utf8(data)
        except NotUtf8Error as error:
            if binary and not error.utf16:
                raise InputError(
                    f"{shown_name(name)}: looks like a binary file, not LaTeX"
                ) from None
            advice = "" if error.utf16 else "; convert it to UTF-8 first"
            raise InputError(f"{shown_name(name)}: {error}{advice}") from None
        if binary:
            raise InputError(f"{shown_name(name)}: looks like a binary file, not LaTeX")
        self.total += len(text)
        if self.total > MAX_SOURCE_CHARS:
            raise InputError(
                f"{shown_name(self.main)}: the LaTeX draft, with its included files, is over "
                f"{MAX_SOURCE_CHARS:,} characters"
            )
        try:
            check_latex_depth(text)
        except NestingError as error:
            raise InputError(f"{shown_name(name)}: LaTeX {error}") from None
        self.files[name] = text
        # TeX never prints \iffalse branches, comment environments or a file's rest after
        # \endinput: parsed as spaces, so every offset still points into the file as written.
        self.excluded.update(excluded_environments(text))
        printed = blank_unprinted(text, self.excluded)
        # The branches of the draft's own conditionals TeX does not take (\\ifarxiv ... \\else
        # ... \\fi), read as the library's reader decides them; an included file by the main
        # file's flags too.
        outer = self.outer if len(chain) > 1 else ""
        if len(chain) == 1:
            self.outer = printed
        printed = _blank(
            printed, [whole_lines(printed, *span) for span in conditional_spans(printed, outer)]
        )
        if printed.startswith("\ufeff"):
            # A BOM is no text TeX prints (an included file's would be an uncited sentence);
            # a space for it keeps every offset, and the file's text keeps it as written.
            printed = " " + printed[1:]
        # \IfFileExists: the branch for the file's presence, as ingestion reads it.
        exists = file_exists_in(base or self.folder, self.folder, self.folder)
        printed = blank_spans(printed, file_test_spans(printed, exists))
        # Every definition and \\let read as blanks: parsed, a body's \\cite{#1} would be a
        # citation, and \\let\\x\\cite a call swallowing what follows (\\begin{document}).
        macros = draft_macros(printed, blank_all=True)
        printed = _blank(printed, macros.blanked)
        if len(chain) == 1:
            # babel's German shorthands ("a, "`) are read where the main file sets German.
            self.german = uses_german_shorthands(printed)
            self.only = include_only(_COMMENT_LINE.sub("", printed))
            try:
                packages, shapes = preamble_macros(
                    printed, self.folder, path.parent.resolve(), self.packages
                )
            except IncludeNotRegularError as error:  # refused as such an \input is
                raise InputError(f"{shown_name(name)}: {error} is not a regular file") from None
            # Its environments' arguments (\\begin{note}{Title}) are no text of the draft,
            # defined in it or in a file its preamble pulls in (the main file's own win).
            self.environments = {**shapes, **environment_shapes(text)}
            self._define([*packages, macros])
        printed, calls = rewrite_calls(printed, self.delimited)
        self.calls.update({(name, offset): call for offset, call in calls.items()})
        nodes = self._parse(printed)
        if document_node(nodes) is None and (begin := _begin_document(printed)) is not None:
            # Something in the preamble swallowed \\begin{document}: the preamble and the
            # document parsed apart, so the preamble is never read as prose.
            nodes = self._parse(printed[:begin]) + self._parse(" " * begin + printed[begin:])
        self.parsed.append((name, text, printed, nodes))
        return nodes

    def _parse(self, printed: str) -> list[LatexNode]:
        walker = RunsWalker(printed, latex_context=self.context, tolerant_parsing=True)
        nodes, _, _ = walker.get_latex_nodes()
        return list(nodes)

    def _define(self, found: Sequence[DraftMacros]) -> None:
        """The macros the reader expands: those of the files the main file's preamble pulls
        in (local packages, ``\\input`` files), then the main file's own (a later one wins);
        a ``\\let`` copy of a citation command is an alias of it."""
        for macros in found:
            for name, macro in macros.macros.items():
                if name in macros.provided and name in self.macros:
                    continue  # \\providecommand defines only what is not defined yet
                if name not in CITE_COMMANDS:
                    self.macros[name] = macro
                    self.delimited.pop(name, None)
                    self.aliases.pop(name, None)
                    self.defaults.pop(name, None)
                    if name in macros.defaults:
                        self.defaults[name] = macros.defaults[name]
            for name, delimited in macros.delimited.items():
                if name not in CITE_COMMANDS:
                    self.delimited[name] = delimited
                    for known in (self.macros, self.aliases, self.defaults):
                        known.pop(name, None)
            for copy, original in macros.copies.items():
                if original in CITE_COMMANDS and copy not in CITE_COMMANDS:
                    self.aliases[copy] = original
                    self.macros.pop(copy, None)
                    self.delimited.pop(copy, None)
        if self.aliases:
            # A body calling an alias (``\\my@cite{#1}``) calls the command it copies: an
            # expansion's own calls are not expanded again.
            calls = re.compile(r"\\(" + "|".join(map(re.escape, self.aliases)) + r")(?![A-Za-z@])")
            self.macros = {
                name: (count, calls.sub(lambda m: "\\" + self.aliases[m.group(1)], body))
                for name, (count, body) in self.macros.items()
            }
        # A wrapper of a wrapper reads as what it ends in: the reader expands one level.
        self.macros = inline_nested(self.macros, self.defaults)
        cite_specs = {spec.macroname: spec for spec in CITE_SPECS}
        specs = [
            MacroSpec(n, ("[" if n in self.defaults else "{") + "{" * (a - 1) if a else "")
            for n, (a, _) in self.macros.items()
        ]
        # A delimited call is read as its name alone (``latex.delimited``).
        specs += [MacroSpec(name, "") for name in self.delimited]
        specs += [
            MacroSpec(alias, args_parser=cite_specs[original].args_parser)
            for alias, original in self.aliases.items()
            if original in cite_specs
        ]
        self.context = walker_context(
            [*_DRAFT_SPECS, *specs], german=self.german, environments=self.environments
        )

    def expands(self, name: str) -> bool:
        """Whether the reader expands ``name`` in place (a user macro or a citation alias)."""
        return name in self.macros or name in self.aliases or name in self.delimited

    def left_out(self, node: LatexMacroNode) -> bool:
        """Whether ``\\includeonly`` leaves the include ``node`` out, as LaTeX does."""
        return left_out(include_of(node), self.only)

    def target(
        self, node: LatexMacroNode, shown: str, chain: tuple[Path, ...], base: Path
    ) -> tuple[Path, Path]:
        """The file an include in ``shown`` pulls in and the folder its own includes resolve
        against; InputError when it is refused, missing, circular or too deep,
        MissingIncludeWarning for an ``\\include`` of a missing file (LaTeX goes on)."""
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


# What a preamble pulls in whose macros the draft may use: local packages and input files.
_INPUT = re.compile(r"\\input\s{0,40}\{([^{}]{1,400})\}|\\input[ \t]{1,40}([^\s{}%\\]{1,400})")
_COMMENT = re.compile(r"(?<!\\)%")
_COMMENT_LINE = re.compile(r"(?<!\\)%[^\n]*")


def _begin_document(text: str) -> int | None:
    """Where ``\\begin{document}`` stands in ``text`` (not in a comment), or None."""
    for match in BEGIN_DOCUMENT.finditer(text):
        line_start = text.rfind("\n", 0, match.start()) + 1
        if not _COMMENT.search(text, line_start, match.start()):
            return match.start()
    return None


def preamble_macros(
    printed: str, folder: Path, base: Path, texts: list[str] | None = None
) -> tuple[list[DraftMacros], dict[str, str]]:
    """The macros defined in the files the main file's preamble pulls in, and the argument
    shapes of the environments they define (``environment_shapes``): a package that is a
    ``.sty`` file beside the draft (``\\usepackage{mystyle}``) and the ones such packages load
    in turn (``latex_packages.local_packages``), a file it ``\\input``s (one level deep).
    Read with an include's care (inside the draft's folder after symlinks, a regular file,
    within the size limit, UTF-8); a file that cannot be read so is passed over here (an
    input's own reading says why), but a package that is a FIFO or a device is
    IncludeNotRegularError (``local_packages``). Each package's text, comments dropped, is
    added to ``texts`` where given."""
    begin = _begin_document(printed)
    preamble = _COMMENT_LINE.sub("", printed[: len(printed) if begin is None else begin])
    found: list[DraftMacros] = []
    shapes: dict[str, str] = {}
    total = 0
    for _, data in local_packages(preamble, base, folder):
        text = data.decode("utf-8-sig")
        total += len(text)
        if texts is not None:
            texts.append(strip_comments(text))
        found.append(draft_macros(blank_unprinted(text, set()), blank_all=True, package=True))
        shapes.update(environment_shapes(text))
    names: list[str] = []
    for match in _INPUT.finditer(preamble):
        name = (match.group(1) or match.group(2)).strip()
        names.append(name if Path(name).suffix in (".tex", ".sty") else f"{name}.tex")
    for name in dict.fromkeys(names):
        if "\x00" in name:
            continue
        path = (base / name).resolve()
        if not path.is_relative_to(folder) or not path.is_file():
            continue
        try:
            text = read_regular(path, MAX_SOURCE_CHARS * 4).decode("utf-8")
        except (OSError, UnreadableFileError, UnicodeDecodeError):
            continue
        total += len(text)
        if total > MAX_SOURCE_CHARS:
            break
        package = path.suffix == ".sty"
        found.append(draft_macros(blank_unprinted(text, set()), blank_all=True, package=package))
        shapes.update(environment_shapes(text))
    return found, shapes


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

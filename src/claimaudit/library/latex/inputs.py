"""The files a LaTeX paper pulls in, found as TeX finds them and confined to the paper's folder.

``\\input``/``\\include`` name a file relative to the main file's folder. The ``subfiles``
package's ``\\subfile`` and the ``import`` package's ``\\import{dir/}{file}`` (alias
``\\inputfrom``, and ``\\includefrom``) and ``\\subimport{dir/}{file}`` (``\\subinputfrom``,
``\\subincludefrom``) name one relative to a folder, and what that file includes in turn is
looked for in that folder first (then in the main file's, as the packages do). A file such a
command pulls in may carry its own preamble (``\\documentclass[main.tex]{subfiles}`` ...
``\\begin{document}``) so that it can be typeset alone; only its document's body is its text.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from claimaudit.errors import InputError, NestingError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.untrusted import check_latex_depth
from claimaudit.guards.userfiles import existing_spelling
from claimaudit.library.extract_text import SourceHasher, decode_text, read_bytes
from claimaudit.library.latex.comments import strip_comments
from claimaudit.library.latex.file_tests import drop_spans, file_test_spans
from claimaudit.library.latex.unprinted import (
    drop_unprinted,
    environments_as_commands,
    excluded_environments,
)

# TeX's own form, ``\input sections/a``, names the file up to the next space (the name may
# start on the next line, as TeX skips one end of line after a command), or between double
# quotes, as TeX Live reads a name with spaces (``\input "parts/with space"``).
_INCLUDE = re.compile(
    r"\\(input|include|subfile|subfileinclude)\s{0,40}\{([^}]{0,500})\}"
    r"|\\(import|subimport|inputfrom|subinputfrom|includefrom|subincludefrom)\*?"
    r"\s{0,40}\{([^}]{0,500})\}\s{0,40}\{([^}]{0,500})\}"
    r"|\\input(?=\s)[ \t]{0,40}(?:\r?\n)?[ \t]{0,40}"
    r'("[^"\n{}%\\]{1,500}"|[^\s{}%\\]{1,500})'
)
# A file's own preamble, when it has one: set alone, it is a document of its own.
_DOCUMENT_CLASS = re.compile(r"\\documentclass(?![A-Za-z@])")
# Where a document's body begins: its preamble is all before it.
BEGIN_DOCUMENT = re.compile(r"\\begin\s{0,40}\{document\}")
_END_DOCUMENT = re.compile(r"\\end\s{0,40}\{document\}")
# ``\includeonly{a,b}`` in the preamble: LaTeX reads only those of the ``\include``d files.
_INCLUDE_ONLY = re.compile(r"\\includeonly\s{0,40}\{([^{}]{0,2000})\}")
MAX_INCLUDE_DEPTH = 20
# pylatexenc reads about 0.3 MB a second: a bigger source (or one that \inputs the same file
# over and over) would hold a worker for minutes. Real papers are well under 1 MB.
MAX_SOURCE_CHARS = 4_000_000
# Commands whose folder is given: from the main file's folder, or from the including file's.
_FROM_MAIN = frozenset({"import", "inputfrom", "includefrom"})
_FROM_HERE = frozenset({"subimport", "subinputfrom", "subincludefrom"})
_SUBFILES = frozenset({"subfile", "subfileinclude"})
IMPORT_COMMANDS = _FROM_MAIN | _FROM_HERE
_UPLOAD_REFUSAL = (
    "an uploaded file cannot pull in other files (upload the paper as one .tex file, or as a PDF)"
)
INCLUDE_COMMANDS = frozenset({"input", "include"}) | _SUBFILES | IMPORT_COMMANDS
# The commands built on LaTeX's \include: a file that is not there is a warning ("No file
# x.tex."), and LaTeX goes on without it, where \input stops with an error.
_SKIPPED_WHEN_MISSING = frozenset({"include", "includefrom", "subincludefrom", "subfileinclude"})


@dataclass(frozen=True)
class Include:
    """An include as written: its command, the file it names and (``\\import``) its folder."""

    command: str
    name: str
    folder: str = ""


class IncludeOutsideError(Exception):
    """An include resolves (after symlinks) outside the folder it must stay in."""


class MissingIncludeWarning(Exception):
    """An ``\\include`` of a file that is not there: LaTeX leaves it out and goes on, and so
    does the reader; the message is the warning to show."""


class IncludeNotRegularError(Exception):
    """An include names a FIFO or a device: there, but no file to read (a FIFO would block)."""


def preamble_end(source: str) -> int:
    """Where ``source``'s preamble ends: at its ``\\begin{document}``, else at its end (a
    source without one, a package or an included part, is read whole)."""
    begin = BEGIN_DOCUMENT.search(source)
    return begin.start() if begin is not None else len(source)


def document_body(text: str) -> str:
    """An included file's text without its own preamble and ``document`` wrapper, when it has
    them (a subfile set alone is a document of its own); otherwise the text as it is."""
    begin = BEGIN_DOCUMENT.search(text)
    if begin is None or _DOCUMENT_CLASS.search(text, 0, begin.start()) is None:
        return text
    end = _END_DOCUMENT.search(text, begin.end())
    return text[begin.end() : end.start() if end else len(text)]


def locate(include: Include, base: Path, main_folder: Path, boundary: Path) -> tuple[Path, Path]:
    """The file ``include`` names, read from a file whose includes resolve against ``base``,
    and the folder the includes of that file resolve against in turn. InputError-free:
    FileNotFoundError when there is no such file, IncludeNotRegularError when it is a FIFO or
    a device, IncludeOutsideError when it resolves, after
    symlinks, outside ``boundary`` (checked before existence, so a refusal says nothing about
    whether such a file exists)."""
    name = _unquoted(include.name)
    if include.command in _FROM_MAIN:
        folders = [main_folder / _unquoted(include.folder)]
    elif include.command in _FROM_HERE:
        folders = [base / _unquoted(include.folder)]
    else:
        folders = list(dict.fromkeys([base, main_folder]))
    refused = irregular = False
    for folder in folders:
        try:
            target = _resolve(folder, name, boundary)
        except IncludeOutsideError:
            refused = True
            continue
        except IncludeNotRegularError:
            irregular = True
            continue
        if target is not None:
            if include.command in IMPORT_COMMANDS:
                return target, folder.resolve()
            return target, target.parent if include.command in _SUBFILES else base
    if refused:
        raise IncludeOutsideError(name)
    if irregular:
        raise IncludeNotRegularError(name)
    raise FileNotFoundError(name)


def follow_include(
    include: Include,
    written: str,
    shown: str | Path,
    chain: tuple[Path, ...],
    *,
    base: Path,
    main_folder: Path,
    boundary: Path,
    refusal: str | None,
    container: str,
) -> tuple[Path, Path]:
    """``locate`` with every refusal an InputError naming the include as ``written`` in the
    file ``shown``: all includes when ``refusal`` (why) is given, one outside ``boundary``
    (``container`` says what that folder is), a missing file, a file that includes itself
    (it is in ``chain``), a chain deeper than MAX_INCLUDE_DEPTH; MissingIncludeWarning for an
    ``\\include`` of a missing file, which LaTeX only warns of. Shared by ingestion and the
    review of a draft, so both refuse the same includes in the same order."""
    if refusal is not None:
        raise InputError(f"{shown_name(shown)}: {written} refused: {refusal}")
    try:
        target, inner = locate(include, base, main_folder, boundary)
    except IncludeOutsideError:
        raise InputError(
            f"{shown_name(shown)}: {written} refused: it points outside {container}"
        ) from None
    except IncludeNotRegularError:
        raise InputError(f"{shown_name(shown)}: {written} is not a regular file") from None
    except FileNotFoundError:
        if include.command in _SKIPPED_WHEN_MISSING:
            raise MissingIncludeWarning(
                f"{shown_name(shown)}: {written} refers to a missing file; LaTeX leaves it "
                "out, and so does the reader"
            ) from None
        raise InputError(f"{shown_name(shown)}: {written} refers to a missing file") from None
    if target in chain:
        # The loop from the file it returns to, each file as named from the project's folder.
        loop = [*chain[chain.index(target) :], target]
        names = " -> ".join(Path(os.path.relpath(path, boundary)).as_posix() for path in loop)
        raise InputError(f"\\{include.command} cycle: {names}")
    if len(chain) > MAX_INCLUDE_DEPTH:
        raise InputError(
            f"{shown}: {written} exceeds the include depth limit "
            f"({MAX_INCLUDE_DEPTH} nested includes)"
        )
    return target, inner


def file_exists_in(base: Path, main_folder: Path, boundary: Path) -> Callable[[str], bool]:
    """Whether a file named from a file whose includes resolve against ``base`` is there, as
    an include would find it (``.tex`` added, inside ``boundary``). One outside ``boundary``
    counts as absent (it is never read); a FIFO or device as there (the include then says
    what it is)."""

    known: dict[str, bool] = {}  # a name tested again is not looked for again

    def exists(name: str) -> bool:
        if name not in known:
            try:
                locate(Include("input", name), base, main_folder, boundary)
                known[name] = True
            except IncludeNotRegularError:
                known[name] = True
            except (IncludeOutsideError, FileNotFoundError):
                known[name] = False
        return known[name]

    return exists


def include_only(text: str) -> frozenset[str] | None:
    """The files the last ``\\includeonly`` of ``text`` (comments gone) lets ``\\include``
    read; None without one (all of them)."""
    found = _INCLUDE_ONLY.findall(text)
    if not found:
        return None
    return frozenset(_include_name(name) for name in found[-1].split(",") if name.strip())


def left_out(include: Include, only: frozenset[str] | None) -> bool:
    """Whether LaTeX skips ``include``: an ``\\include`` of a file ``\\includeonly`` does not
    name (the PDF lacks its text, and the file need not be there)."""
    return (
        include.command == "include"
        and only is not None
        and (_include_name(include.name) not in only)
    )


def _include_name(name: str) -> str:
    return _unquoted(name).removesuffix(".tex")


def _unquoted(name: str) -> str:
    """A file or folder name as TeX Live reads it: its double quotes, which let a name hold
    spaces (``\\input{"parts/with space"}``), are no part of it."""
    return name.strip().replace('"', "")


def _resolve(folder: Path, name: str, boundary: Path) -> Path | None:
    """The file an include names in ``folder``, or None when there is none."""
    if "\x00" in name:
        return None  # no file has such a name
    candidates = [name] if name.endswith(".tex") else [f"{name}.tex", name]
    try:
        resolved = [existing_spelling(folder / c).resolve() for c in candidates]
        if any(not r.is_relative_to(boundary) for r in resolved):
            raise IncludeOutsideError(name)
        found = next((r for r in resolved if r.is_file()), None)
        if found is None and any(r.exists() and not r.is_dir() for r in resolved):
            raise IncludeNotRegularError(name)
        return found
    except (OSError, RuntimeError):
        # A name too long for the file system, a loop of symlinks (RuntimeError): no such file.
        return None


def _include(match: re.Match[str]) -> Include:
    if match.group(1) is not None:
        return Include(match.group(1), match.group(2))
    if match.group(3) is not None:
        return Include(match.group(3), match.group(5), match.group(4))
    return Include("input", match.group(6))


def expand_inputs(
    main: Path,
    hasher: SourceHasher | None = None,
    *,
    root: Path | None = None,
    includes: bool = True,
    warnings: list[str] | None = None,
) -> str:
    """The text of ``main`` with every include (``\\input``, ``\\include``, ``\\subfile``,
    ``\\import`` and its kin) replaced by its file, recursively.

    Like LaTeX, names gain ``.tex`` when they have no such suffix. Every included file must
    lie inside ``root`` (default: the main file's folder) once symlinks are resolved; anything
    else is refused, whether or not it exists. With ``includes=False`` (an uploaded file, which
    arrives alone) every include is refused. A missing or refused file is an InputError naming
    the include as written, not a silently shorter paper; but an ``\\include`` of a missing
    file is left out, as LaTeX leaves it, with a warning added to ``warnings``.
    """
    folder = main.parent.resolve()
    boundary = (root or main.parent).resolve()
    hasher = hasher or SourceHasher()
    total = 0
    excluded: set[str] = set()  # \excludecomment environments, declared in the preamble
    only: frozenset[str] | None = None  # what \includeonly lets \include read

    def load(path: Path, chain: tuple[Path, ...], base: Path) -> str:
        nonlocal total, only
        shown = main if len(chain) == 1 else Path(os.path.relpath(path, boundary))
        data = read_bytes(path)
        hasher.add("" if len(chain) == 1 else Path(os.path.relpath(path, folder)).as_posix(), data)
        text = strip_comments(decode_text(shown, data))
        if len(chain) > 1:
            text = document_body(text)
        # Before includes are followed: an \input inside \iffalse is never read.
        excluded.update(excluded_environments(text))
        text = drop_unprinted(environments_as_commands(text), excluded)
        # Before includes too: the \input of a file \IfFileExists finds absent is never read.
        exists = file_exists_in(base, folder, boundary)

        def noted(name: str) -> bool:
            # What a test found changes the text as a file read does: a paper added again once
            # the file is there reads as changed, though that file itself may not be read.
            found = exists(name)
            hasher.add(f"\\IfFileExists{{{name}}}", b"1" if found else b"0")
            return found

        text = drop_spans(text, file_test_spans(text, noted))
        total += len(text)
        if total > MAX_SOURCE_CHARS:
            raise InputError(
                f"{shown_name(main)}: the LaTeX source, with its included files, is over "
                f"{MAX_SOURCE_CHARS:,} characters, more than a paper holds"
            )
        try:
            check_latex_depth(text)
        except NestingError as error:
            raise InputError(f"{shown_name(shown)}: LaTeX {error}") from None

        if len(chain) == 1:
            only = include_only(text)

        def replace(match: re.Match[str]) -> str:
            if left_out(_include(match), only):
                return "\n"
            try:
                target, inner = follow_include(
                    _include(match),
                    match.group(0),
                    shown,
                    chain,
                    base=base,
                    main_folder=folder,
                    boundary=boundary,
                    refusal=None if includes else _UPLOAD_REFUSAL,
                    container="the paper's folder",
                )
            except MissingIncludeWarning as warning:
                if warnings is not None:
                    warnings.append(str(warning))
                return "\n"
            return "\n" + load(target, (*chain, target), inner) + "\n"

        return _INCLUDE.sub(replace, text)

    start = folder / main.name
    return load(start, (start,), folder)

"""A paper's own packages: the ``.sty`` files beside it that its preamble loads
(``\\usepackage{mystyle}``, ``\\RequirePackage``), and those these load in turn, where authors
keep their macros (a citation wrapper, ``\\let\\mycite\\citep``); and its own class, a ``.cls``
beside it that ``\\documentclass{mycls}`` names (and one it ``\\LoadClass``es), which TeX reads
as it reads a package, before them. Ingestion and review read
their definitions, so that a call of such a macro reads as it prints; a package TeX would find
elsewhere (an installed one) is not read. Which of a package's definitions print text, and so
are expanded, is ``printing_macros``' to say, for both readers.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path

from claimaudit.errors import InputError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.userfiles import UnreadableFileError, read_regular
from claimaudit.library.extract_text import SourceHasher
from claimaudit.library.latex.cleveref import CREFNAME
from claimaudit.library.latex.comments import strip_comments
from claimaudit.library.latex.definitions import MAX_MACROS, TEX_CODE
from claimaudit.library.latex.inputs import (
    MAX_SOURCE_CHARS,
    IncludeNotRegularError,
    preamble_end,
)
from claimaudit.library.latex.numbering import NUMBER_WITHIN
from claimaudit.library.latex.theorems import theorem_declarations
from claimaudit.library.latex.unprinted import drop_unprinted, environments_as_commands

_PACKAGE = re.compile(
    r"\\(?:usepackage|RequirePackage)\s{0,40}(?:\[[^\]]{0,400}\])?\s{0,40}\{([^{}]{1,400})\}"
)
# A class: the paper's (``\\documentclass``), or the one a class builds on (``\\LoadClass``).
_CLASS = re.compile(
    r"\\(?:documentclass|LoadClass(?:WithOptions)?)\s{0,40}(?:\[[^\]]{0,400}\])?"
    r"\s{0,40}\{([^{}]{1,400})\}"
)
_CALL = re.compile(r"\\([A-Za-z@]+)")


def printing_macros(bodies: Mapping[str, str], copies: Mapping[str, str]) -> set[str]:
    """The names of a package's definitions (name -> body) that readers expand: those whose
    body prints text. A body that programs TeX or calls LaTeX's internals (a ``\\section``
    redone with ``\\@startsection``) is code, whose output is not known here; a call of the
    package's own printing macros or ``\\let`` copies of printing commands
    (``\\let\\my@cite\\citep``, ``\\newcommand\\mycite[1]{\\my@cite{#1}}``) is not."""
    own_copies = {c for c, original in copies.items() if not _is_code(original)}
    # Each body read once: the calls in it that would be code unless the package gives them.
    suspect = {
        name: {call for call in _CALL.findall(body) if _is_code(call)}
        for name, body in bodies.items()
    }
    kept = set(bodies)
    for _ in range(MAX_MACROS):
        known = kept | own_copies
        printing = {name for name in kept if suspect[name] <= known}
        if printing == kept:
            break
        kept = printing
    return kept


def _is_code(name: str) -> bool:
    """Whether a call of ``name`` programs TeX (a primitive, an internal ``@`` name)."""
    return TEX_CODE.match(f"\\{name}") is not None


def package_files(preamble: str) -> list[str]:
    """The file names of the class and packages ``preamble`` loads ("mycls.cls",
    "mystyle.sty"), in the order written, each once; ``preamble`` without its comments."""
    loads = sorted([*_CLASS.finditer(preamble), *_PACKAGE.finditer(preamble)], key=_start)
    names: list[str] = []
    for match in loads:
        if match.re is _CLASS:
            names += [f"{match.group(1).strip()}.cls"] if match.group(1).strip() else []
        else:
            names += [f"{n.strip()}.sty" for n in match.group(1).split(",") if n.strip()]
    return list(dict.fromkeys(names))


def _start(match: re.Match[str]) -> int:
    return match.start()


# How deep packages loading packages are followed (a.sty's \RequirePackage{b}, b's of c, ...).
MAX_PACKAGE_DEPTH = 8


def local_packages(
    preamble: str, folder: Path, boundary: Path, limit: int = MAX_SOURCE_CHARS
) -> list[tuple[Path, bytes]]:
    """The package files beside a paper that ``preamble`` (without comments) loads, and those
    they load in turn (``\\RequirePackage``, ``\\usepackage``), as TeX finds them: by name in
    ``folder``, the paper's own. Each comes after the packages it loads (TeX reads them where
    it loads them, so its later definitions win), once, and only inside ``boundary`` after
    symlinks, a regular file, up to ``MAX_PACKAGE_DEPTH`` deep (a package loading itself, or
    one that loads it, is read once). One missing, outside, unreadable or not UTF-8 is passed
    over (an installed package is no file here); reading stops before ``limit`` characters.
    IncludeNotRegularError for one that is a FIFO or a device, never opened (a FIFO would
    block): it is there, so it is no installed package, and no file either."""
    found: list[tuple[Path, bytes]] = []
    seen: set[Path] = set()
    total = 0

    def visit(text: str, depth: int) -> bool:
        """Read the packages ``text`` loads; False once the size limit is reached."""
        nonlocal total
        for name in package_files(text):
            if "\x00" in name:
                continue
            try:
                target = (folder / name).resolve()
                if target in seen or not target.is_relative_to(boundary):
                    continue
                if not target.is_file():
                    if target.exists() and not target.is_dir():
                        raise IncludeNotRegularError(name)
                    continue
                seen.add(target)
                data = read_regular(target, limit)
                loaded = data.decode("utf-8-sig")
            except (OSError, RuntimeError, UnreadableFileError, UnicodeDecodeError):
                continue
            if depth < MAX_PACKAGE_DEPTH and not visit(strip_comments(loaded), depth + 1):
                return False
            total += len(loaded)
            if total > limit:
                return False
            found.append((target, data))
        return True

    visit(preamble, 1)
    return found


def read_packages(
    path: Path, source: str, hasher: SourceHasher, root: Path | None = None
) -> list[str]:
    """The text of each package the paper's preamble (``source``, comments dropped, up to
    ``\\begin{document}``) loads, directly or through another (``local_packages``), that is a
    file beside ``path``, inside ``root`` (default: its folder) after symlinks; without
    comments and what TeX never prints, and hashed with the source, since it changes the
    text. InputError for a package that is a FIFO or a device, as for such an ``\\input``."""
    folder = path.parent.resolve()
    boundary = (root or path.parent).resolve()
    texts: list[str] = []
    try:
        found = local_packages(source[: preamble_end(source)], folder, boundary)
    except IncludeNotRegularError as error:
        raise InputError(f"{shown_name(path)}: {error} is not a regular file") from None
    for target, data in found:
        text = data.decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")
        hasher.add(Path(os.path.relpath(target, folder)).as_posix(), data)
        texts.append(drop_unprinted(environments_as_commands(strip_comments(text))))
    return texts


def declarations(text: str) -> list[str]:
    """What of a package's ``text`` (comments dropped) sets how the paper is counted and named,
    as written, in order: the packages it loads (as ``\\usepackage``: amsthm, cleveref,
    subcaption ...), its theorems, ``\\numberwithin`` and cleveref's ``\\crefname``."""
    found = [
        *_PACKAGE.finditer(text),
        *theorem_declarations(text),
        *NUMBER_WITHIN.finditer(text),
        *CREFNAME.finditer(text),
    ]
    return [
        _as_usepackage(match.group(0)) if match.re is _PACKAGE else match.group(0)
        for match in sorted(found, key=lambda m: m.start())
    ]


def _as_usepackage(load: str) -> str:
    """``\\RequirePackage[opts]{x}`` as the preamble's ``\\usepackage[opts]{x}``."""
    if load.startswith("\\RequirePackage"):
        return "\\usepackage" + load.removeprefix("\\RequirePackage")
    return load


def with_declarations(source: str, packages: list[str], folder: Path) -> str:
    """``source`` with the declarations of the paper's own packages (``packages``' texts,
    ``read_packages``) that set how it is counted and named (``declarations``) written where
    its preamble loads the first of them, as TeX reads them there: a theorem a
    ``mystyle.sty`` beside the paper declares is numbered, headed and named by references as
    one the preamble declares, and cleveref or ``\\numberwithin`` there hold as in the
    preamble. Those alone, so no other text of a package is read as the paper's."""
    found = [line for text in packages for line in declarations(text)]
    if not found:
        return source
    end = preamble_end(source)
    at = end
    loads = sorted(
        [*_CLASS.finditer(source, 0, end), *_PACKAGE.finditer(source, 0, end)], key=_start
    )
    for match in loads:
        if any(_beside(folder, name) for name in package_files(match.group(0))):
            at = match.end()
            break
    return source[:at] + "\n" + "\n".join(found) + "\n" + source[at:]


def _beside(folder: Path, name: str) -> bool:
    try:
        return (folder / name).is_file()
    except (OSError, ValueError):
        return False  # a name no file can have

"""What reading a LaTeX draft gives (``claimaudit.review.latex.read.read_latex_draft``): its files,
paragraphs, citation commands, bibliography files and items. Kept apart from the reader so
that what uses a draft (claims, annotation) depends on its shape, not on how it was parsed."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from claimaudit.review.latex.cites import CitationCommand
from claimaudit.review.latex.text import LatexBlock

# What a textual citation prints of ``keys``: their authors, every one where ``full`` (natbib's
# ``\\citet*``), else as natbib shortens them ("Smith et al.").
TextualNames = Callable[[tuple[str, ...], bool], str]
# What a command printing one field of its works (``\\citetitle``: "title") prints of ``keys``.
CitedFields = Callable[[str, tuple[str, ...]], str]


@dataclass(frozen=True)
class BibItem:
    key: str
    text: str
    file: str
    line: int
    label: str | None = None  # ``\bibitem[label]{key}``'s, printed in place of its number


@dataclass(frozen=True)
class UnknownCall:
    """A macro the reader does not know, called with a braced argument (``\\weirdcite{key}``)."""

    macro: str
    argument: str
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
    # Calls of macros the reader does not know, each braced argument after one: (macro,
    # argument's text, file, line); a key of the bibliography there is a citation lost.
    unknown_calls: tuple[UnknownCall, ...] = ()
    # What the reader found but could not place in a sentence (file:line: what), one line each.
    warnings: tuple[str, ...] = ()
    # The package files beside it that it loads, as read (comments dropped): ``files.packages``.
    packages: tuple[str, ...] = ()

    def line_column(self, file: str, offset: int) -> tuple[int, int]:
        starts = line_starts(self.files[file])
        line = bisect.bisect_right(starts, offset) - 1
        # Columns count from after a BOM, as an editor shows the first line.
        bom = line == 0 and self.files[file].startswith("\ufeff")
        return line + 1, offset - starts[line] + 1 - bom


def line_starts(text: str) -> list[int]:
    """The offset of each line's first character."""
    return [0, *(m.end() for m in re.finditer("\n", text))]

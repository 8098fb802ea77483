"""A LaTeX draft read for review: its paragraphs as plain text traced to file and offset, and
every citation command with the keys it names.

The draft is parsed as ingestion parses a LaTeX paper (``claimaudit.library.latex.extract``:
the same argument shapes, the same text converter, the same environments left out), with its
citation commands added, and each file on its own so that every sentence keeps its file, line
and column. What is not a claim: comments, headings, math environments, figures, tables,
code and verbatim environments, the bibliography. Citations there are still found (their
``context`` says where), so a count of the draft's citation commands is complete; a
``\\todo`` note is the author's, not the paper's: neither its text nor its citations. What TeX
never prints (``\\iffalse`` branches, ``comment`` environments, a file's rest after
``\\endinput``: ``latex_unprinted``) is read as a comment is: no text, no citations.

``\\input``/``\\include``, ``\\subfile`` and ``\\import`` and its kin are followed inside the
draft's folder only (after symlinks, as
ingestion does); ``\\bibliography{...}`` and ``\\addbibresource{...}`` are noted for the caller
to load; ``thebibliography`` items are kept with their text, which is where a numbered style's
arXiv id or DOI is.

This module reads a draft; its parts: the files (``latex_files``), the walk that makes the
paragraphs (``latex_walk``), the citations and bibliography items (``latex_collect``) and the
result (``latex_draft``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from claimaudit.errors import InputError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.untrusted import MAX_LATEX_DEPTH
from claimaudit.review.latex.draft import BibItem, CitedFields, LatexDraft, TextualNames
from claimaudit.review.latex.files import DraftFiles
from claimaudit.review.latex.kinds import NON_CLAIM_ENVIRONMENTS
from claimaudit.review.latex.unclosed import refuse_unclosed
from claimaudit.review.latex.walk import DraftWalker

__all__ = [
    "NON_CLAIM_ENVIRONMENTS",
    "BibItem",
    "CitedFields",
    "LatexDraft",
    "TextualNames",
    "read_latex_draft",
]


def read_latex_draft(
    path: Path,
    names: TextualNames | None = None,
    *,
    includes: bool = True,
    fields: CitedFields | None = None,
    numbered: Mapping[int, str] | None = None,
    cite_textual: Callable[[tuple[str, ...]], bool] | None = None,
) -> LatexDraft:
    """Read the draft at ``path`` with the files it includes; InputError when it cannot be
    read (not UTF-8, too large or deep, an include that is missing or leaves the folder, an
    environment never closed: ``latex_unclosed``).

    ``names(keys, full)`` gives what a textual citation prints (the authors, all of them where
    ``full``: ``\\citet*``), default the keys;
    ``fields(field, keys)`` what a command printing a field of its works prints
    (``\\citetitle``: "title"), default nothing.
    ``numbered`` maps the numbers of the draft's ``thebibliography`` items to their keys, so
    that a raised mark (``\\textsuperscript{1}``) cites (``latex_raised``); none by default.
    ``includes=False`` refuses every ``\\input``: a draft that arrived as one text has
    nothing beside it that belongs to it. ``cite_textual(keys)``: whether a bare ``\\cite`` of
    ``keys`` prints its works' names, as ``\\citet`` does (natbib's author-year mode:
    ``bare_cite``); by default it never does."""
    files = DraftFiles(path, includes=includes)
    walker = DraftWalker(
        files,
        names or (lambda keys, full: ", ".join(keys)),
        fields or (lambda field, keys: ""),
        numbered,
    )
    walker.cite_textual = cite_textual
    nodes = files.read(files.folder / path.name, (files.folder / path.name,))
    try:
        walker.document(nodes)
    except RecursionError:
        raise InputError(
            f"{shown_name(path)}: the LaTeX draft is nested too deeply to read (the limit is "
            f"{MAX_LATEX_DEPTH} levels of groups and environments)"
        ) from None
    refuse_unclosed(files.parsed, (body for _, body in files.macros.values()))
    return LatexDraft(
        main=files.main,
        folder=files.folder,
        files=files.files,
        blocks=tuple(walker.blocks),
        commands=tuple(walker.commands),
        bibliographies=tuple(dict.fromkeys(walker.bibliographies)),
        bibitems=tuple(walker.bibitems),
        include_lines=walker.include_lines,
        unknown_calls=tuple(walker.unknown_calls),
        warnings=tuple(walker.warnings),
        packages=tuple(files.packages),
    )

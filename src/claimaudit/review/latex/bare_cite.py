"""Whether a draft's bare ``\\cite`` prints its works' names, decided as the library's reader
decides it for a paper: natbib in its author-year mode (its default: ``\\usepackage[authoryear]
{natbib}``, ``\\bibliographystyle{plainnat}``) prints ``\\cite{a}`` as ``\\citet{a}`` does,
"Smith and Lee (2020)", unless the draft's compiled bibliography (``paper.bbl``) is numeric
(``cite_prints_names``, ``numeric_bibliography``). As there, it prints names only where
every work it cites names its authors (``names_known``); else it prints no name, a mark."""

from __future__ import annotations

from pathlib import Path

from claimaudit.bibfile import MAX_BIBLIOGRAPHY_BYTES
from claimaudit.guards.userfiles import UnreadableFileError, read_regular
from claimaudit.library.latex.cite_style import cite_prints_names, numeric_bibliography
from claimaudit.review.bibliography import Bibliography
from claimaudit.review.latex.draft import LatexDraft


def cite_is_textual(draft: LatexDraft, source: str, *, includes: bool = True) -> bool:
    """Whether ``draft``'s bare ``\\cite`` is a textual citation: ``source`` is its text (its
    package files are the draft's); ``includes``: the files beside it may be read (a draft
    sent as one text has no compiled bibliography)."""
    if not cite_prints_names(source, draft.packages):
        return False
    if not includes:
        return True
    compiled = draft.folder / f"{Path(draft.main).stem}.bbl"
    try:
        if not compiled.resolve().is_relative_to(draft.folder) or not compiled.is_file():
            return True
        data = read_regular(compiled, MAX_BIBLIOGRAPHY_BYTES)
    except (OSError, UnreadableFileError):
        return True  # unread, as the library's reader passes it over
    return not numeric_bibliography([(compiled, data)])


def names_known(bibliography: Bibliography, keys: tuple[str, ...]) -> bool:
    """Whether each of ``keys`` names a work whose entry gives its authors: what the library's
    reader asks before a bare ``\\cite`` prints names (one it cannot name prints nothing)."""
    entries = [bibliography.resolved_entry(key) for key in keys]
    return bool(entries) and all(entry is not None and entry.authors for entry in entries)

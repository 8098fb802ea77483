"""Citation commands of natbib and biblatex, as a LaTeX draft writes them.

Every command takes an optional star and up to two optional notes before its keys:
``\\citep*[see][p.~3]{a,b}``. ``\\nocite`` lists a work in the bibliography without citing it
for anything, so it is found but never a claim's citation. Textual commands (``\\citet``,
``\\textcite``, ``\\citeauthor``...) print the authors' names as part of the sentence, so the
claim reads with those names; ``\\citetitle`` and ``\\citeyear`` print the work's title and
year (``CITE_FIELDS``), so the claim reads with them where the bibliography gives them; the
others (``\\citedate`` and ``\\citeurl`` too) print a mark that is no part of the claim.
"""

from __future__ import annotations

from dataclasses import dataclass

from claimaudit.library.latex.citations import (
    ALL_AUTHORS,
    CITE_COMMANDS,
    CITE_FIELDS,
    CITE_SPECS,
    CITE_TEXT,
    FULL_NAMES_COMMANDS,
    CiteKind,
    citation_keys,
    command_name,
    prints_all_authors,
    textual_names,
)

# The commands and how a textual one reads are the ingestion's (``library.latex.citations``),
# natbib's ``\citefullauthor``, ``\citetalias`` and ``\citepalias`` among them. A draft's
# ``\citetalias`` reads as the work's authors, whom its alias ("Paper I") names.
__all__ = [
    "ALL_AUTHORS",
    "CITE_COMMANDS",
    "CITE_FIELDS",
    "CITE_SPECS",
    "CITE_TEXT",
    "FULL_NAMES_COMMANDS",
    "CitationCommand",
    "CiteKind",
    "citation_keys",
    "command_name",
    "prints_all_authors",
    "textual_names",
]


@dataclass(frozen=True)
class CitationCommand:
    """One citation command of the draft: where it is and the keys it names."""

    command: str  # as written, with its star: "citep*"
    kind: CiteKind
    keys: tuple[str, ...]
    file: str  # relative to the draft's folder
    start: int  # offset of the backslash in that file
    end: int
    line: int
    context: str  # "prose", "footnote", "nocite", or the environment or heading it sits in

    @property
    def is_claim_citation(self) -> bool:
        return self.kind is not CiteKind.NOCITE and self.context in ("prose", "footnote")

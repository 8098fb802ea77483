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

from pylatexenc.latexwalker import LatexMacroNode, LatexNode
from pylatexenc.macrospec import MacroSpec

from claimaudit.library.latex import citations as shared
from claimaudit.library.latex.citations import (
    CITE_FIELDS,
    CITE_TEXT,
    FULL_NAMES_COMMANDS,
    CiteKind,
    citation_keys,
    textual_names,
)

# natbib's commands the shared table lacks: each cites its key, and a draft using one lost that
# citation without a word. ``\citefullauthor`` prints every author (``\citeauthor*``);
# ``\citetalias`` prints the alias ``\defcitealias`` gives a work ("Paper I"), read as its
# authors, whom that alias names; ``\citepalias`` prints it in parentheses, a mark. (Ingestion
# does not know them yet: what it gives the judge is unchanged.)
_NATBIB_MORE = {
    "citefullauthor": CiteKind.TEXTUAL,
    "citetalias": CiteKind.TEXTUAL,
    "citepalias": CiteKind.PARENTHETICAL,
}
CITE_COMMANDS: dict[str, CiteKind] = {**shared.CITE_COMMANDS, **_NATBIB_MORE}
CITE_SPECS = [*shared.CITE_SPECS, *(MacroSpec(name, "*[[{") for name in _NATBIB_MORE)]
# Those printing every author whatever their star.
ALL_AUTHORS = frozenset({"citefullauthor"})

# The commands (but those above) and how a textual one reads are the ingestion's too
# (``library.latex.citations``).
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


def _arguments(node: LatexMacroNode) -> list[LatexNode | None]:
    return list(node.nodeargd.argnlist) if node.nodeargd is not None else []


def command_name(node: LatexMacroNode) -> str:
    arguments = _arguments(node)
    star = bool(arguments) and arguments[0] is not None and arguments[0].latex_verbatim() == "*"
    return f"{node.macroname}{'*' if star else ''}"

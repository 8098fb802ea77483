"""Citation commands of natbib and biblatex, as a LaTeX draft writes them.

Every command takes an optional star and up to two optional notes before its keys:
``\\citep*[see][p.~3]{a,b}``. ``\\nocite`` lists a work in the bibliography without citing it
for anything, so it is found but never a claim's citation. Textual commands (``\\citet``,
``\\textcite``, ``\\citeauthor``...) print the authors' names as part of the sentence, so the
claim reads with those names; the others print a mark that is no part of the claim.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pylatexenc.latexwalker import LatexCharsNode, LatexGroupNode, LatexMacroNode, LatexNode
from pylatexenc.macrospec import MacroSpec


class CiteKind(StrEnum):
    PARENTHETICAL = "parenthetical"
    TEXTUAL = "textual"
    FOOTNOTE = "footnote"
    NOCITE = "nocite"


_PARENTHETICAL = (
    "cite Cite citep Citep citealp Citealp citeyear citeyearpar citenum citen citetext "
    "parencite Parencite autocite Autocite smartcite Smartcite supercite"
)
_TEXTUAL = "citet Citet citealt Citealt citeauthor Citeauthor textcite Textcite"
_FOOTNOTE = "footcite footcitetext"

CITE_COMMANDS: dict[str, CiteKind] = {
    **dict.fromkeys(_PARENTHETICAL.split(), CiteKind.PARENTHETICAL),
    **dict.fromkeys(_TEXTUAL.split(), CiteKind.TEXTUAL),
    **dict.fromkeys(_FOOTNOTE.split(), CiteKind.FOOTNOTE),
    "nocite": CiteKind.NOCITE,
}
# Star, pre-note, post-note, keys: what natbib and biblatex accept.
CITE_SPECS = [MacroSpec(name, "*[[{") for name in CITE_COMMANDS]


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


def citation_keys(node: LatexMacroNode) -> tuple[str, ...]:
    """The keys in the last argument, comments and spaces ignored (``{%\\n a,\\n b}``)."""
    arguments = _arguments(node)
    group = arguments[-1] if arguments else None
    if not isinstance(group, LatexGroupNode):
        return ()
    text = "".join(n.chars for n in group.nodelist if isinstance(n, LatexCharsNode))
    return tuple(key.strip() for key in text.split(",") if key.strip())


def textual_names(families: list[tuple[str, ...]]) -> str:
    """What a textual citation prints, for the judge: "Virtanen et al.", "Smith and Jones"."""
    shown: list[str] = []
    for authors in families:
        if not authors:
            continue
        if len(authors) == 1:
            shown.append(authors[0])
        elif len(authors) == 2:
            shown.append(f"{authors[0]} and {authors[1]}")
        else:
            shown.append(f"{authors[0]} et al.")
    return "; ".join(shown)

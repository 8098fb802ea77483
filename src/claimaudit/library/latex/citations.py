"""Citation commands of natbib and biblatex, and the names a textual one prints.

Every command takes an optional star and up to two optional notes before its keys:
``\\citep*[see][p.~3]{a,b}``. A parenthetical command prints a mark that is no part of the
sentence ("[3]", "(Hunter, 2007)"), dropped from the text as the judge drops it from a PDF. A
textual command (``\\citet``, ``\\textcite``, ``\\citeauthor``...) prints the authors' names as
part of the sentence: "see \\citet{oord2016wavenet}, in which" reads "see Oord et al., in
which", as the PDF prints it less its year mark. The names come from the paper's own files: the
compiled bibliography (``.bbl``, natbib's short names as printed), else the ``.bib`` entries'
family names ("Oord et al.", "Yu and Koltun"; a list ending "and others" is cut short, so
"Virtanen et al." whoever it names). A key neither names prints nothing, as before:
a quote never shows a name the paper does not. A bare ``\\cite`` is textual too where natbib
runs in its default author-year mode (``cite_prints_names``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.latexwalker import LatexCharsNode, LatexGroupNode, LatexMacroNode
from pylatexenc.macrospec import MacroSpec

from claimaudit.bibfile import MAX_BIBLIOGRAPHY_BYTES, parse_bib
from claimaudit.errors import BibliographyError
from claimaudit.library.latex.multicite import (
    FOOTNOTE_MULTICITES,
    FOOTNOTE_VOLCITES,
    MULTICITE_SPECS,
    PARENTHETICAL_MULTICITES,
    PARENTHETICAL_VOLCITES,
    TEXTUAL_MULTICITES,
    TEXTUAL_VOLCITES,
    VOLCITE_COMMANDS,
    VOLCITE_MULTI,
)
from claimaudit.library.latex.printing import MacroText


class CiteKind(StrEnum):
    PARENTHETICAL = "parenthetical"
    TEXTUAL = "textual"
    FOOTNOTE = "footnote"
    NOCITE = "nocite"


_PARENTHETICAL = (
    "cite Cite citep Citep citealp Citealp citeyear citeyearpar citenum citen "
    "parencite Parencite autocite Autocite smartcite Smartcite supercite fullcite "
    f"citetitle citedate citeurl {PARENTHETICAL_MULTICITES} {PARENTHETICAL_VOLCITES} "
    + " ".join(f"{name}s" for name in PARENTHETICAL_VOLCITES.split())
)
# Commands that print one field of the work: each is a citation of it. biblatex's
# ``\\citetitle`` is part of the sentence ("In \\citetitle{x}, the authors ..."), printed as
# the title where the draft's bibliography gives it (in a review), else as nothing. So is
# natbib's ``\\citeyear``, the year, which may be the sentence's own word ("In
# \\citeyear{x}, \\citeauthor{x} showed", "Smith (\\citeyear{x}) showed"). A date (``\\citedate``)
# and ``\\citeurl``, an address, are marks, as every citation's address is, printed as nothing.
CITE_FIELDS = {"citetitle": "title", "citeyear": "year"}
# natbib's \citetext{see \citealp{a}} takes free text, not keys: it prints a parenthetical
# mark around the citations written inside it, so it is no citation command of its own.
CITE_TEXT = "citetext"
_TEXTUAL = (
    f"citet Citet citealt Citealt citeauthor Citeauthor textcite Textcite {TEXTUAL_VOLCITES} "
    + " ".join(f"{name}s" for name in TEXTUAL_VOLCITES.split())
)
_FOOTNOTE = (
    f"footcite Footcite footcitetext Footcitetext footfullcite {FOOTNOTE_MULTICITES} "
    f"{FOOTNOTE_VOLCITES} " + " ".join(f"{name}s" for name in FOOTNOTE_VOLCITES.split())
)

CITE_COMMANDS: dict[str, CiteKind] = {
    **dict.fromkeys(_PARENTHETICAL.split(), CiteKind.PARENTHETICAL),
    **dict.fromkeys([*_TEXTUAL.split(), *TEXTUAL_MULTICITES.split()], CiteKind.TEXTUAL),
    **dict.fromkeys(_FOOTNOTE.split(), CiteKind.FOOTNOTE),
    "nocite": CiteKind.NOCITE,
}
# Star, pre-note, post-note, keys: what natbib and biblatex accept; biblatex's multi-citation
# commands (``latex_multicite``) take notes and keys for each work.
_MULTICITE_NAMES = {spec.macroname for spec in MULTICITE_SPECS}
CITE_SPECS = [
    *(
        MacroSpec(name, "*[{[{" if name in VOLCITE_COMMANDS else "*[[{")
        for name in CITE_COMMANDS
        if name not in _MULTICITE_NAMES
    ),
    *MULTICITE_SPECS,
    MacroSpec(CITE_TEXT, "{"),
]

_BIBLIOGRAPHY = re.compile(r"\\bibliography\s{0,40}\{([^{}]{0,500})\}")
_RESOURCE = re.compile(r"\\addbibresource\s{0,40}(?:\[[^\]]{0,500}\])?\s{0,40}\{([^{}]{0,500})\}")
# natbib's entry in a compiled bibliography: \bibitem[Short names(Year)Long names]{key}, the
# optional argument sometimes in braces. Every part is bounded, so a hostile .bbl costs time in
# proportion to its size.
_BIBITEM = re.compile(
    r"\\bibitem\[\{?(?P<short>[^()\[\]{}]{1,300})\((?P<year>[^()\[\]{}]{1,40})\)[^\]]{0,2000}\]"
    r"\s{0,200}\{(?P<key>[^{}]{1,300})\}"
)
# A textual citation command anywhere in a source: only then is a bibliography read.
TEXTUAL_COMMAND = re.compile(
    r"\\(?:" + "|".join([*_TEXTUAL.split(), *TEXTUAL_MULTICITES.split()]) + r")(?![A-Za-z])"
)
BARE_CITE = re.compile(r"\\cite(?![A-Za-z])")
# Commands only natbib defines: a source using them has natbib loaded, by its own \usepackage
# line or by its class (PeerJ's wlpeerj loads it, in author-year mode).
_NATBIB_ONLY = re.compile(r"\\(?:[cC]ite(?:al)?[pt]|citeyearpar)(?![A-Za-z])")
_PACKAGE = re.compile(
    r"\\(?:usepackage|RequirePackage)\s{0,40}(?:\[(?P<options>[^\]]{0,500})\])?\s{0,40}"
    r"\{(?P<names>[^{}]{0,500})\}"
)
_CITE_STYLE = re.compile(r"\\setcitestyle\s{0,40}\{(?P<options>[^{}]{0,500})\}")
_NUMERIC_OPTIONS = frozenset({"numbers", "super"})
# Bibliography styles that write no author-year labels, or that natbib itself sets to numbers.
_STYLE = re.compile(r"\\bibliographystyle\s{0,40}\{(?P<style>[^{}]{0,200})\}")
_NUMERIC_STYLES = frozenset(
    {"plain", "unsrt", "alpha", "abbrv", "ieeetr", "acm", "siam", "nature", "cospar", "esa"}
)
# A compiled bibliography entry without natbib's author-year label (a numeric style such as
# plain or unsrt): natbib then falls back to numbers whatever its options.
_NUMERIC_BIBITEM = re.compile(r"\\bibitem\s{0,40}\{")


@dataclass(frozen=True)
class CitedWorks:
    """What a paper's citations print: each key's names, and whether a bare ``\\cite`` prints
    them (natbib's author-year mode) or is a mark like ``\\citep``."""

    names: Mapping[str, str] = field(default_factory=dict)
    cite_is_textual: bool = False


def cite_prints_names(source: str, package_texts: Sequence[str] = ()) -> bool:
    """Whether the source's bare ``\\cite`` prints its works' names, as natbib's author-year
    mode (its default) prints it like ``\\citet``: "found in \\cite{notes}" reads "found in
    Haenel et al. (2014)" in the PDF. Only natbib's, loaded by the source, by one of its own
    packages (``package_texts``, the ``.sty`` files beside it: ``\\RequirePackage{natbib}``)
    or (its own commands used) by the class, and not set to numbers; biblatex and numeric
    styles (``plain``, ``unsrt``...) print a mark."""
    loaded = False
    loads = (m for text in (*package_texts, source) for m in _PACKAGE.finditer(text))
    for match in loads:
        packages = {name.strip() for name in match.group("names").split(",")}
        options = {opt.strip() for opt in (match.group("options") or "").split(",")}
        if packages & {"biblatex", "cite"}:
            return False
        if "natbib" in packages:
            loaded = True
            if options & _NUMERIC_OPTIONS:
                return False
    if not loaded and _NATBIB_ONLY.search(source) is None:
        return False
    for match in _CITE_STYLE.finditer(source):
        if {opt.strip() for opt in match.group("options").split(",")} & _NUMERIC_OPTIONS:
            return False
    return not any(m.group("style").strip() in _NUMERIC_STYLES for m in _STYLE.finditer(source))


def numeric_bibliography(files: Sequence[tuple[Path, bytes]]) -> bool:
    """Whether a compiled bibliography among ``files`` has entries without author-year labels,
    which puts natbib in numeric mode."""
    return any(
        path.suffix == ".bbl"
        and len(data) <= MAX_BIBLIOGRAPHY_BYTES
        and _NUMERIC_BIBITEM.search(data.decode("utf-8-sig", "replace")) is not None
        for path, data in files
    )


def textual_names(authors: Sequence[str], *, et_al: bool = False) -> str:
    """What a textual citation prints of a work's authors, as natbib and biblatex print it:
    "Yu", "Smith and Jones", "Virtanen et al." (three or more, or a list the bibliography cut
    short, ``et_al``: "Virtanen, Pauli and others"); nothing for a work that names none."""
    if not authors:
        return ""
    if et_al or len(authors) > 2:
        return f"{authors[0]} et al."
    return " and ".join(authors)


# natbib's starred textual commands print every author ("Jones, Baker, and Smith"), never
# "Jones et al.".
FULL_NAMES_COMMANDS = frozenset("citet Citet citealt Citealt citeauthor Citeauthor".split())


def full_names(authors: Sequence[str], *, et_al: bool = False) -> str:
    """What natbib's starred textual citation (``\\citet*``) prints of a work's authors, as
    plainnat writes the full list: "Yu", "Smith and Jones", "Jones, Baker, and Smith"; a list
    the bibliography cut short ends "et al." ("Harris, Millman, et al.")."""
    if not authors:
        return ""
    if et_al:
        return f"{', '.join(authors)}{',' if len(authors) > 1 else ''} et al."
    if len(authors) > 2:
        return f"{', '.join(authors[:-1])}, and {authors[-1]}"
    return " and ".join(authors)


def citation_keys(node: LatexMacroNode) -> tuple[str, ...]:
    """The keys in the brace-delimited arguments (the last one; each work's of a
    multi-citation command; every second of a volume citation, whose others are volumes),
    comments and spaces ignored (``{%\\n a,\\n b}``)."""
    arguments = list(node.nodeargd.argnlist) if node.nodeargd is not None else []
    groups = [
        group
        for group in arguments
        if isinstance(group, LatexGroupNode) and group.delimiters == ("{", "}")
    ]
    if node.macroname in VOLCITE_COMMANDS or node.macroname in VOLCITE_MULTI:
        groups = groups[1::2]
    keys: list[str] = []
    for group in groups:
        text = "".join(n.chars for n in group.nodelist if isinstance(n, LatexCharsNode))
        keys += [key.strip() for key in text.split(",") if key.strip()]
    return tuple(keys)


def bibliography_files(source: str, main: Path) -> list[str]:
    """The names of the files the paper's bibliography is read from, as LaTeX finds them
    beside ``main``: its compiled ``.bbl``, then the ``.bib`` files it names."""
    names = [f"{main.stem}.bbl"]
    for match in _BIBLIOGRAPHY.finditer(source):
        for name in match.group(1).split(","):
            name = name.strip()
            if name:
                names.append(name if name.endswith(".bib") else f"{name}.bib")
    names.extend(m.group(1).strip() for m in _RESOURCE.finditer(source) if m.group(1).strip())
    return list(dict.fromkeys(names))


def names_from_bbl(text: str) -> dict[str, str]:
    """Each key's short names as natbib prints them ("Oord et al."), from a ``.bbl``."""
    plain = LatexNodes2Text(strict_latex_spaces=True)
    found: dict[str, str] = {}
    for match in _BIBITEM.finditer(text):
        short = " ".join(str(plain.latex_to_text(match.group("short"))).split())
        if short:
            found.setdefault(match.group("key").strip(), short)
    return found


def names_from_bib(text: str, path: Path) -> dict[str, str]:
    """Each key's authors as a textual citation names them, from a ``.bib`` or CSL-JSON file's
    text; nothing from one that cannot be read (its citations then print nothing, as before)."""
    try:
        found = parse_bib(
            text, kind="csl-json" if path.suffix == ".json" else None, source=path.name
        )
    except BibliographyError:
        return {}
    return {r.key: textual_names(r.authors, et_al=r.et_al) for r in found.records if r.authors}


def read_names(files: Sequence[tuple[Path, bytes]]) -> dict[str, str]:
    """Every key's names from the bibliography files read (path, bytes), a ``.bbl`` first."""
    names: dict[str, str] = {}
    for path, data in files:
        if len(data) > MAX_BIBLIOGRAPHY_BYTES:
            continue
        text = data.decode("utf-8-sig", "replace")
        found = names_from_bbl(text) if path.suffix == ".bbl" else names_from_bib(text, path)
        for key, shown in found.items():
            names.setdefault(key, shown)
    return names


def citation_macros(cited: CitedWorks) -> dict[str, MacroText]:
    """How the text converter prints each citation command: a textual one (a bare ``\\cite``
    too, where ``cited`` says so) as the names of its works (all of them known, else nothing),
    every other as nothing."""
    names = cited.names

    def textual(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
        keys = citation_keys(node)
        if not keys or any(key not in names for key in keys):
            return ""
        text = "; ".join(names[key] for key in keys)
        return text[:1].upper() + text[1:] if node.macroname[:1].isupper() else text

    def mark(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
        return ""

    macros: dict[str, MacroText] = {
        name: textual if kind is CiteKind.TEXTUAL else mark for name, kind in CITE_COMMANDS.items()
    }
    macros[CITE_TEXT] = mark
    if cited.cite_is_textual:
        macros["cite"] = textual
    return macros

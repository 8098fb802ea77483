"""Citation commands of natbib and biblatex, and the names a textual one prints.

Every command takes an optional star and up to two optional notes before its keys:
``\\citep*[see][p.~3]{a,b}``. A parenthetical command prints a mark that is no part of the
sentence ("[3]", "(Hunter, 2007)"), dropped from the text as the judge drops it from a PDF. A
textual command (``\\citet``, ``\\textcite``, ``\\citeauthor``...) prints the authors' names as
part of the sentence: "see \\citet{oord2016wavenet}, in which" reads "see Oord et al., in
which", as the PDF prints it less its year mark. The names come from the paper's own files: the
compiled bibliography (``.bbl``, natbib's short names as printed: ``latex.bbl``), else the
``.bib`` entries' family names ("Oord et al.", "Yu and Koltun"; a list ending "and others" is
cut short, so "Virtanen et al." whoever it names). A key neither names prints nothing, as before:
a quote never shows a name the paper does not. A bare ``\\cite`` is textual too where natbib
runs in its default author-year mode (``cite_prints_names``). What the preamble says of the
citation style (natbib's mode, biblatex's options) is read in ``cite_style``.
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
from claimaudit.citekeys import citable_names, names_alike
from claimaudit.errors import BibliographyError
from claimaudit.library.latex.apacite import (
    APACITE_ALL_AUTHORS,
    APACITE_ANGLED,
    APACITE_PARENTHETICAL,
    APACITE_SPECS,
    APACITE_TEXTUAL,
    AngledArgsParser,
)
from claimaudit.library.latex.bbl import bbl_names, biber_names
from claimaudit.library.latex.cite_style import NATBIB_NAME_LIMIT
from claimaudit.library.latex.gaps import DROPPED
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
    "parencite Parencite autocite Autocite smartcite Smartcite supercite fullcite citepalias "
    f"citetitle citedate citeurl {PARENTHETICAL_MULTICITES} {PARENTHETICAL_VOLCITES} "
    f"{APACITE_PARENTHETICAL} " + " ".join(f"{name}s" for name in PARENTHETICAL_VOLCITES.split())
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
# ``\\defcitealias{key}{Paper~I}`` prints nothing: it names the work for ``\\citetalias``.
ALIAS_DEFINITION = "defcitealias"
_ALIAS = re.compile(
    r"\\defcitealias\s{0,40}\{(?P<key>[^{}]{1,300})\}\s{0,40}"
    r"\{(?P<alias>(?:[^{}]|\{[^{}]{0,200}\}){0,500})\}"
)
# natbib's ``\\citefullauthor`` prints every author (``\\citeauthor*``); ``\\citetalias``
# prints the alias ``\\defcitealias`` gives a work ("Paper I"), and ``\\citepalias`` the same
# in parentheses, a mark.
_TEXTUAL = (
    f"citet Citet citealt Citealt citeauthor Citeauthor textcite Textcite {TEXTUAL_VOLCITES} "
    f"citefullauthor citetalias {APACITE_TEXTUAL} "
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
_OWN_PARSERS = {spec.macroname for spec in [*MULTICITE_SPECS, *APACITE_SPECS]}
CITE_SPECS = [
    *(
        MacroSpec(
            name,
            AngledArgsParser()
            if name in APACITE_ANGLED
            else ("*[{[{" if name in VOLCITE_COMMANDS else "*[[{"),
        )
        for name in CITE_COMMANDS
        if name not in _OWN_PARSERS
    ),
    *MULTICITE_SPECS,
    *APACITE_SPECS,
    MacroSpec(CITE_TEXT, "{"),
    MacroSpec(ALIAS_DEFINITION, "{{"),
]

_BIBLIOGRAPHY = re.compile(r"\\bibliography\s{0,40}\{([^{}]{0,500})\}")
_RESOURCE = re.compile(r"\\addbibresource\s{0,40}(?:\[[^\]]{0,500}\])?\s{0,40}\{([^{}]{0,500})\}")
# A textual citation command anywhere in a source: only then is a bibliography read.
TEXTUAL_COMMAND = re.compile(
    r"\\(?:" + "|".join([*_TEXTUAL.split(), *TEXTUAL_MULTICITES.split()]) + r")(?![A-Za-z])"
)
BARE_CITE = re.compile(r"\\cite(?![A-Za-z])")


@dataclass(frozen=True)
class CitedWorks:
    """What a paper's citations print: each key's names, and whether a bare ``\\cite`` prints
    them (natbib's author-year mode) or is a mark like ``\\citep``."""

    names: Mapping[str, str] = field(default_factory=dict)
    cite_is_textual: bool = False
    # Every author, as a starred textual citation prints them ("Jones, Baker, and Smith").
    full: Mapping[str, str] = field(default_factory=dict)
    # What ``\\citetalias`` prints of a key: the alias ``\\defcitealias`` gives it.
    aliases: Mapping[str, str] = field(default_factory=dict)
    # Each key and alias (biblatex's ``ids``) among ``names`` -> the entry it names, so a key
    # in another case is read by the review's rule (``citekeys``): an entry's key and its own
    # alias alike in case are one entry, not two.
    entries: Mapping[str, str] = field(default_factory=dict)


def textual_names(authors: Sequence[str], *, et_al: bool = False, limit: int = 2) -> str:
    """What a textual citation prints of a work's authors, as natbib and biblatex print it:
    "Yu", "Smith and Jones", "Virtanen et al." (more than ``limit``, natbib's two, or a list the
    bibliography cut short, ``et_al``: "Virtanen, Pauli and others"); up to ``limit`` in full
    (biblatex's ``maxcitenames``, three by default: "Smith, Jones, and Lee"); nothing for a
    work that names none."""
    if not authors:
        return ""
    if et_al or len(authors) > limit:
        return f"{authors[0]} et al."
    return full_names(authors)


# natbib's starred textual commands print every author ("Jones, Baker, and Smith"), never
# "Jones et al.", and ``\\citefullauthor`` prints them whatever its star (``ALL_AUTHORS``).
FULL_NAMES_COMMANDS = frozenset("citet Citet citealt Citealt citeauthor Citeauthor".split())
ALL_AUTHORS = frozenset({"citefullauthor", *APACITE_ALL_AUTHORS})
ALIAS_COMMANDS = frozenset({"citetalias"})


def command_name(node: LatexMacroNode) -> str:
    """A citation command as written, with its star: "citet*"."""
    arguments = list(node.nodeargd.argnlist) if node.nodeargd is not None else []
    star = bool(arguments) and arguments[0] is not None and arguments[0].latex_verbatim() == "*"
    return f"{node.macroname}{'*' if star else ''}"


def prints_all_authors(command: str) -> bool:
    """Whether the command (as written, "citet*") names every author of its works."""
    name = command.removesuffix("*")
    return name in ALL_AUTHORS or (command.endswith("*") and name in FULL_NAMES_COMMANDS)


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


def _compiled_names(text: str, limit: int, useprefix: bool = False) -> dict[str, tuple[str, str]]:
    """Each key's names as a textual and a starred citation print them, from a ``.bbl``:
    natbib's labels as written, or biber's (biblatex's) author lists, a name's prefix kept as
    the document's ``useprefix`` says (``biblatex_useprefix``)."""
    found = {
        key: (textual_names(authors, et_al=cut, limit=limit), full_names(authors, et_al=cut))
        for key, (authors, cut) in biber_names(text, useprefix).items()
    }
    return {**found, **bbl_names(text)}


def names_from_bbl(text: str) -> dict[str, str]:
    """Each key's short names as natbib prints them ("Oord et al."), from a ``.bbl``."""
    return {key: short for key, (short, _) in _compiled_names(text, NATBIB_NAME_LIMIT).items()}


def _bib_names(
    text: str, path: Path, limit: int, useprefix: bool | None = None
) -> tuple[dict[str, tuple[str, str]], dict[str, str]]:
    """Each key's authors as a textual citation names them, and as a starred one does, from a
    ``.bib`` or CSL-JSON file's text, and every key and alias (biblatex's ``ids``) a citation
    may give -> its entry's key (``citekeys.citable_names``: a key wins over an alias); nothing
    from one that cannot be read (its citations then print nothing, as before). ``useprefix``
    False: as biblatex cites them by default, without a prefix ("Dijk" for "van Dijk")."""
    try:
        found = parse_bib(
            text, kind="csl-json" if path.suffix == ".json" else None, source=path.name
        )
    except BibliographyError:
        return {}, {}
    names: dict[str, tuple[str, str]] = {}
    for r in found.records:
        if r.authors:
            authors = r.cited_authors(useprefix)
            names[r.key] = (
                textual_names(authors, et_al=r.et_al, limit=limit),
                full_names(authors, et_al=r.et_al),
            )
    named = citable_names((r.key, r.aliases) for r in found.records if r.key in names)
    return names, named


def read_names(
    files: Sequence[tuple[Path, bytes]],
    limit: int = NATBIB_NAME_LIMIT,
    useprefix: bool | None = None,
) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """Every key's names from the bibliography files read (path, bytes), a ``.bbl`` first: as
    a textual citation prints them (up to ``limit`` authors, ``citation_name_limit``), and as
    a starred one does (every author); a name's prefix as biblatex's ``useprefix`` says
    (``biblatex_useprefix``; None: natbib, which prints it). Then each key and alias -> the
    entry it names (its file and key: ``CitedWorks.entries``)."""
    names: dict[str, str] = {}
    full: dict[str, str] = {}
    entries: dict[str, str] = {}
    for path, data in files:
        if len(data) > MAX_BIBLIOGRAPHY_BYTES:
            continue
        text = data.decode("utf-8-sig", "replace")
        if path.suffix == ".bbl":
            found = _compiled_names(text, limit, bool(useprefix))
            named = {key: key for key in found}
        else:
            found, named = _bib_names(text, path, limit, useprefix)
        for name, key in named.items():
            if name not in names:  # an earlier file's (the .bbl's) stands
                names[name], full[name] = found[key]
                entries[name] = f"{path}\n{key}"
    return names, full, entries


def _cited_name(key: str, names: Mapping[str, str], entries: Mapping[str, str]) -> str:
    """The name among ``names`` a citation of ``key`` gives: as written, else the one entry's
    key or alias that is it in another case (``citekeys``); else ``key``, which prints
    nothing."""
    if key in names:
        return key
    alike = names_alike(key, entries)
    return alike[0] if len(alike) == 1 else key


def citation_aliases(source: str) -> dict[str, str]:
    """The alias each ``\\defcitealias{key}{Paper~I}`` of the source gives its key, as
    ``\\citetalias`` prints it ("Paper I")."""
    plain = LatexNodes2Text(strict_latex_spaces=True)
    aliases: dict[str, str] = {}
    for match in _ALIAS.finditer(source):
        alias = " ".join(str(plain.latex_to_text(match.group("alias"))).split())
        if alias:
            aliases[match.group("key").strip()] = alias  # as in TeX, the last one counts
    return aliases


def _after(node: LatexMacroNode) -> str:
    """The two characters of the source right after the command and its arguments."""
    source = getattr(node.parsing_state, "s", None)
    if not isinstance(source, str) or node.pos is None or node.len is None:
        return ""
    return source[node.pos + node.len : node.pos + node.len + 2]


def citation_macros(cited: CitedWorks) -> dict[str, MacroText]:
    """How the text converter prints each citation command: a textual one (a bare ``\\cite``
    too, where ``cited`` says so) as the names of its works (all of them known, else nothing),
    every other as nothing. A starred natbib command (``\\citet*``) and ``\\citefullauthor``
    print every author; ``\\citetalias`` the alias ``\\defcitealias`` gave the work."""

    def textual(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
        keys = citation_keys(node)
        names = cited.names
        if node.macroname in ALIAS_COMMANDS:
            names = cited.aliases
        elif prints_all_authors(command_name(node)):
            names = {**cited.names, **cited.full}
        if node.macroname not in ALIAS_COMMANDS:
            # A key in another case names its entry, as BibTeX reads it and the review's reader
            # prints it: "\\citet{ROE2020}" of roe2020 printed nothing.
            keys = tuple(_cited_name(key, names, cited.entries) for key in keys)
        if not keys or any(key not in names for key in keys):
            return DROPPED
        text = "; ".join(names[key] for key in keys)
        after = _after(node)
        if text.endswith(".") and after[:1] == "." and after[1:] != ".":
            # "shown by \\citet{x}." prints "Oord et al. (2016)."; without its year mark, one
            # full stop ends the sentence, not "Oord et al.." (an ellipsis is left as written).
            text = text[:-1]
        return text[:1].upper() + text[1:] if node.macroname[:1].isupper() else text

    def mark(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
        return DROPPED

    macros: dict[str, MacroText] = {
        name: textual if kind is CiteKind.TEXTUAL else mark for name, kind in CITE_COMMANDS.items()
    }
    macros[CITE_TEXT] = mark
    macros[ALIAS_DEFINITION] = mark
    if cited.cite_is_textual:
        macros["cite"] = textual
    return macros

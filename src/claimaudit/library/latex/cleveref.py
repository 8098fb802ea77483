"""What cleveref's references print: ``\\cref{fig:a}`` "fig. 1", ``\\Cref{sec:b}`` "Section 2.1",
``\\cref{fig:a,fig:b}`` "figs. 1 and 2", ``\\crefrange{sec:a}{sec:c}`` "sections 1 to 3";
``\\labelcref`` the numbers alone, ``\\namecref`` the name alone. Its default English names,
as the package's ``capitalise`` and ``noabbrev`` options change them, and the paper's own
``\\crefname``/``\\Crefname``. A page reference (``\\cpageref``) prints nothing: no page is known.
Several labels are sorted and three or more in a row compressed to a range, "figs. 1 to 3". A
theorem-like environment is named by its own name (a lemma sharing the theorem counter is a
"lemma"), an algorithm "algorithm". A label that is not found prints nothing, as ``\\ref``'s does;
an environment ``\\newtheorem`` declares after cleveref is loaded is named by its title
("theorem 1" for ``\\newtheorem{thm}{Theorem}``), as cleveref names it; a type with no
name (one declared before) prints its number alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from claimaudit.library.latex.numbering import Target
from claimaudit.library.latex.theorems import declared_titles

# cleveref's names: (singular, plural) in lower case, abbreviated; the full forms noabbrev gives.
_NAMES = {
    "equation": ("eq.", "eqs."),
    "figure": ("fig.", "figs."),
    "table": ("table", "tables"),  # never abbreviated, as equations and figures are
    "chapter": ("chapter", "chapters"),
    "section": ("section", "sections"),
    "subsection": ("section", "sections"),
    "subsubsection": ("section", "sections"),
    "appendix": ("appendix", "appendices"),
    "algorithm": ("algorithm", "algorithms"),
    # A theorem-like environment is named by its own name, where cleveref knows it.
    "theorem": ("theorem", "theorems"),
    "lemma": ("lemma", "lemmas"),
    "corollary": ("corollary", "corollaries"),
    "proposition": ("proposition", "propositions"),
    "definition": ("definition", "definitions"),
    "result": ("result", "results"),
    "example": ("example", "examples"),
    "remark": ("remark", "remarks"),
    "note": ("note", "notes"),
}
_FULL = {
    "equation": ("equation", "equations"),
    "figure": ("figure", "figures"),
}
STYLES = ("cref", "Cref", "crefrange", "Crefrange", "labelcref", "namecref", "nameCref")
PAGE_STYLES = ("cpageref", "Cpageref", "cpagerefrange", "Cpagerefrange", "labelcpageref")
_PACKAGE = re.compile(
    r"\\usepackage\s{0,40}\[([^\]{}]{0,400})\]\s{0,40}\{\s{0,40}cleveref\s{0,40}\}"
)
_PACKAGE_ANY = re.compile(
    r"\\usepackage\s{0,40}(?:\[[^\]{}]{0,400}\])?\s{0,40}\{[^{}]{0,400}\bcleveref\b[^{}]{0,400}\}"
)
CREFNAME = re.compile(
    r"\\(crefname|Crefname)\s{0,40}\{\s{0,40}([A-Za-z*]{1,40})\s{0,40}\}"
    r"\s{0,40}\{([^{}\n]{0,40})\}\s{0,40}\{([^{}\n]{0,40})\}"
)


@dataclass(frozen=True)
class CrefNames:
    """The names each reference command prints: counter -> (singular, plural)."""

    lower: dict[str, tuple[str, str]] = field(default_factory=dict)
    upper: dict[str, tuple[str, str]] = field(default_factory=dict)
    loaded: bool = False  # cleveref is loaded: varioref's \\vref prints as \\cref


# cleveref redefines varioref's references as its own (their page part aside).
VARIOREF_AS_CREF = {"vref": "cref", "Vref": "Cref"}


def cref_names(source: str) -> CrefNames:
    """cleveref's names as ``source`` sets them (package options, ``\\crefname``)."""
    options = {o.strip() for m in _PACKAGE.finditer(source) for o in m.group(1).split(",")}
    lower = {**_NAMES, **(_FULL if "noabbrev" in options else {})}
    upper = {kind: (_capital(one), _capital(many)) for kind, (one, many) in lower.items()}
    upper.update({kind: (_capital(a), _capital(b)) for kind, (a, b) in _FULL.items()})
    if {"capitalise", "capitalize"} & options:
        lower = dict(upper)
    package = _PACKAGE_ANY.search(source)
    if package is not None:
        # cleveref names a theorem-like environment declared after it is loaded by its title,
        # as \\newtheorem gives it ("theorem 1"), where no name is set for it.
        for name, title in declared_titles(source, package.end()).items():
            if name not in lower:
                lower[name] = (_lower(title), _lower(title) + "s")
                upper[name] = (_capital(title), _capital(title) + "s")
                if {"capitalise", "capitalize"} & options:
                    lower[name] = upper[name]
    for match in CREFNAME.finditer(source):
        command, kind, one, many = match.groups()
        names = (" ".join(one.split()), " ".join(many.split()))
        (lower if command == "crefname" else upper)[kind] = names
        if command == "crefname" and kind not in upper:
            upper[kind] = (_capital(names[0]), _capital(names[1]))
    return CrefNames(lower, upper, loaded=package is not None)


def _lower(name: str) -> str:
    return name[:1].lower() + name[1:]


def _capital(name: str) -> str:
    return name[:1].upper() + name[1:]


def render_cref(style: str, keys: list[str], labels: dict[str, Target], names: CrefNames) -> str:
    """What the reference command ``style`` prints for ``keys`` (a range's two, else the list)."""
    if style in PAGE_STYLES:
        return ""
    targets = [t for t in (labels.get(key) for key in keys) if t is not None]
    if not targets:
        return ""
    table = names.upper if style[0] == "C" or style == "nameCref" else names.lower
    if style.startswith("name"):
        return table.get(targets[0].type, ("", ""))[0]
    if style.endswith("range") and len(targets) == 2:
        first, last = (_number(t.kind, t.number) for t in targets)
        return _named(table, targets[0].type, f"{first} to {last}", plural=True)
    groups: list[tuple[str, list[Target]]] = []  # consecutive targets of one type share a name
    for target in targets:
        if groups and groups[-1][0] == target.type:
            groups[-1][1].append(target)
        else:
            groups.append((target.type, [target]))
    if style == "labelcref":
        return _listed([n for _, group in groups for n in _compressed(group)])
    # Only the first name is capitalised by \Cref; the rest read as \cref's.
    return _listed(
        [
            _named(
                names.lower if at else table,
                kind,
                _listed(_compressed(group)),
                plural=len(group) > 1,
            )
            for at, (kind, group) in enumerate(groups)
        ]
    )


def _number(kind: str, number: str) -> str:
    return f"({number})" if kind == "equation" else number


def _compressed(group: list[Target]) -> list[str]:
    """The numbers of one type's targets as cleveref lists them: in order, and three or more
    in a row ("1", "2", "3") as a range, "1 to 3"."""
    keys = [_order(t.number) for t in group]
    if any(key is None for key in keys):
        return [_number(t.kind, t.number) for t in group]  # a letter, a sub-figure: as given
    ordered = sorted(zip(keys, group, strict=True), key=lambda pair: pair[0] or ())
    runs: list[list[Target]] = []
    for index, (key, target) in enumerate(ordered):
        previous = ordered[index - 1][0] if index else None
        if runs and key and previous and key[:-1] == previous[:-1] and key[-1] == previous[-1] + 1:
            runs[-1].append(target)
        elif not runs or key != previous:  # a label given twice is listed once
            runs.append([target])
    out: list[str] = []
    for run in runs:
        numbers = [_number(t.kind, t.number) for t in run]
        out.extend([f"{numbers[0]} to {numbers[-1]}"] if len(run) > 2 else numbers)
    return out


def _order(number: str) -> tuple[int, ...] | None:
    """A number's parts ("2.3" -> (2, 3)) to sort and compare by; None for any other."""
    parts = number.split(".")
    return tuple(int(p) for p in parts) if all(p.isdigit() for p in parts) else None


def _named(table: dict[str, tuple[str, str]], kind: str, numbers: str, *, plural: bool) -> str:
    name = table.get(kind)
    if name is None:
        return numbers
    return f"{name[1] if plural else name[0]} {numbers}"


def _listed(items: list[str]) -> str:
    """cleveref's list: "1", "1 and 2", "1, 2 and 3"."""
    if len(items) < 3:
        return " and ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]

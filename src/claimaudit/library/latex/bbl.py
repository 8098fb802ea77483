"""natbib's and biber's entries in a compiled bibliography (``.bbl``): the names each key's
textual citations print.

An author-year entry reads ``\\bibitem[Short names(Year)Long names]{key}``, its optional
argument often in braces of its own, and split as natbib splits it: at the first ``(`` and the
next ``)`` outside braces, so names written with accents or braces (``M{\\"u}ller``,
``{Google Research}``) and a year told apart by a letter (``2019{\\natexlab{a}}``) are read.
Every scan is bounded, and each character is scanned once, so a hostile ``.bbl`` costs time in
proportion to its size.
"""

from __future__ import annotations

import re
from itertools import islice

from pylatexenc.latex2text import LatexNodes2Text

_ITEM = re.compile(r"\\bibitem\s{0,40}\[")
_KEY = re.compile(r"\s{0,200}\{(?P<key>[^{}]{1,300})\}")
_MARKUP = re.compile(r"[\\{}~$%&^_]")
# Far beyond any entry's label (a hundred authors' names).
_MAX_LABEL = 4000


def _as_text(written: str, plain: LatexNodes2Text) -> str:
    """Names as printed, blanks collapsed. Most names are plain text: the converter (a fraction
    of a millisecond a call) only for those with markup, so a .bbl of thousands of entries is
    read in moments."""
    if _MARKUP.search(written) is not None:
        written = str(plain.latex_to_text(written))
    return " ".join(written.split())


def _label_end(text: str, start: int) -> tuple[int, bool]:
    """Where the optional argument opened before ``start`` ends (its ``]`` outside braces),
    and whether it does: False where it runs past ``_MAX_LABEL``, closes a brace it did not
    open, or meets the next ``\\bibitem`` (then where that one starts)."""
    depth = 0
    index = start
    end = min(len(text), start + _MAX_LABEL)
    while index < end:
        char = text[index]
        if char == "\\":
            if text.startswith("\\bibitem", index):
                return index, False
            index += 2  # \{, \] and the like are no group and no end
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth < 0:
                return index, False
        elif char == "]" and depth == 0:
            return index, True
        index += 1
    return end, False


def _outer_braces_removed(label: str) -> str:
    """``{Short(Year)Long}`` without the braces around its whole."""
    label = label.strip()
    if not (label.startswith("{") and label.endswith("}")):
        return label
    depth = 0
    for index, char in enumerate(label):
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth == 0:
            return label[1:-1] if index == len(label) - 1 else label
    return label


def _split(label: str) -> tuple[str, str, str] | None:
    """A label's short names, year and long names: split at the first ``(`` and the next ``)``
    outside braces, as natbib splits it; None for a label without them (a number)."""
    depth = 0
    opened = None
    for index, char in enumerate(label):
        if char in "{}":
            depth += 1 if char == "{" else -1
        elif depth == 0 and char == "(" and opened is None:
            opened = index
        elif depth == 0 and char == ")" and opened is not None:
            return label[:opened], label[opened + 1 : index], label[index + 1 :]
    return None


def bbl_names(text: str) -> dict[str, tuple[str, str]]:
    """Each key's short and long names as natbib prints them ("Oord et al.", "Oord, Dieleman,
    and Zen"), from a ``.bbl``; an entry without long names prints its short ones."""
    plain = LatexNodes2Text(strict_latex_spaces=True)

    def shown(written: str) -> str:
        return _as_text(written, plain)

    found: dict[str, tuple[str, str]] = {}
    position = 0
    while (item := _ITEM.search(text, position)) is not None:
        end, closed = _label_end(text, item.end())
        position = end + 1 if closed else max(end, item.end())
        key = _KEY.match(text, end + 1) if closed else None
        name = key.group("key").strip() if key else ""
        parts = _split(_outer_braces_removed(text[item.end() : end])) if name else None
        if parts is None or name in found:
            continue
        short = shown(parts[0])
        if short:
            found[name] = (short, shown(parts[2]) or short)
    return found


# biber's entries (biblatex's ``.bbl``, what arXiv keeps of a biblatex paper): an entry's names
# as ``\name{author}{3}{}{{{hash=...}{family={Oord}, prefix={van den}, given=...}}...}``, or
# in biber 1's positional form, ``{{hash=...}{Oord}{O.}{Aäron}{A.}{van den}...}``; a list
# cut short (BibTeX's "and others") is ``\true{moreauthor}``.
_ENTRY = re.compile(
    r"\\entry\{(?P<key>[^{}]{1,300})\}\{[^{}]{0,100}\}(?:\{(?P<options>[^{}]{0,500})\})?"
)
_ENTRY_END = re.compile(r"\\endentry\b")
_GROUP = r"\{(?P<{name}>(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)\}"
_NAMES = re.compile(
    r"\\name\{(?P<role>(?:short)?(?:author|editor))\}\{\d{1,6}\}\{(?P<options>[^{}]{0,500})\}"
)
# The list biblatex's citations name a work by (its ``labelname``), first found.
_LABEL_NAMES = ("shortauthor", "author", "shorteditor", "editor")
_FAMILY = re.compile(r"(?<![a-z])family=" + _GROUP.replace("{name}", "family"))
_PREFIX = re.compile(r"(?<![a-z])prefix=" + _GROUP.replace("{name}", "prefix"))
_POSITIONAL = re.compile(r"\{\{[^{}]{0,500}\}" + _GROUP.replace("{name}", "family"))
_PERSON = re.compile(r"\{\{[^{}]{0,500}\bhash=[^{}]{0,500}\}\{")
# biblatex's spaces within a name part ("van\bibnamedelima den"): a space as printed.
_DELIMITER = re.compile(r"\\bibnamedelim[a-i](?![A-Za-z])\s*")
# Far more than a citation prints: the rest of a list of thousands is not read.
_MAX_PEOPLE = 1000
_NEXT_FIELD = re.compile(r"\\(?:name|list|strng|field|range|verb|true|false|keyw|endentry)\b")


_USEPREFIX = re.compile(r"(?<![a-z])useprefix=(?P<value>true|false)\b")


def _useprefix(options: str, default: bool) -> bool:
    """``useprefix`` as biber writes it among an entry's, a list's or a name's options, else
    ``default`` (the setting above it)."""
    found = _USEPREFIX.search(options.replace(" ", ""))
    return default if found is None else found.group("value") == "true"


def _families(names: str, keep_prefix: bool, plain: LatexNodes2Text) -> list[str]:
    """The family names in one biber name list, a prefix kept where ``keep_prefix`` (the
    document's, entry's or list's ``useprefix``; a name's own overrides it), as biblatex prints
    it: "Oord" by default, "van den Oord" with it."""

    def shown(written: str) -> str:
        return _as_text(_DELIMITER.sub(" ", written), plain)

    if "family=" not in names:
        found = islice(_POSITIONAL.finditer(names), _MAX_PEOPLE)
        return [shown(m.group("family")) for m in found if m.group("family").strip()]
    families: list[str] = []
    starts = list(islice(_PERSON.finditer(names), _MAX_PEOPLE))
    for number, start in enumerate(starts):
        end = starts[number + 1].start() if number + 1 < len(starts) else len(names)
        person = names[start.end() : end]
        family = _FAMILY.search(person)
        if family is None:
            continue
        keep = _useprefix(start.group(), keep_prefix)  # the name's own options, "{{...}"
        prefix = _PREFIX.search(person) if keep else None
        written = f"{prefix.group('prefix')} {family.group('family')}" if prefix else family[1]
        families.append(shown(written))
    return families


def biber_names(text: str, useprefix: bool = False) -> dict[str, tuple[tuple[str, ...], bool]]:
    """Each key's authors (else editors) as family names, and whether the list is cut short,
    from biber's entries in a ``.bbl``; a prefix kept as ``useprefix`` (the document's
    setting: package options are not in the ``.bbl``) or an entry's own options say."""
    plain = LatexNodes2Text(strict_latex_spaces=True)
    found: dict[str, tuple[tuple[str, ...], bool]] = {}
    position = 0
    while (entry := _ENTRY.search(text, position)) is not None:
        end = _ENTRY_END.search(text, entry.end())
        stop = end.start() if end is not None else len(text)
        position = max(stop, entry.end())
        body = text[entry.end() : stop]
        lists = {m.group("role"): m for m in _NAMES.finditer(body)}
        named = next((lists[role] for role in _LABEL_NAMES if role in lists), None)
        key = entry.group("key").strip()
        if named is None or key in found:
            continue
        after = _NEXT_FIELD.search(body, named.end())
        names = body[named.end() : after.start() if after is not None else len(body)]
        keep = _useprefix(entry.group("options") or "", useprefix)
        families = _families(names, _useprefix(named.group("options"), keep), plain)
        role = named.group("role")
        cut = re.search(rf"\\true\{{more{role}\}}", body) is not None
        if families:
            found[key] = (tuple(families), cut)
    return found

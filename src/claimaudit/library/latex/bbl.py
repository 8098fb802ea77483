"""natbib's entries in a compiled bibliography (``.bbl``): the names each key's textual
citations print.

An author-year entry reads ``\\bibitem[Short names(Year)Long names]{key}``, its optional
argument often in braces of its own, and split as natbib splits it: at the first ``(`` and the
next ``)`` outside braces, so names written with accents or braces (``M{\\"u}ller``,
``{Google Research}``) and a year told apart by a letter (``2019{\\natexlab{a}}``) are read.
Every scan is bounded, and each character is scanned once, so a hostile ``.bbl`` costs time in
proportion to its size.
"""

from __future__ import annotations

import re

from pylatexenc.latex2text import LatexNodes2Text

_ITEM = re.compile(r"\\bibitem\s{0,40}\[")
_KEY = re.compile(r"\s{0,200}\{(?P<key>[^{}]{1,300})\}")
_MARKUP = re.compile(r"[\\{}~$%&^_]")
# Far beyond any entry's label (a hundred authors' names).
_MAX_LABEL = 4000


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
        # Most names are plain text: the converter (a fraction of a millisecond a call) only
        # for those with markup, so a .bbl of thousands of entries is read in moments.
        if _MARKUP.search(written) is not None:
            written = str(plain.latex_to_text(written))
        return " ".join(written.split())

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

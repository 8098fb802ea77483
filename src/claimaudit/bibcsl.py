"""CSL-JSON and Pandoc's CSL YAML read into records (``claimaudit.bibfile``): every value read
as the text written. An item gives ``author`` as ``family``/``given`` (or ``literal``; a name
"others" or "et al." marks the list as cut short) and its year in ``issued``; its key is, as
Manubot reads its ``manual-references.json``, ``standard_citation``, else a ``standard_id:
...`` line of its ``note``, else ``id``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from claimaudit.bibauthors import ET_AL
from claimaudit.bibrecords import (
    BibFile,
    BibFormat,
    BibRecord,
    UnreadEntry,
    biber_reads_date,
    date_year,
    year_as_written,
    year_of,
)
from claimaudit.errors import BibliographyError, InvalidTextError, NestingError
from claimaudit.guards.untrusted import load_json
from claimaudit.library.yaml_block import UnreadableYaml, load_yaml

# YAML is read at a few hundred kilobytes a second: thousands of entries, read in seconds.
MAX_CSL_YAML_CHARS = 5_000_000
# The most digits a ``date-parts`` year written as text is read from: int() refuses more than
# 4300, and no year needs seven.
_MAX_YEAR_DIGITS = 6
# A "standard_id: doi:10.1/x" line of a CSL-JSON note (the "cheater syntax" Manubot writes),
# or the same in braces, "{:standard_id: doi:10.1/x}".
# Blanks are read within the line, possessively: "\s*" at each line start ran on through every
# line after it, cubic in a note of blank lines (20 KB of "\n " took 13 s).
_NOTE_STANDARD_ID = re.compile(
    r"^[^\S\n]*+(?:\{:)?standard_id:\s*+(?P<value>[^\s}]++)[^\S\n]*+(?:\}[^\S\n]*+)?$",
    re.MULTILINE,
)


def _csl_authors(value: Any) -> tuple[tuple[str, ...], bool]:
    """The family names in a CSL-JSON name list, and whether it holds a mark of a list cut
    short (an "others" or "et al." name, as exports write BibTeX's "and others")."""
    if not isinstance(value, list):
        return (), False
    names: list[str] = []
    et_al = False
    for person in value:
        if isinstance(person, dict):
            family = person.get("family") or person.get("literal")
            alone = person.get("given")
            if not (isinstance(family, str) and family.strip()) and isinstance(alone, str):
                # A person known by one name ("Sukarno") has it as ``given`` alone: kept, so
                # the next author is not taken for the first.
                if alone.strip() and not ET_AL.match(alone):
                    names.append(alone.strip())
                continue
            if isinstance(family, str) and family.strip():
                given = person.get("given")
                if ET_AL.match(family) and not (isinstance(given, str) and given.strip()):
                    et_al = True
                    continue
                particle = person.get("non-dropping-particle")
                prefix = f"{particle} " if isinstance(particle, str) and particle else ""
                names.append(f"{prefix}{family.strip()}")
    return tuple(names), et_al


def _text_year(value: str) -> int | None:
    """The year a date written as text gives: an EDTF range's start ("2019/2020", as Pandoc
    writes a range in CSL YAML and biblatex in ``date``), as ``date_year`` reads it, none for
    one open at its start ("../2020", as in a ``.bib``); else the one year it names."""
    if "/" in value and biber_reads_date(value):
        return date_year(value)
    return year_of(value)


def _csl_year(value: Any) -> int | None:
    if isinstance(value, str):
        return _text_year(value)  # CSL YAML's "issued: 2020-03-04", as Pandoc writes a date
    if not isinstance(value, dict):
        return None
    parts = value.get("date-parts")
    if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
        # A range (``[[2019], [2020]]``, ``[[2019, 11], [2020, 2]]``) is of its start's year,
        # as a ``.bib`` ``date = {2019/2020}`` is: read as no year, it was never compared.
        first = parts[0][0]
        if isinstance(first, int) and not isinstance(first, bool):
            return first
        # isdecimal, not isdigit: "²", "¹⁹⁹⁹" and "①" are digits that int() refuses. Such a
        # year is unreadable, read as none, as a year in words is.
        if isinstance(first, str) and first.isdecimal() and len(first) <= _MAX_YEAR_DIGITS:
            return int(first)
    raw = value.get("raw") or value.get("literal")
    return _text_year(raw) if isinstance(raw, str) else None


def _part(part: Any) -> str:
    """A date part as written: a number or text, else nothing (JSON's null, an object), never
    Python's way of writing it ("None", "{'x': 1}")."""
    if isinstance(part, list) and part and isinstance(part[0], str | int):
        return "" if isinstance(part[0], bool) else str(part[0]).strip()
    return ""


def _csl_range(parts: list[Any]) -> bool:
    """Whether CSL ``date-parts`` give a range of years (``[[2010], [2017]]``), written as CSL
    writes a range where its start gives no year."""
    return len(parts) > 1 and len({_part(p) for p in parts[:2]}) > 1


def _csl_written_year(value: Any) -> str | None:
    """What an ``issued`` that gives no year holds as written: its first date part, its
    ``raw`` or ``literal`` ("in press"), or the text Pandoc's YAML gives."""
    if isinstance(value, str):
        return year_as_written(value)
    if not isinstance(value, dict):
        return None
    parts = value.get("date-parts")
    if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
        if _csl_range(parts):
            return "/".join(_part(p) for p in parts[:2])  # as CSL writes a range of dates
        first = parts[0][0]
        if isinstance(first, str | int) and not isinstance(first, bool):
            return year_as_written(str(first))
    raw = value.get("raw") or value.get("literal")
    return year_as_written(raw) if isinstance(raw, str) else None


def _csl_key(item: Mapping[str, Any]) -> str | None:
    """The key an item is cited by, in Manubot's order: ``standard_citation`` (what Manubot's
    manual references are keyed by, "url:https://..."), a note's ``standard_id``, ``id``."""
    standard = item.get("standard_citation")
    if isinstance(standard, str) and standard.strip():
        return standard.strip()
    note = item.get("note")
    match = _NOTE_STANDARD_ID.search(note) if isinstance(note, str) else None
    if match:
        return match.group("value")
    key = item.get("id")
    if isinstance(key, str | int) and not isinstance(key, bool) and str(key).strip():
        return str(key).strip()
    return None


def read_csl(data: Any, source: str | None) -> BibFile:
    """The entries of CSL items ``data`` (JSON or YAML, as loaded), and the items that give no
    key, or one an earlier item gave; ``source`` names the file in what is said of them."""
    if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
        raise BibliographyError("CSL-JSON must be a list of objects")
    records: list[BibRecord] = []
    unread: list[UnreadEntry] = []
    seen: set[str] = set()
    for number, item in enumerate(data, 1):
        key = _csl_key(item)
        if key is None:
            reason = (
                f"item {number} has no id (a string or number) or standard_citation, "
                "so it cannot be cited"
            )
            unread.append(UnreadEntry(None, reason, source=source))
            continue
        if key in seen:
            # As a second BibTeX entry of a key is: the first is used, this one said. Kept,
            # the last item silently named the paper that a citation of the key is checked on.
            reason = (
                f"item {number}, a second item with the key {key!r}, ignored (the first is used)"
            )
            unread.append(UnreadEntry(None, reason, source=source))
            continue
        seen.add(key)
        fields = {
            str(k).lower(): str(v)
            for k, v in item.items()
            if isinstance(v, str | int) and not isinstance(v, bool)
        }
        authors, et_al = _csl_authors(item.get("author") or item.get("editor"))
        issued = item.get("issued")
        year = _csl_year(issued)
        written = _csl_written_year(issued) if year is None else None
        records.append(BibRecord(key, fields, authors, year, et_al=et_al, unread_year=written))
    return BibFile(records, tuple(unread))


def _closed_as_pandoc(text: str) -> str:
    """``text`` with a last line ``---`` (nothing but blanks after it) read as ``...``: Pandoc
    closes its YAML block with either, but to YAML ``---`` starts a second document, and a
    single-document load refused the whole file. A real second document is still refused."""
    head, newline, last = text.rstrip().rpartition("\n")
    return f"{head}\n...\n" if newline and last.rstrip() == "---" else text


def csl_yaml_items(text: str, name: str) -> Any:
    """The items of Pandoc's CSL YAML: CSL-JSON's items, as a list or under ``references:``
    (what ``pandoc --to csljson``'s YAML twin and a Markdown draft's metadata write)."""
    try:
        data = load_yaml(_closed_as_pandoc(text), max_chars=MAX_CSL_YAML_CHARS, as_text=True)
    except UnreadableYaml as error:
        raise BibliographyError(f"{name} is not valid YAML: {error}") from None
    if isinstance(data, dict) and "references" in data:
        data = data["references"]
    if data is None:
        return []
    if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
        raise BibliographyError(
            f"{name}: CSL YAML must be a list of items, or hold one under `references:`"
        )
    return data


def csl_lookalike(text: str) -> BibFormat | None:
    """The CSL format ``text`` reads as (JSON or YAML holding items: a list of objects, or
    one under ``references:``), else None."""
    if text.lstrip()[:1] in ("[", "{"):
        try:
            data = load_json(text)
        except (json.JSONDecodeError, NestingError, InvalidTextError):
            return None
        return "csl-json" if isinstance(data, list | dict) and data else None
    try:
        items = csl_yaml_items(text, "the bibliography")
    except BibliographyError:
        return None
    return "csl-yaml" if items else None

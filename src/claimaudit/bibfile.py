"""Reading a reference manager's export: BibTeX (Zotero, Better BibTeX, JabRef, Mendeley,
a LaTeX draft's own ``.bib``), CSL-JSON or Pandoc's CSL YAML (the same items, every value
read as the text written), into one record per entry.

BibTeX is parsed by bibtexparser (``@string`` macros and ``#`` concatenation resolved, as
``claimaudit.bibmacros`` does, enclosing braces removed, an entry's ``crossref`` parent giving
it the fields it lacks, ``claimaudit.bibcrossref``) and names split by its BibTeX name
rules, so "van der Walt, St{\\'e}fan" has the family name "van der Walt"; titles and names
read as text (LaTeX accents as letters).
A CSL-JSON item gives ``author`` as ``family``/``given`` (or ``literal``; a name "others" or
"et al." marks the list as cut short) and its year in ``issued``; its key is, as Manubot reads
its ``manual-references.json``, ``standard_citation``, else a ``standard_id: ...`` line of its
``note``, else ``id``. Everything else is kept as
written, field by field, for the modules that read it: citation resolution
(``claimaudit.review.bibliography``), reference checks and ``library import-bib`` (which reads
the ``file`` field).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from claimaudit.bibcrossref import XDATA, CrossrefEntry, inherit
from claimaudit.bibnames import comma_list_warning, extended_parts, list_separator
from claimaudit.errors import BibliographyError, InvalidTextError, NestingError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.stdio_names import names_standard_input
from claimaudit.guards.untrusted import check_brace_depth, check_text, load_json
from claimaudit.guards.userfiles import UnreadableFileError, read_regular
from claimaudit.guards.usertext import NotUtf8Error, decode_utf8
from claimaudit.library.yaml_block import UnreadableYaml, load_yaml
from claimaudit.text.plain import plain_text

BibFormat = Literal["bibtex", "csl-json", "csl-yaml"]
# Far beyond any real bibliography (tens of thousands of entries are a few MiB).
MAX_BIBLIOGRAPHY_BYTES = 20 * 1024 * 1024
# YAML is read at a few hundred kilobytes a second: thousands of entries, read in seconds.
MAX_CSL_YAML_CHARS = 5_000_000
_YAML_SUFFIXES = (".yaml", ".yml")
# Other reference managers' formats, which would read as BibTeX holding no entry.
_OTHER_FORMATS = {
    ".ris": "RIS",
    ".enw": "EndNote",
    ".nbib": "PubMed (MEDLINE)",
    ".ciw": "Web of Science",
    ".rdf": "Zotero RDF",
    ".xml": "XML",
}
SUPPORTED_FORMATS = "BibTeX (.bib), CSL-JSON (.json) or CSL YAML (.yaml, .yml)"
# Not "\b": "2020a" (a year told apart from another by its letter) has no word boundary
# after its "0", and was read as no year, its check silently skipped.
_YEAR = re.compile(r"(?<!\d)(1[5-9]\d\d|2\d\d\d)(?!\d)")
# A range whose end is written with two digits ("2010--17", "1998\u201399"): more than one year
# too. Not "2020-03", a year and its month.
_SHORT_RANGE = re.compile(r"(?<!\d)(?:1[5-9]|2\d)\d\d\s*(?:--|\u2013|\u2014)\s*\d\d(?!\d)")
# The most digits a ``date-parts`` year written as text is read from: int() refuses more than
# 4300, and no year needs seven.
_MAX_YEAR_DIGITS = 6
# The key a block that could not be parsed seems to give: what follows "@type{".
_BLOCK_KEY = re.compile(r"@\s*\w+\s*[{(]\s*([^\s,{}()=\"#%]+)")
# A CSL-JSON name that marks a list cut short: "others" (BibTeX's word) or "et al.".
_CSL_ET_AL = re.compile(r"^\s*(?:others|et\.?\s*al\.?)\s*$", re.IGNORECASE)
# The same written after a BibTeX name, "A. Lee et al." or "Lee, A., et al.".
_ET_AL_AFTER = re.compile(r"[\s,]+\{?et\.?\s*al\.?\}?\s*$", re.IGNORECASE)
# A "standard_id: doi:10.1/x" line of a CSL-JSON note (the "cheater syntax" Manubot writes),
# or the same in braces, "{:standard_id: doi:10.1/x}".
# Blanks are read within the line, possessively: "\s*" at each line start ran on through every
# line after it, cubic in a note of blank lines (20 KB of "\n " took 13 s).
_NOTE_STANDARD_ID = re.compile(
    r"^[^\S\n]*+(?:\{:)?standard_id:\s*+(?P<value>[^\s}]++)[^\S\n]*+(?:\}[^\S\n]*+)?$",
    re.MULTILINE,
)


@dataclass(frozen=True)
class BibRecord:
    """One entry: ``fields`` by lower-case name (CSL-JSON's string and number values), the
    family names of its authors in order, and its year when it gives one. ``et_al``: the list
    ends "and others" (BibTeX's mark of a list cut short; CSL-JSON's "others" or "et al."
    name), so ``authors`` are only the first."""

    key: str
    fields: Mapping[str, str] = field(default_factory=dict)
    authors: tuple[str, ...] = ()
    year: int | None = None
    line: int | None = None  # where a BibTeX entry starts (1-based)
    et_al: bool = False
    # A year given as written when no year could be read from it ("in press", "n.d."): a
    # reference check then says the year was not compared, rather than nothing.
    unread_year: str | None = None
    # ``authors`` as biblatex cites them by default (``useprefix=false``): without a prefix,
    # "Dijk" for "van Dijk"; empty when they are the same (CSL-JSON), or ``authors`` is.
    bare_authors: tuple[str, ...] = ()
    # biblatex's ``shortauthor`` (else ``shorteditor``), which its citations print in place of
    # the authors ("WHO" for "World Health Organization"); natbib's ignore it.
    short_authors: tuple[str, ...] = ()

    @property
    def aliases(self) -> tuple[str, ...]:
        """The other keys biblatex cites the entry by, its ``ids`` field (``ids = {old2019,
        doe:2019}``, kept when a key is renamed)."""
        written = (self.fields.get("ids") or "").split(",")
        return tuple(dict.fromkeys(key.strip() for key in written if key.strip()))

    def cited_authors(self, useprefix: bool | None = None) -> tuple[str, ...]:
        """``authors`` as a textual citation prints them: with their prefix ("van Dijk") as
        natbib (None) and biblatex's ``useprefix=true`` print them, else without ("Dijk");
        biblatex's (``useprefix`` not None) its ``short_authors`` where the entry gives them."""
        if useprefix is not None and self.short_authors:
            return self.short_authors
        return self.authors if useprefix is not False else self.bare_authors or self.authors

    @property
    def title(self) -> str | None:
        """The title as it reads (LaTeX markup reduced to its text)."""
        title = self.fields.get("title")
        return plain_text(title) or None if title else None


@dataclass(frozen=True)
class UnreadEntry:
    """A BibTeX block that was not read as an entry: one bibtexparser could not parse, or a
    second entry with a key already used (the first is kept). ``key`` is the key it seems to
    give, when it could not be parsed: a citation of that key is then explained."""

    line: int | None  # 1-based
    reason: str  # what the block is: "an entry that could not be read (why)"
    key: str | None = None
    source: str | None = None
    why: str | None = None  # the parser's reason, when it could not be parsed
    duplicate: bool = False  # a second entry with a key already used: read, but ignored

    @property
    def where(self) -> str:
        return f"{self.source or 'the bibliography'}{f' line {self.line}' if self.line else ''}"

    @property
    def message(self) -> str:
        return f"{self.where}: {self.reason}"

    def to_dict(self) -> dict[str, object]:
        return {"file": self.source, "line": self.line, "key": self.key, "reason": self.reason}


@dataclass(frozen=True)
class BibFile:
    """A bibliography's entries, and the blocks it holds that could not be read as one."""

    records: list[BibRecord]
    unread: tuple[UnreadEntry, ...] = ()
    # A file read by its content, not its name (CSL YAML in refs.bib): one line saying so.
    note: str | None = None
    # What reading it left out, one line each: a ``crossref`` no entry has (``bibcrossref``).
    warnings: tuple[str, ...] = ()


# An "and" left at either end of a name: "Doe, J. and and Roe, R." (a doubled "and", as hand
# edits leave one) was split as "Doe, J." and "and Roe, R.", whose family name read "and Roe".
_STRAY_AND = re.compile(r"^(?:and(?:\s+|$))+|(?:(?:^|\s+)and)+$", re.IGNORECASE)


def _people(value: str) -> list[str]:
    """The names in a BibTeX name list, split at "and" as BibTeX splits them, an empty name
    between two "and"s (or before the first, after the last) dropped."""
    from bibtexparser.middlewares.names import split_multiple_persons_names

    people = (_STRAY_AND.sub("", person.strip()) for person in split_multiple_persons_names(value))
    return [person for person in people if person.strip()]


def _families(value: str) -> tuple[tuple[tuple[str, str], ...], bool]:
    """The family names in a BibTeX name list, each with its prefix ("van Dijk") and as
    biblatex cites it by default, without ("Dijk"; ``BibRecord.bare_authors``), and whether
    it ends "and others" (BibTeX's "et al.": a list cut short, which no author is)."""
    from bibtexparser.middlewares.names import InvalidNameError, parse_single_name_into_parts

    families: list[tuple[str, str]] = []
    et_al = False
    for person in _people(value):
        if _CSL_ET_AL.match(person.strip().strip("{}").rstrip(".")):
            # "and others", or "and et al." as people write it: a list cut short, no author
            # (read as one, "al." was the second author, "Lee and al.").
            et_al = True
            continue
        if (cut := _ET_AL_AFTER.search(person)) is not None and cut.start() > 0:
            et_al = True  # "A. Lee et al.": the name before it ("et al." was its family name)
            person = person[: cut.start()]
        extended = extended_parts(person)
        if extended is not None:  # biblatex's "family=Walt, given=Stéfan, prefix=van der"
            family, prefix, useprefix = extended
            full = plain_text(f"{prefix} {family}" if prefix else family)
            families.append((full, full if useprefix else plain_text(family)))
            continue
        try:
            parts = parse_single_name_into_parts(person)
        except InvalidNameError:
            families.append((plain_text(person),) * 2)
            continue
        if _family_then_initials(person, parts.first, parts.von, parts.last):
            # "Wilson G", as PubMed and Vancouver write names: BibTeX reads "G" as the family
            # name, which no catalogue's first author then matched.
            families.append((plain_text(" ".join(parts.first)),) * 2)
            continue
        family = plain_text(" ".join([*parts.von, *parts.last])) or plain_text(person)
        families.append((family, plain_text(" ".join(parts.last)) or family))
    return tuple(families), et_al


# An entry's own biblatex options (``options = {useprefix=true}``): its names cited with their
# prefix whatever the document's setting.
_ENTRY_USEPREFIX = re.compile(r"(?:^|,)\s*useprefix\s*(?:=\s*true\s*)?(?:,|$)", re.IGNORECASE)


# A PubMed-style name's initials: one to three capitals, no full stop ("G", "GV", "JAB").
_INITIALS = re.compile(r"[A-Z]{1,3}")


def _family_then_initials(person: str, first: list[str], von: list[str], last: list[str]) -> bool:
    """Whether ``person`` is written "Family Initials" ("Wilson G", "Le Cun Y"): no comma, and
    a last part of bare initials after capitalised words."""
    return (
        "," not in person
        and not von
        and len(last) == 1
        and _INITIALS.fullmatch(last[0]) is not None
        and bool(first)
        and all(word[:1].isupper() and not _INITIALS.fullmatch(word) for word in first)
    )


def _list_separator(value: str) -> str | None:
    """What a name list separates people with in place of "and" (``bibnames.list_separator``:
    "commas", "semicolons"), or None."""
    if "," not in value and ";" not in value:
        return None
    # "Lee, A., et al.": one name and the mark of a list cut short.
    names = (_ET_AL_AFTER.sub("", name) for name in _people(value))
    found = (list_separator(name) for name in names)
    return next((separator for separator in found if separator is not None), None)


def _year(value: str | None) -> int | None:
    """The year ``value`` gives; None when it gives none, or several ("2010--2017", a range:
    taken as its first year, it was compared as if the work were of that year alone)."""
    years = set(_YEAR.findall(value or ""))
    if len(years) != 1 or _SHORT_RANGE.search(value or "") is not None:
        return None
    return int(years.pop())


def _why(error: object) -> str:
    reason = str(getattr(error, "abort_reason", None) or error or "")
    # bibtexparser's own hint ("Note: The entry ... is available as ...") is about its API.
    if " Note: " in reason:
        reason = reason.split(" Note: ")[0].rstrip(".")
    return " ".join(reason.split())


def _unread(block: Any, source: str | None) -> UnreadEntry:
    from bibtexparser.model import DuplicateBlockKeyBlock

    line = block.start_line + 1 if block.start_line is not None else None
    if isinstance(block, DuplicateBlockKeyBlock):
        return UnreadEntry(
            line,
            f"a second entry with the key {block.key!r}, ignored (the first is used)",
            source=source,
            duplicate=True,
        )
    parsed = getattr(block, "ignore_error_block", None)  # a duplicate field: parsed, not kept
    key = getattr(parsed, "key", None)
    if not isinstance(key, str):
        match = _BLOCK_KEY.match(str(block.raw or "").lstrip())
        key = match.group(1) if match else None
    why = _why(getattr(block, "error", None))
    reason = "an entry that could not be read" + (f" ({why})" if why else "")
    return UnreadEntry(line, reason, key, source, why or None)


# What the comment scan stops at: an escape (``\\{`` is no brace), a brace, a quote, a ``%``;
# and an entry's start, ``@article{``.
_COMMENT_TOKEN = re.compile(r'\\.|[{}"%]', re.DOTALL)
_ENTRY_START = re.compile(r"@\s*[A-Za-z]+\s*\{")


def _blank_field_comments(text: str) -> str:
    """``text`` with each ``%`` comment between an entry's fields (``title = {T}, % final``, or
    a line of its own) blanked to the end of its line, as biber skips it: bibtexparser read it
    as part of the next field's name, "% final\\n author", so the author was lost, and a ``,``
    or ``=`` in it split the entry wrongly. A ``%`` inside a value (``{50% of cases}``) stays.
    Lengths and line breaks are kept, so every entry keeps its line number."""
    if "%" not in text:
        return text
    blanked: list[tuple[int, int]] = []
    position = 0
    while (entry := _ENTRY_START.search(text, position)) is not None:
        depth, quoted, position = 1, False, entry.end()
        while depth and (token := _COMMENT_TOKEN.search(text, position)) is not None:
            char, position = token.group(), token.end()
            if char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
            elif char == '"' and depth == 1:
                quoted = not quoted
            elif char == "%" and depth == 1 and not quoted:
                end = text.find("\n", position)
                end = len(text) if end < 0 else end
                blanked.append((token.start(), end))
                position = end
        if depth:
            break  # an entry never closed: the rest is left to the parser, as before
    if not blanked:
        return text
    parts: list[str] = []
    last = 0
    for start, end in blanked:
        parts += [text[last:start], " " * (end - start)]
        last = end
    return "".join([*parts, text[last:]])


def _hide_double_backslashes(text: str) -> tuple[str, str | None]:
    """``text`` with each ``\\\\`` (TeX's line break) as one character it does not hold, and
    that character. bibtexparser takes a brace or quote after a backslash for an escaped one,
    so ``title={A \\\\}`` ran on to the next entry and was not read; BibTeX counts braces
    whatever stands before them, and after ``\\\\`` TeX too reads a brace as a brace. (A few
    private-use characters are tried: a text holding them all is read as before.)"""
    if "\\\\" not in text:
        return text, None
    mark = next((chr(c) for c in range(0xE000, 0xE010) if chr(c) not in text), None)
    return (text, None) if mark is None else (text.replace("\\\\", mark), mark)


def _bibtex(text: str, source: str | None) -> BibFile:
    # Imported on use: every command loads this module's importers, few need BibTeX.
    from bibtexparser.entrypoint import parse_string
    from bibtexparser.middlewares.enclosing import RemoveEnclosingMiddleware

    from claimaudit.bibmacros import ResolveMacrosMiddleware
    from claimaudit.bibpreamble import apply_macros, preamble_macros

    # bibtexparser logs each block it cannot parse to stderr (Python's last-resort handler);
    # the failure is reported once, as our own one-line error, instead.
    logger = logging.getLogger("bibtexparser")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    hidden, mark = _hide_double_backslashes(text)
    hidden = _blank_field_comments(hidden)
    try:
        # bibtexparser's default stack, but with ``#`` concatenation joined (``bibmacros``).
        stack = [ResolveMacrosMiddleware(), RemoveEnclosingMiddleware(True)]
        library = parse_string(hidden, parse_stack=stack)
    finally:
        logger.setLevel(level)

    def shown(value: str) -> str:
        return value.replace(mark, "\\\\") if mark else value

    # The @preamble's macros (and the sorting trick's \noop) as LaTeX prints them: "{\noop{a}}
    # Title" is "Title" (``bibpreamble``).
    macros = preamble_macros(str(p.value) for p in library.preambles)
    read = [
        CrossrefEntry(
            shown(item.key),
            {
                name.lower(): shown(apply_macros(name.lower(), str(f.value), macros))
                for name, f in item.fields_dict.items()
            },
            item.start_line + 1 if item.start_line is not None else None,
            item.entry_type.lower(),
        )
        for item in library.entries
    ]
    # An entry's ``crossref`` parent gives it the fields it lacks, as BibTeX and biber read it.
    inherited, warnings = inherit(read, source)
    records: list[BibRecord] = []
    for entry, fields in zip(read, inherited, strict=True):
        if entry.kind == XDATA:
            continue  # biblatex's shared data, which other entries take in: no work of its own
        authors = fields.get("author") or fields.get("editor") or ""
        line = entry.line
        written = fields.get("year") or fields.get("date")
        year = _year(written)
        names, et_al = _families(authors)
        if (separator := _list_separator(authors)) is not None:
            where = f"{source or 'the bibliography'}{f' line {line}' if line else ''}"
            warnings.append(comma_list_warning(where, entry.key, authors, separator))
            names, et_al = (), False
        families = tuple(full for full, _ in names)
        bare = tuple(short for _, short in names)
        if _ENTRY_USEPREFIX.search(fields.get("options") or "") or bare == families:
            bare = ()
        unread = _unread_year(written) if year is None else None
        short = fields.get("shortauthor") or fields.get("shorteditor") or ""
        shorts = tuple(full for full, _ in _families(short)[0]) if short.strip() else ()
        records.append(
            BibRecord(
                entry.key,
                fields,
                families,
                year,
                line,
                et_al,
                unread,
                bare_authors=bare,
                short_authors=shorts,
            )
        )
    failed = tuple(_unread(b, source) for b in library.failed_blocks)
    return BibFile(records, failed, warnings=tuple(warnings))


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
                if alone.strip() and not _CSL_ET_AL.match(alone):
                    names.append(alone.strip())
                continue
            if isinstance(family, str) and family.strip():
                given = person.get("given")
                if _CSL_ET_AL.match(family) and not (isinstance(given, str) and given.strip()):
                    et_al = True
                    continue
                particle = person.get("non-dropping-particle")
                prefix = f"{particle} " if isinstance(particle, str) and particle else ""
                names.append(f"{prefix}{family.strip()}")
    return tuple(names), et_al


def _csl_year(value: Any) -> int | None:
    if isinstance(value, str):
        return _year(value)  # CSL YAML's "issued: 2020-03-04", as Pandoc writes a date
    if not isinstance(value, dict):
        return None
    parts = value.get("date-parts")
    if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
        if _csl_range(parts):
            return None
        first = parts[0][0]
        if isinstance(first, int) and not isinstance(first, bool):
            return first
        # isdecimal, not isdigit: "²", "¹⁹⁹⁹" and "①" are digits that int() refuses. Such a
        # year is unreadable, read as none, as a year in words is.
        if isinstance(first, str) and first.isdecimal() and len(first) <= _MAX_YEAR_DIGITS:
            return int(first)
    raw = value.get("raw") or value.get("literal")
    return _year(raw) if isinstance(raw, str) else None


def _csl_range(parts: list[Any]) -> bool:
    """Whether CSL ``date-parts`` give a range of years (``[[2010], [2017]]``): no one year."""
    years = {str(p[0]).strip() for p in parts[:2] if isinstance(p, list) and p}
    return len(years) > 1


def _unread_year(written: str | None) -> str | None:
    """A year as written, blanks collapsed; None when none is written."""
    text = " ".join((written or "").split())
    return text or None


def _csl_written_year(value: Any) -> str | None:
    """What an ``issued`` that gives no year holds as written: its first date part, its
    ``raw`` or ``literal`` ("in press"), or the text Pandoc's YAML gives."""
    if isinstance(value, str):
        return _unread_year(value)
    if not isinstance(value, dict):
        return None
    parts = value.get("date-parts")
    if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
        if _csl_range(parts):
            return "/".join(str(p[0]) for p in parts[:2])  # as CSL writes a range of dates
        first = parts[0][0]
        if isinstance(first, str | int) and not isinstance(first, bool):
            return _unread_year(str(first))
    raw = value.get("raw") or value.get("literal")
    return _unread_year(raw) if isinstance(raw, str) else None


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


def _csl(data: Any, source: str | None) -> BibFile:
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


def _csl_yaml_items(text: str, name: str) -> Any:
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


def _csl_lookalike(text: str) -> BibFormat | None:
    """The CSL format ``text`` reads as (JSON or YAML holding items: a list of objects, or
    one under ``references:``), else None."""
    if text.lstrip()[:1] in ("[", "{"):
        try:
            data = load_json(text)
        except (json.JSONDecodeError, NestingError, InvalidTextError):
            return None
        return "csl-json" if isinstance(data, list | dict) and data else None
    try:
        items = _csl_yaml_items(text, "the bibliography")
    except BibliographyError:
        return None
    return "csl-yaml" if items else None


def csl_read_as_bibtex(
    text: str, kind: BibFormat | None, source: str | None = None
) -> BibliographyError | None:
    """For text that gave no entry: the error to refuse it with when it was read as BibTeX
    (so said, or not starting as JSON does) but is CSL, whose ``looks_like`` each surface
    tells how to send (a client that sent CSL YAML without its format was told "holds no
    entries", and a review read on would have left every key unresolved). None otherwise."""
    if kind not in (None, "bibtex") or (kind is None and text.lstrip()[:1] in ("[", "{")):
        return None
    looks_like = _csl_lookalike(text)
    if looks_like is None:
        return None
    name = f"bibliography {shown_name(source)}" if source else "the bibliography"
    label = "CSL-JSON" if looks_like == "csl-json" else "CSL YAML"
    return BibliographyError(
        f"{name} was read as BibTeX and holds no entries, but it looks like {label}",
        looks_like=looks_like,
    )


def _bibtex_read_as_csl(text: str, kind: BibFormat | None, name: str) -> BibliographyError | None:
    """For text said to be CSL that could not be read as such: the error to refuse it with
    when it holds BibTeX entries (``looks_like`` "bibtex", which each surface tells how to
    send), not the JSON or YAML parser's "Expecting value" or "found character '@'". None
    otherwise."""
    if kind not in ("csl-json", "csl-yaml") or "@" not in text:
        return None
    try:
        check_brace_depth(text)
        found = _bibtex(text, None)
    except (NestingError, InvalidTextError):
        return None
    if not found.records:
        return None
    label, syntax = ("CSL-JSON", "JSON") if kind == "csl-json" else ("CSL YAML", "YAML")
    return BibliographyError(
        f"{name} was read as {label} and is not valid {syntax}, but it looks like BibTeX",
        looks_like="bibtex",
    )


def parse_bib(
    text: str,
    *,
    kind: BibFormat | None = None,
    source: str | None = None,
    allow_empty: bool = False,
) -> BibFile:
    """The entries of BibTeX, CSL-JSON or CSL YAML ``text`` (``kind``; by default JSON when it
    starts with ``[`` or ``{``, else BibTeX), with the blocks that could not be read as one;
    BibliographyError when it cannot be read, or holds no entry (unless ``allow_empty``: a
    draft's bibliography not yet filled in). ``source`` names it in messages (a file, say)."""
    name = f"bibliography {shown_name(source)}" if source else "the bibliography"
    is_csl = kind in ("csl-json", "csl-yaml")
    is_json = kind == "csl-json" if kind is not None else text.lstrip()[:1] in ("[", "{")
    try:
        check_text(text, name)
        if kind == "csl-yaml":
            found = _csl(_csl_yaml_items(text, name), source)
        elif is_json:
            found = _csl(load_json(text), source)
        else:
            check_brace_depth(text)
            found = _bibtex(text, source)
    except json.JSONDecodeError as error:
        raise _bibtex_read_as_csl(text, kind, name) or BibliographyError(
            f"{name} is not valid JSON: {error}"
        ) from None
    except BibliographyError as error:  # CSL YAML that cannot be read
        raise _bibtex_read_as_csl(text, kind, name) or error from None
    except (NestingError, InvalidTextError) as error:
        raise BibliographyError(f"{name}: {error}") from None
    if not found.records and not allow_empty:
        raise BibliographyError(
            _none_read(name, found) if not (is_json or is_csl) else f"{name} holds no entries"
        )
    return found


def _none_read(name: str, found: BibFile) -> str:
    """Why a BibTeX text gave no entry: none there, or none that could be parsed (the first
    failure said). A review reads such a file on (``allow_empty``): each unread entry warned
    of, a citation of its key saying so, as where only some could not be read."""
    if not found.unread:
        return f"{name} holds no entries"
    first = found.unread[0]
    line_text = f"entry starting on line {first.line}: " if first.line is not None else ""
    where = f" ({line_text}{first.why})" if first.why else ""
    return f"{name}: no BibTeX entry could be parsed{where}"


def _read_as_note(path: Path, kind: BibFormat) -> str:
    label = "CSL-JSON" if kind == "csl-json" else "CSL YAML"
    named = " (its name says BibTeX)" if path.suffix.lower() == ".bib" else ""
    return f"bibliography {shown_name(path)} holds {label}{named}: it was read as {label}"


def read_bib(path: Path, *, allow_empty: bool = False) -> BibFile:
    """Read a BibTeX (``.bib``), CSL-JSON (``.json``) or CSL YAML (``.yaml``, ``.yml``) file;
    BibliographyError if unusable (``parse_bib``). A file whose name says BibTeX (or no
    format) but that holds CSL-JSON or CSL YAML is read as that, ``BibFile.note`` saying so."""
    if "\x00" in str(path):  # the system's ValueError, said without echoing the name
        raise BibliographyError("a bibliography path holds U+0000 (a null character)")
    if names_standard_input(path):
        # By name, as the other commands refuse it: "-" read "No such file or directory".
        raise BibliographyError(
            f"bibliography {shown_name(path)} (standard input) is not read; "
            "give a .bib or .json file"
        )
    try:
        folder = path.is_dir()
    except OSError as error:  # a name over 255 bytes: one line naming it, as a missing file
        raise BibliographyError(
            f"cannot read bibliography {shown_name(path)}: {error.strerror or error}"
        ) from None
    if folder:
        raise BibliographyError(
            f"bibliography {shown_name(path)} is a folder; give a .bib or .json file"
        )
    other = _OTHER_FORMATS.get(path.suffix.lower())
    if other is not None:
        raise BibliographyError(
            f"bibliography {shown_name(path)}: {other} files are not supported; "
            f"export it as {SUPPORTED_FORMATS}"
        )
    try:
        data = read_regular(path, MAX_BIBLIOGRAPHY_BYTES)
        text = decode_utf8(data).removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    except UnreadableFileError as error:
        raise BibliographyError(f"bibliography {shown_name(path)} {error}") from None
    except NotUtf8Error as error:
        raise BibliographyError(f"cannot read bibliography {shown_name(path)}: {error}") from None
    except OSError as error:
        raise BibliographyError(
            f"cannot read bibliography {shown_name(path)}: {error.strerror or error}"
        ) from None
    suffix = path.suffix.lower()
    kind: BibFormat | None = (
        "csl-json" if suffix == ".json" else "csl-yaml" if suffix in _YAML_SUFFIXES else None
    )
    # A name that says no CSL format is read as BibTeX, unless the content says otherwise:
    # JSON (by its first character, as parse_bib reads text), or CSL YAML, which gives
    # BibTeX's reader nothing at all. Either is read as what it is, and said (``note``).
    content: BibFormat | None = None
    if kind is None and text.lstrip()[:1] in ("[", "{"):
        content = "csl-json"
    try:
        found = parse_bib(text, kind=kind, source=str(path), allow_empty=True)
        if kind is None and not (found.records or found.unread or content):
            content = _csl_lookalike(text)
            if content is not None:
                found = parse_bib(text, kind=content, source=str(path), allow_empty=True)
        if content is not None:
            found = BibFile(
                found.records, found.unread, _read_as_note(path, content), found.warnings
            )
        if found.records or allow_empty:
            return found
        # None read: parse_bib says why, in its words.
        return parse_bib(text, kind=content or kind, source=str(path))
    except BibliographyError as error:
        if error.looks_like == "bibtex":  # BibTeX in a .json or .yaml file: its name says CSL
            raise BibliographyError(f"{error}: name it .bib to have it read as BibTeX") from None
        if kind or content or suffix == ".bib" or not str(error).endswith("holds no entries"):
            raise
        named = f"a {suffix} file" if suffix else "a file without a suffix"
        raise BibliographyError(
            f"{error}: {named} is read as BibTeX; the formats read are {SUPPORTED_FORMATS}"
        ) from None

"""The records a bibliography is read into, whatever its format (``claimaudit.bibfile``): one
per entry, with the blocks that could not be read as one, and the rule both BibTeX and CSL
read a year by.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from claimaudit.bibcrossref import CrossrefEntry
from claimaudit.text.plain import plain_text

BibFormat = Literal["bibtex", "csl-json", "csl-yaml"]
# Not "\b": "2020a" (a year told apart from another by its letter) has no word boundary
# after its "0", and was read as no year, its check silently skipped.
_YEAR = re.compile(r"(?<!\d)(1[5-9]\d\d|2\d\d\d)(?!\d)")
# A range whose end is written with two digits ("2010--17", "1998\u201399"): more than one year
# too. Not "2020-03", a year and its month.
_SHORT_RANGE = re.compile(r"(?<!\d)(?:1[5-9]|2\d)\d\d\s*(?:--|\u2013|\u2014)\s*\d\d(?!\d)")
# A tag of a title's HTML-like markup with its brackets escaped, as Zotero exports markup it
# has no LaTeX for (a publisher's "<scp>DNA</scp>", "<i>" in some records):
# "{\textless}scp{\textgreater}DNA{\textless}/scp{\textgreater}". Read as the tag it is, which
# ``plain_text`` drops as it drops a catalogue's, not as "scpDNA/scp". Not "p \textless 0.05".
_LESS = r"(?:\{\\textless\}|\\textless(?:\{\}|\s?+))"
_GREATER = r"(?:\{\\textgreater\}|\\textgreater(?![A-Za-z])(?:\{\})?)"
# Its attributes hold an "=": "\\textless b and c \\textgreater" is text, not a tag "b".
_ESCAPED_TAG = re.compile(
    _LESS + r"(/?[A-Za-z][\w:-]{0,30}+(?:\s[^<>{}\\=]{0,40}+=[^<>{}\\]{0,200}+)?)" + _GREATER
)

# A language switch's language ("german" in ``\foreignlanguage{german}{Über}``, babel's and
# biblatex's ways of marking a foreign phrase, and ``otherlanguage``'s), with any options:
# no word of the title, which plain text read "germanÜber".
_LANGUAGE_SWITCH = re.compile(
    r"\\(?:foreignlanguage|textlang|hyphenrules|begin\s*\{otherlanguage\*?\})"
    r"\s*(?:\[[^\[\]{}]{0,200}\]\s*)?\{[^{}]{0,80}\}"
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
    # A BibTeX entry's type, in lower case ("article"; "set", biblatex's set of entries, which
    # is no work of its own); empty for CSL.
    kind: str = ""

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
        """The title as it reads (LaTeX markup reduced to its text, markup tags dropped)."""
        title = self.fields.get("title")
        if title and "\\textless" in title:
            title = _ESCAPED_TAG.sub(r"<\1>", title)
        if title and "\\" in title:
            title = _LANGUAGE_SWITCH.sub("", title)
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
    # BibTeX's entries as written, and the ``crossref``/``xdata`` keys none of them has: where
    # a bibliography is several files, another file's entries give them (``bibfile.read_bibs``).
    entries: tuple[CrossrefEntry, ...] = field(default=(), repr=False)
    orphans: tuple[str, ...] = ()


def year_of(value: str | None) -> int | None:
    """The year ``value`` gives; None when it gives none, or several ("2010--2017", a range:
    taken as its first year, it was compared as if the work were of that year alone)."""
    years = set(_YEAR.findall(value or ""))
    if len(years) != 1 or _SHORT_RANGE.search(value or "") is not None:
        return None
    return int(years.pop())


# One side of a date as biber reads biblatex's ``date`` (ISO 8601 with EDTF's level 1): a year
# (an unspecified digit "X" allowed), a month (or a season, 21 to 24) and a day, each perhaps
# uncertain or approximate ("?", "~", "%"), then a time. "Spring 2019", "May 2019" and
# "2019a" are none: biber warns and ignores such a date.
_EDTF_DATE = re.compile(
    r"[+-]?(?:\d{4}|\d{3}X|\d{2}XX)[?~%]?"
    r"(?:-(?:0[1-9]|1[0-2]|2[1-4]|XX)[?~%]?(?:-(?:0[1-9]|[12]\d|3[01]|XX)[?~%]?)?)?"
    r"(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?"
)


def biber_reads_date(date: str) -> bool:
    """Whether biber reads ``date`` as a date (``_EDTF_DATE``), or a range of two ("2019/2020",
    open at either end with ".." or nothing)."""
    sides = date.strip().split("/")
    if len(sides) > 2:
        return False
    if len(sides) == 2 and all(side.strip() in ("", "..") for side in sides):
        return False
    return all(
        (len(sides) == 2 and side.strip() in ("", "..")) or _EDTF_DATE.fullmatch(side.strip())
        for side in sides
    )


def date_year(date: str) -> int | None:
    """The year biblatex prints for a ``date``: a range's start ("2019/2020", "2019-03/2019-05",
    open "2019/.."), as biber reads its start year into ``year``; None for an open start
    ("../2020", "/2020") or a date that gives no year ("forthcoming")."""
    start, slash, _ = date.partition("/")
    if slash and start.strip() in ("", ".."):
        return None
    return year_of(start if slash else date)


def year_as_written(written: str | None) -> str | None:
    """A year as written, blanks collapsed; None when none is written."""
    text = " ".join((written or "").split())
    return text or None

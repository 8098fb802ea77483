"""The year of each BibTeX entry, as biber reads it (``claimaudit.bibtex``): an entry's own
``date`` gives its year where biber reads it (it overwrites ``year``, as biblatex prints the
date), else its own ``year``; only an entry giving neither takes one from its ``xdata`` entries
or ``crossref`` parent, the year that parent is of by the same rule. biber turns each entry's
date into its year when it reads the file, before any inheritance: a parent's date never wins
over a child's year, nor a grandparent's date over a parent's year the child inherits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from claimaudit.bibcrossref import CrossrefEntry, inherit
from claimaudit.bibrecords import biber_reads_date, date_year, year_of

# How a date is written that biber reads, said where one is not.
_DATE_FORMS = "a date is written 2019, 2019-05 or 2019-05-01"


@dataclass(frozen=True)
class EntryYear:
    """An entry's year: the value it is read from as written (None where none is given), the
    year read from it, and the warnings its own ``year`` and ``date`` call for."""

    written: str | None
    year: int | None
    warnings: tuple[str, ...] = ()


def _written(value: str | None) -> bool:
    return bool((value or "").replace("{", "").replace("}", "").strip())


def _own(fields: Mapping[str, str]) -> tuple[str, int | None, str] | None:
    """The value an entry's own fields give its year by, the year, and the field's name: a
    date biber reads that gives one, else a written ``year``; None where neither does (it
    inherits one)."""
    date, year = fields.get("date"), fields.get("year")
    if date is not None and biber_reads_date(date):
        dated = date_year(date)
        if dated is not None:
            return date, dated, "date"
    if _written(year):
        return year or "", year_of(year), "year"
    return None


def _warnings(
    entry: CrossrefEntry, where: str, found: EntryYear, field: str | None
) -> tuple[str, ...]:
    """What an entry's own ``year`` and ``date`` are warned of: two different years, or a
    date biber ignores beside a year (``field``: the field ``found`` is read from, its own or
    inherited; None where it is the entry's own date, nothing else giving a year)."""
    date, year = entry.fields.get("date"), entry.fields.get("year")
    if date is None or not date.strip():
        return ()
    if not biber_reads_date(date):
        if field is None or found.year is None:
            return ()  # no year read in its place: the date is read as before, as written
        return (
            f"{where}: entry {entry.key!r} gives date {date!r}, which is no date biber reads "
            f"(it ignores it); its year is read from {field} {found.written!r} ({_DATE_FORMS})",
        )
    dated = date_year(date)
    if _written(year) and dated is not None and year_of(year) not in (None, dated):
        return (
            f"{where}: entry {entry.key!r} gives year {year!r} and date {date!r}; its year is "
            "read from the date, as biblatex prints it (a BibTeX style ignores date and prints "
            "the year)",
        )
    return ()


def entry_years(
    entries: Sequence[CrossrefEntry],
    outside: Sequence[CrossrefEntry] = (),
    source: str | None = None,
) -> list[EntryYear]:
    """The year of each of ``entries`` (``outside``: the bibliography's other files' entries,
    where a parent may be), each entry's own year first, then its parents' by ``inherit``'s
    rules (xdata, then crossref)."""
    everyone = [*entries, *outside]
    # Each entry's own year, inherited as one field: the index of the entry that gives it.
    own = [_own(entry.fields) for entry in everyone]
    links = ("xdata", "crossref")

    def reduced(index: int, entry: CrossrefEntry) -> CrossrefEntry:
        fields = {name: entry.fields[name] for name in links if name in entry.fields}
        if own[index] is not None:
            fields["year"] = str(index)
        return CrossrefEntry(entry.key, fields, entry.line, entry.kind)

    mine = [reduced(i, e) for i, e in enumerate(entries)]
    theirs = [reduced(len(entries) + i, e) for i, e in enumerate(outside)]
    inherited, _, _ = inherit(mine, None, theirs)  # what cannot be found is said already
    found: list[EntryYear] = []
    for entry, fields in zip(entries, inherited, strict=True):
        origin = fields.get("year")
        given = own[int(origin)] if origin is not None else None
        if given is None:
            # No year: what the entry writes, "not compared" by name ("in press", "../2020").
            # A date biber ignores still names its year where nothing else does ("Spring 2018").
            date = entry.fields.get("date")
            if _written(date):
                year = EntryYear(date, date_year(date or ""))
            else:
                year = EntryYear(entry.fields.get("year") or date, None)
        else:
            year = EntryYear(given[0], given[1])
        where = f"{source or 'the bibliography'}{f' line {entry.line}' if entry.line else ''}"
        said = _warnings(entry, where, year, given[2] if given is not None else None)
        found.append(EntryYear(year.written, year.year, said))
    return found

"""What a BibTeX file's ``ids`` (biblatex's other keys of an entry) leave unsaid: an alias that
is another entry's key, or one an earlier entry gives too. biber warns of both and ignores the
alias (a key wins over an alias; the first entry to give an alias keeps it), and the review
resolves such a citation by the same rule (``claimaudit.citekeys``), so a citation of it names
another work than the entry listing it: said, not silent.
"""

from __future__ import annotations

from collections.abc import Sequence

from claimaudit.bibrecords import BibRecord


def _where(record: BibRecord, source: str | None) -> str:
    return f"{source or 'the bibliography'}{f' line {record.line}' if record.line else ''}"


def _at(record: BibRecord) -> str:
    return f" (line {record.line})" if record.line else ""


def alias_warnings(records: Sequence[BibRecord], source: str | None) -> list[str]:
    """One warning for each alias an entry lists that another entry has as its key, or that
    an earlier entry lists too."""
    keyed: dict[str, BibRecord] = {}
    for record in records:
        keyed.setdefault(record.key, record)
    given: dict[str, BibRecord] = {}
    said: list[str] = []
    for record in records:
        for alias in record.aliases:
            owner = keyed.get(alias)
            if owner is not None and owner is not record:
                said.append(
                    f"{_where(record, source)}: entry {record.key!r} lists {alias!r} among its "
                    f"ids, the key of entry {owner.key!r}{_at(owner)}; a citation of "
                    f"{alias!r} names that entry, as biber reads it (the alias is ignored)"
                )
                continue
            first = given.setdefault(alias, record)
            if owner is None and first is not record:
                said.append(
                    f"{_where(record, source)}: entry {record.key!r} lists {alias!r} among its "
                    f"ids, as entry {first.key!r}{_at(first)} does; a citation of {alias!r} "
                    "names the first, as biber reads it"
                )
    return said

"""arXiv as a catalogue: a paper's metadata from the Atom API, as a ``CatalogueRecord``.

The unversioned id is looked up, so the answer describes the newest version: a withdrawal is a
new version whose comment says so, and it concerns every version cited. Family names are the
last word of each author's name as arXiv prints it ("Stéfan van der Walt" gives "Walt"; the
comparison allows for the particles), skipping suffixes such as "Jr.".
"""

from __future__ import annotations

import re

from claimaudit.identity import PaperRef
from claimaudit.refcheck.models import CatalogueRecord
from claimaudit.sources.arxiv import ArxivClient, ArxivEntry

_WITHDRAWAL = re.compile(r"\bwithdrawn\b|\bwithdrawal\b", re.IGNORECASE)
_SUFFIXES = {"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"}


def family_name(name: str) -> str:
    parts = [p for p in name.replace(",", " ").split() if p.lower() not in _SUFFIXES]
    return parts[-1] if parts else name.strip()


def _year(stamp: str | None) -> int | None:
    return int(stamp[:4]) if stamp and stamp[:4].isdigit() else None


def _withdrawn(entry: ArxivEntry) -> str | None:
    if entry.comment and _WITHDRAWAL.search(entry.comment):
        return f"arXiv withdrawal ({entry.ref}: {entry.comment})"
    summary = (entry.summary or "").lower()
    if summary.startswith(
        ("this paper has been withdrawn", "withdrawn", "this article has been withdrawn")
    ):
        return f"arXiv withdrawal ({entry.ref}: {entry.summary})"
    return None


def arxiv_record(client: ArxivClient, ref: PaperRef) -> CatalogueRecord:
    """The newest version of ``ref``'s work; raises ArxivNotFoundError / ArxivError."""
    entry = client.entry(ref.unversioned)
    years = [y for y in (_year(entry.published), _year(entry.updated)) if y is not None]
    return CatalogueRecord(
        source="arxiv",
        ref=entry.ref,
        title=entry.title,
        authors=tuple(family_name(a) for a in entry.authors),
        years=tuple(dict.fromkeys(years)),
        withdrawn=_withdrawn(entry),
        latest_version=entry.ref.version,
    )

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

# What arXiv withdrawals say, in the comment or at the start of the abstract: "Withdrawn: ...",
# "v3: withdrawn due to an error", "Paper withdrawn", "This paper has been withdrawn by the
# author(s)", "This submission has been withdrawn by arXiv administrators". A paper about
# withdrawal rates or withdrawn drugs says none of these.
_WITHDRAWN_OPENING = re.compile(
    r"\s*(?:v\d+\s*[:.\-\u2013]?\s*)?(?:(?:paper|article|submission|manuscript|preprint)\s+)?"
    r"withdrawn(?:\s*(?:[:.;,(\-\u2013]|$)|\s+(?:by|due|because|for|as|pending|until)\b)",
    re.IGNORECASE,
)
_WITHDRAWN_STATEMENT = re.compile(
    r"(?:this|the)\s+(?:paper|article|submission|manuscript|preprint|work|version)\s+"
    r"(?:has\s+been|have\s+been|is|was)\s+withdrawn\b"
    r"|\bwithdrawn\s+by\s+(?:the\s+)?(?:authors?|author\(s\)|arxiv|admin\w*)(?!\w)",
    re.IGNORECASE,
)
_SUFFIXES = {"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"}


def family_name(name: str) -> str:
    parts = [p for p in name.replace(",", " ").split() if p.lower() not in _SUFFIXES]
    return parts[-1] if parts else name.strip()


def _year(stamp: str | None) -> int | None:
    return int(stamp[:4]) if stamp and stamp[:4].isdigit() else None


def _says_withdrawn(text: str, *, anywhere: bool) -> bool:
    """Whether ``text`` opens with a withdrawal notice (or, ``anywhere``, states one)."""
    if _WITHDRAWN_OPENING.match(text):
        return True
    if anywhere:
        return _WITHDRAWN_STATEMENT.search(text) is not None
    return _WITHDRAWN_STATEMENT.match(text.lstrip()) is not None


def _withdrawn(entry: ArxivEntry) -> str | None:
    if entry.comment and _says_withdrawn(entry.comment, anywhere=True):
        return f"arXiv withdrawal ({entry.ref}: {entry.comment})"
    # An abstract only counts when it opens with the notice, as a withdrawal's replaces it.
    if entry.summary and _says_withdrawn(entry.summary, anywhere=False):
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

"""arXiv as a catalogue: a paper's metadata from the Atom API, as a ``CatalogueRecord``.

The unversioned id is looked up, so the answer describes the newest version: a withdrawal is a
new version whose comment says so, and it concerns every version cited. An older version cited
is described by its own entry (``arxiv_version_record``): its title and authors may differ.
Family names are the last word of each author's name as arXiv prints it ("Stéfan van der Walt"
gives "Walt"; the comparison allows for the particles), skipping suffixes such as "Jr.", or
what comes before a comma ("Smith, John" gives "Smith").
"""

from __future__ import annotations

import re

from claimaudit.identity import PaperRef
from claimaudit.refcheck.compare import is_collaboration
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
# Matched at the start of a sentence only: "an earlier version was withdrawn by the authors",
# "arXiv:1901.00001, which has been withdrawn" and "the paper was withdrawn from NeurIPS" tell
# of another version's, another paper's or a venue's withdrawal, not this paper's.
_WITHDRAWN_STATEMENT = re.compile(
    r"\s*(?:(?:this|the)\s+(?:paper|article|submission|manuscript|preprint|work|version)\s+"
    r"(?:has\s+been|have\s+been|is|was)\s+withdrawn\b(?!\s+from\b)"
    r"|withdrawn\s+by\s+(?:the\s+)?(?:authors?|author\(s\)|arxiv|admin\w*)(?!\w))",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"(?<=[.;!?])\s+")
_SUFFIXES = {"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"}


def family_name(name: str) -> str:
    if is_collaboration(name):  # "The ATLAS Collaboration": its last word names no one
        return " ".join(name.split())
    family, _, rest = name.partition(",")
    if rest.strip() and rest.strip().lower() not in _SUFFIXES:
        # Written family name first ("Smith, John"), as some submitters do.
        return " ".join(family.split()) or name.strip()
    parts = [p for p in name.replace(",", " ").split() if p.lower() not in _SUFFIXES]
    return parts[-1] if parts else name.strip()


def _year(stamp: str | None) -> int | None:
    return int(stamp[:4]) if stamp and stamp[:4].isascii() and stamp[:4].isdigit() else None


def _says_withdrawn(text: str, *, anywhere: bool) -> bool:
    """Whether ``text`` opens with a withdrawal notice of this paper (or, ``anywhere``, one
    of its sentences does: "12 pages. This paper has been withdrawn")."""
    sentences = _SENTENCE_END.split(text) if anywhere else [text]
    return any(
        _WITHDRAWN_OPENING.match(sentence) or _WITHDRAWN_STATEMENT.match(sentence)
        for sentence in sentences
    )


def _withdrawn(entry: ArxivEntry) -> str | None:
    if entry.comment and _says_withdrawn(entry.comment, anywhere=True):
        return f"arXiv withdrawal ({entry.ref}: {entry.comment})"
    # An abstract only counts when it opens with the notice, as a withdrawal's replaces it.
    if entry.summary and _says_withdrawn(entry.summary, anywhere=False):
        return f"arXiv withdrawal ({entry.ref}: {entry.summary})"
    return None


def arxiv_record(client: ArxivClient, ref: PaperRef) -> CatalogueRecord:
    """The newest version of ``ref``'s work; raises ArxivNotFoundError / ArxivError."""
    return _record(client.entry(ref.unversioned), newest=True)


def arxiv_version_record(client: ArxivClient, ref: PaperRef) -> CatalogueRecord:
    """The version ``ref`` cites (``id_list=IDvN``), to compare with: whether the work is
    withdrawn is the newest version's to say. Raises ArxivError."""
    return _record(client.entry(ref), newest=False)


def _record(entry: ArxivEntry, *, newest: bool) -> CatalogueRecord:
    years = [y for y in (_year(entry.published), _year(entry.updated)) if y is not None]
    return CatalogueRecord(
        source="arxiv",
        ref=entry.ref,
        title=entry.title,
        authors=tuple(family_name(a) for a in entry.authors),
        years=tuple(dict.fromkeys(years)),
        withdrawn=_withdrawn(entry) if newest else None,
        latest_version=entry.ref.version if newest else None,
    )

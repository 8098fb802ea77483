"""Whether a footnote reads as a bibliography entry (a note-style reference) or as prose.

Notes-and-bibliography styles put the reference itself in the note: "Smith J. 2020. Title.
Journal 3:4. doi:10.1/x". A prose note may hold a DOI or an arXiv URL too ("Evening coffee
reduces sleep (doi:10.1/x)."): it states something, and is judged. A note reads as a reference
when it has an entry's shape: it opens with an author's name and initials ("Smith J.", "Smith,
J.", "Smith JA,", "J. Smith"), or holds a year as a field of its own ("Title. 2020. Journal",
"(2020).", "2020;5:3") or a volume and pages ("5(2):100", "3:4-9", "pp. 4-9", "vol. 3").
"""

from __future__ import annotations

import re

_YEAR = r"(?:1[5-9]|20)\d\d[a-z]?"
_NAME = r"[A-Z][\w'\u2019\-]+"
# An author's name at the note's start (after emphasis marks): surname then initials, or
# initials then surname.
_AUTHOR_LEAD = re.compile(
    rf"[*_\s]*(?:{_NAME},?\s+(?:(?:[A-Z]\.\s?-?){{1,3}}|[A-Z]{{1,3}}[,.])"
    rf"|(?:[A-Z]\.\s?-?){{1,3}}{_NAME})"
)
# A year standing as a field: after the start, a full stop, comma or semicolon, or in
# parentheses; followed by punctuation or the end.
# Blanks are read once, and at a line's start or end within the line: "^\s*" ran on through
# every line after it, and "\s+" then "\s*" split a run of blanks every way (20,000 blank lines
# took 3 s).
_YEAR_FIELD = re.compile(
    rf"(?:^[^\S\n]*+|[.,;:]\s++|\(\s*+){_YEAR}\)?(?:[.,;:]|[^\S\n]*+$)", re.MULTILINE
)
_VENUE_FIELD = re.compile(
    r"\b\d+\s*\(\d+\)\s*:\s*\d+|\b\d+\s*:\s*\d+\s*[-\u2013]+\s*\d+|\b(?:pp|vol)\.\s*\d+",
    re.IGNORECASE,
)


def reads_as_reference(text: str) -> bool:
    """Whether a note's text (its paragraphs joined) has a bibliography entry's shape."""
    return bool(_AUTHOR_LEAD.match(text) or _YEAR_FIELD.search(text) or _VENUE_FIELD.search(text))

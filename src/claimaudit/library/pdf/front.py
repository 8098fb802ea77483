"""A PDF's title and authors, from the first page's type rather than the file name.

The title is the largest type on the first page (at most four lines); the authors are the
lines just below it in body-sized, plain type, before the affiliations and addresses begin,
unless they read as sentences.
"""

from __future__ import annotations

import re

from claimaudit.library.pdf.layout import Line

_WORD = re.compile(r"[^\W\d_]{3,}")
# Footnote and affiliation marks: daggers, section and pilcrow signs, stars.
_MARKS = "*\u2020\u2021\u00a7\u00b6\u2016\u2217\u22c6"
_AUTHOR_MARKS = re.compile(rf"(?<=[^\W\d_.])(?:[\d{_MARKS}]+(?:,(?=\s*[\d{_MARKS}]))?)+")
# Each of these makes a line no author line: an affiliation number or mark, an address.
# Lower-case words a list of names holds: conjunctions and family-name particles.
_PARTICLES = frozenset(
    "and und et y e da de del della der di dos du la le van von ten ter zu".split()
)
_ADDRESS = re.compile(r"@|/|\w\.\w")
_NOT_AUTHORS = re.compile(
    rf"^[\d{_MARKS}]|@|\b(?:university|institute|department|abstract)\b", re.IGNORECASE
)


def title_and_authors(lines: list[Line], body: float) -> tuple[list[Line], list[Line]]:
    first = [line for line in lines if line.page == lines[0].page]
    biggest = max((line.size for line in first if _WORD.search(line.text)), default=0.0)
    if biggest < 1.2 * body:
        return [], []
    start = next(i for i, line in enumerate(first) if abs(line.size - biggest) < 0.3)
    title: list[Line] = []
    index = start
    while index < len(first) and abs(first[index].size - biggest) < 0.3 and len(title) < 4:
        title.append(first[index])
        index += 1
    authors: list[Line] = []
    while index < len(first) and len(authors) < 6:
        line = first[index]
        if (
            _NOT_AUTHORS.search(line.text.strip())
            or line.marked  # an affiliation, its mark dropped
            or line.size < 0.9 * body
            or line.size >= biggest - 0.3
            or line.bold
            # Author lines are set close together; a wider gap leads to the affiliations.
            or (authors and line.baseline - authors[-1].baseline > 1.6 * line.size)
        ):
            break
        authors.append(line)
        index += 1
    if reads_as_prose(" ".join(line.text for line in authors)):
        # A page that opens with a heading and its first paragraph (a printed web page, a
        # chapter): the paragraph is text, not a list of names.
        authors = []
    return title, authors


def reads_as_prose(text: str) -> bool:
    """Whether lines read as sentences rather than names: most of their words start in lower
    case ("Machine learning is a modern approach to ..."), where a list of names has only
    particles ("and", "van", "de") in lower case."""
    # Addresses are left out: an e-mail or a web address is lower case in any front matter.
    plain = " ".join(token for token in text.split() if not _ADDRESS.search(token))
    words = [w for w in re.findall(r"[^\W\d_][\w'-]*", plain) if w.lower() not in _PARTICLES]
    lower = sum(w[0].islower() for w in words)
    return len(words) >= 6 and lower > 0.4 * len(words)


def clean_authors(text: str) -> str | None:
    text = _AUTHOR_MARKS.sub("", text)
    text = re.sub(r"\s*,(?:\s*,)+", ",", text)
    text = re.sub(r"\s+,", ",", " ".join(text.split())).strip(" ,")
    return text or None

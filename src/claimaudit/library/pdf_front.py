"""A PDF's title and authors, from the first page's type rather than the file name.

The title is the largest type on the first page (at most four lines); the authors are the
lines just below it in body-sized, plain type, before the affiliations and addresses begin.
"""

from __future__ import annotations

import re

from claimaudit.library.pdf_layout import Line

_WORD = re.compile(r"[^\W\d_]{3,}")
# Footnote and affiliation marks: daggers, section and pilcrow signs, stars.
_MARKS = "*\u2020\u2021\u00a7\u00b6\u2016\u2217\u22c6"
_AUTHOR_MARKS = re.compile(rf"(?<=[^\W\d_.])(?:[\d{_MARKS}]+(?:,(?=\s*[\d{_MARKS}]))?)+")
# Each of these makes a line no author line: an affiliation number or mark, an address.
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
    return title, authors


def clean_authors(text: str) -> str | None:
    text = _AUTHOR_MARKS.sub("", text)
    text = re.sub(r"\s*,(?:\s*,)+", ",", text)
    text = re.sub(r"\s+,", ",", " ".join(text.split())).strip(" ,")
    return text or None

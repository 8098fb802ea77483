"""Does a cited reference describe the work its identifier names? The documented tolerances.

- **title**: both sides are reduced to plain words (LaTeX and HTML markup, accents, case and
  punctuation dropped, "&" read as "and"). They match when equal, when one is the other without
  its subtitle (the part after a colon), or when their similarity (``difflib`` ratio) is at
  least 0.9, which forgives a typo or a British spelling but not another paper's title.
- **first author**: the family names, reduced the same way, match when their last words are
  equal or when one, spaces removed, ends with the other ("Le Cun" and "LeCun", "van der Walt"
  and "Walt").
- **year**: within one year of any year the catalogue gives (arXiv: the first version's and the
  newest version's; Crossref: issued, published, print, online), since a preprint and its
  journal version, or print and online, often fall in neighbouring years.

A field the reference does not give is not compared. An unstructured entry (only ``text``) is
compared by containment: the catalogue title's words (at least 80% of them, or the title
without its subtitle whole), the first author's family name and, when the text holds a year,
a year within one of the catalogue's.
"""

from __future__ import annotations

import difflib
import re
import unicodedata

from claimaudit.refcheck.models import CatalogueRecord, CitedReference, Mismatch
from claimaudit.text import plain_text

TITLE_SIMILARITY = 0.9
TEXT_TITLE_COVERAGE = 0.8
YEAR_TOLERANCE = 1
_NON_WORD = re.compile(r"[^0-9a-z]+")
_YEAR = re.compile(r"(?<!\d)(1[89]\d\d|20\d\d)(?!\d)")
_SHOWN = 200


def words(text: str) -> str:
    """Lower-case ASCII words separated by single spaces."""
    decomposed = unicodedata.normalize("NFKD", plain_text(text).replace("&", " and "))
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(_NON_WORD.sub(" ", stripped.lower().replace("ß", "ss")).split())


def _main_title(title: str) -> str:
    return words(re.split(r"[:?.!]\s", plain_text(title), maxsplit=1)[0])


def titles_match(cited: str, catalogue: str) -> bool:
    a, b = words(cited), words(catalogue)
    if not a or not b or a == b:
        return True
    if a == _main_title(catalogue) or b == _main_title(cited):
        return True
    return difflib.SequenceMatcher(None, a, b).ratio() >= TITLE_SIMILARITY


def families_match(cited: str, catalogue: str) -> bool:
    a, b = words(cited), words(catalogue)
    if not a or not b:
        return True
    if a.split()[-1] == b.split()[-1]:
        return True
    compact_a, compact_b = a.replace(" ", ""), b.replace(" ", "")
    return compact_a.endswith(compact_b) or compact_b.endswith(compact_a)


def years_match(cited: int, catalogue: tuple[int, ...]) -> bool:
    return not catalogue or any(abs(cited - year) <= YEAR_TOLERANCE for year in catalogue)


def _short(text: str) -> str:
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


def compare(cited: CitedReference, found: CatalogueRecord) -> tuple[Mismatch, ...]:
    """The fields on which ``cited`` differs from ``found`` beyond the tolerances."""
    if cited.title is None and not cited.authors and cited.year is None and cited.text:
        return _compare_text(cited.text, found)
    mismatches: list[Mismatch] = []
    if cited.title and found.title and not titles_match(cited.title, found.title):
        mismatches.append(Mismatch("title", plain_text(cited.title), found.title))
    if cited.authors and found.authors and not families_match(cited.authors[0], found.authors[0]):
        mismatches.append(Mismatch("firstAuthor", plain_text(cited.authors[0]), found.authors[0]))
    if cited.year is not None and not years_match(cited.year, found.years):
        shown = ", ".join(str(y) for y in dict.fromkeys(found.years))
        mismatches.append(Mismatch("year", str(cited.year), shown))
    return tuple(mismatches)


def _compare_text(text: str, found: CatalogueRecord) -> tuple[Mismatch, ...]:
    body = words(text)
    present = set(body.split())
    mismatches: list[Mismatch] = []
    title_words = words(found.title).split()
    main = _main_title(found.title)
    covered = sum(w in present for w in title_words) / len(title_words) if title_words else 1.0
    if title_words and covered < TEXT_TITLE_COVERAGE and not (main and f" {main} " in f" {body} "):
        mismatches.append(Mismatch("title", _short(plain_text(text)), found.title))
    if found.authors:
        family = words(found.authors[0])
        if family and family.replace(" ", "") not in body.replace(" ", ""):
            mismatches.append(Mismatch("firstAuthor", _short(plain_text(text)), found.authors[0]))
    years = [int(y) for y in _YEAR.findall(plain_text(text))]
    if years and found.years and not any(years_match(y, found.years) for y in years):
        shown = ", ".join(str(y) for y in dict.fromkeys(found.years))
        mismatches.append(Mismatch("year", ", ".join(map(str, years)), shown))
    return tuple(mismatches)

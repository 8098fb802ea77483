"""Does a cited reference describe the work its identifier names? The documented tolerances.

- **title**: both sides are reduced to plain words of any script (LaTeX and HTML markup,
  accents, case and punctuation dropped, "&" read as "and"; each Chinese or Japanese character,
  and each character of Thai, Lao, Khmer or Burmese, which are written without spaces, counts
  as a word; a Roman numeral is its number, "Type II" is "Type 2"). They match when equal,
  when one is the other without its subtitle (the part after a colon), or when their
  similarity (``difflib`` ratio) is at least 0.9 and each word that differs is a respelling
  of its counterpart (``respelling``), which forgives a typo or a British spelling but not
  another paper's title ("... of scientific data" is not "... of scientific software").
- **first author**: the family names, reduced the same way, match when their last words are
  equal, when they are equal with spaces removed ("Le Cun" and "LeCun"), or when one is the
  other after name particles ("van der Walt" and "Walt", "vanderWalt" and "Walt"); "Hu" is not
  "Zhu".
- **year**: within one year of any year the catalogue gives (arXiv: the first version's and the
  newest version's; Crossref: issued, published, print, online), since a preprint and its
  journal version, or print and online, often fall in neighbouring years.

A field the reference does not give is not compared; nor is one that the catalogue does not
give or that holds no letter or digit on either side: ``Comparison.uncompared`` names it, and it
is never said to agree. A year the reference gives that reads as none ("in press") is named there
too. An unstructured entry (only ``text``) is compared by containment: the
catalogue title's words (at least 80% of them, no other word standing in the place of one of
them: ``respelling.swaps_a_word``; or the title without its subtitle whole), the
first author's family name and, when the text holds a year, a year within one of the
catalogue's.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from claimaudit.refcheck.models import CatalogueRecord, CitedReference, Mismatch
from claimaudit.refcheck.respelling import UNSPACED, same_words, swaps_a_word
from claimaudit.text.plain import plain_text

TITLE_SIMILARITY = 0.9
TEXT_TITLE_COVERAGE = 0.8
YEAR_TOLERANCE = 1
# Name particles a family name may be written with or without ("van der Walt", "Walt").
_PARTICLES = frozenset(
    "van von der den de del della di da dos das du la le ten ter het zu af av".split()
)
_YEAR = re.compile(r"(?<!\d)(1[89]\d\d|20\d\d)(?!\d)")
# "2010--17": a range whose end is written with two digits (not "2020-03", a month).
_SHORT_RANGE = re.compile(r"(?<!\d)\d{4}\s*(?:--|\u2013|\u2014)\s*\d\d(?!\d)")
# Letters that NFKD does not decompose into an ASCII letter and accents, written as an ASCII
# name would write them ("Sørensen" and "Sorensen", "Łukasz" and "Lukasz").
_TRANSLITERATED = str.maketrans(
    {
        "ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "\u0131": "i", "đ": "d", "Đ": "D", "ð": "d",
        "Ð": "D", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss", "þ": "th",
        "Þ": "Th", "ħ": "h", "Ħ": "H",
    }
)  # fmt: skip
# What makes two near-identical titles two works: their numbers ("at 7 TeV", "at 8 TeV"),
# roman numerals ("Part I", "Part II") and negations ("is all", "is not all").
_ROMAN = re.compile(r"^(?=[ivx]+$)x{0,3}(?:ix|iv|v?i{0,3})$")  # I to XXXIX, as parts go
_DIGITS = re.compile(r"\d+")
_NEGATIONS = frozenset("not no non never without nor cannot t".split())
# A collaboration signing as an author ("The ATLAS Collaboration"): no person's family name.
_COLLABORATION = re.compile(r"\b(?:collaborations?|consortium)\s*$", re.IGNORECASE)
_SHOWN = 200
_SHOWN_YEAR = 40
FIELD_NAMES = {"title": "title", "firstAuthor": "first author", "year": "year"}


@dataclass(frozen=True)
class Comparison:
    """The fields compared: those that differ, those that agree, and those the reference gives
    that could not be compared (the catalogue lacks them, or a side holds no letter or digit)."""

    mismatches: tuple[Mismatch, ...]
    agreed: tuple[str, ...]
    uncompared: tuple[tuple[str, str], ...]  # (field, why)


def words(text: str) -> str:
    """Case-folded words of any script, accents dropped, separated by single spaces."""
    plain = plain_text(text).replace("&", " and ").translate(_TRANSLITERATED)
    decomposed = unicodedata.normalize("NFKD", plain)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    kept = "".join(c if c.isalnum() else " " for c in stripped)
    kept = _GREEK_SYMBOLS.sub(lambda m: f" {' '.join(m[0])} ", kept)
    return " ".join(map(_greek_named, UNSPACED.sub(r" \1 ", kept).split()))


# A run of one to three Greek letters is symbols, each a word of its own ("αβ T cells", "TGFβ"
# from "$\alpha\beta$ T cells", "TGF$\beta$"), which titles also spell out ("Alpha beta T
# cells", "TGF-beta"); a longer run is a Greek word, kept whole.
_GREEK_SYMBOLS = re.compile("(?<![\u03b1-\u03c9])[\u03b1-\u03c9]{1,3}(?![\u03b1-\u03c9])")


def _greek_named(word: str) -> str:
    """A Greek letter standing as a word of its own ("β" of "β-sheet", "TGF-β") by its name:
    titles write it either way ("beta-sheet", "TGF-beta"), and "$\\beta$" reads as "β". Both
    sides are read so, and a Greek word of one letter still equals itself."""
    if len(word) != 1 or not "\u03b1" <= word <= "\u03c9":
        return word
    return unicodedata.name(word).rsplit(" ", 1)[-1].lower()


def _main_title(title: str) -> str:
    return words(re.split("[:?.!]\\s|[\uff1a\uff1f\u3002\uff01]", plain_text(title), maxsplit=1)[0])


def titles_match(cited: str, catalogue: str) -> bool:
    """Whether the titles agree; never when either holds no word to compare."""
    a, b = _arabic(words(cited)), _arabic(words(catalogue))
    if not a or not b:
        return False
    if a == b or a == _arabic(_main_title(catalogue)) or b == _arabic(_main_title(cited)):
        return True
    if _distinguishing(a) != _distinguishing(b):
        return False
    if difflib.SequenceMatcher(None, a, b).ratio() < TITLE_SIMILARITY:
        return False
    # As alike as a typo makes them, but also as alike as another word makes them: "... of
    # scientific data" and "... of scientific software" are 0.92 alike, and two papers.
    return same_words(a, b)


_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10}


def _arabic(title_words: str) -> str:
    """Roman numerals written in digits: "Type II" and "Type 2", "Part IV" and "Part 4" are
    one title (they were a mismatch), while "Part I" and "Part II" still differ."""
    return " ".join(map(_roman_value, title_words.split()))


def _roman_value(word: str) -> str:
    if _ROMAN.match(word) is None:
        return word
    values = [_ROMAN_VALUES[c] for c in word]
    # A numeral smaller than the next is subtracted from it ("iv", "ix").
    total = sum(-v if v < n else v for v, n in zip(values, [*values[1:], 0], strict=True))
    return str(total)


def _distinguishing(title_words: str) -> list[str]:
    """The words of a title that a typo never changes but another work's title does. Numbers
    are taken as runs of digits, within a word or not, so that a word written with or without
    a hyphen or space before its number ("GPT-3" and "GPT3", "Web 2.0" and "Web2.0") keeps it."""
    numbers = _DIGITS.findall(title_words)
    return sorted(
        numbers + [w for w in title_words.split() if w in _NEGATIONS or _ROMAN.match(w) is not None]
    )


def is_collaboration(name: str) -> bool:
    return _COLLABORATION.search(name) is not None


def _particles_only(prefix: str) -> bool:
    """Whether ``prefix`` (no spaces) is a run of name particles, such as "vander"."""
    if not prefix:
        return True
    return any(prefix.startswith(p) and _particles_only(prefix[len(p) :]) for p in _PARTICLES)


# German umlauts as a name is written without them: "Müller" is "Mueller" in an ASCII entry or
# a passport, as often as "Muller" (which dropping the accent gives).
_UMLAUTS_SPELLED = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def _umlauts_spelled(name: str) -> str:
    # NFC first: a "u" followed by a combining diaeresis is the "ü" the table names.
    return unicodedata.normalize("NFC", plain_text(name)).translate(_UMLAUTS_SPELLED)


def families_match(cited: str, catalogue: str) -> bool:
    """Whether the family names agree; never when either holds no word to compare. Each is
    read with its accents dropped, and with its umlauts spelled out ("Müller", "Mueller")."""
    return _families_agree(words(cited), words(catalogue)) or _families_agree(
        words(_umlauts_spelled(cited)), words(_umlauts_spelled(catalogue))
    )


def _families_agree(a: str, b: str) -> bool:
    if not a or not b:
        return False
    if a.split()[-1] == b.split()[-1]:
        return True
    longer, shorter = sorted((a.replace(" ", ""), b.replace(" ", "")), key=len, reverse=True)
    return longer.endswith(shorter) and _particles_only(longer[: len(longer) - len(shorter)])


def years_match(cited: int, catalogue: tuple[int, ...]) -> bool:
    return any(abs(cited - year) <= YEAR_TOLERANCE for year in catalogue)


def _short(text: str) -> str:
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


def _shown_years(years: tuple[int, ...]) -> str:
    return ", ".join(str(y) for y in dict.fromkeys(years))


def compare(cited: CitedReference, found: CatalogueRecord) -> tuple[Mismatch, ...]:
    """The fields on which ``cited`` differs from ``found`` beyond the tolerances."""
    return comparison(cited, found).mismatches


def comparison(cited: CitedReference, found: CatalogueRecord) -> Comparison:
    """Each field ``cited`` gives, compared with ``found`` where both sides allow it."""
    if cited.title is None and not cited.authors and cited.year is None and cited.text:
        return _compare_text(cited.text, found)
    result = _Tally()
    if cited.title is not None:
        result.add(
            "title",
            _missing(found.title, cited.title),
            lambda: titles_match(cited.title or "", found.title),
            lambda: Mismatch("title", plain_text(cited.title or ""), found.title),
        )
    if cited.authors:
        first = cited.authors[0]
        result.add(
            "firstAuthor",
            _missing(found.authors[0] if found.authors else "", first)
            or _group_missing(cited, found)
            or _other_script(first, found.authors[0]),
            lambda: _authors_match(cited, first, found.authors[0]),
            lambda: Mismatch("firstAuthor", _cited_first(cited, first), found.authors[0]),
        )
    if cited.year is not None:
        year = cited.year
        result.add(
            "year",
            None if found.years else _NOT_GIVEN,
            lambda: years_match(year, found.years),
            lambda: Mismatch("year", str(year), _shown_years(found.years)),
        )
    elif cited.unread_year is not None:
        written = " ".join(cited.unread_year.split())
        shown = written if len(written) <= _SHOWN_YEAR else written[: _SHOWN_YEAR - 3] + "..."
        if len(set(_YEAR.findall(written))) > 1 or _SHORT_RANGE.search(written):  # "2010--17"
            result.uncompared.append(("year", f"'{shown}' gives more than one year"))
        else:
            result.uncompared.append(("year", f"no year could be read from '{shown}'"))
    return result.done()


_NOT_GIVEN = "the catalogue gives none"


def _cited_group(cited: CitedReference) -> str:
    """The collaboration the entry names: INSPIRE's ``collaboration`` field, else a first
    author that is one ("{ATLAS Collaboration}")."""
    if cited.collaboration and cited.collaboration.strip():
        return cited.collaboration
    first = cited.authors[0] if cited.authors else ""
    return first if is_collaboration(first) else ""


def _group_missing(cited: CitedReference, found: CatalogueRecord) -> str | None:
    """Why the first authors cannot be compared: one side names a collaboration, the other
    only a person (INSPIRE's ``collaboration`` field names the entry's)."""
    by_group = is_collaboration(found.authors[0])
    if by_group and not _cited_group(cited):
        return "the catalogue names a collaboration, the entry a person"
    if not by_group and cited.authors and is_collaboration(cited.authors[0]):
        return "the entry names a collaboration, the catalogue a person"
    return None


def _scripts(name: str) -> set[str]:
    """The scripts a name's letters are written in ("LATIN", "CJK", "CYRILLIC"), accents
    dropped: Unicode names each letter by its script first."""
    return {unicodedata.name(c, "?").split()[0] for c in words(name) if c.isalpha()}


def _other_script(cited: str, catalogue: str) -> str | None:
    """Why family names written in two scripts ("张" and "Zhang", "Иванов" and "Ivanov") are
    not compared: one is not the other's spelling, and no romanization is at hand to say that
    they are two people (a mismatch, it was)."""
    if is_collaboration(catalogue) or is_collaboration(cited):
        return None
    mine, theirs = _scripts(cited), _scripts(catalogue)
    if mine and theirs and not mine & theirs:
        return "the entry and the catalogue write it in different scripts"
    return None


def _authors_match(cited: CitedReference, first: str, catalogue: str) -> bool:
    if is_collaboration(catalogue):
        # "ATLAS" against "The ATLAS Collaboration": the entry's name within the catalogue's
        # (not their shared last word, which "CMS Collaboration" has too).
        group = words(_COLLABORATION.sub("", _cited_group(cited)))
        return bool(group) and f" {group} " in f" {words(catalogue)} "
    return families_match(first, catalogue)


def _cited_first(cited: CitedReference, first: str) -> str:
    group = _cited_group(cited) if is_collaboration(first) or cited.collaboration else ""
    return plain_text(group or first)


def _missing(catalogue: str, cited: str) -> str | None:
    """Why a field cannot be compared, or None when both sides hold words."""
    if not catalogue.strip():
        return _NOT_GIVEN
    if not words(catalogue) or not words(cited):
        return "no letter or digit to compare"
    return None


class _Tally:
    def __init__(self) -> None:
        self.mismatches: list[Mismatch] = []
        self.agreed: list[str] = []
        self.uncompared: list[tuple[str, str]] = []

    def add(
        self,
        field: str,
        missing: str | None,
        agrees: Callable[[], bool],
        mismatch: Callable[[], Mismatch],
    ) -> None:
        """``missing``: why the field cannot be compared, or None when it can."""
        if missing is not None:
            self.uncompared.append((field, missing))
        elif agrees():
            self.agreed.append(field)
        else:
            self.mismatches.append(mismatch())

    def done(self) -> Comparison:
        return Comparison(tuple(self.mismatches), tuple(self.agreed), tuple(self.uncompared))


# The most words a family name is written in ("van der Walt", "de la Cruz").
_NAME_WORDS = 4


def _named_in(family: str, body: str) -> bool:
    """Whether the family name (as ``words``) is among the text's words, written apart or
    together ("Le Cun", "LeCun"). Whole words only: found anywhere in the text run together,
    "Ma" was in "machine" and "Li" in "linear", a first author agreeing that did not."""
    joined = family.replace(" ", "")
    if not joined:
        return False
    tokens = body.split()
    return any(
        "".join(tokens[start:end]) == joined
        for start in range(len(tokens))
        for end in range(start + 1, min(len(tokens), start + _NAME_WORDS) + 1)
    )


def _compare_text(text: str, found: CatalogueRecord) -> Comparison:
    body = words(text)
    shown = _short(plain_text(text))
    result = _Tally()
    # Titles with their Roman numerals as numbers, as ``titles_match`` reads them.
    numbered = _arabic(body)
    present = set(numbered.split())
    title_words = _arabic(words(found.title)).split()
    main = _arabic(_main_title(found.title))

    def title_agrees() -> bool:
        if main and f" {main} " in f" {numbered} ":
            return True
        covered = sum(w in present for w in title_words) / len(title_words)
        # Most of the title's words are there, but not in a sibling paper's title.
        return covered >= TEXT_TITLE_COVERAGE and not swaps_a_word(numbered.split(), title_words)

    result.add(
        "title",
        _missing(found.title, text),
        title_agrees,
        lambda: Mismatch("title", shown, found.title),
    )
    family = found.authors[0] if found.authors else ""
    result.add(
        "firstAuthor",
        _missing(family, text),
        lambda: (
            _named_in(words(family), body)
            or _named_in(words(_umlauts_spelled(family)), words(_umlauts_spelled(text)))
        ),
        lambda: Mismatch("firstAuthor", shown, family),
    )
    years = [int(y) for y in _YEAR.findall(plain_text(text))]
    if years:
        result.add(
            "year",
            None if found.years else _NOT_GIVEN,
            lambda: any(years_match(y, found.years) for y in years),
            lambda: Mismatch("year", ", ".join(map(str, years)), _shown_years(found.years)),
        )
    return result.done()

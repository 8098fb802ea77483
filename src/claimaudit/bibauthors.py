"""The family names a BibTeX name list gives, split and read by BibTeX's name rules ("van der
Walt, St{\\'e}fan" has the family name "van der Walt", read as text), with its mark of a list
cut short ("and others", "et al.") and a list that separates people with commas or semicolons
in place of "and" (``claimaudit.bibnames``).
"""

from __future__ import annotations

import re

from claimaudit.bibnames import extended_parts, list_separator
from claimaudit.text.plain import plain_text

# A name that marks a list cut short: "others" (BibTeX's word, CSL-JSON's too) or "et al.".
ET_AL = re.compile(r"^\s*(?:others|et\.?\s*al\.?)\s*$", re.IGNORECASE)
# In a BibTeX name list "others" is read as biber reads it: in any case, in braces or not
# (biber compares the name, its enclosing braces stripped, in lower case with "others"). BibTeX
# takes only a bare lower-case "others": ``others_as_name`` finds the rest, which are warned of.
_OTHERS = re.compile(r"\s*(?:\{\s*)*others(?:\s*\})*\s*", re.IGNORECASE)
# The same written after a BibTeX name, "A. Lee et al." or "Lee, A., et al.".
_ET_AL_AFTER = re.compile(r"[\s,]+\{?et\.?\s*al\.?\}?\s*$", re.IGNORECASE)

# An "and" left at either end of a name: "Doe, J. and and Roe, R." (a doubled "and", as hand
# edits leave one) was split as "Doe, J." and "and Roe, R.", whose family name read "and Roe".
_STRAY_AND = re.compile(r"^(?:and(?:\s+|$))+|(?:(?:^|\s+)and)+$", re.IGNORECASE)


def _people(value: str) -> list[str]:
    """The names in a BibTeX name list, split at "and" as BibTeX splits them, an empty name
    between two "and"s (or before the first, after the last) dropped."""
    from bibtexparser.middlewares.names import split_multiple_persons_names

    people = (_STRAY_AND.sub("", person.strip()) for person in split_multiple_persons_names(value))
    return [person for person in people if person.strip()]


def family_names(value: str) -> tuple[tuple[tuple[str, str], ...], bool]:
    """The family names in a BibTeX name list, each with its prefix ("van Dijk") and as
    biblatex cites it by default, without ("Dijk"; ``BibRecord.bare_authors``), and whether
    it ends "and others" (BibTeX's "et al.": a list cut short, which no author is)."""
    from bibtexparser.middlewares.names import InvalidNameError, parse_single_name_into_parts

    families: list[tuple[str, str]] = []
    et_al = False
    for person in _people(value):
        if _OTHERS.fullmatch(person) or ET_AL.match(person.strip().strip("{}").rstrip(".")):
            # "and others", or "and et al." as people write it: a list cut short, no author
            # (read as one, "al." was the second author, "Lee and al.").
            et_al = True
            continue
        if (cut := _ET_AL_AFTER.search(person)) is not None and cut.start() > 0:
            et_al = True  # "A. Lee et al.": the name before it ("et al." was its family name)
            person = person[: cut.start()]
        extended = extended_parts(person)
        if extended is not None:  # biblatex's "family=Walt, given=Stéfan, prefix=van der"
            family, prefix, useprefix = extended
            full = plain_text(f"{prefix} {family}" if prefix else family)
            families.append((full, full if useprefix else plain_text(family)))
            continue
        try:
            parts = parse_single_name_into_parts(person)
        except InvalidNameError:
            families.append((plain_text(person),) * 2)
            continue
        if (moved := _suffix_last(person, parts.first, parts.von, parts.last)) is not None:
            # "Henry Ford Jr.": BibTeX reads "Jr." as the family name (``suffix_last``).
            families.append((plain_text(moved),) * 2)
            continue
        if (kept := _before_suffix(parts.last)) is not None:
            # "Ford Jr., Henry": BibTeX's family name "Ford Jr." (``suffix_in_family``).
            family = plain_text(" ".join([*parts.von, *kept]))
            families.append((family, plain_text(" ".join(kept)) or family))
            continue
        if _family_then_initials(person, parts.first, parts.von, parts.last):
            # "Wilson G", as PubMed and Vancouver write names: BibTeX reads "G" as the family
            # name, which no catalogue's first author then matched.
            families.append((plain_text(" ".join(parts.first)),) * 2)
            continue
        family = plain_text(" ".join([*parts.von, *parts.last])) or plain_text(person)
        families.append((family, plain_text(" ".join(parts.last)) or family))
    # A name of braces alone ("Lee, K. and {}") or markup that prints nothing is no author: its
    # empty family name was compared as the first author's, or cited as one.
    return tuple(f for f in families if f[0].strip()), et_al


def others_as_name(value: str) -> str | None:
    """The first "others" in a BibTeX name list that BibTeX prints as a name, where biber (and
    so ``family_names``) reads "et al.": one in braces or not in lower case ("{others}",
    "Others"); None where there is none."""
    for person in _people(value):
        if _OTHERS.fullmatch(person) and person.strip() != "others":
            return person.strip()
    return None


# A suffix written last, without the commas BibTeX needs ("Ford, Jr., Henry"); a numeral only
# after two words at least, since "Smith IV" may be PubMed's Smith with initials I. V.
_SUFFIX_WORDS = frozenset({"jr", "jr.", "sr", "sr."})
_SUFFIX_NUMERALS = frozenset({"ii", "iii", "iv"})


def _suffix_last(person: str, first: list[str], von: list[str], last: list[str]) -> str | None:
    """The family name of ``person`` written "Henry Ford Jr." ("John Smith III"): the word
    before the suffix, where BibTeX reads the suffix as the family name (cited "Jr. (1920)",
    compared as the first author's "Jr."); None for any other name."""
    if "," in person or von or len(last) != 1 or not first or not first[-1][:1].isupper():
        return None
    suffix = last[0].lower()
    if suffix in _SUFFIX_WORDS or (suffix in _SUFFIX_NUMERALS and len(first) > 1):
        return first[-1]
    return None


def suffix_last(value: str) -> str | None:
    """The first name in a BibTeX name list written with its suffix last and no commas
    ("Henry Ford Jr."), which BibTeX and biber read with the suffix as the family name, and
    ``family_names`` with the word before it; None where there is none."""
    from bibtexparser.middlewares.names import InvalidNameError, parse_single_name_into_parts

    for person in _people(value):
        try:
            parts = parse_single_name_into_parts(person)
        except InvalidNameError:
            continue
        if _suffix_last(person, parts.first, parts.von, parts.last) is not None:
            return " ".join(person.split())
    return None


def _before_suffix(last: list[str]) -> list[str] | None:
    """The words of a family name part before a suffix written as its last word ("Ford Jr."
    of "Ford Jr., Henry", "Smith III" of "Smith III, John"), or None where it ends in none."""
    if len(last) < 2 or last[-1].lower() not in _SUFFIX_WORDS | _SUFFIX_NUMERALS:
        return None
    return last[:-1]


def suffix_in_family(value: str) -> tuple[str, str, str] | None:
    """The first name in a BibTeX name list whose family name part ends in a suffix ("Ford
    Jr., Henry", where BibTeX's grammar wants "Ford, Jr., Henry"): the name as written, the
    family name BibTeX and biber read ("Ford Jr."; ``family_names`` reads "Ford"), and the
    name as BibTeX reads it right. None where there is none."""
    from bibtexparser.middlewares.names import InvalidNameError, parse_single_name_into_parts

    for person in _people(value):
        if extended_parts(person) is not None:
            continue
        try:
            parts = parse_single_name_into_parts(person)
        except InvalidNameError:
            continue
        kept = _before_suffix(parts.last)
        if kept is None or _suffix_last(person, parts.first, parts.von, parts.last) is not None:
            continue
        family = " ".join([*parts.von, *parts.last])
        right = ", ".join(
            part
            for part in (" ".join([*parts.von, *kept]), parts.last[-1], " ".join(parts.first))
            if part
        )
        return " ".join(person.split()), family, right
    return None


# A PubMed-style name's initials: one to three capitals, no full stop ("G", "GV", "JAB").
_INITIALS = re.compile(r"[A-Z]{1,3}")


def _family_then_initials(person: str, first: list[str], von: list[str], last: list[str]) -> bool:
    """Whether ``person`` is written "Family Initials" ("Wilson G", "Le Cun Y"): no comma, and
    a last part of bare initials after capitalised words."""
    return (
        "," not in person
        and not von
        and len(last) == 1
        and _INITIALS.fullmatch(last[0]) is not None
        and bool(first)
        and all(word[:1].isupper() and not _INITIALS.fullmatch(word) for word in first)
    )


def name_list_separator(value: str) -> str | None:
    """What a name list separates people with in place of "and" (``bibnames.list_separator``:
    "commas", "semicolons"), or None."""
    if "," not in value and ";" not in value:
        return None
    # "Lee, A., et al.": one name and the mark of a list cut short.
    names = (_ET_AL_AFTER.sub("", name) for name in _people(value))
    found = (list_separator(name) for name in names)
    return next((separator for separator in found if separator is not None), None)

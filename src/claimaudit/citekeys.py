"""Which key a citation names, by BibTeX's rule, shared by the review's reader of a draft and
the library's reader of a paper's LaTeX.

BibTeX reads keys in any case: ``\\citet{ROE2020}`` cites the entry ``roe2020`` (it warns, and
prints that entry). A key (or an alias, biblatex's ``ids``) as written wins; else the one key
or alias that is it in another case; where several entries have one, none: either may be meant.

A key is also read in either Unicode form: "Café2021" with its "é" as one character (NFC, as
most editors write it) or as "e" and a combining accent (NFD, as macOS file names and some
exports write it) is one key, as biber reads them (it normalises the ``.bib`` and the cited
keys alike to NFD). BibTeX compares bytes, so there they differ; a key of plain ASCII is the
same in both.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping


def folded_key(key: str) -> str:
    """``key`` in one case and one Unicode form (NFC after case folding)."""
    return unicodedata.normalize("NFC", key.casefold())


def keys_alike(key: str, keys: Iterable[str]) -> list[str]:
    """The keys among ``keys`` that are ``key`` in another case or Unicode form (or the same)."""
    folded = folded_key(key)
    return [k for k in keys if folded_key(k) == folded]


def citable_names(entries: Iterable[tuple[str, Iterable[str]]]) -> dict[str, str]:
    """Every name a citation may give -> the key of the entry it names, from each entry's key
    and aliases (biblatex's ``ids``): the keys, then each alias no entry has as its key (biber's
    rule: a key wins over an alias; the first entry to give an alias wins)."""
    listed = [(key, tuple(aliases)) for key, aliases in entries]
    named = {key: key for key, _ in listed}
    for key, aliases in listed:
        for alias in aliases:
            named.setdefault(alias, key)
    return named


def names_alike(key: str, named: Mapping[str, str]) -> list[str]:
    """The names among ``named`` (``citable_names``) that are ``key`` in another case or
    Unicode form (or the same), one for each entry they name (its key before an alias): a
    citation resolves to an entry where this holds one name, whether that is the entry's key
    or an alias of it."""
    found: dict[str, str] = {}
    for name in keys_alike(key, named):
        found.setdefault(named[name], name)
    return list(found.values())

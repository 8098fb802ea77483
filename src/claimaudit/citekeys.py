"""Which key a citation names, by BibTeX's rule, shared by the review's reader of a draft and
the library's reader of a paper's LaTeX.

BibTeX reads keys in any case: ``\\citet{ROE2020}`` cites the entry ``roe2020`` (it warns, and
prints that entry). A key (or an alias, biblatex's ``ids``) as written wins; else the one key
that is it in another case; where several differ only in case, none: either may be meant.
"""

from __future__ import annotations

from collections.abc import Container, Iterable


def keys_alike(key: str, keys: Iterable[str]) -> list[str]:
    """The keys among ``keys`` that are ``key`` in another case (or the same)."""
    folded = key.casefold()
    return [k for k in keys if k.casefold() == folded]


def resolved_key(key: str, exact: Container[str], keys: Iterable[str]) -> str | None:
    """``key`` where ``exact`` (the keys and aliases) has it as written, else the one key among
    ``keys`` that is it in another case; None where none is, or several are."""
    if key in exact:
        return key
    alike = keys_alike(key, keys)
    return alike[0] if len(alike) == 1 else None

"""Which library name a citation of an entry without an arXiv id or DOI is checked under.

Such an entry's paper is stored by ``library import-bib`` as ``local:<citekey>``
(``bibliography.local_ref``). Before names were one-to-one, two keys could share one
("Smith:2020" and "Smith-2020" were both ``local:Smith-2020``), and a library imported then
still holds papers under those former names. So, before anything is judged:

- a key whose paper is not under its name is looked up under its former name, when no other
  key of the bibliography had that name too;
- a key whose former name other keys shared is never looked up there; one whose name is that
  shared name is checked only when the paper stored under it carries the entry's own title,
  since an earlier import may have stored another key's paper there.

- a key whose paper is found is checked only when the paper's title is the entry's
  (``titles_match``, as a reference check compares titles), where the entry gives one: a
  library is shared by projects, and another project's bibliography may have imported its own
  ``smith2020``, another paper, under the same name.

A citation is never judged against another key's paper: where that cannot be ruled out it is
``not_checked``, saying why. A library that cannot be read is left to the check itself, which
says so in each record.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import replace

from claimaudit.errors import ClaimauditError
from claimaudit.identity import try_parse_ref
from claimaudit.library.store import Library
from claimaudit.refcheck.compare import titles_match
from claimaudit.review.bibliography import legacy_local_ref
from claimaudit.review.claims import Claim, Target
from claimaudit.sources.library import LibrarySource
from claimaudit.sources.protocol import Source

# How a source that reads the library through another one holds it (``AutoSource.library``,
# ``FetchingSource.inner``); a few levels are plenty for any wrapping in use.
_WRAPPED = ("library", "inner")
_MAX_DEPTH = 4
_REIMPORT = "import the bibliography again with `claimaudit library import-bib --replace`"


def library_of(source: Source) -> LibrarySource | None:
    """The library ``source`` reads papers from, if any."""
    current: object = source
    for _ in range(_MAX_DEPTH):
        if isinstance(current, LibrarySource):
            return current
        current = next(
            (getattr(current, name) for name in _WRAPPED if hasattr(current, name)), None
        )
    return None


def settle_local_names(claims: Sequence[Claim], source: Source) -> list[Claim]:
    """``claims`` with each local target named as the library holds it (see the module)."""
    if not any(_is_local(t) for c in claims for t in c.targets):
        return list(claims)
    library_source = library_of(source)
    if library_source is None:
        return list(claims)
    try:
        with Library.open(library_source.path, create=False) as library:
            return [
                replace(c, targets=tuple(_settle(t, library) for t in c.targets)) for c in claims
            ]
    except (ClaimauditError, sqlite3.Error, OSError):
        return list(claims)  # no library, or an unreadable one: each check says so


def _holds(library: Library, name: str) -> bool:
    ref = try_parse_ref(name)
    return ref is not None and library.get_paper(ref) is not None


def _title(text: str | None) -> str:
    return " ".join((text or "").split()).casefold()


def _is_local(target: Target) -> bool:
    """Whether ``target`` is an entry's paper looked up under a local name (``local_ref``): not
    under its PubMed id, which names one paper whatever the bibliography, as a DOI does."""
    entry = target.entry
    return target.paper is not None and entry is not None and not entry.refs and not entry.pubmed


def _settle(target: Target, library: Library) -> Target:
    if not _is_local(target):
        return target
    settled = _settle_former(target, library)
    return settled if settled.paper is None else _same_title(settled, library)


def _same_title(target: Target, library: Library) -> Target:
    """``target``, or a target that cannot be checked when the paper stored under its name has
    another title than its entry's: another bibliography's paper under the same key."""
    if target.paper is None or target.entry is None:  # not local (``_is_local``)
        return target
    ref = try_parse_ref(target.paper)
    stored = library.get_paper(ref) if ref is not None else None
    title = target.entry.title
    if stored is None or not title or titles_match(title, stored.title):
        return target
    cited = ", ".join(target.citations) or f"@{target.entry.key}"
    error = (
        f"citation {cited} cannot be checked: the paper stored as {target.paper} is titled "
        f"{stored.title!r}, not {title!r} as its bibliography entry: it may be another "
        f"bibliography's {target.entry.key!r} (if it is this entry's paper under an older "
        "title, `claimaudit library import-bib --replace` retitles it; else give the entry a "
        "DOI or arXiv id, or keep this project's papers in a library of their own, --library)"
    )
    return replace(target, paper=None, error=error)


def _settle_former(target: Target, library: Library) -> Target:
    if target.paper is None or target.entry is None or not (target.former or target.clash):
        return target
    if target.former is not None:
        if _holds(library, target.paper) or not _holds(library, target.former):
            return target
        note = (
            f"found under its former name {target.former}; {_REIMPORT} to store it as "
            f"{target.paper}"
        )
        return replace(target, paper=target.former, note=note)
    others = ", ".join(f"@{key}" for key in target.clash)
    former = legacy_local_ref(target.entry.key)
    if str(former) != target.paper:
        # Its own name is new; the former one may hold another key's paper.
        note = f"its former name {former} is not looked up: {others} had it too; {_REIMPORT}"
        return replace(target, note=f"{target.note}; {note}" if target.note else note)
    ref = try_parse_ref(target.paper)
    stored = library.get_paper(ref) if ref is not None else None
    wanted = _title(target.entry.title)
    if stored is None or (wanted and _title(stored.title) == wanted):
        return target
    title = target.entry.title
    mine = f"not {title!r}" if title else "and the entry gives no title to tell them apart"
    cited = ", ".join(target.citations) or f"@{target.entry.key}"
    error = (
        f"citation {cited} cannot be checked: the paper stored as {target.paper} may be that of "
        f"{others} (an earlier claimaudit stored them under the same name): it is titled "
        f"{stored.title!r}, {mine}; {_REIMPORT}"
    )
    return replace(target, paper=None, error=error)

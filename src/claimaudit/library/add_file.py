"""Adding a paper's file and settling the title it is stored under: the one path that
``library add``, the server (HTTP and MCP) and the Python API's ``add_paper`` share, so that
identical content sent with another title is treated alike everywhere."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from dataclasses import replace as replace_fields
from pathlib import Path

from claimaudit.identity import PaperRef
from claimaudit.library.ingest import AddResult, add_path, tidy_title
from claimaudit.library.models import AddOutcome
from claimaudit.library.store import Library


@dataclass(frozen=True)
class FileAdded:
    """An add, its ``result.title`` the title the paper is now stored under. Where identical
    content came with another title: ``retitled`` when ``replace`` changed the stored title to
    it, else ``title_kept`` (each surface says in its own terms how to change it)."""

    result: AddResult
    retitled: bool = False
    title_kept: bool = False


def add_file(
    library: Library,
    path: Path,
    *,
    ref: PaperRef | None = None,
    title: str | None = None,
    replace: bool = False,
    source_path: str | None = None,
    includes: bool = True,
    cancel: threading.Event | None = None,
) -> FileAdded:
    """``ingest.add_path`` (its arguments and errors), then the stored title settled."""
    result = add_path(
        library,
        path,
        ref=ref,
        title=title,
        replace=replace,
        source_path=source_path,
        includes=includes,
        cancel=cancel,
    )
    added = settle_title(library, result, title, replace=replace)
    found = (shadowed_by(library, added.result.ref), stored_twice(library, added.result.ref))
    if found == (None, None):
        return added
    warnings = (*added.result.warnings, *(w for w in found if w is not None))
    return replace_fields(added, result=replace_fields(added.result, warnings=warnings))


# References a duplicate's warning names, at most.
_COPIES_NAMED = 3


def stored_twice(library: Library, ref: PaperRef) -> str | None:
    """Where the content just stored under ``ref`` was stored under other references already
    (a PDF saved twice under two names, then added under each): nothing is wrong with it, but
    a search then lists each passage once per copy, and a lab building a library of hundreds
    of papers should hear of it when it happens, not find it in the results."""
    stored = library.get_paper(ref, exact=True)
    others = library.refs_with_content(stored.content_hash, ref) if stored else []
    if not others:
        return None
    names = ", ".join(others[:_COPIES_NAMED])
    if len(others) > _COPIES_NAMED:
        names += f" and {len(others) - _COPIES_NAMED:,} more"
    return (
        f"the same content is stored as {names} too: a search lists its passages once for "
        "each; remove the copy not cited if it is a duplicate"
    )


def shadowed_by(library: Library, ref: PaperRef) -> str | None:
    """Why a copy stored under the unversioned ``ref`` is not what ``ref`` reads, where
    versions of its work are stored too: they rank above it (the version rule), so a review
    citing ``ref`` would read another copy than the one just added, and say nothing of it."""
    if ref.version is None and (versions := library.versions(ref)):
        names = ", ".join(str(p.ref) for p in versions)
        return (
            f"a citation of {ref} reads {versions[-1].ref}, not this copy: the stored "
            f"versions ({names}) rank above a copy stored without one; remove them, or store "
            "this file under its version, for a review to read it"
        )
    return None


def settle_title(
    library: Library, result: AddResult, title: str | None, *, replace: bool
) -> FileAdded:
    """Identical content (``UNCHANGED``) sent with another ``title`` is retitled when
    ``replace`` is set, as a changed file would be replaced; otherwise the stored title stays.
    A blank ``title`` is none: the stored title stays, without a word."""
    if result.outcome is not AddOutcome.UNCHANGED:
        return FileAdded(result)
    # Exactly the copy just compared: a plain reference may reach a stored version instead.
    stored = library.require_paper(result.ref, exact=True).title
    # ``result.title`` is the title asked for, as it would be stored (tidied, plain text). A
    # blank one (an empty form field, spaces) is no title, as ``add_path`` reads it: it
    # retitled the paper with the file's heading under ``replace``, and warned without.
    if not tidy_title(title) or result.title == stored:
        return FileAdded(replace_fields(result, title=stored))
    if replace:
        library.retitle(result.ref, result.title)
        return FileAdded(result, retitled=True)
    return FileAdded(replace_fields(result, title=stored), title_kept=True)

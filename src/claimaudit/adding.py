"""The Python API's way to build a library: ``add_paper``, as ``claimaudit library add PATH``."""

from __future__ import annotations

from dataclasses import dataclass

from claimaudit.errors import InputError, InvalidTitleError, UsageError
from claimaudit.guards.untrusted import check_text
from claimaudit.guards.userfiles import PathArg, as_path
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.library.add_file import add_file
from claimaudit.library.first_add import library_for_adding
from claimaudit.library.ingest import named_path, refuse_null, tidy_title
from claimaudit.library.models import AddOutcome
from claimaudit.library.paths import library_arg


@dataclass(frozen=True)
class AddedPaper:
    """What ``add_paper`` did: the reference and title the paper is stored under, whether it
    was ``added``, ``replaced`` or found ``unchanged``, its passage count, and warnings (the
    file names another paper than ``ref``; a title asked for but not given)."""

    ref: PaperRef
    title: str
    outcome: AddOutcome
    passages: int
    warnings: tuple[str, ...] = ()


def add_paper(
    path: PathArg,
    *,
    ref: str | PaperRef | None = None,
    title: str | None = None,
    replace: bool = False,
    library: PathArg | None = None,
) -> AddedPaper:
    """Add the paper at ``path`` (a PDF, LaTeX, Markdown or text file, or a folder holding one
    paper's LaTeX source) to the library, as ``claimaudit library add`` does.

    ``ref``: the paper's reference (``"arXiv:1706.03762v5"``, ``"doi:10.1000/x"``,
    ``"local:notes"`` or a ``PaperRef``); default, the one the file's name or metadata names.
    ``title``: the title to store; default, the file's own. ``replace``: overwrite different
    content stored under the reference, or retitle identical content sent with another title;
    without it, ContentConflictError for different content, and identical content keeps its
    title (a warning says so). ``library``: its path (default ``$CLAIMAUDIT_LIBRARY``, else
    the user data directory); one that does not exist yet is created, with its folder, and
    an add that fails leaves no library file behind.

    Raises UsageError for an unusable argument (a wrong type, a malformed reference:
    InvalidReferenceError, a title over 1,000 characters: InvalidTitleError) and LibraryError
    for a paper that cannot be added (a missing or unreadable file, no text, a file naming no
    paper without ``ref``: InputError and RefRequiredError; other content under the reference:
    ContentConflictError; a library that cannot be opened or made: LibraryOpenError). On any
    error the library is left as it was.
    """
    where = named_path(path) if isinstance(path, str) else as_path(path).expanduser()
    paper_ref = _paper_ref(ref)
    asked = _title(title)
    if not isinstance(replace, bool):
        raise UsageError(f"replace must be True or False, not {type(replace).__name__}")
    library_path = library_arg(library)
    refuse_null(where)
    if not where.exists():
        raise InputError(f"{where}: no such file or folder")
    with library_for_adding(library_path) as lib:
        try:
            added = add_file(lib, where, ref=paper_ref, title=asked, replace=replace)
        except OSError as exc:  # a file unreadable to this user, say: one line, as a CLI says
            raise InputError(f"{where}: {exc.strerror or exc}") from exc
    result = added.result
    warnings = result.warnings
    if added.title_kept:
        warnings = (
            *warnings,
            f"{result.ref} is already stored with identical content, titled {result.title!r}; "
            "pass replace=True to change its title",
        )
    return AddedPaper(result.ref, result.title, result.outcome, result.passage_count, warnings)


def _paper_ref(ref: str | PaperRef | None) -> PaperRef | None:
    if ref is None or isinstance(ref, PaperRef):
        return ref
    if isinstance(ref, str):
        check_text(ref, "the reference")
    return parse_ref(ref)  # InvalidReferenceError for anything else, as for check_claim


def _title(title: str | None) -> str | None:
    """The title as stored (one line, trimmed); a blank one is no title: the file's is used."""
    if title is None:
        return None
    if not isinstance(title, str):
        raise InvalidTitleError(f"title must be a string, not {type(title).__name__}")
    return tidy_title(check_text(title, "the title")) or None

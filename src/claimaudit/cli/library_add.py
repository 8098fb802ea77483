"""``claimaudit library add``: store papers from files, folders or arXiv, one or several."""

from __future__ import annotations

import errno
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from claimaudit.accounting import counted
from claimaudit.cli._advice import cli_message
from claimaudit.cli._common import (
    EXIT_INTERRUPTED,
    EXIT_MATCHED,
    LibraryOption,
    err_console,
    fail,
    fail_missing,
    missing_message,
    out_console,
    require_text,
    say_error,
    write_data,
)
from claimaudit.cli._sigterm import sigterm_interrupts
from claimaudit.cli._terminal import json_text, shown_line_text
from claimaudit.cli._warnings import warn
from claimaudit.errors import ClaimauditError, LibraryOpenError, as_known
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.untrusted import check_text
from claimaudit.identity import PaperRef, RefKind, arxiv_id_error, parse_ref
from claimaudit.library.add_file import FileAdded, add_file, settle_title
from claimaudit.library.arxiv import add_from_arxiv
from claimaudit.library.first_add import library_for_adding
from claimaudit.library.ingest import EMPTY_PATH, tidy_title
from claimaudit.library.models import AddOutcome
from claimaudit.library.store import Library
from claimaudit.library.wire import Added
from claimaudit.sources.arxiv import ArxivClient

# A disk that is full or failing fails every later paper the same way: the adds stop there.
_DISK_FAILED = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EIO})


def add(
    texts: Annotated[
        # Taken as text: click's Path would collapse the "//" of an arXiv URL.
        list[str],
        typer.Argument(
            metavar="PATH",
            help="PDF, LaTeX, Markdown or text file, or a folder; or arxiv:ID (an arXiv URL or "
            "id) to download. Several are added one by one.",
            show_default=False,
        ),
    ],
    ref: Annotated[
        str | None, typer.Option(help="The paper's reference, e.g. arXiv:1706.03762v5.")
    ] = None,
    title: Annotated[
        str | None, typer.Option(help="Title to store (default: from the file).")
    ] = None,
    replace: Annotated[
        bool, typer.Option(help="Overwrite different content under this ref.")
    ] = False,
    library: LibraryOption = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print what was stored as JSON, as the HTTP API answers an add (several "
            "PATHs: an array of them).",
        ),
    ] = False,
) -> None:
    """Add papers: each a file, a folder holding one paper's source, or arxiv:ID from arXiv."""
    require_text(ref=ref, title=title)
    if len(texts) == 1:
        added = _add_one(texts[0], ref, title, replace, library)
        if as_json:
            write_data(json_text(_wire(added), indent=2) + "\n")
        else:
            _say_added(added)
        return
    for option, value in (("--ref", ref), ("--title", title)):
        if value is not None:
            fail(f"{option} names one paper; give one PATH with it ({len(texts)} were given)")
    _add_each(texts, replace, library, as_json)


def _wire(added: Stored) -> dict[str, object]:
    """An add as ``POST /v1/library`` answers it: identical content sent with another title
    carries a warning that it was not retitled, in the command line's words."""
    result = added.result
    wire = Added.of(result).wire()
    if added.title_kept:
        wire["warnings"].append(
            f"{result.ref} is already stored with identical content, titled {result.title!r}; "
            "it was not retitled: add --replace to change its title"
        )
    return wire


def _add_each(texts: list[str], replace: bool, library: Path | None, as_json: bool) -> None:
    """Each of ``texts`` added on its own, as ``add`` adds one: a paper that fails is said in
    its error line and the others are still added; the exit status is then 1. An interrupt,
    or a library or disk that fails every paper alike, stops the adds there. With
    ``as_json``, the papers stored are one JSON array at the end, the count on stderr."""
    done = failed = 0
    stored: list[dict[str, object]] = []
    # SIGTERM as Ctrl-C between two papers too (each add also handles it while it runs).
    with sigterm_interrupts():
        for index, text in enumerate(texts):
            untried = len(texts) - index - 1
            try:
                added = _add_one(text, None, None, replace, library, untried=untried)
                done += 1
                if as_json:
                    stored.append(_wire(added))
                else:
                    _say_added(added)
            except typer.Exit as stop:
                if stop.exit_code in (0, None) or stop.exit_code >= EXIT_INTERRUPTED:
                    raise  # interrupted, terminated, or the reader of stdout went away
                failed += 1
            except KeyboardInterrupt:
                left = counted(untried + 1, "path")
                fail(f"interrupted; {done} added, {left} not tried", code=EXIT_INTERRUPTED)
            except Exception as error:
                if not _fails_one_paper(error):
                    raise  # said as any command's error is, and the adds stop
                known = as_known(error)
                if known is not None:
                    say_error(cli_message(known))
                else:
                    say_error(f"{shown_name(text)}: {getattr(error, 'strerror', None) or error}")
                failed += 1
    summary = f"{counted(len(texts), 'path')}: {done} added or already stored, {failed} failed"
    if as_json:
        write_data(json_text(stored, indent=2) + "\n")
    # On stderr with --json, where standard output is the JSON alone.
    (err_console if as_json else out_console).print(shown_line_text(summary))
    if failed:
        raise typer.Exit(EXIT_MATCHED)


def _fails_one_paper(error: Exception) -> bool:
    """Whether ``error`` is about one paper (its file, its text, its reference), so the next
    may still be added; not when the library cannot be opened or the disk fails."""
    known = as_known(error)
    if known is not None:
        return not isinstance(known, LibraryOpenError)
    return (
        isinstance(error, OSError)
        and error.filename is not None
        and error.errno not in _DISK_FAILED
    )


def _add_one(
    text: str,
    ref: str | None,
    title: str | None,
    replace: bool,
    library: Path | None,
    *,
    untried: int = 0,
) -> Stored:
    """Add the one paper ``text`` names; ``untried`` papers named after it are said not
    tried when an interrupt stops this one."""
    if not text.strip():
        fail(EMPTY_PATH)  # Path("") is ".": the working directory
    # As stored: on one line, trimmed; a blank one is no title (the file's is used).
    title = tidy_title(title) or None
    path = Path(text)
    if not path.exists():
        named = _named_paper(text)
        if text.lower().startswith("arxiv:") or (named is not None and named.kind is RefKind.ARXIV):
            # An arXiv URL or a bare id names the same paper as arxiv:ID does.
            return _add_arxiv(text, ref, title, replace, library, untried)
        if named is not None and named.kind is RefKind.DOI:
            fail(
                f"{missing_message(text, 'PATH')}; only arXiv papers are downloaded; "
                f"add the paper's file with `claimaudit library add PATH --ref {named}`"
            )
        if (why := arxiv_id_error(text)) is not None:
            # QA: "1706.03762v0: no such file or folder", where arxiv:1706.03762v0 said why.
            fail(f"{missing_message(text, 'PATH')}, and no arXiv paper: {why}")
    paper_ref = _reference(ref) if ref is not None else None
    if not path.exists():
        fail_missing(path, "PATH")
    # SIGTERM as Ctrl-C: nothing is stored, and a new library's draft file is removed.
    with sigterm_interrupts():
        lib: Library | None = None
        try:
            # Opening is inside: a first add spends a while making its library's draft.
            with library_for_adding(library) as lib:
                try:
                    added = add_file(lib, path, ref=paper_ref, title=title, replace=replace)
                except OSError as exc:
                    fail(f"{shown_name(path)}: {exc.strerror or exc}")
        except KeyboardInterrupt:
            fail(_interrupted(shown_name(path), lib, untried), code=EXIT_INTERRUPTED)
    return Stored(added.result, added.retitled, added.title_kept, from_arxiv=False)


def _reference(text: str) -> PaperRef:
    return parse_ref(check_text(text, "the reference"))


@dataclass(frozen=True)
class Stored(FileAdded):
    """An add, and whether it came from arXiv (its content is then not said identical)."""

    from_arxiv: bool = False


def _say_added(added: Stored) -> None:
    """An add's outcome in one line, then its warnings. The same content with another --title:
    the title alone is what the user asked for. A stored arXiv version is not downloaded
    again, so its content is not said to be identical, only stored."""
    result = added.result
    from_arxiv = added.from_arxiv
    stored = "already in the library" + ("" if from_arxiv else " with identical content")
    if added.retitled:
        message = f"retitled {result.ref}: {result.title}"
    elif added.title_kept:
        message = (
            f"{result.ref} is {stored}, titled {result.title!r}; add --replace to change its title"
        )
    elif result.outcome is AddOutcome.UNCHANGED:
        message = f"{result.ref} is {stored}; nothing to do"
    else:
        origin = " from arXiv" if from_arxiv else ""
        message = (
            f"{result.outcome.value} {result.ref}{origin}: {result.title} "
            f"({counted(result.passage_count, 'passage')})"
        )
    out_console.print(shown_line_text(message))
    for warning in result.warnings:
        warn(warning)


def _interrupted(paper: object, lib: Library | None, untried: int = 0) -> str:
    """What Ctrl-C left: the paper is stored in one transaction, which Ctrl-C rolls back, or,
    committed, stays whatever the interrupt stopped after it (a new library put in place)."""
    if lib is not None and lib.stored:
        said = f"interrupted; {paper} was stored as {lib.stored[-1]} before it stopped"
    else:
        said = f"interrupted; {paper} was not added"
    return said + (f"; {counted(untried, 'path')} after it not tried" if untried else "")


def _named_paper(text: str) -> PaperRef | None:
    """The paper ``text`` names (arxiv:ID, an arXiv URL or id, a DOI), or None for a path."""
    try:
        return parse_ref(text)
    except ClaimauditError:
        return None


def _add_arxiv(
    text: str,
    ref: str | None,
    title: str | None,
    replace: bool,
    library: Path | None,
    untried: int = 0,
) -> Stored:
    """Download the paper from arXiv (metadata from its API, text from its PDF) and ingest it."""
    if ref is not None:
        fail("--ref does not apply to arxiv:ID; the arXiv id is the reference")
    paper_ref = _reference(text)
    # SIGTERM as Ctrl-C: nothing is stored, the download's temporary folder is removed.
    with sigterm_interrupts():
        lib: Library | None = None
        try:
            # Opening is inside: a first add spends a while making its library's draft.
            with library_for_adding(library) as lib, ArxivClient() as client:
                downloaded = add_from_arxiv(lib, paper_ref, client, title=title, replace=replace)
                added = settle_title(lib, downloaded, title, replace=replace)
        except KeyboardInterrupt:
            fail(_interrupted(paper_ref, lib, untried), code=EXIT_INTERRUPTED)
    return Stored(added.result, added.retitled, added.title_kept, from_arxiv=True)

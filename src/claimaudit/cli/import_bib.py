"""``claimaudit library import-bib``: a reference manager's export into the library."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from claimaudit.accounting import counted
from claimaudit.bibfile import UnreadEntry
from claimaudit.cli._advice import cli_message
from claimaudit.cli._common import (
    EXIT_INTERRUPTED,
    EXIT_MATCHED,
    EXIT_OK,
    LibraryOption,
    fail,
    fail_missing,
    out_console,
    require_bibliography,
    write_data,
)
from claimaudit.cli._sigterm import sigterm_interrupts
from claimaudit.cli._terminal import json_text, shown
from claimaudit.cli._warnings import warn, warn_unread
from claimaudit.guards.filenames import shown_name
from claimaudit.library.bib_import import EntryImport, ImportStatus, ImportSummary, import_entries
from claimaudit.library.first_add import library_for_adding
from claimaudit.library.store import Library

_STYLE = {
    ImportStatus.ADDED: "green",
    ImportStatus.REPLACED: "green",
    ImportStatus.SKIPPED: "dim",
    ImportStatus.FAILED: "bold red",
    ImportStatus.NO_FILE: "yellow",
}


def _line(entry: EntryImport) -> Text:
    ref = f" {entry.ref}" if entry.ref is not None else ""
    status = entry.status.value.replace("_", " ")
    return Text.assemble(
        (f"{status:>8}", _STYLE[entry.status]),
        f" {shown(entry.key)}{shown(ref)}: ",
        shown(entry.detail),
    )


def _summary(file: Path, summary: ImportSummary) -> str:
    no_file = summary.of(ImportStatus.NO_FILE)
    on_arxiv = sum("--fetch" in e.detail for e in no_file)
    fetchable = f" ({on_arxiv} on arXiv: --fetch downloads them)" if on_arxiv else ""
    replaced = summary.count(ImportStatus.REPLACED)
    return (
        f"imported {shown_name(file.name)}: {summary.count(ImportStatus.ADDED)} added"
        + (f", {replaced} replaced" if replaced else "")
        + f", {summary.count(ImportStatus.SKIPPED)} skipped (already there, same text), "
        f"{summary.count(ImportStatus.FAILED)} failed, {len(no_file)} without a file{fetchable}"
        + (f", {len(summary.unread)} could not be read" if summary.unread else "")
    )


def import_bib(
    file: Annotated[
        Path,
        typer.Argument(
            help="BibTeX (.bib: Zotero, Better BibTeX, JabRef, Mendeley), CSL-JSON (.json) or "
            "CSL YAML (.yaml)."
        ),
    ],
    fetch: Annotated[
        bool,
        typer.Option("--fetch", help="Download from arXiv the arXiv entries without a file."),
    ] = False,
    replace: Annotated[
        bool, typer.Option(help="Overwrite different content stored under an entry's ref.")
    ] = False,
    library: LibraryOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of lines.")] = False,
) -> None:
    """Add the papers attached to a reference manager's export; exit 1 when one failed."""
    require_bibliography(file, "FILE")
    if not file.is_file():
        fail_missing(file, "FILE")

    added: list[EntryImport] = []

    def report(entry: EntryImport) -> None:
        if entry.status in (ImportStatus.ADDED, ImportStatus.REPLACED):
            added.append(entry)
        if not as_json:
            out_console.print(_line(entry))

    def unread(entry: UnreadEntry) -> None:
        warn_unread([entry])

    # SIGTERM as Ctrl-C: the same line, and a new library's draft file is removed.
    with sigterm_interrupts():
        lib: Library | None = None
        try:
            with library_for_adding(library) as lib:
                summary = import_entries(
                    lib,
                    file,
                    fetch=fetch,
                    replace=replace,
                    on_entry=report,
                    on_unread=unread,
                    explain=cli_message,
                    on_note=warn,
                )
        except KeyboardInterrupt:
            # Each entry is stored on its own: those done stay, and a rerun skips them; one
            # committed just before the interrupt counts though it was not reported yet.
            reported = {entry.ref for entry in added}
            late = set(lib.stored if lib is not None else []) - reported
            stored = len(added) + len(late)
            done = f"{counted(stored, 'entry', 'entries')} added before it stopped"
            fail(f"interrupted; {done}, a rerun skips them", code=EXIT_INTERRUPTED)
    if as_json:
        write_data(json_text(summary.to_dict(), indent=2) + "\n")
    else:
        out_console.print(Text(shown(_summary(file, summary)), style="bold"))
    raise typer.Exit(EXIT_MATCHED if summary.count(ImportStatus.FAILED) else EXIT_OK)

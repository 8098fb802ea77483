"""``claimaudit refs``: every entry of a bibliography checked against arXiv and Crossref."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer
from rich.cells import cell_len
from rich.table import Table
from rich.text import Text

from claimaudit.accounting import counted
from claimaudit.bibfile import read_bibs
from claimaudit.cli._checking import (
    FailOn,
    ReferenceFailOnOption,
    as_fail_on,
    check_library,
    reference_matches,
)
from claimaudit.cli._common import (
    EXIT_INTERRUPTED,
    EXIT_MATCHED,
    EXIT_OK,
    LibraryOption,
    fail,
    out_console,
    require_bibliography,
    write_data,
)
from claimaudit.cli._references import make_verifier, status_line
from claimaudit.cli._sigterm import sigterm_interrupts
from claimaudit.cli._stacked import Field, print_stacked
from claimaudit.cli._terminal import json_text, shown_text
from claimaudit.cli._warnings import warn, warn_unread
from claimaudit.refcheck.models import ReferenceCheck, ReferenceStatus
from claimaudit.refcheck.verify import ReferenceVerifier
from claimaudit.review.bibliography import Entry, entry_of, two_identifiers
from claimaudit.review.references import cited_reference, status_counts

_STYLE = {
    ReferenceStatus.OK: "green",
    ReferenceStatus.NOT_FOUND: "bold red",
    ReferenceStatus.WITHDRAWN: "bold red",
    ReferenceStatus.METADATA_MISMATCH: "yellow",
    ReferenceStatus.NOT_VERIFIED: "dim",
}


# The most of the terminal's width the reference column takes (shared with the file column when
# there is one), in tenths: the rest goes to the status (whole) and the reason, which a long
# key (a URL) would otherwise squeeze out of sight.
REFERENCE_TENTHS = 3
MIN_REFERENCE_WIDTH = 12
# Narrower than this a reason folds a word or two a line (or a letter, beside a file column):
# below it each entry is printed as stacked lines instead, as check prints its records.
MIN_WHY_WIDTH = 15


def _columns(checks: list[ReferenceCheck], files: list[str] | None) -> list[tuple[str, list[Text]]]:
    """The table's columns before the reason, headed, each cell as shown."""
    columns = []
    if files is not None and len(set(files)) > 1:
        columns.append(("file", [shown_text(f) for f in files]))
    columns.append(("reference", [_reference(c) for c in checks]))
    columns.append(("status", [_status(c) for c in checks]))
    return columns


def _cap(width: int, columns: list[tuple[str, list[Text]]]) -> int:
    """The widest the file and reference columns each may be."""
    folded = len(columns) - 1  # all but the status
    return max(MIN_REFERENCE_WIDTH, width * REFERENCE_TENTHS // 10 // folded)


def _status(check: ReferenceCheck) -> Text:
    return Text(check.status.value.replace("_", " "), style=_STYLE[check.status])


def _widest(heading: str, cells: list[Text]) -> int:
    return max([len(heading), *(cell_len(line) for c in cells for line in c.plain.splitlines())])


def fits_table(checks: list[ReferenceCheck], width: int, files: list[str] | None = None) -> bool:
    """Whether, at ``width``, the reason column keeps ``MIN_WHY_WIDTH`` beside the others, each
    as wide as its widest cell (the file and reference columns at most their cap)."""
    columns = _columns(checks, files)
    cap = _cap(width, columns)
    taken = sum(
        _widest(heading, cells) if heading == "status" else min(cap, _widest(heading, cells))
        for heading, cells in columns
    )
    borders = 3 * (len(columns) + 1) + 1
    return width - borders - taken >= MIN_WHY_WIDTH


def _table(checks: list[ReferenceCheck], width: int, files: list[str] | None = None) -> Table:
    """Per entry of the bibliography: its key (and what it was looked up as, when that differs),
    its status, never cut, and why; a long key or reason folds onto more lines. ``files``:
    each entry's file, shown in a column of its own when the entries come from several."""
    table = Table(expand=True)
    columns = _columns(checks, files)
    cap = _cap(width, columns)
    for heading, _ in columns:
        if heading == "status":
            table.add_column(heading, no_wrap=True)
        else:
            table.add_column(heading, overflow="fold", max_width=cap)
    table.add_column("why", ratio=1, overflow="fold")
    for number, check in enumerate(checks):
        table.add_row(*(cells[number] for _, cells in columns), shown_text(check.reason))
    return table


def _stacked(checks: list[ReferenceCheck], files: list[str] | None = None) -> list[list[Field]]:
    """The table's cells, one a line, for a terminal too narrow for the table."""
    columns = _columns(checks, files)
    return [
        [*((heading, cells[number]) for heading, cells in columns), ("why", shown_text(c.reason))]
        for number, c in enumerate(checks)
    ]


def _reference(check: ReferenceCheck) -> Text:
    """The entry's key, then the arXiv id or DOI looked up in brackets unless that is the key."""
    looked_up = str(check.ref) if check.ref is not None else None
    if looked_up is None or looked_up.casefold() == check.key.casefold():
        return shown_text(check.key)
    return shown_text(f"{check.key} ({looked_up})")


def _check(verifier: ReferenceVerifier, entry: Entry) -> ReferenceCheck:
    """The entry checked as its first identifier; the reason says when it names another work's
    too (an arXiv id and a journal DOI), which is not looked up."""
    if entry.refused:
        return ReferenceCheck(entry.key, None, ReferenceStatus.NOT_VERIFIED, entry.refused)
    if entry.bad_doi:
        why = f"no arXiv id or DOI to look up: {entry.bad_doi}"
        return ReferenceCheck(entry.key, None, ReferenceStatus.NOT_VERIFIED, why)
    paper = str(entry.refs[0]) if entry.refs else None
    check = verifier.check(cited_reference(entry.key, paper, entry))
    note = two_identifiers(entry)
    return check if note is None else replace(check, reason=f"{check.reason}; {note}")


def _once_each(bibs: list[Path]) -> list[Path]:
    """``bibs`` in order, each file once: the first path naming it is kept."""
    first: dict[Path, Path] = {}
    for bib in bibs:
        first.setdefault(bib.resolve(), bib)
    return list(first.values())


def refs(
    bibs: Annotated[
        list[Path],
        typer.Argument(
            metavar="BIB",
            help="BibTeX (.bib), CSL-JSON (.json) or CSL YAML (.yaml) files to check.",
        ),
    ],
    library: LibraryOption = None,
    no_cache: Annotated[
        bool,
        typer.Option("--no-cache", help="Ask the catalogues afresh, ignoring kept answers."),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    fail_on: ReferenceFailOnOption = None,
) -> None:
    """Check that each reference of each BIB exists, matches the catalogue and stands."""
    # Every file is read before any catalogue is asked: a bad file fails fast. A file named
    # twice (under any path) is read once, so that no entry is counted twice.
    for bib in bibs:
        require_bibliography(bib, "BIB")
    # Read as one bibliography: a crossref parent may be in another of the files.
    once = _once_each(bibs)
    files = list(zip(once, read_bibs(once), strict=True))
    if not no_cache:
        # The library keeps the catalogue answers: a path that is no library is refused up
        # front, as check, batch and review refuse it, not ignored for the whole run.
        check_library(library, reads=False, opens=True)
    # biblatex's @set is no work: its entries are each checked where they stand.
    entries = [(bib, entry_of(r)) for bib, found in files for r in found.records if r.kind != "set"]
    unread = [u for _, found in files for u in found.unread]
    for _, found in files:
        if found.note is not None:
            warn(found.note)  # read by its content, not its name (CSL YAML in refs.bib)
        for message in found.warnings:  # a crossref no entry has, authors listed with commas
            warn(message)
    warn_unread(unread)
    verifier = make_verifier(library, cache=not no_cache)
    with sigterm_interrupts():  # SIGTERM as Ctrl-C: the same line, the library left sound
        try:
            checks = [_check(verifier, e) for _, e in entries]
        except KeyboardInterrupt:
            # Each catalogue answer is stored in the library as it comes (unless --no-cache).
            kept = "" if no_cache else "; answers already received are kept, rerun to continue"
            fail(f"interrupted; no result was printed{kept}", code=EXIT_INTERRUPTED)
        finally:
            verifier.close()
    counts = status_counts(checks)
    if as_json:
        listed = [
            {"file": str(bib), **c.to_dict()} for (bib, _), c in zip(entries, checks, strict=True)
        ]
        answer: dict[str, object] = {"references": listed, "summary": counts}
        if unread:
            answer["unreadEntries"] = [u.to_dict() for u in unread]
        write_data(json_text(answer, indent=2) + "\n")
    else:
        shown_files = [str(bib) for bib, _ in entries]
        width = out_console.width
        if fits_table(checks, width, shown_files):
            out_console.print(_table(checks, width, shown_files))
        else:
            print_stacked(out_console, _stacked(checks, shown_files))
        # A second entry under a used key was read, and ignored: not "could not be read".
        ignored = sum(u.duplicate for u in unread)
        skipped = f"; {len(unread) - ignored} could not be read" if len(unread) > ignored else ""
        if ignored:
            skipped += f"; {ignored} ignored (a key used before)"
        out_console.print(f"{counted(len(checks), 'reference')}: {status_line(counts)}{skipped}")
    conditions = as_fail_on(fail_on)
    if conditions and any(reference_matches(c, conditions) for c in checks):
        raise typer.Exit(EXIT_MATCHED)
    # An entry that could not be read was never verified: a citation of it is not_verified in
    # review --verify-refs, so this gate must not pass a file holding one.
    if unread and FailOn.UNVERIFIED_REFERENCE in conditions:
        raise typer.Exit(EXIT_MATCHED)
    raise typer.Exit(EXIT_OK)

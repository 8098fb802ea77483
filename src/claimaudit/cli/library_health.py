"""``claimaudit library check`` and ``library repair``: is the database whole, and remake what
can be remade from the stored papers."""

from __future__ import annotations

import shlex
from typing import Annotated

import typer

from claimaudit.accounting import counted
from claimaudit.cli._common import (
    EXIT_INTERRUPTED,
    EXIT_MATCHED,
    EXIT_OK,
    LibraryOption,
    fail,
    out_console,
    write_data,
)
from claimaudit.cli._sigterm import sigterm_interrupts
from claimaudit.cli._terminal import json_text, shown_text
from claimaudit.guards.filenames import shown_name
from claimaudit.library.health import Health, check_health
from claimaudit.library.refused_refs import RefusedRef
from claimaudit.library.repair import Repair, RepairInterrupted, repair_library


def _say(line: str) -> None:
    out_console.print(shown_text(line))


def _contents(health: Health) -> str:
    if health.papers is None or health.passages is None:
        return f"schema version {health.schema_version}"
    indexed = "" if health.indexed is None else f", {health.indexed} indexed"
    return (
        f"schema version {health.schema_version}, {counted(health.papers, 'paper')}, "
        f"{counted(health.passages, 'passage')}{indexed}"
    )


def _verdict(health: Health) -> str:
    if health.empty:
        # As `library list` sees it: a library with no papers, made when a command opens it.
        return (
            f"empty: {shown_name(health.path)} is no library yet (nothing is stored in it), so it "
            "holds no papers; `claimaudit library add` makes it one"
        )
    if health.healthy:
        return f"healthy: {shown_name(health.path)} ({_contents(health)})"
    problems = counted(len(health.problems), "problem")
    if health.repairable:
        return f"damaged: {shown_name(health.path)} has {problems}; run `claimaudit library repair`"
    # Only what SQLite's check showed: damage it cannot place is not said to be the papers'.
    what = "its papers' own tables are" if health.papers_damaged else "its database file is"
    return (
        f"damaged: {shown_name(health.path)} has {problems}, and {what} damaged; "
        "restore a backup copy of the library (`library repair` cannot help)"
    )


def _wire(health: Health) -> dict[str, object]:
    return {
        "library": str(health.path),
        "healthy": health.healthy,
        "repairable": health.repairable,
        "schemaVersion": health.schema_version,
        "papers": health.papers,
        "passages": health.passages,
        "indexed": health.indexed,
        "orphanPassages": health.orphans,
        "empty": health.empty,
        "problems": [
            {"kind": p.kind.value, "message": p.message, "repairable": p.repairable}
            for p in health.problems
        ],
        "refusedRefs": [
            {"ref": r.ref, "reason": r.reason, "readsAs": r.reads_as} for r in health.refused
        ],
        "notes": list(health.notes),
        "upgradesTo": health.upgrades_to,
    }


def _refused_line(refused: RefusedRef) -> str:
    if refused.reads_as is not None:
        # Found only by the reference it is stored under: a lookup by the one it now reads as
        # finds another copy (or none).
        return (
            f"stored under a reference claimaudit now reads as another: {refused.ref} "
            f"({refused.reason}); `library show` and `library remove` reach it as stored "
            f"(`claimaudit library remove {shlex.quote(refused.ref)}`)"
        )
    return (
        f"stored under a reference claimaudit now refuses: {refused.ref} ({refused.reason}); "
        f"remove it with `claimaudit library remove {shlex.quote(refused.ref)}`"
    )


def check_library(
    library: LibraryOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of lines.")] = False,
) -> None:
    """Check the library database without changing it: exit 0 healthy, 1 damaged."""
    health = check_health(library)
    if as_json:
        write_data(json_text(_wire(health), indent=2) + "\n")
    else:
        for problem in health.problems:
            _say(f"problem ({problem.kind.value}): {problem.message}")
        for refused in health.refused:
            _say(_refused_line(refused))
        for note in health.notes:
            _say(f"note: {note}")
        if health.upgrades_to is not None:
            # "healthy (schema version 4)" alone hides that the next command changes the file
            # for good: an older claimaudit sharing it cannot open it after.
            _say(
                f"note: {shown_name(health.path)} was made by an older claimaudit (schema version "
                f"{health.schema_version}); "
                f"the next command that opens it (any but `library check`) upgrades it to "
                f"version {health.upgrades_to}, which older claimaudit versions cannot open"
            )
        _say(_verdict(health))
    raise typer.Exit(EXIT_OK if health.healthy else EXIT_MATCHED)


def _repair_wire(done: Repair) -> dict[str, object]:
    return {
        "library": str(done.after.path),
        "backup": None if done.backup is None else str(done.backup),
        "actions": list(done.actions),
        "removedPassages": done.removed_passages,
        "before": _wire(done.before),
        "after": _wire(done.after),
    }


def repair(
    library: LibraryOption = None,
    backup: Annotated[
        bool,
        typer.Option(help="Copy the library to <file>.bak-<UTC time> beside it before repairing."),
    ] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of lines.")] = False,
) -> None:
    """Rebuild the search index, recreate lost or damaged cache tables and remove passages no
    paper holds; papers are never touched."""
    # Exit 0 healthy afterwards, 1 problems remain, 2 damage repair cannot mend (the papers'
    # own tables, the file): nothing done, a backup is what helps then.
    # SIGTERM as Ctrl-C: the repair is rolled back and the unneeded backup removed.
    with sigterm_interrupts():
        try:
            done = repair_library(library, backup=backup)
        except RepairInterrupted as stopped:
            fail(stopped.message, code=EXIT_INTERRUPTED)
        except KeyboardInterrupt:
            fail("interrupted; nothing was repaired, the library is as it was", EXIT_INTERRUPTED)
    code = EXIT_OK if done.after.healthy else EXIT_MATCHED
    if as_json:
        write_data(json_text(_repair_wire(done), indent=2) + "\n")
        raise typer.Exit(code)
    if not done.actions:
        state = "empty (no library yet)" if done.after.empty else "healthy"
        _say(f"nothing to repair: {shown_name(done.after.path)} is {state}")
        raise typer.Exit(EXIT_OK)
    if done.backup is not None:
        _say(f"backed up the library to {shown_name(done.backup)}")
    for action in done.actions:
        _say(action)
    for problem in done.after.problems:
        _say(f"problem ({problem.kind.value}): {problem.message}")
    _say(_verdict(done.after))
    raise typer.Exit(code)

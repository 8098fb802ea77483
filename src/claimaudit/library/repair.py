"""``library repair``: remake what can be remade from the stored papers (the full-text index, its
triggers, the cache tables) and remove the passages whose paper is gone, in one transaction,
after a backup copy. Papers are never written, nor any passage a paper holds; a library whose
own tables are damaged is refused, since writing to it could only make it worse."""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from claimaudit.accounting import counted
from claimaudit.errors import LibraryDamagedError, LibraryError
from claimaudit.guards.durable import sync_file, sync_folder
from claimaudit.guards.filenames import shown_name
from claimaudit.library._derived import (
    CACHES,
    CREATE_FTS,
    CREATE_SEARCH_VIEW,
    FTS_SHADOW_TABLES,
    FTS_TABLE,
    FTS_TRIGGERS,
    REBUILD_FTS,
    allow_schema_edit,
    forget_fts_table,
    missing_cache_objects,
    missing_fts_triggers,
    schema_names,
)
from claimaudit.library._migrations import LATEST_VERSION
from claimaudit.library.health import (
    CACHE_TABLES,
    LOST_PAGES,
    Health,
    ProblemKind,
    check_health,
    connect_existing,
    orphan_count,
)


@dataclass(frozen=True)
class Repair:
    before: Health
    backup: Path | None
    actions: tuple[str, ...]
    after: Health
    # Passages removed because no paper held them (the backup, when made, still has them).
    removed_passages: int = 0


class RepairInterrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM) during a repair; ``message`` says what was kept. Before the repair
    was saved it was rolled back, and the backup, a copy of the library as it still is, was
    removed: a full-size file nobody asked to keep."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def repair_library(path: Path | None, *, backup: bool = True) -> Repair:
    """Repair the library at ``path``; a healthy one is left untouched (no backup either).

    LibraryDamagedError when the core tables are damaged; LibraryError when the repair failed
    (then rolled back: the library is as it was, and the backup beside it).
    """
    before = check_health(path)
    if before.healthy:
        return Repair(before, None, (), before)
    if not before.repairable:
        first = next(p.message for p in before.problems if not p.repairable)
        what = "the papers' own tables are" if before.papers_damaged else "the database file is"
        raise LibraryDamagedError(
            f"{before.path}: {what} damaged ({first}); repair would not "
            "help: restore a backup copy of the library (such as a .bak- file beside it)"
        )
    if before.schema_version != LATEST_VERSION:
        raise LibraryError(
            f"{before.path} has schema version {before.schema_version}: let this claimaudit "
            "upgrade it first (any library command, such as `claimaudit library list`)"
        )
    _require_writable(before.path)
    copy = _backup(before.path) if backup else None
    saved = False
    try:
        resolved, conn = connect_existing(before.path)
        damaged = {p.table for p in before.problems if p.table is not None}
        damaged_caches = tuple(sorted(damaged & CACHE_TABLES))
        try:
            actions, removed = _repair(
                conn,
                rebuild_index=before.has(ProblemKind.INDEX),
                remove_orphans=before.has(ProblemKind.ORPHAN),
                remake_caches=damaged_caches,
            )
            saved = True
        except sqlite3.Error as exc:
            kept = f"; the backup is {shown_name(copy)}" if copy else ""
            raise LibraryError(
                f"could not repair {shown_name(resolved)} (left as it was{kept}): {exc}"
            ) from exc
        else:
            if removed and copy is not None:
                them = "it" if removed == 1 else "them"
                actions[-1] += f" (the backup {shown_name(copy)} still holds {them})"
            if damaged_caches or any(p.message.startswith(LOST_PAGES) for p in before.problems):
                actions += _compact(conn)
        finally:
            conn.close()
        after = check_health(resolved)
    except KeyboardInterrupt:
        raise _interrupted(before.path, copy, saved) from None
    return Repair(before, copy, tuple(actions), after, removed)


def _interrupted(path: Path, copy: Path | None, saved: bool) -> RepairInterrupted:
    if not saved:
        if copy is not None:
            copy.unlink(missing_ok=True)
        return RepairInterrupted(
            f"interrupted; nothing was repaired ({shown_name(path)} is as it was, no backup kept)"
        )
    # Only the compaction (a VACUUM: all or nothing) or the check after it was stopped.
    kept = f"; the backup is {shown_name(copy)}" if copy else ""
    return RepairInterrupted(
        f"interrupted after the repair was saved{kept}; run `claimaudit library check`"
    )


def _require_writable(path: Path) -> None:
    """LibraryError when ``path`` may not be written: found only at the repair's first write,
    after a backup as large as the library had been made beside it."""
    try:
        with path.open("r+b"):
            pass
    except OSError as exc:
        raise LibraryError(
            f"cannot repair {shown_name(path)}: the file may not be written "
            f"({exc.strerror or exc}); nothing was changed and no backup made"
        ) from exc


def _backup(path: Path) -> Path:
    """A consistent copy beside the library (SQLite's backup API, so a copy made while another
    process writes is whole), named ``<file>.bak-<UTC time>``; an existing file is never
    overwritten."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.bak-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.bak-{stamp}-{n}")
    try:
        source = sqlite3.connect(path)
        try:
            copy = sqlite3.connect(target)
            try:
                source.backup(copy)
            finally:
                copy.close()
        finally:
            source.close()
    except sqlite3.Error as exc:
        target.unlink(missing_ok=True)
        raise LibraryError(
            f"could not back up {shown_name(path)} to {shown_name(target)}, so nothing was "
            f"changed: {exc}"
        ) from exc
    except KeyboardInterrupt:
        target.unlink(missing_ok=True)  # a part-made copy
        raise RepairInterrupted(
            f"interrupted; nothing was repaired ({shown_name(path)} is as it was, no backup kept)"
        ) from None
    try:
        _sync_copy(target)
    except OSError as exc:  # the disk failed the write (EIO): the copy may not be whole
        target.unlink(missing_ok=True)
        raise LibraryError(
            f"could not back up {shown_name(path)} to {shown_name(target)}, so nothing was "
            f"changed: {exc.strerror or exc}"
        ) from exc
    return target


def _sync_copy(target: Path) -> None:
    """The copy, and its name in the folder, on the disk before the repair changes the library:
    SQLite syncs a new file's pages (not with every build's settings) but never its name, so a
    crash of the machine soon after could leave the library repaired and no backup beside it."""
    fd = os.open(target, os.O_RDONLY)
    try:
        sync_file(fd)
    finally:
        os.close(fd)
    sync_folder(target.parent)


def _repair(
    conn: sqlite3.Connection,
    *,
    rebuild_index: bool,
    remove_orphans: bool,
    remake_caches: tuple[str, ...] = (),
) -> tuple[list[str], int]:
    """What was done, and how many passages no paper held were removed."""
    allow_schema_edit(conn)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("BEGIN IMMEDIATE")
    try:
        actions = [_remake_cache(conn, table) for table in remake_caches]
        names = schema_names(conn)
        if rebuild_index:
            actions.append(_rebuild_index(conn, names))
            names = schema_names(conn)
        for name in missing_fts_triggers(names):
            conn.execute(FTS_TRIGGERS[name])
            actions.append(f"recreated the trigger {name}, which keeps the index in step")
        for kind, name, statement in missing_cache_objects(conn, names):
            conn.execute(statement)
            empty = " (empty: it is only a cache)" if kind == "table" else ""
            actions.append(f"recreated the {kind} {name}{empty}")
        removed = 0
        if remove_orphans:
            # Last, once the index and its triggers are whole: the delete trigger then takes
            # them out of the index too.
            removed, gone = orphan_count(conn)
            conn.execute("DELETE FROM passages WHERE paper_id NOT IN (SELECT id FROM papers)")
            actions.append(
                f"removed {counted(removed, 'passage')} that no paper holds (left behind by "
                f"{counted(gone, 'removed paper')})"
            )
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return actions, removed


def _rebuild_index(conn: sqlite3.Connection, names: set[tuple[str, str]]) -> str:
    passages = counted(int(conn.execute("SELECT count(*) FROM passages").fetchone()[0]), "passage")
    # The view the index reads the passages through, should somebody have dropped it.
    conn.execute(CREATE_SEARCH_VIEW)
    if ("table", FTS_TABLE) in names:
        try:
            conn.execute(REBUILD_FTS)
            return f"rebuilt the full-text index from {passages}"
        except sqlite3.DatabaseError:
            # FTS5 cannot even load the index (its structure record or config is gone): it
            # cannot rebuild it, nor DROP TABLE it, since both need the table loaded.
            forget_fts_table(conn)
    for table in FTS_SHADOW_TABLES:
        conn.execute(f"DROP TABLE IF EXISTS {table}")
    conn.execute(CREATE_FTS)
    conn.execute(REBUILD_FTS)
    return f"recreated the full-text index and indexed {passages}"


def _compact(conn: sqlite3.Connection) -> list[str]:
    """Give the pages a damaged cache table held, some no longer reached, back to the file (a
    VACUUM); what failed is said, the rest of the repair being done by then."""
    try:
        conn.execute("VACUUM")
    except sqlite3.Error as exc:
        return [f"could not give back the pages the damaged cache held ({exc}); repair again"]
    return []


def _remake_cache(conn: sqlite3.Connection, table: str) -> str:
    """Remove the damaged cache ``table`` and its indexes from the schema by hand, as
    ``forget_fts_table`` does (a DROP would walk its damaged pages, and SQLite may refuse every
    write after), and make them again, empty; the VACUUM after gives its pages back."""
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute("DELETE FROM sqlite_master WHERE tbl_name = ?", (table,))
    conn.execute("PRAGMA writable_schema = RESET")
    for _, _, statement in CACHES[table]:
        conn.execute(statement)
    return f"rebuilt the damaged table {table} (empty: it is only a cache)"

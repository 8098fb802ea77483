"""One write transaction: all or nothing, a broken constraint said as damage, a lock held by
another process, Ctrl-C at the commit (``claimaudit.library.write_transaction``)."""

from __future__ import annotations

import signal
import sqlite3
from pathlib import Path

import pytest

from claimaudit.errors import LibraryDamagedError, LibraryError
from claimaudit.identity import parse_ref
from claimaudit.library.models import AddOutcome
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from tests.library.damaging import make_library, refuse_passages, rows
from tests.library.stored_papers import library_state, new_paper


def test_failure_mid_insert_leaves_library_unchanged(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    library.add_paper(new_paper("doi:10.1000/keep", "kept passage"))
    library.add_paper(new_paper("doi:10.1000/xyz", "original passage"))
    before = library_state(library)

    def explode(conn: sqlite3.Connection, paper_id: int, passages: list[Passage]) -> None:
        # The paper row is already inserted (and the old version deleted) when this runs.
        raise RuntimeError("disk full")

    monkeypatch.setattr("claimaudit.library.paper_writes.insert_passages", explode)
    with pytest.raises(RuntimeError):
        library.add_paper(new_paper("doi:10.1000/xyz", "changed", digest="h2"), replace=True)
    with pytest.raises(RuntimeError):
        library.add_paper(new_paper("doi:10.1000/new", "brand new"))
    monkeypatch.undo()
    assert library_state(library) == before
    assert [h.text for h in library.search("original")] == ["original passage"]


def test_a_constraint_failing_in_a_changed_library_is_damage_and_writes_nothing(
    tmp_path: Path,
) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    refuse_passages(path)
    before = rows(path)
    with Library.open(path) as lib, pytest.raises(LibraryDamagedError) as caught:
        lib.add_paper(new_paper("arXiv:2001.00003", "Tea is drunk hot."))
    assert caught.value.part == "database"
    assert str(caught.value) == (
        "the library holds rows that do not fit together (refused by another tool); nothing "
        "was written"
    )
    assert rows(path) == before


def test_a_write_while_another_process_holds_the_lock_says_who_and_what_to_do(
    tmp_path: Path,
) -> None:
    path = tmp_path / "library.sqlite3"
    with Library.open(path) as library:
        library.connection.execute("PRAGMA busy_timeout = 0")  # give up at once, not in 5 s
        library.write_wait_seconds = 0
        other = sqlite3.connect(path, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")
            with pytest.raises(LibraryError) as caught:
                library.add_paper(new_paper("arXiv:1706.03762", "Attention is all."))
        finally:
            other.close()
        expected = (
            f"another process kept the library {path} locked for writing for 0 s; nothing was "
            "written; try again when it is done"
        )
        assert str(caught.value) == expected
        # Once it is done, the same write goes through.
        assert library.add_paper(new_paper("arXiv:1706.03762", "Attention.")) is AddOutcome.ADDED


def test_a_commit_and_its_note_are_not_parted_by_ctrl_c(library: Library) -> None:
    # Ctrl-C arriving as the paper commits is acted on once it is noted as stored.
    def ctrl_c_at_commit(statement: str) -> None:
        if statement == "COMMIT":
            signal.raise_signal(signal.SIGINT)

    library.connection.set_trace_callback(ctrl_c_at_commit)
    with pytest.raises(KeyboardInterrupt):
        library.add_paper(new_paper("local:a", "Alpha."))
    library.connection.set_trace_callback(None)
    assert [str(ref) for ref in library.stored] == ["local:a"]
    assert library.get_paper(parse_ref("local:a")) is not None

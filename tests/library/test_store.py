"""The library as one object: a paper stored and read back, WAL mode, threads, snapshots and
what its committed writes changed (``claimaudit.library.store``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.errors import ContentConflictError, LibraryError
from claimaudit.identity import parse_ref
from claimaudit.library.models import AddOutcome
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from tests.library import replacing
from tests.library.stored_papers import new_paper


def test_add_and_read_back(library: Library) -> None:
    outcome = library.add_paper(new_paper("arXiv:1706.03762v2", "Attention is all.", "Second."))
    assert outcome is AddOutcome.ADDED
    paper = library.get_paper(parse_ref("1706.03762v2"))
    assert paper is not None
    assert paper.title == "T" and paper.passage_count == 2
    assert paper.url == "https://arxiv.org/abs/1706.03762v2"
    passages = library.passages(paper.ref)
    assert [p.passage_id for p in passages] == ["P001", "P002"]
    assert passages[0] == Passage("P001", "Attention is all.", "Intro")


def test_library_uses_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "lib.sqlite3"
    Library.open(path).close()
    # The mode is stored in the file: a plain connection sees it too.
    import sqlite3

    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_foreign_database_keeps_its_journal_mode(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE t (x)")
    with pytest.raises(LibraryError):
        Library.open(path)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"


def test_threads_read_while_another_writes(tmp_path: Path) -> None:
    """Each thread opens its own Library; readers never see a half-written paper and never fail
    with 'database is locked' while a writer adds papers one transaction at a time."""
    import threading

    path = tmp_path / "lib.sqlite3"
    with Library.open(path) as lib:
        lib.add_paper(new_paper("local:seed", "seed passage"))
    papers = 40
    errors: list[BaseException] = []
    done = threading.Event()
    seen_counts: list[int] = []

    def writer() -> None:
        try:
            with Library.open(path) as lib:
                for i in range(papers):
                    texts = [f"t{i}-{j}" for j in range(5)]
                    lib.add_paper(new_paper(f"local:w{i}", *texts, digest=f"d{i}"))
        except BaseException as error:
            errors.append(error)
        finally:
            done.set()

    def reader() -> None:
        counts: list[int] = []
        try:
            with Library.open(path) as lib:
                while True:
                    finished = done.is_set()
                    stored = lib.list_papers()
                    # Every visible paper is complete: all 5 passages or the seed's 1.
                    assert all(p.passage_count in (1, 5) for p in stored)
                    counts.append(len(stored))
                    if finished:
                        break
            # Committed papers never disappear from a later read.
            assert counts == sorted(counts) and counts[-1] == papers + 1
            seen_counts.extend(counts)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=reader) for _ in range(3)]
    threads.append(threading.Thread(target=writer))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert seen_counts
    with Library.open(path) as lib:
        assert len(lib.list_papers()) == papers + 1


def test_a_library_object_stays_in_its_thread(tmp_path: Path) -> None:
    import sqlite3
    import threading

    lib = Library.open(tmp_path / "lib.sqlite3")
    caught: list[BaseException] = []

    def use() -> None:
        try:
            lib.list_papers()
        except BaseException as error:
            caught.append(error)

    thread = threading.Thread(target=use)
    thread.start()
    thread.join()
    lib.close()
    assert len(caught) == 1 and isinstance(caught[0], sqlite3.ProgrammingError)


def test_reads_in_a_snapshot_see_one_state_and_writes_follow_it(tmp_path: Path) -> None:
    path = replacing.store_old(tmp_path / "lib.sqlite3")
    ref = parse_ref(replacing.REF)
    with Library.open(path) as lib:
        with lib.snapshot():
            before = lib.require_paper(ref)
            with Library.open(path) as other:  # another process replaces it meanwhile
                other.add_paper(new_paper(replacing.REF, "Coffee.", digest="h2"), replace=True)
            assert lib.require_paper(ref) == before
            assert [p.text for p in lib.passages(ref)] == [replacing.OLD[1]]
        assert [p.text for p in lib.passages(ref)] == ["Coffee."]
        lib.retitle(ref, "Coffee study")  # the snapshot ended: this connection writes again


def test_stored_names_what_committed_writes_changed(library: Library) -> None:
    # A command stopped by Ctrl-C says from this what it stored: only committed changes count.
    library.add_paper(new_paper("local:a", "Alpha."))
    library.add_paper(new_paper("local:a", "Alpha."))  # identical: nothing written
    with pytest.raises(ContentConflictError):
        library.add_paper(new_paper("local:a", "Other.", digest="h2"))  # rolled back
    library.store_papers([new_paper("local:b", "Beta."), new_paper("local:a", "Alpha.")])
    library.retitle(parse_ref("local:b"), "New title")
    assert [str(ref) for ref in library.stored] == ["local:a", "local:b", "local:b"]

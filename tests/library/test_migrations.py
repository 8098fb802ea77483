from __future__ import annotations

import os
import signal
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from claimaudit.errors import LibraryOpenError
from claimaudit.identity import parse_ref
from claimaudit.library import _migrations
from claimaudit.library._migrations import APPLICATION_ID, LATEST_VERSION, migrate
from claimaudit.library.health import check_health
from claimaudit.library.reference_lookups import LibraryReferenceCache
from claimaudit.library.result_cache import LibraryResultCache
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from tests.library.old_libraries import (
    EVERY_DAMAGE,
    add_after_upgrade,
    as_before,
    assert_latest,
    found_after_damage,
    index_matches,
    insert_local_paper,
    open_at,
    stored_rows,
)
from tests.permissions import ordinary_permissions


def test_new_library_is_at_latest_version(tmp_path: Path) -> None:
    path = tmp_path / "lib.sqlite3"
    Library.open(path).close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION >= 2
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_upgrade_from_version_1_keeps_data_and_indexes_it(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    conn = open_at(path, 1)
    conn.execute(
        "INSERT INTO papers (id, ref, kind, work, version, title, url, source_path, content_hash,"
        " ingested_at) VALUES (1, 'arXiv:1706.03762v5', 'arxiv', '1706.03762', 5, 'Attention',"
        " NULL, NULL, 'abc', '2024-01-01T00:00:00+00:00')"
    )
    conn.execute(
        "INSERT INTO passages (paper_id, seq, passage_id, section, text) VALUES "
        "(1, 0, 'P001', 'Abstract', 'The Transformer relies entirely on attention.')"
    )
    conn.close()
    with Library.open(path) as lib:
        paper = lib.get_paper(parse_ref("1706.03762"))
        assert paper is not None and paper.title == "Attention"
        assert [p.text for p in lib.passages(paper.ref)] == [
            "The Transformer relies entirely on attention."
        ]
        assert [h.passage_id for h in lib.search("transformer attention")] == ["P001"]
    assert_latest(path, since=1)


def test_library_from_the_future_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    Library.open(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    with pytest.raises(LibraryOpenError, match="newer than this claimaudit"):
        Library.open(path)


def test_an_older_library_that_may_not_be_written_says_it_must_be_upgraded(
    tmp_path: Path,
) -> None:
    # A library at this version opens read-only; an older one must be upgraded first, which
    # failed as "could not upgrade library ... to schema version 5 (catalogue answers about
    # cited references ...): attempt to write a readonly database", naming neither the
    # older claimaudit nor what to do.
    path = tmp_path / "old.sqlite3"
    conn = open_at(path, 4)
    conn.execute("PRAGMA journal_mode = WAL")  # as every claimaudit library has been
    conn.close()
    before = path.read_bytes()
    path.chmod(0o444)
    try:
        with ordinary_permissions(), pytest.raises(LibraryOpenError) as refused:
            Library.open(path)
    finally:
        path.chmod(0o644)
    assert str(refused.value) == (
        f"library {path} was made by an older claimaudit (schema version 4) and must be "
        f"upgraded to version {LATEST_VERSION} before this one can use it, but the file may "
        "not be written (attempt to write a readonly database); let it be written once, or use "
        "a copy"
    )
    assert path.read_bytes() == before
    with Library.open(path) as library:  # once it may be written, it upgrades as ever
        assert library.list_papers() == []


def test_other_sqlite_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE stuff (x)")
    with pytest.raises(LibraryOpenError, match="not a claimaudit library"):
        Library.open(path)
    with sqlite3.connect(path) as conn:  # and it was not touched
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 0


def test_non_sqlite_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite3"
    path.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(LibraryOpenError, match="cannot open library"):
        Library.open(path)


def test_missing_library_without_create(tmp_path: Path) -> None:
    with pytest.raises(LibraryOpenError, match="no library at"):
        Library.open(tmp_path / "absent.sqlite3", create=False)
    assert not (tmp_path / "absent.sqlite3").exists()


def test_failed_step_rolls_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from claimaudit.library import _migrations

    broken = _migrations.Migration(2, "broken", ("CREATE TABLE x (a)", "NOT SQL AT ALL"))
    monkeypatch.setattr(_migrations, "MIGRATIONS", (_migrations.MIGRATIONS[0], broken))
    monkeypatch.setattr(_migrations, "LATEST_VERSION", 2)
    conn = sqlite3.connect(tmp_path / "lib.sqlite3", isolation_level=None)
    assert _migrations.migrate(conn, target=1) == 1
    with pytest.raises(LibraryOpenError, match="schema version 2"):
        _migrations.migrate(conn, target=2)
    assert _migrations.schema_version(conn) == 1
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert "x" not in tables and "papers" in tables


def test_failed_creation_leaves_an_empty_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new library is made in one transaction: all of its steps, or none of them."""
    from claimaudit.library import _migrations

    broken = _migrations.Migration(2, "broken", ("CREATE TABLE x (a)", "NOT SQL AT ALL"))
    monkeypatch.setattr(_migrations, "MIGRATIONS", (_migrations.MIGRATIONS[0], broken))
    monkeypatch.setattr(_migrations, "LATEST_VERSION", 2)
    conn = sqlite3.connect(tmp_path / "lib.sqlite3", isolation_level=None)
    with pytest.raises(LibraryOpenError, match="could not create the library"):
        _migrations.migrate(conn, target=2)
    assert _migrations.schema_version(conn) == 0
    assert conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0


def test_upgrade_from_version_2_keeps_papers_and_adds_the_results_cache(tmp_path: Path) -> None:
    from claimaudit.checker.cache import CacheKey
    from claimaudit.records import CheckedRecord

    path = tmp_path / "v2.sqlite3"
    conn = open_at(path, 2)
    conn.execute(
        "INSERT INTO papers (id, ref, kind, work, version, title, url, source_path, content_hash,"
        " ingested_at) VALUES (1, 'arXiv:1907.10121', 'arxiv', '1907.10121', NULL, 'SciPy 1.0',"
        " NULL, 'paper.tex', 'abc', '2025-06-01T00:00:00+00:00')"
    )
    conn.executemany(
        "INSERT INTO passages (paper_id, seq, passage_id, section, text) VALUES (1, ?, ?, ?, ?)",
        [
            (0, "P001", "Abstract", "SciPy is an open-source scientific computing library."),
            (1, "P002", "Sparse", "SciPy provides sparse matrix data structures."),
        ],
    )
    conn.close()
    with Library.open(path) as lib:
        paper = lib.get_paper(parse_ref("1907.10121"))
        assert paper is not None and paper.passage_count == 2 and paper.source_path == "paper.tex"
        assert [h.passage_id for h in lib.search("sparse matrix")] == ["P002"]
    assert LibraryResultCache(path).count() == 0
    assert_latest(path, since=3)
    # The new table works on the upgraded file.
    cache = LibraryResultCache(path)
    key = CacheKey("c", "", "arXiv:1907.10121", "arXiv:1907.10121", "f", "j", "i", "s")
    record = CheckedRecord.model_validate(
        {
            "claim": "c",
            "paperRef": "arXiv:1907.10121",
            "matchedRef": "arXiv:1907.10121",
            "paperTitle": "SciPy 1.0",
            "paperUrl": None,
            "searchQuery": "c",
            "evidenceScope": "full_text",
            "retrievedAt": "2025-06-01T00:00:00Z",
            "judge": "j",
            "model": "m",
            "verdict": "supports",
            "confidence": 0.9,
            "probabilities": {
                "supports": 0.93,
                "contradicts": 0.02,
                "not_addressed": 0.03,
                "insufficient_evidence": 0.02,
            },
            "evidencePassageId": "P002",
            "evidence": "SciPy provides sparse matrix data structures.",
            "evidenceConfidence": 0.9,
            "passagesConsidered": 2,
            "passagesSelected": 2,
            "needsReview": False,
        }
    )
    cache.put(key, record)
    assert cache.get(key) == record


def test_a_step_applied_meanwhile_by_another_connection_is_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from claimaudit.library import _migrations

    path = tmp_path / "lib.sqlite3"
    first = open_at(path, 2)
    second = sqlite3.connect(path, isolation_level=None)
    assert migrate(first) == LATEST_VERSION  # one connection upgrades the file...
    real = _migrations.schema_version
    stale = iter([2])  # ...after the other read version 2, before it took the write lock
    monkeypatch.setattr(_migrations, "schema_version", lambda c: next(stale, None) or real(c))
    assert migrate(second) == LATEST_VERSION  # its upgrade skips the step already applied
    tables = [r[0] for r in second.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    assert tables.count("judged_results") == 1


def test_upgrade_from_version_3_keeps_papers_passages_and_results(tmp_path: Path) -> None:
    """Version 4 adds pages, authors, the source format and the extractor: nothing stored in
    a version-3 library is lost, and its papers read as having no pages and an unknown reader."""
    path = tmp_path / "v3.sqlite3"
    conn = open_at(path, 3)
    conn.execute(
        "INSERT INTO papers (id, ref, kind, work, version, title, url, source_path, content_hash,"
        " ingested_at) VALUES (1, 'arXiv:1706.03762v5', 'arxiv', '1706.03762', 5, 'Attention',"
        " 'https://arxiv.org/abs/1706.03762v5', '/papers/a.pdf', 'abc', "
        "'2024-01-01T00:00:00+00:00')"
    )
    conn.executemany(
        "INSERT INTO passages (paper_id, seq, passage_id, section, text) VALUES (1, ?, ?, ?, ?)",
        [
            (0, "P001", "Abstract", "The Transformer relies entirely on attention."),
            (1, "P002", None, "It trains in 3.5 days on eight GPUs."),
        ],
    )
    conn.execute(
        "INSERT INTO judged_results VALUES ('k', 'claim', 'arXiv:1706.03762', "
        "'arXiv:1706.03762v5', 'fp', 'local', 'model', '{}', '2024-01-01T00:00:00+00:00')"
    )
    conn.close()
    with Library.open(path) as lib:
        paper = lib.require_paper(parse_ref("1706.03762"))
        assert (paper.title, paper.url, paper.source_path, paper.content_hash) == (
            "Attention",
            "https://arxiv.org/abs/1706.03762v5",
            "/papers/a.pdf",
            "abc",
        )
        assert (paper.authors, paper.source_format, paper.extractor) == (None, None, None)
        assert [(p.passage_id, p.section, p.text, p.pages) for p in lib.passages(paper.ref)] == [
            ("P001", "Abstract", "The Transformer relies entirely on attention.", None),
            ("P002", None, "It trains in 3.5 days on eight GPUs.", None),
        ]
        assert [h.passage_id for h in lib.search("eight GPUs")] == ["P002"]
    assert LibraryResultCache(path).count() == 1
    assert_latest(path, since=4)


def test_upgrade_from_version_4_keeps_everything_and_adds_reference_lookups(
    tmp_path: Path,
) -> None:
    """Version 5 adds the cache of catalogue answers (``reference_lookups``) and touches
    nothing else: every paper, passage (with its pages) and judged result of a version-4
    library reads back as it was written."""
    path = tmp_path / "v4.sqlite3"
    conn = open_at(path, 4)
    insert_local_paper(
        conn, source_path="/papers/smith.pdf", source_format="pdf", extractor="pdf/2"
    )
    conn.executemany(
        "INSERT INTO passages (paper_id, seq, passage_id, section, text, page_start, page_end) "
        "VALUES (1, ?, ?, ?, ?, ?, ?)",
        [
            (0, "P001", "Intro", "Sparse matrices save memory.", 1, 1),
            (1, "P002", None, "Results span two pages.", 2, 3),
        ],
    )
    conn.execute(
        "INSERT INTO judged_results VALUES ('k', 'claim', 'local:smith2020', "
        "'local:smith2020', 'fp', 'local', 'model', '{\"verdict\": \"supports\"}', "
        "'2025-01-01T00:00:00+00:00')"
    )
    before = stored_rows(conn, "papers", "passages", "judged_results")
    conn.close()
    with Library.open(path) as lib:
        paper = lib.require_paper(parse_ref("local:smith2020"))
        assert (paper.authors, paper.extractor) == ("Ann Smith", "pdf/2")
        assert [p.pages for p in lib.passages(paper.ref)] == [(1, 1), (2, 3)]
        assert [h.passage_id for h in lib.search("sparse memory")] == ["P001"]
    assert LibraryReferenceCache(path).count() == 0
    assert_latest(path, since=5)
    with sqlite3.connect(path) as check:
        # The columns a version-4 library has (later versions add others).
        after = stored_rows(check, "papers", "passages", "judged_results")
        assert as_before(after, before) == before
        columns = [row[1] for row in check.execute("PRAGMA table_info(reference_lookups)")]
        assert columns == ["identifier", "source", "outcome", "record", "reason", "checked_at"]


def test_an_upgrade_is_said_and_a_new_library_is_not(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    old = tmp_path / "old.sqlite3"
    open_at(old, 1).close()
    with caplog.at_level("WARNING", logger="claimaudit.library._migrations"):
        Library.open(tmp_path / "new.sqlite3").close()
        assert caplog.records == []
        Library.open(old).close()
    [said] = [r.getMessage() for r in caplog.records]
    assert f"from schema version 1 to {LATEST_VERSION}" in said and "older claimaudit" in said


def test_a_step_that_cannot_begin_reports_why_not_a_failed_rollback(tmp_path: Path) -> None:
    # BEGIN IMMEDIATE fails on a library another connection holds for writing: the message must
    # say "locked", not "cannot rollback - no transaction is active".
    path = tmp_path / "old.sqlite3"
    conn = open_at(path, 1)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    waiting = sqlite3.connect(path, isolation_level=None, timeout=0.1)
    try:
        with pytest.raises(LibraryOpenError, match="locked"):
            migrate(waiting)
    finally:
        holder.execute("ROLLBACK")
        for handle in (holder, waiting, conn):
            handle.close()


def test_a_library_in_a_folder_that_may_not_be_written_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SQLite says only "unable to open database file"; the cause is the folder (WAL mode keeps
    # its -wal and -shm files there). A read-only mount cannot be made here, so the failure is.
    import os

    from claimaudit.library import _connection

    path = tmp_path / "lib.sqlite3"
    Library.open(path).close()
    writable = os.access
    monkeypatch.setattr(
        _connection.os,
        "access",
        lambda p, mode, **kw: False if Path(p) == tmp_path else writable(p, mode, **kw),
    )
    error = sqlite3.OperationalError("unable to open database file")
    why = _connection.why_unopened
    assert "its folder" in why(error, path) and str(tmp_path) in why(error, path)
    assert why(sqlite3.OperationalError("disk I/O error"), path) == "disk I/O error"


def test_upgrade_from_version_6_indexes_each_passage_in_its_normal_form_and_loses_nothing(
    tmp_path: Path,
) -> None:
    """Version 7 reads each passage NFKC-normalised for the index (a new column where that form
    differs, the index rebuilt): every stored row reads back as it was written."""
    path = tmp_path / "v6.sqlite3"
    conn = open_at(path, 6)
    insert_local_paper(conn)
    texts = ["Our \ufb01nding holds.", "\uff23\uff34 scans.", "Plain words."]
    conn.executemany(
        "INSERT INTO passages (paper_id, seq, passage_id, section, text, page_start, page_end) "
        "VALUES (1, ?, ?, 'Intro', ?, NULL, NULL)",
        [(i, f"P{i + 1:03d}", t) for i, t in enumerate(texts)],
    )
    # Found as stored before the upgrade, by the ligature only.
    assert index_matches(conn, "finding") == []
    before = stored_rows(conn, "papers", "passages")
    conn.close()
    with Library.open(path) as lib:
        assert [h.passage_id for h in lib.search("finding")] == ["P001"]
        assert [h.passage_id for h in lib.search("ct")] == ["P002"]
        assert [h.text for h in lib.search("plain")] == ["Plain words."]
        add_after_upgrade(lib, Passage("P001", "\ufb01eld work", None))
        assert [str(h.ref) for h in lib.search("field")] == ["local:b"]
    assert check_health(path).healthy
    assert_latest(path, since=7)
    with sqlite3.connect(path) as check:
        after = {
            "papers": check.execute("SELECT * FROM papers WHERE id = 1").fetchall(),
            "passages": check.execute(
                "SELECT * FROM passages WHERE paper_id = 1 ORDER BY 1"
            ).fetchall(),
        }
        assert as_before(after, before) == before
        search_forms = check.execute("SELECT search_text FROM passages WHERE paper_id = 1")
        assert [r[0] for r in search_forms] == ["Our finding holds.", "CT scans.", None]


@EVERY_DAMAGE
def test_a_version_6_library_whose_index_is_damaged_still_upgrades_and_is_indexed_again(
    tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    """Version 7 drops the index to make it again: one FTS5 cannot even load is taken out by
    hand, since ``library repair`` mends only a library at the latest version."""
    path = tmp_path / "v6.sqlite3"
    conn = open_at(path, 6)
    conn.execute(
        "INSERT INTO papers (id, ref, kind, work, title, content_hash, ingested_at) VALUES "
        "(1, 'local:a', 'local', 'local:a', 'T', 'h1', '2025-01-01T00:00:00+00:00')"
    )
    conn.executemany(
        "INSERT INTO passages (paper_id, seq, passage_id, section, text) "
        "VALUES (1, ?, ?, 'Intro', ?)",
        [(i, f"P{i + 1:03d}", f"Aspirin passage {i} of the cohort.") for i in range(40)],
    )
    conn.close()
    assert len(found_after_damage(path, damage, "aspirin")) == 40


def test_an_upgrade_stopped_between_steps_says_how_far_it_went(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # Ctrl-C (a real SIGINT) as step 5 begins: steps 2 to 4 are committed, and an older
    # claimaudit can no longer open the file, yet nothing said so (only "interrupted; ...
    # the library is unchanged"); the next open goes on from step 5.
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=1) == 1
    conn.close()
    real_apply = _migrations._apply

    def interrupted_at_5(conn: sqlite3.Connection, step: _migrations.Migration) -> None:
        if step.version == 5:
            os.kill(os.getpid(), signal.SIGINT)
        real_apply(conn, step)

    monkeypatch.setattr(_migrations, "_apply", interrupted_at_5)
    with caplog.at_level("WARNING"), pytest.raises(KeyboardInterrupt):
        Library.open(path)
    assert [r.getMessage() for r in caplog.records] == [
        f"upgraded the library {path} from schema version 1 to 4 (stopped before version "
        f"{LATEST_VERSION}: the next command goes on); older claimaudit versions cannot open "
        "it now"
    ]
    monkeypatch.undo()
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA user_version").fetchone()[0] == 4
    Library.open(path).close()
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION

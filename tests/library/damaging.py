"""Libraries damaged on purpose, the ways a tester found them: an emptied full-text index, an
index whose data rows or term lookup are gone, a dropped table or trigger, a broken page of a
core table or of the judgement cache."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from claimaudit.identity import PaperRef, RefKind, parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage

ASPIRIN = "arXiv:2001.00001"
COFFEE = "arXiv:2001.00002"
PAPERS = {
    ASPIRIN: ("Aspirin study", "Aspirin lowers the risk of heart attack.", "The trial had 2000."),
    COFFEE: ("Coffee study", "Coffee intake is not linked to cancer.", "A cohort of 5000."),
}


def make_library(path: Path) -> Path:
    """A library of two short papers, closed (so its write-ahead log is folded into the file)."""
    with Library.open(path) as library:
        for ref, (title, *texts) in PAPERS.items():
            passages = [Passage(f"P{i:03d}", t, "Abstract") for i, t in enumerate(texts, 1)]
            library.add_paper(NewPaper(parse_ref(ref), title, passages, f"hash-{ref}"))
    return path


# An arXiv id arXiv never issued (a month before its YYMM.NNNN scheme began), which claimaudit
# accepted before its identity rules refused such ids.
NEVER_ISSUED = "arXiv:0703.1234"


def store_under_never_issued_id(path: Path) -> Path:
    """A paper stored under NEVER_ISSUED, as a claimaudit older than the rule stored it (the
    reference is built, not parsed, so today's rules do not stop it)."""
    with Library.open(path) as library:
        passages = [Passage("P001", "Tea drinkers sleep less.", "Abstract")]
        paper = NewPaper(
            PaperRef.as_stored(RefKind.ARXIV, "0703.1234"), "Tea study", passages, "hash-tea"
        )
        library.add_paper(paper)
    return path


def execute(path: Path, *statements: str) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        for statement in statements:
            conn.execute(statement)
    finally:
        conn.close()


def empty_index(path: Path) -> None:
    """The index emptied while the passages stay: searches then found nothing, silently."""
    execute(path, "INSERT INTO passages_fts(passages_fts) VALUES ('delete-all')")


def lose_index_rows(path: Path) -> None:
    """The index's term rows gone, its structure kept: SQLite calls the index malformed."""
    execute(path, "DELETE FROM passages_fts_data WHERE id NOT IN (1, 10)")


def lose_index_data(path: Path) -> None:
    """Every row of the index's data gone: FTS5 cannot even load the table."""
    execute(path, "DELETE FROM passages_fts_data")


def _small_index_pages(path: Path) -> None:
    """The index rebuilt in FTS5's smallest pages, so the two short papers' terms span several
    leaf pages, as a real library's do (one page needs no lookup: every search reads it)."""
    execute(
        path,
        "INSERT INTO passages_fts(passages_fts, rank) VALUES ('pgsz', 32)",
        "INSERT INTO passages_fts(passages_fts) VALUES ('rebuild')",
    )


def lose_term_index(path: Path) -> None:
    """The index's term lookup (``passages_fts_idx``) emptied: FTS5's ``integrity-check``
    passes, yet a search finds only the terms of each run's first page."""
    _small_index_pages(path)
    execute(path, "DELETE FROM passages_fts_idx")


def lose_part_of_term_index(path: Path) -> None:
    """The term lookup's rows from "h" on gone: terms before it are still found (the last
    passage's first word, "cohort", too), "heart" and later ones are not."""
    _small_index_pages(path)
    execute(path, "DELETE FROM passages_fts_idx WHERE term >= CAST('0h' AS BLOB)")


def break_core_table(path: Path) -> None:
    """Junk over the first page of the ``passages`` table: damage no rebuild can undo."""
    _junk_over_page(path, "passages", 0, 64)


def break_papers_table(path: Path) -> None:
    """Junk over the first page of the ``papers`` table (as QA's overwritten bytes did): the
    passages and their index still read."""
    _junk_over_page(path, "papers", 0, 64)


def break_index_table(path: Path) -> None:
    """Junk over the cell pointers of the index's data table (``passages_fts_data``), its page
    header kept: SQLite's check fails, yet a rebuild of the index replaces every row of it."""
    _junk_over_page(path, "passages_fts_data", 8, 200)


def break_cache_table(path: Path, rows: int = 30, size: int = 10) -> None:
    """``rows`` judgements of ``size`` characters kept, then junk over the cell pointers of the
    cache's first page: SQLite's check fails in ``judged_results``, derived data a repair remakes.
    Many long rows put the table over several pages: pages it then no longer reaches too."""
    record = "x" * size
    execute(
        path,
        *(
            f"INSERT INTO judged_results VALUES ('k{i}', 'c', 'r', 'm', 'f', 'j', 'ji', "
            f"'{record}', 't')"
            for i in range(rows)
        ),
    )
    _junk_over_page(path, "judged_results", 8, 200)


def _junk_over_page(path: Path, table: str, offset: int, size: int) -> None:
    """``size`` bytes of junk from ``offset`` in the first page of ``table``."""
    conn = sqlite3.connect(path)
    try:
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,))
        page = int(root.fetchone()[0])
        page_size = int(conn.execute("PRAGMA page_size").fetchone()[0])
    finally:
        conn.close()
    with path.open("r+b") as file:
        file.seek((page - 1) * page_size + offset)
        file.write(b"\xff" * size)


def orphan_passages(path: Path) -> None:
    """A paper deleted without foreign keys on (the sqlite3 shell's default): its two passages
    stay behind, held by no paper."""
    execute(path, f"DELETE FROM papers WHERE ref = '{ASPIRIN}'")


def orphan_newest_passages(path: Path) -> None:
    """The newest paper deleted so (the tester's case): its passages keep the highest paper id,
    the one SQLite would give the next paper added."""
    execute(path, f"DELETE FROM papers WHERE ref = '{COFFEE}'")


def refuse_passages(path: Path) -> None:
    """A constraint another tool added: every passage written fails it, as a constraint of
    rows claimaudit did not leave so would."""
    execute(
        path,
        "CREATE TRIGGER refuse_passages AFTER INSERT ON passages "
        "BEGIN SELECT RAISE(ABORT, 'refused by another tool'); END",
    )


def rows(path: Path) -> list[tuple[object, ...]]:
    """Every paper and passage as stored, to show a repair changed none of them."""
    conn = sqlite3.connect(path)
    try:
        papers = conn.execute("SELECT * FROM papers ORDER BY id").fetchall()
        passages = conn.execute("SELECT * FROM passages ORDER BY id").fetchall()
    finally:
        conn.close()
    return [*papers, *passages]

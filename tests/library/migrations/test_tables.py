"""Schema steps 1 to 5 (``library._schema_steps.tables``): a library an older claimaudit wrote
upgrades with every paper, passage and judged result it holds."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from claimaudit.identity import parse_ref
from claimaudit.library.reference_lookups import LibraryReferenceCache
from claimaudit.library.result_cache import LibraryResultCache
from claimaudit.library.store import Library
from tests.library.old_libraries import (
    as_before,
    assert_latest,
    insert_local_paper,
    open_at,
    stored_rows,
)


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

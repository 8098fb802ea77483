"""Schema step 6: papers stored under an old-style arXiv id with its subject class
(``arXiv:math.GT/0309136``) are renamed as references now read it (``arXiv:math/0309136``),
and a paper whose new name is taken keeps its own, reachable by it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from claimaudit.identity import PaperRef, RefKind, parse_ref
from claimaudit.library.refused_refs import parse_or_stored, refused_refs
from claimaudit.library.store import Library
from tests.library.old_libraries import open_at


def _version_5_library(path: Path, *papers: tuple[str, str, int | None, str]) -> Path:
    """A library as claimaudit at schema version 5 wrote it: (ref, work, version, title)."""
    conn = open_at(path, 5)
    for number, (ref, work, version, title) in enumerate(papers, start=1):
        conn.execute(
            "INSERT INTO papers (id, ref, kind, work, version, title, url, content_hash, "
            "ingested_at) VALUES (?, ?, 'arxiv', ?, ?, ?, ?, ?, '2025-06-01T00:00:00+00:00')",
            (number, ref, work, version, title, f"https://arxiv.org/abs/{ref[6:]}", f"h{number}"),
        )
        conn.execute(
            "INSERT INTO passages (paper_id, seq, passage_id, section, text) "
            "VALUES (?, 0, 'P001', 'Abstract', ?)",
            (number, f"{title}: Heegaard splittings of genus two."),
        )
    conn.close()
    return path


def _stored(path: Path) -> list[tuple[str, str, int | None]]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT ref, work, version FROM papers ORDER BY id").fetchall()


def test_a_paper_stored_with_its_subject_class_is_found_without_it(tmp_path: Path) -> None:
    path = _version_5_library(
        tmp_path / "lib.sqlite3",
        ("arXiv:math.GT/0309136v1", "math.GT/0309136", 1, "Genus"),
        ("arXiv:hep-th/9901001", "hep-th/9901001", None, "Strings"),
        ("arXiv:1706.03762v5", "1706.03762", 5, "Attention"),
    )
    with Library.open(path) as library:
        for asked in ("arXiv:math/0309136", "math.GT/0309136v1", "math/0309136v1"):
            paper = library.get_paper(parse_ref(asked))
            assert paper is not None and paper.title == "Genus", asked
            assert paper.url == "https://arxiv.org/abs/math/0309136v1"
        assert [h.passage_id for h in library.search("Heegaard", parse_ref("math/0309136"))] == [
            "P001"
        ]
        assert refused_refs(library.connection) == []
    assert _stored(path) == [
        ("arXiv:math/0309136v1", "math/0309136", 1),
        ("arXiv:hep-th/9901001", "hep-th/9901001", None),
        ("arXiv:1706.03762v5", "1706.03762", 5),
    ]


def test_both_spellings_stored_keep_both_papers_each_reachable(tmp_path: Path) -> None:
    path = _version_5_library(
        tmp_path / "lib.sqlite3",
        ("arXiv:math/0309136", "math/0309136", None, "Plain"),
        ("arXiv:math.GT/0309136", "math.GT/0309136", None, "With class"),
        # Two subject classes of one id: neither takes the shared name from the other.
        ("arXiv:math.AG/0401001v2", "math.AG/0401001", 2, "AG"),
        ("arXiv:math.NT/0401001v2", "math.NT/0401001", 2, "NT"),
        # Another version of the work is no collision: renamed.
        ("arXiv:math.GT/0309136v2", "math.GT/0309136", 2, "Second"),
    )
    with Library.open(path) as library:
        # Nothing is lost: every paper and passage is still there.
        assert len(library.list_papers()) == 5
        assert library.require_paper(parse_ref("math/0309136v2")).title == "Second"
        kept = parse_or_stored(library, "arXiv:math.GT/0309136")
        assert kept == PaperRef.as_stored(RefKind.ARXIV, "math.GT/0309136")
        assert library.require_paper(kept).title == "With class"
        assert library.require_paper(kept).url == "https://arxiv.org/abs/math.GT/0309136"
        assert library.require_paper(parse_or_stored(library, "math.NT/0401001v2")).title == "NT"
        assert [(r.ref, r.reads_as) for r in refused_refs(library.connection)] == [
            ("arXiv:math.AG/0401001v2", "arXiv:math/0401001v2"),
            ("arXiv:math.GT/0309136", "arXiv:math/0309136"),
            ("arXiv:math.NT/0401001v2", "arXiv:math/0401001v2"),
        ]
        assert refused_refs(library.connection)[1].reason == (
            "it now reads as arXiv:math/0309136, which is stored too"
        )
        # The copy kept under its old name is removed by that name, and only it.
        assert library.remove(kept, exact=True).title == "With class"
        assert library.require_paper(parse_or_stored(library, "math/0309136")).title == "Second"
    assert ("arXiv:math/0309136", "math/0309136", None) in _stored(path)

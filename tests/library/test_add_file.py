"""The add that ``library add``, the server and ``add_paper`` share (library/add_file.py)."""

from __future__ import annotations

from pathlib import Path

from claimaudit.identity import parse_ref
from claimaudit.library.add_file import FileAdded, add_file
from claimaudit.library.models import AddOutcome
from claimaudit.library.store import Library

REF = parse_ref("local:notes")


def test_identical_content_keeps_its_title_unless_replace(tmp_path: Path) -> None:
    note = tmp_path / "notes.md"
    note.write_text("# Sparse solvers\n\nSciPy solves sparse systems.\n", encoding="utf-8")
    with Library.open(tmp_path / "library.sqlite3") as library:
        first = add_file(library, note, ref=REF)
        assert (first.result.outcome, first.retitled, first.title_kept) == (
            AddOutcome.ADDED,
            False,
            False,
        )
        same = add_file(library, note, ref=REF, title="Sparse solvers")
        assert same == FileAdded(same.result) and same.result.title == "Sparse solvers"
        kept = add_file(library, note, ref=REF, title="Another")
        assert kept.title_kept and not kept.retitled
        assert kept.result.title == "Sparse solvers"  # the title it is stored under
        assert library.require_paper(REF).title == "Sparse solvers"
        changed = add_file(library, note, ref=REF, title="Another", replace=True)
        assert changed.retitled and not changed.title_kept
        assert changed.result.outcome is AddOutcome.UNCHANGED
        assert library.require_paper(REF).title == changed.result.title == "Another"

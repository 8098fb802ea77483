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


def test_a_copy_that_stored_versions_outrank_is_added_with_a_warning_naming_them(
    tmp_path: Path,
) -> None:
    # An unversioned copy beside versions is never what its plain reference reads: the add
    # said "added" and a review then read another copy, saying nothing.
    note = tmp_path / "notes.md"
    with Library.open(tmp_path / "library.sqlite3") as library:
        for version in ("v1", "v3"):
            note.write_text(f"# Guide\n\nVersion {version} of the guide.\n", encoding="utf-8")
            stored = add_file(library, note, ref=parse_ref(f"1603.07285{version}"))
            assert stored.result.warnings == ()
        note.write_text("# Notes\n\nMy own notes on the guide.\n", encoding="utf-8")
        plain = parse_ref("arXiv:1603.07285")
        added = add_file(library, note, ref=plain)
        again = add_file(library, note, ref=plain)
        # Other content (the same would be warned of as a duplicate, a warning of its own).
        note.write_text("# Notes\n\nMy notes on another work.\n", encoding="utf-8")
        other = add_file(library, note, ref=parse_ref("arXiv:1603.07286"))
    warning = (
        "a citation of arXiv:1603.07285 reads arXiv:1603.07285v3, not this copy: the stored "
        "versions (arXiv:1603.07285v1, arXiv:1603.07285v3) rank above a copy stored without "
        "one; remove them, or store this file under its version, for a review to read it"
    )
    assert added.result.outcome is AddOutcome.ADDED and added.result.warnings == (warning,)
    assert again.result.outcome is AddOutcome.UNCHANGED and again.result.warnings == (warning,)
    assert other.result.warnings == ()  # another work: nothing outranks it


def test_a_file_sent_again_without_a_title_keeps_its_stored_title_quietly(tmp_path: Path) -> None:
    note = tmp_path / "notes.md"
    note.write_text("# Sparse solvers\n\nSciPy solves sparse systems.\n", encoding="utf-8")
    with Library.open(tmp_path / "library.sqlite3") as library:
        add_file(library, note, ref=REF, title="My title")
        again = add_file(library, note, ref=REF)
        assert again == FileAdded(again.result) and again.result.title == "My title"


def test_an_unversioned_copy_sent_again_reports_its_own_title(tmp_path: Path) -> None:
    # Versions of the work rank above the unversioned copy: the copy compared is the one named.
    v2, copy = tmp_path / "v2.md", tmp_path / "copy.md"
    v2.write_text("# Version two\n\nSciPy solves sparse systems.\n", encoding="utf-8")
    copy.write_text("# The copy\n\nSciPy stores sparse matrices.\n", encoding="utf-8")
    work = parse_ref("arXiv:1907.10121")
    with Library.open(tmp_path / "library.sqlite3") as library:
        add_file(library, v2, ref=parse_ref("arXiv:1907.10121v2"))
        add_file(library, copy, ref=work)
        kept = add_file(library, copy, ref=work, title="Another")
        assert kept.title_kept and kept.result.title == "The copy"
        assert kept.result.warnings[-1].startswith("a citation of arXiv:1907.10121 reads ")


def test_a_blank_title_neither_retitles_nor_warns(tmp_path: Path) -> None:
    # An empty form field ("", or spaces) sent with identical content: the heading replaced
    # the title given before under replace, and a "not retitled" warning came without it.
    note = tmp_path / "notes.md"
    note.write_text("# Heading\n\nSciPy solves sparse systems.\n", encoding="utf-8")
    with Library.open(tmp_path / "library.sqlite3") as library:
        add_file(library, note, ref=REF, title="Mine")
        for blank in ("", "   ", "\u200b"):
            for replace in (False, True):
                again = add_file(library, note, ref=REF, title=blank, replace=replace)
                assert again == FileAdded(again.result) and again.result.title == "Mine"
        assert library.require_paper(REF).title == "Mine"


def test_the_same_file_under_another_reference_is_added_with_a_warning_naming_it(
    tmp_path: Path,
) -> None:
    note = tmp_path / "notes.md"
    note.write_text("# Sparse solvers\n\nSciPy solves sparse systems.\n", encoding="utf-8")
    copy = tmp_path / "copy-of-notes.md"
    copy.write_bytes(note.read_bytes())
    with Library.open(tmp_path / "library.sqlite3") as library:
        assert add_file(library, note, ref=REF).result.warnings == ()
        # Stored all the same (a second name may be wanted), and said: a search would list
        # each passage twice.
        again = add_file(library, copy, ref=parse_ref("local:copy"))
        assert again.result.outcome is AddOutcome.ADDED
        assert again.result.warnings == (
            "the same content is stored as local:notes too: a search lists its passages once "
            "for each; remove the copy not cited if it is a duplicate",
        )
        for name in ("c1", "c2", "c3"):
            add_file(library, note, ref=parse_ref(f"local:{name}"))
        named = add_file(library, note, ref=parse_ref("local:c4")).result.warnings
        assert named == (
            "the same content is stored as local:c1, local:c2, local:c3 and 2 more too: a search "
            "lists its passages once for each; remove the copy not cited if it is a duplicate",
        )
        # Other content says nothing.
        other = tmp_path / "other.md"
        other.write_text("# Dense solvers\n\nLAPACK solves dense systems.\n", encoding="utf-8")
        assert add_file(library, other, ref=parse_ref("local:other")).result.warnings == ()

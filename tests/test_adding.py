"""``claimaudit.add_paper``: building a library from Python, as ``library add`` does."""

from __future__ import annotations

from pathlib import Path

import pytest

import claimaudit
from claimaudit import AddedPaper, AddOutcome, CheckedRecord, add_paper, check_claim, parse_ref
from claimaudit.library.store import Library
from tests.fakes import ScriptedJudge, pick

NOTES = "# Sparse matrices in SciPy\n\nSciPy provides sparse matrices in several formats.\n"
REF = parse_ref("local:scipy-notes")


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    path = tmp_path / "notes.md"
    path.write_text(NOTES, encoding="utf-8")
    return path


def test_a_markdown_file_is_added_and_then_checked(tmp_path: Path, notes: Path) -> None:
    library = tmp_path / "library.sqlite3"
    added = claimaudit.add_paper(str(notes), ref="local:scipy-notes", library=str(library))
    assert added == AddedPaper(REF, "Sparse matrices in SciPy", AddOutcome.ADDED, 1, ())
    judge = ScriptedJudge(pick("supports", "P001"))
    [record] = check_claim(
        "SciPy has sparse matrices.", [REF], library=library, judge=judge, cache=False
    )
    assert isinstance(record, CheckedRecord) and record.verdict == "supports"
    assert "sparse matrices in several formats" in judge.seen[0].case.passages[0].text


def test_an_unchanged_file_is_reported_and_a_new_title_needs_replace(
    tmp_path: Path, notes: Path
) -> None:
    library = tmp_path / "library.sqlite3"
    add_paper(notes, ref=REF, library=library)
    again = add_paper(notes, ref=REF, library=library)
    assert (again.outcome, again.title, again.warnings) == (
        AddOutcome.UNCHANGED,
        "Sparse matrices in SciPy",
        (),
    )
    kept = add_paper(notes, ref=REF, title="Other  title\n", library=library)
    assert kept.title == "Sparse matrices in SciPy"
    assert kept.warnings == (
        "local:scipy-notes is already stored with identical content, titled "
        "'Sparse matrices in SciPy'; pass replace=True to change its title",
    )
    retitled = add_paper(notes, ref=REF, title="Other  title\n", replace=True, library=library)
    assert (retitled.outcome, retitled.title, retitled.warnings) == (
        AddOutcome.UNCHANGED,
        "Other title",
        (),
    )
    with Library.open(library, create=False) as lib:
        assert lib.require_paper(REF).title == "Other title"


def test_changed_content_is_refused_unless_replace(tmp_path: Path, notes: Path) -> None:
    library = tmp_path / "library.sqlite3"
    add_paper(notes, ref=REF, library=library)
    notes.write_text(NOTES + "\nA second paragraph on CSR and CSC formats.\n", encoding="utf-8")
    with pytest.raises(claimaudit.ContentConflictError):
        add_paper(notes, ref=REF, library=library)
    replaced = add_paper(notes, ref=REF, replace=True, library=library)
    assert (replaced.outcome, replaced.passages) == (AddOutcome.REPLACED, 2)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"path": "missing.md"}, claimaudit.InputError, "missing.md: no such file or folder"),
        ({"path": " "}, claimaudit.InputError, "the path is empty"),
        ({"path": 5}, claimaudit.UsageError, "path must be a path or a string, not int"),
        ({"ref": "arXiv:"}, claimaudit.InvalidReferenceError, ""),
        ({"ref": 7}, claimaudit.InvalidReferenceError, ""),
        ({"title": 5}, claimaudit.InvalidTitleError, "title must be a string, not int"),
        ({"title": "x" * 1001}, claimaudit.InvalidTitleError, "the limit is 1,000"),
        ({"replace": "yes"}, claimaudit.UsageError, "replace must be True or False, not str"),
        ({"library": 3}, claimaudit.UsageError, "library must be a path or a string, not int"),
    ],
)
def test_an_unusable_request_is_one_line_and_makes_no_library(
    tmp_path: Path,
    notes: Path,
    monkeypatch: pytest.MonkeyPatch,
    kwargs: dict[str, object],
    error: type[Exception],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    library = tmp_path / "new" / "library.sqlite3"
    arguments: dict[str, object] = {"path": notes, "ref": REF, "library": library, **kwargs}
    with pytest.raises(error) as caught:
        add_paper(**arguments)  # type: ignore[arg-type]
    assert message in str(caught.value) and "\n" not in str(caught.value)
    assert not library.exists()


def test_a_file_naming_no_paper_needs_a_ref(tmp_path: Path, notes: Path) -> None:
    library = tmp_path / "library.sqlite3"
    with pytest.raises(claimaudit.RefRequiredError, match="cannot tell which paper"):
        add_paper(notes, library=library)
    assert not library.exists()  # a first add that fails leaves no empty library


def test_a_library_whose_folder_is_missing_is_made_with_it(tmp_path: Path, notes: Path) -> None:
    library = tmp_path / "not" / "yet" / "library.sqlite3"
    assert add_paper(notes, ref=REF, library=library).outcome is AddOutcome.ADDED
    with Library.open(library, create=False) as lib:
        assert lib.require_paper(REF).title == "Sparse matrices in SciPy"


def test_a_library_folder_that_cannot_be_made_is_a_library_error(
    tmp_path: Path, notes: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    with pytest.raises(claimaudit.LibraryFolderError, match="cannot create the library folder"):
        add_paper(notes, ref=REF, library=blocker / "library.sqlite3")


def test_the_default_library_is_the_environments(
    tmp_path: Path, notes: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = tmp_path / "from-env.sqlite3"
    monkeypatch.setenv("CLAIMAUDIT_LIBRARY", str(library))
    add_paper(notes, ref=REF)
    with Library.open(library, create=False) as lib:
        assert lib.count_papers() == 1


def test_a_path_under_the_home_folder_is_found(
    tmp_path: Path, notes: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    added = add_paper("~/notes.md", ref=REF, library=tmp_path / "library.sqlite3")
    assert added.ref == REF


def test_a_missing_file_is_named_and_no_library_is_made(tmp_path: Path) -> None:
    library = tmp_path / "library.sqlite3"
    with pytest.raises(claimaudit.InputError, match=r"missing\.md: no such file or folder$"):
        add_paper(tmp_path / "missing.md", ref=REF, library=library)
    assert not library.exists()


def test_a_reference_that_is_no_valid_text_is_refused_as_such(tmp_path: Path, notes: Path) -> None:
    with pytest.raises(claimaudit.UsageError, match="the reference is not valid text"):
        add_paper(notes, ref="1907.10121\ud800", library=tmp_path / "library.sqlite3")


def test_a_blank_title_is_no_title_for_a_paper_sent_again(tmp_path: Path, notes: Path) -> None:
    library = tmp_path / "library.sqlite3"
    add_paper(notes, ref=REF, title="Mine", library=library)
    again = add_paper(notes, ref=REF, title="  ", library=library)
    assert (again.title, again.warnings) == ("Mine", ())


def test_a_file_that_cannot_be_read_is_one_line(
    tmp_path: Path, notes: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unreadable(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(claimaudit.adding, "add_file", unreadable)
    with pytest.raises(claimaudit.InputError, match=r"notes\.md: Permission denied$"):
        add_paper(notes, ref=REF, library=tmp_path / "library.sqlite3")

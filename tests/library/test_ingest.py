"""Adding a paper from disk: a cancelled add stores nothing."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from claimaudit.errors import CancelledWorkError, RefRequiredError
from claimaudit.identity import parse_ref
from claimaudit.library import ingest
from claimaudit.library.ingest import add_path
from claimaudit.library.models import AddOutcome
from claimaudit.library.store import Library
from tests.library.helpers import make_pdf

REF = parse_ref("local:notes")


@pytest.fixture
def paper(tmp_path: Path) -> Path:
    path = tmp_path / "notes.md"
    path.write_text("# Notes\n\nRandom forests are a strong baseline for tabular data.\n")
    return path


def test_an_add_cancelled_while_the_file_is_read_stores_nothing(
    tmp_path: Path, paper: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The caller goes away while a big file is read: the paper is not stored after all.
    cancel = threading.Event()
    cut = ingest.make_passages

    def cancelled_meanwhile(*args: object, **kwargs: object) -> object:
        cancel.set()
        return cut(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ingest, "make_passages", cancelled_meanwhile)
    with Library.open(tmp_path / "library.sqlite3") as library:
        with pytest.raises(CancelledWorkError, match="the library is unchanged"):
            add_path(library, paper, ref=REF, cancel=cancel)
        assert library.get_paper(REF) is None and library.list_papers() == []


def test_an_add_not_cancelled_is_stored(tmp_path: Path, paper: Path) -> None:
    with Library.open(tmp_path / "library.sqlite3") as library:
        result = add_path(library, paper, ref=REF, cancel=threading.Event())
        assert result.ref == REF and library.get_paper(REF) is not None


@pytest.mark.parametrize(
    ("heading", "stored"),
    [
        ("\u200b", "notes"),  # a zero-width heading is no title: the file's name is used
        ("\ufeff Sparse\tsolvers \u200b", "Sparse solvers"),
        ("Sparse\n  solvers", "Sparse solvers"),
    ],
)
def test_a_heading_is_tidied_into_a_title(
    library: Library, tmp_path: Path, heading: str, stored: str
) -> None:
    note = tmp_path / "notes.md"
    note.write_text(f'---\ntitle: "{heading}"\n---\n\nSparse solvers save memory.\n', "utf-8")
    assert add_path(library, note, ref=parse_ref("local:n")).title == stored
    assert library.require_paper(parse_ref("local:n")).title == stored


def test_a_heading_over_the_title_limit_is_cut_at_a_word(library: Library, tmp_path: Path) -> None:
    note = tmp_path / "notes.md"
    heading = "word " * 215  # 1,075 characters, as a pasted paragraph under a heading mark
    note.write_text(f"# {heading}\n\nSparse solvers save memory.\n", encoding="utf-8")
    title = add_path(library, note, ref=parse_ref("local:n")).title
    assert len(title) <= ingest.MAX_TITLE_CHARS and title.endswith("word\u2026")


@pytest.mark.parametrize("given", ["   ", "\u200b", "\n\t"])
def test_a_blank_title_given_is_no_title(library: Library, tmp_path: Path, given: str) -> None:
    note = tmp_path / "notes.md"
    note.write_text("# Sparse solvers\n\nThey save memory.\n", encoding="utf-8")
    assert add_path(library, note, ref=parse_ref("local:n"), title=given).title == "Sparse solvers"


def test_a_title_given_is_stored_on_one_line(library: Library, tmp_path: Path) -> None:
    note = tmp_path / "notes.md"
    note.write_text("# Heading\n\nText.\n", encoding="utf-8")
    added = add_path(library, note, ref=parse_ref("local:n"), title=" My\nnotes\t(draft) ")
    assert added.title == "My notes (draft)"


def test_a_paper_read_again_by_a_newer_reader_keeps_the_title_it_was_given(
    library: Library, tmp_path: Path
) -> None:
    # After an upgrade, `library list` says adding the same file again re-reads it; doing so
    # without --title gave it the file's own title, and the one the user gave was lost.
    note = tmp_path / "notes.md"
    note.write_text("# Heading\n\nSparse solvers save memory.\n", encoding="utf-8")
    add_path(library, note, ref=parse_ref("local:n"), title="My notes")
    library.connection.execute("UPDATE papers SET extractor = 'markdown/1'")  # an older reader
    again = add_path(library, note, ref=parse_ref("local:n"))
    assert again.outcome is AddOutcome.REPLACED and again.title == "My notes"
    stored = library.require_paper(parse_ref("local:n"))
    assert stored.title == "My notes" and stored.extractor != "markdown/1"
    # Other content is another text: with --replace, it takes the title the new file gives.
    note.write_text("# Heading\n\nDense solvers use memory.\n", encoding="utf-8")
    other = add_path(library, note, ref=parse_ref("local:n"), replace=True)
    assert other.outcome is AddOutcome.REPLACED and other.title == "Heading"


def test_metadata_naming_two_papers_is_said_to_be_the_metadata(tmp_path: Path) -> None:
    # The file name names nothing: "name and metadata disagree" blamed it all the same.
    pdf = make_pdf(tmp_path / "paper.pdf", subject="arXiv:2101.00005", keywords="10.1234/other.2")
    library = Library.open(tmp_path / "library.sqlite3")
    with library, pytest.raises(RefRequiredError) as raised:
        add_path(library, pdf)
    assert str(raised.value) == (
        f"{pdf}: its metadata names different papers (arXiv:2101.00005, doi:10.1234/other.2)"
    )
    assert raised.value.found == ("arXiv:2101.00005", "doi:10.1234/other.2")


def test_a_file_name_against_its_metadata_names_each(tmp_path: Path) -> None:
    pdf = make_pdf(tmp_path / "1706.03762v5.pdf", subject="arXiv:2105.14372")
    library = Library.open(tmp_path / "library.sqlite3")
    with library, pytest.raises(RefRequiredError) as raised:
        add_path(library, pdf)
    assert str(raised.value) == (
        f"{pdf}: the file name names arXiv:1706.03762v5, its metadata arXiv:2105.14372"
    )

"""Adding, replacing and removing papers: which reading replaces which, and what a conflict
says (``claimaudit.library.paper_writes``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from claimaudit.errors import (
    AmbiguousPaperError,
    ContentConflictError,
    LibraryError,
    PaperNotFoundError,
)
from claimaudit.identity import parse_ref
from claimaudit.library.health import check_health
from claimaudit.library.models import AddOutcome
from claimaudit.library.store import Library
from tests.library.damaging import make_library, orphan_newest_passages
from tests.library.stored_papers import library_state, new_paper


def test_identical_content_is_a_noop(library: Library) -> None:
    library.add_paper(new_paper("doi:10.1000/xyz", "text"))
    before = library_state(library)
    assert library.add_paper(new_paper("doi:10.1000/xyz", "text")) is AddOutcome.UNCHANGED
    assert library_state(library) == before


def test_different_content_needs_replace(library: Library) -> None:
    library.add_paper(new_paper("doi:10.1000/xyz", "old text"))
    before = library_state(library)
    with pytest.raises(ContentConflictError) as conflict:
        library.add_paper(new_paper("doi:10.1000/xyz", "new text", digest="h2"))
    # The facts only: how to overwrite is each surface's advice (claimaudit.advice).
    assert conflict.value.ref == "doi:10.1000/xyz"
    assert str(conflict.value) == "doi:10.1000/xyz is already in the library with different content"
    assert library_state(library) == before
    outcome = library.add_paper(
        new_paper("doi:10.1000/xyz", "new", "text", digest="h2"), replace=True
    )
    assert outcome is AddOutcome.REPLACED
    assert [p.text for p in library.passages(parse_ref("doi:10.1000/xyz"))] == ["new", "text"]
    # The index follows: the old words are gone, the new ones found.
    assert library.search("old") == []
    assert [h.text for h in library.search("new")] == ["new"]


@pytest.mark.parametrize(
    ("stored", "why"),
    [
        (
            "latex/14",
            ", or was read from the same files by an older reader (latex/14; this version's "
            "latex/40 may read more of them, such as a bibliography, and so hash them otherwise)",
        ),
        (None, ", or was read from the same files by an older reader (unrecorded; this"),
        ("latex/41", ""),  # stored by a newer claimaudit: its reading is not the older one
        ("pdf/3", ""),  # another format: another file
    ],
)
def test_a_conflict_with_an_older_reading_says_the_files_may_be_unchanged(
    library: Library, stored: str | None, why: str
) -> None:
    # A paper's hash covers the files its reader read, and latex/15 began reading a paper's
    # .bib: after an upgrade, adding the same LaTeX folder again gave "already in the library
    # with different content", though nothing changed and `library list` said adding it again
    # re-reads it.
    library.add_paper(replace(new_paper("arXiv:1603.07285", "text"), extractor=stored))
    again = replace(new_paper("arXiv:1603.07285", "text", digest="h2"), extractor="latex/40")
    with pytest.raises(ContentConflictError) as conflict:
        library.add_paper(again)
    message = str(conflict.value)
    assert message.startswith("arXiv:1603.07285 is already in the library with different content")
    assert message.removeprefix(
        "arXiv:1603.07285 is already in the library with different content"
    ).startswith(why)
    assert bool(why) == ("older reader" in message)


def test_add_papers_is_all_or_nothing(library: Library) -> None:
    library.add_paper(new_paper("scifact:1", "one"))
    with pytest.raises(ContentConflictError):
        library.add_papers(
            [new_paper("scifact:2", "two"), new_paper("scifact:1", "changed", digest="x")]
        )
    assert [str(p.ref) for p in library.list_papers()] == ["scifact:1"]


def test_remove(library: Library) -> None:
    library.add_paper(new_paper("1706.03762v2", "a"))
    library.add_paper(new_paper("1706.03762v3", "b", digest="h3"))
    library.add_paper(new_paper("doi:10.1000/xyz", "c"))
    with pytest.raises(LibraryError, match="several stored copies"):
        library.remove(parse_ref("1706.03762"))
    removed = library.remove(parse_ref("1706.03762v2"))
    assert str(removed.ref) == "arXiv:1706.03762v2"
    # One version left, so the unversioned ref names it unambiguously.
    assert library.remove(parse_ref("1706.03762")).ref.version == 3
    with pytest.raises(PaperNotFoundError):
        library.remove(parse_ref("1706.03762v3"))
    assert [str(p.ref) for p in library.list_papers()] == ["doi:10.1000/xyz"]
    assert library.search("a b") == []


def test_an_unversioned_copy_beside_a_version_is_removed_only_when_asked(
    library: Library,
) -> None:
    # `show` and `check` read v1 for the unversioned ref: removing the copy instead would
    # remove another paper than the one the user saw.
    library.add_paper(new_paper("2101.00001", "unversioned"))
    library.add_paper(new_paper("2101.00001v1", "version one", digest="h1"))
    assert library.require_paper(parse_ref("2101.00001")).ref.version == 1
    with pytest.raises(AmbiguousPaperError) as ambiguous:
        library.remove(parse_ref("2101.00001"))
    assert ambiguous.value.unversioned
    assert str(ambiguous.value) == (
        "arXiv:2101.00001 matches several stored copies (arXiv:2101.00001, arXiv:2101.00001v1): "
        "name one"
    )
    removed = library.remove(parse_ref("2101.00001"), exact=True)
    assert removed.ref.version is None
    assert [str(p.ref) for p in library.list_papers()] == ["arXiv:2101.00001v1"]
    with pytest.raises(PaperNotFoundError):
        library.remove(parse_ref("2101.00001"), exact=True)


def test_a_paper_added_after_one_deleted_outside_claimaudit_holds_only_its_own(
    tmp_path: Path,
) -> None:
    """The newest paper deleted without foreign keys: its passages keep its id, which SQLite
    would give the next paper; that paper's passages collided with them (UNIQUE failed)."""
    path = make_library(tmp_path / "lib.sqlite3")
    orphan_newest_passages(path)
    with Library.open(path) as lib:
        assert lib.add_paper(new_paper("arXiv:2001.00003", "Tea is drunk hot.")) is AddOutcome.ADDED
        assert [p.text for p in lib.passages(parse_ref("arXiv:2001.00003"))] == [
            "Tea is drunk hot."
        ]
        paper = lib.get_paper(parse_ref("arXiv:2001.00003"))
        assert paper is not None and paper.passage_count == 1
    assert check_health(path).orphans == 2  # still there, for `library repair` to remove


@pytest.mark.parametrize(
    ("stored", "outcome"),
    [
        ("latex/14", AddOutcome.REPLACED),  # the same files, read by a newer reader: re-read
        (None, AddOutcome.REPLACED),  # a reading from before readers were recorded
        ("markdown-0", AddOutcome.REPLACED),  # a reader this version cannot read: older
        ("text/3", AddOutcome.UNCHANGED),  # the same bytes named .txt, now .md: another reader
        ("latex/41", AddOutcome.UNCHANGED),  # stored by a newer claimaudit: never read older
    ],
)
def test_the_same_content_is_read_again_only_by_a_newer_version_of_its_reader(
    library: Library, stored: str | None, outcome: AddOutcome
) -> None:
    # QA: `library add n.txt --title First`, then the same bytes as n.md --title Second, without
    # --replace: "replaced local:z: Second"; adding n.txt again flipped it back, each time new
    # passages and a new title, as though asked to replace.
    library.add_paper(replace(new_paper("local:z", "kept", title="First"), extractor=stored))
    again = replace(new_paper("local:z", "read again", title="Second"), extractor="latex/40")
    assert library.add_paper(again) is outcome
    kept = outcome is AddOutcome.UNCHANGED
    [paper] = library.list_papers()
    assert paper.title == ("First" if kept else "Second")
    assert [p.text for p in library.passages(paper.ref)] == (["kept"] if kept else ["read again"])
    # Asked to replace, another reader's reading replaces the stored one.
    assert library.add_paper(again, replace=True) is (
        AddOutcome.REPLACED if kept else AddOutcome.UNCHANGED
    )
    assert library.list_papers()[0].title == "Second"

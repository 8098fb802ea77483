"""A library for adding papers is made only once a paper is stored in it, and put in place
at once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from claimaudit.errors import LibraryOpenError
from claimaudit.identity import parse_ref
from claimaudit.library.first_add import library_for_adding
from claimaudit.library.ingest import add_path
from claimaudit.library.models import AddOutcome, NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from tests.permissions import ordinary_permissions
from tests.signals import child_env
from tests.syncs import noting_syncs


@pytest.fixture
def paper(tmp_path: Path) -> Path:
    path = tmp_path / "paper.md"
    path.write_text("# A paper\n\nDeep learning needs labelled data.\n", encoding="utf-8")
    return path


def test_nothing_stored_leaves_no_file(tmp_path: Path) -> None:
    path = tmp_path / "kept" / "library.db"
    path.parent.mkdir()
    with pytest.raises(RuntimeError), library_for_adding(path):
        raise RuntimeError("the paper was refused")
    assert list(path.parent.iterdir()) == []  # no library, no -wal, -shm or draft


def test_nothing_stored_leaves_no_folder_it_made(tmp_path: Path) -> None:
    # The library file was not made, but "new/deeper/" stayed behind.
    path = tmp_path / "new" / "deeper" / "library.db"
    with pytest.raises(RuntimeError), library_for_adding(path):
        raise RuntimeError("the paper was refused")
    assert list(tmp_path.iterdir()) == []
    # A folder something else put a file in meanwhile is kept, with the file.
    with pytest.raises(RuntimeError), library_for_adding(path):
        (tmp_path / "new" / "notes.txt").write_text("mine\n", encoding="utf-8")
        raise RuntimeError("the paper was refused")
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == ["notes.txt"]


def test_a_stored_paper_makes_the_library_named_as_asked(tmp_path: Path, paper: Path) -> None:
    path = tmp_path / "library.db"
    with library_for_adding(path) as library:
        assert library.path == path
        add_path(library, paper, ref=parse_ref("local:paper"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["library.db", "paper.md"]
    with Library.open(path, create=False) as library:
        assert [str(p.ref) for p in library.list_papers()] == ["local:paper"]


def test_papers_stored_before_a_stop_are_kept(tmp_path: Path, paper: Path) -> None:
    path = tmp_path / "library.db"
    with pytest.raises(KeyboardInterrupt), library_for_adding(path) as library:
        add_path(library, paper, ref=parse_ref("local:paper"))
        raise KeyboardInterrupt
    with Library.open(path, create=False) as library:
        assert library.count_papers() == 1


def test_a_library_made_meanwhile_gets_this_runs_papers_too(tmp_path: Path, paper: Path) -> None:
    path = tmp_path / "library.db"
    with library_for_adding(path) as library:
        with Library.open(path) as other:  # another run's first add, finished first
            add_path(other, paper, ref=parse_ref("local:other"))
        add_path(library, paper, ref=parse_ref("local:paper"))
        # Several papers in one write (an import), handed over as a generator: all of them.
        new = [_stored(tmp_path, f"local:n{i}") for i in range(2)]
        assert library.add_papers(p for p in new)[AddOutcome.ADDED] == 2
    with Library.open(path, create=False) as library:  # the other run's paper never replaced
        refs = sorted(str(p.ref) for p in library.list_papers())
    assert refs == ["local:n0", "local:n1", "local:other", "local:paper"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["library.db", "paper.md"]


def test_an_import_into_a_library_made_meanwhile_lands_there(tmp_path: Path) -> None:
    path = tmp_path / "library.db"
    with library_for_adding(path) as library:
        with Library.open(path) as other:
            other.add_paper(_stored(tmp_path, "local:other"))
        papers = (_stored(tmp_path, f"local:n{i}") for i in range(3))
        assert library.store_papers(papers) == [AddOutcome.ADDED] * 3
    with Library.open(path, create=False) as library:
        assert library.count_papers() == 4


class _Read:
    """Papers read afresh at each iteration (a corpus file), noting for each whether the
    library was in its write transaction as it was drawn."""

    def __init__(self, folder: Path, library: Library) -> None:
        self.folder = folder
        self.library = library
        self.inside: list[bool] = []

    def __iter__(self) -> Iterator[NewPaper]:
        for i in range(3):
            self.inside.append(self.library._conn.in_transaction)
            yield _stored(self.folder, f"local:n{i}")


def test_a_first_import_draws_its_papers_inside_the_transaction(tmp_path: Path) -> None:
    # A first import held every paper of the file (list()) before writing any, to write them
    # again should another run make the library meanwhile: 555 MB for a 100 MB corpus.
    with library_for_adding(tmp_path / "library.db") as library:
        papers = _Read(tmp_path, library)
        assert library.store_papers(papers) == [AddOutcome.ADDED] * 3
    assert papers.inside == [True] * 3


def test_a_first_import_read_afresh_lands_in_a_library_made_meanwhile(tmp_path: Path) -> None:
    path = tmp_path / "library.db"
    with library_for_adding(path) as library:
        with Library.open(path) as other:
            other.add_paper(_stored(tmp_path, "local:other"))
        papers = _Read(tmp_path, library)
        assert library.store_papers(papers) == [AddOutcome.ADDED] * 3
    assert len(papers.inside) == 6  # read twice: into the draft, then into the library
    with Library.open(path, create=False) as opened:
        assert opened.count_papers() == 4


def test_a_stored_paper_is_in_place_at_once(tmp_path: Path, paper: Path) -> None:
    path = tmp_path / "library.db"
    with library_for_adding(path) as library:
        add_path(library, paper, ref=parse_ref("local:paper"))
        # Before the command goes on (and says "added"): a kill now must not lose it.
        assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]  # no draft
        with Library.open(path, create=False) as seen:
            assert seen.count_papers() == 1
        add_path(library, paper, ref=parse_ref("local:again"))  # later papers go there too
    with Library.open(path, create=False) as library:
        assert library.count_papers() == 2


_ADD_THEN_WAIT = """
import sys, time
from pathlib import Path
from claimaudit.errors import LibraryOpenError
from claimaudit.identity import parse_ref
from claimaudit.library.first_add import library_for_adding
from claimaudit.library.ingest import add_path
with library_for_adding(Path(sys.argv[1])) as library:
    add_path(library, Path(sys.argv[2]), ref=parse_ref("local:paper"))
    print("added", flush=True)
    time.sleep(120)
"""


def _kill_9_after(line: str, script: str, *args: Path) -> None:
    """Run ``script`` in a child and SIGKILL it once it prints ``line``: no handler and no
    ``finally`` runs, as for an OOM kill."""
    child = subprocess.Popen(
        [sys.executable, "-c", script, *map(str, args)],
        env=child_env(),
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == f"{line}\n"
    finally:
        child.kill()
        child.communicate()


def test_a_paper_reported_added_survives_kill_9(tmp_path: Path, paper: Path) -> None:
    folder = tmp_path / "lib"
    _kill_9_after("added", _ADD_THEN_WAIT, folder / "library.db", paper)
    with Library.open(folder / "library.db", create=False) as library:
        assert [str(p.ref) for p in library.list_papers()] == ["local:paper"]
    assert [p.name for p in folder.iterdir()] == ["library.db"]  # no draft beside it


_WAIT_BEFORE_ADDING = """
import sys, time
from pathlib import Path
from claimaudit.library.first_add import library_for_adding
with library_for_adding(Path(sys.argv[1])):
    print("reading", flush=True)
    time.sleep(120)
"""


def test_the_draft_of_a_run_killed_before_it_stored_a_paper_goes_with_the_next_add(
    tmp_path: Path, paper: Path
) -> None:
    path = tmp_path / "lib" / "library.db"
    _kill_9_after("reading", _WAIT_BEFORE_ADDING, path)
    assert [p.name.startswith(".library.db.") for p in path.parent.iterdir()] == [True]
    with library_for_adding(path) as library:
        add_path(library, paper, ref=parse_ref("local:paper"))
    assert [p.name for p in path.parent.iterdir()] == ["library.db"]


def test_ctrl_c_while_the_library_is_put_in_place_keeps_it(
    tmp_path: Path, paper: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = os.link

    def interrupted_link(source: Path, target: Path) -> None:
        os.kill(os.getpid(), signal.SIGINT)  # a second Ctrl-C, in the middle of the step
        link(source, target)

    monkeypatch.setattr(os, "link", interrupted_link)
    path = tmp_path / "library.db"
    with pytest.raises(KeyboardInterrupt), library_for_adding(path) as library:
        add_path(library, paper, ref=parse_ref("local:paper"))
    with Library.open(path, create=False) as library:
        assert library.count_papers() == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["library.db", "paper.md"]


def _stored(folder: Path, ref: str) -> NewPaper:
    return NewPaper(
        ref=parse_ref(ref),
        title=ref,
        passages=[Passage("P001", f"Text of {ref}.")],
        content_hash=ref,
        source_path=str(folder / "x.md"),
    )


def test_an_existing_library_is_used_as_it_is(tmp_path: Path, paper: Path) -> None:
    path = tmp_path / "library.db"
    Library.open(path).close()  # an empty library made on purpose stays
    with pytest.raises(RuntimeError), library_for_adding(path):
        raise RuntimeError("refused")
    assert path.is_file()


def test_a_library_path_that_is_a_dangling_link_is_refused_and_kept(
    tmp_path: Path, paper: Path
) -> None:
    # The link names where the library is meant to be; nothing is made beside it in its place.
    link = tmp_path / "library.db"
    link.symlink_to(tmp_path / "gone" / "library.db")
    with pytest.raises(LibraryOpenError), library_for_adding(link) as library:
        add_path(library, paper, ref=parse_ref("local:a"))
    assert link.is_symlink() and sorted(p.name for p in tmp_path.iterdir()) == [
        "library.db",
        "paper.md",
    ]


def test_a_paper_committed_just_before_a_stop_is_put_in_place(
    tmp_path: Path, paper: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ctrl-C right after the commit, before the draft is linked into place: the paper stays.
    path = tmp_path / "library.db"
    stored = Library.add_paper

    def stopped_after(self: Library, new: NewPaper, *, replace: bool = False) -> AddOutcome:
        stored(self, new, replace=replace)
        raise KeyboardInterrupt

    monkeypatch.setattr(Library, "add_paper", stopped_after)
    with pytest.raises(KeyboardInterrupt), library_for_adding(path) as library:
        add_path(library, paper, ref=parse_ref("local:a"))
    monkeypatch.undo()
    with Library.open(path) as library:
        assert library.require_paper(parse_ref("local:a")).title == "A paper"


def test_a_new_library_in_a_folder_that_may_not_be_written_is_named_not_its_draft(
    tmp_path: Path, paper: Path
) -> None:
    # The refusal named the hidden draft (".library.db.5bce98f7-28870.6b6c7d22.new:
    # Permission denied"), and was an OSError where add_paper promises a LibraryError.
    folder = tmp_path / "shared"
    folder.mkdir()
    path = folder / "library.db"
    folder.chmod(0o555)
    try:
        with (
            ordinary_permissions(),
            pytest.raises(LibraryOpenError) as raised,
            library_for_adding(path) as library,
        ):
            add_path(library, paper, ref=parse_ref("local:notes"))
    finally:
        folder.chmod(0o755)
    assert str(raised.value) == (
        f"cannot create library {path}: its folder {folder} may not be written (Permission denied)"
    )
    assert list(folder.iterdir()) == []


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc/self/fd")
def test_a_new_librarys_name_is_synced_once_it_is_put_in_place(
    tmp_path: Path, paper: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SQLite syncs the draft's pages as it commits; the library's name is a change of its
    # folder, which a crash soon after could undo, leaving the papers in a draft.
    path = tmp_path / "library.db"
    with noting_syncs(monkeypatch) as synced, library_for_adding(path) as library:
        add_path(library, paper, ref=parse_ref("local:paper"))
    assert any(s.folder and s.path == tmp_path and "library.db" in s.names for s in synced)

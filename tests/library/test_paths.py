"""Where the library lives: CLAIMAUDIT_LIBRARY, else the user data directory."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.adding import add_paper
from claimaudit.api import check_claim, make_checker, make_source
from claimaudit.errors import UsageError
from claimaudit.library.paths import default_library_path


def test_the_variable_names_the_library(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CLAIMAUDIT_LIBRARY", str(tmp_path / "lib.db"))
    assert default_library_path() == tmp_path / "lib.db"


def test_a_blank_variable_is_refused_not_a_file_named_with_spaces(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CLAIMAUDIT_LIBRARY", "   ")
    with pytest.raises(UsageError, match=r"^CLAIMAUDIT_LIBRARY is blank; name the library file$"):
        default_library_path()


@pytest.mark.parametrize("blank", ["", "   ", "\t"])
def test_a_blank_library_from_python_is_refused_and_makes_no_file(
    blank: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As `--library "   "` is refused: from Python, "   " made a library file named "   " in
    # the working directory (and "" was refused as "library path . is a directory").
    monkeypatch.chdir(tmp_path)
    paper = tmp_path / "notes.md"
    paper.write_text("# Notes\n\nSparse matrices save memory.\n", encoding="utf-8")
    message = r"^the library path is blank; name the library file, or pass None for the default$"
    with pytest.raises(UsageError, match=message):
        add_paper(paper, ref="local:notes", library=blank)
    with pytest.raises(UsageError, match=message):
        check_claim("Sparse matrices save memory.", ["local:notes"], library=blank)
    with pytest.raises(UsageError, match=message):
        make_source("library", library=blank)
    with pytest.raises(UsageError, match=message):
        make_checker(library=blank)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.md"]

"""Where a LaTeX draft's ``\\bibliography`` files are read from: its folder (a symlink there is
the author's own file, followed); a file named outside it is not read, and ``--bib`` gives its
entries instead."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from claimaudit.errors import BibliographyError
from claimaudit.review.bibliography import load_bibliography
from claimaudit.review.latex.claims import extract_latex_claims

BIB = "@article{sp, title={SciPy}, eprint={1907.10121}}\n"


def _draft(folder: Path, bibliography: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "main.tex"
    path.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        f"SciPy provides sparse matrices \\cite{{sp}}.\n\\bibliography{{{bibliography}}}\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    return path


def _papers(path: Path, bib: Path | None = None) -> list[str | None]:
    given = load_bibliography(bib) if bib is not None else None
    found = extract_latex_claims(path, given)
    return [t.paper for claim in found.claims for t in claim.targets]


def test_a_bibliography_outside_the_folder_is_given_by_bib(tmp_path: Path) -> None:
    common = tmp_path / "common" / "refs.bib"
    common.parent.mkdir()
    common.write_text(BIB, encoding="utf-8")
    path = _draft(tmp_path / "paper", "../common/refs")
    with pytest.raises(BibliographyError, match=r"outside the draft's folder.*pass its entries"):
        _papers(path)
    assert _papers(path, common) == ["arXiv:1907.10121"]


def test_a_bibliography_outside_the_folder_is_never_read(tmp_path: Path) -> None:
    (tmp_path / "common").mkdir()
    (tmp_path / "common" / "refs.bib").write_text(
        "@article{sp, title={Not this}, eprint={1603.07285}}\n", encoding="utf-8"
    )
    given = tmp_path / "given.bib"
    given.write_text("@article{other, title={Other}}\n", encoding="utf-8")
    path = _draft(tmp_path / "paper", "../common/refs")
    found = extract_latex_claims(path, load_bibliography(given))
    assert [t.paper for claim in found.claims for t in claim.targets] == [None]


def test_a_symlinked_bibliography_in_the_folder_is_read(tmp_path: Path) -> None:
    target = tmp_path / "shared.bib"
    target.write_text(BIB, encoding="utf-8")
    path = _draft(tmp_path / "paper", "refs")
    os.symlink(target, tmp_path / "paper" / "refs.bib")
    assert _papers(path) == ["arXiv:1907.10121"]


def test_a_key_in_two_bibliography_files_is_the_first_files(tmp_path: Path) -> None:
    path = _draft(tmp_path, "a,b")
    (tmp_path / "a.bib").write_text(BIB, encoding="utf-8")
    (tmp_path / "b.bib").write_text("@article{sp, doi={10.1/other}}\n", encoding="utf-8")
    found = extract_latex_claims(path)
    [claim] = found.claims
    assert [t.paper for t in claim.targets] == ["arXiv:1907.10121"]
    assert [u.source for u in found.bibliography.unread] == [str(tmp_path / "b.bib")]
